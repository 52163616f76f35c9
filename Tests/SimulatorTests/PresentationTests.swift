import SceneModel
import Simulator
import Testing

/// Presenting and dismissing: styles per iOS version and width, presenters and
/// contexts, chains, rejections and swipe-to-dismiss (uikit-semantics §1, §5, §6).
@Suite struct PresentationTests {
    static let scenes = """
        A:
          segues:
            auto: {kind: present, to: C, trigger: Auto button}
            full: {kind: present, to: C, trigger: Full button, modalPresentationStyle: fullScreen}
            form: {kind: present, to: C, trigger: Form button, modalPresentationStyle: formSheet}
            page: {kind: present, to: C, trigger: Page button, modalPresentationStyle: pageSheet}
            over: {kind: present, to: C, trigger: Over button, modalPresentationStyle: overFullScreen}
            custom: {kind: present, to: C, trigger: Custom button, modalPresentationStyle: custom}
            legacy: {kind: modal, to: C, trigger: Legacy button}
            manual: {kind: present, to: C}
        C: {}
        """

    struct StyleCase: CustomTestStringConvertible, Sendable {
        var segue: String
        var environment: String
        var style: PresentationStyle
        /// Whether the presenter disappears (the resolved style is fullScreen).
        var covers: Bool
        var testDescription: String { "\(segue) in \(environment) → \(style.rawValue)" }
    }

    static let styleCases: [StyleCase] = [
        StyleCase(segue: "auto", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "auto", environment: "{idiom: phone, ios: 13}", style: .pageSheet, covers: false),
        StyleCase(segue: "auto", environment: "{idiom: phone, ios: 17}", style: .pageSheet, covers: false),
        StyleCase(segue: "auto", environment: "{idiom: phone, ios: 18}", style: .formSheet, covers: false),
        StyleCase(segue: "auto", environment: "{idiom: pad, ios: 17}", style: .pageSheet, covers: false),
        StyleCase(segue: "auto", environment: "{idiom: pad, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "full", environment: "{idiom: pad, ios: 18}", style: .fullScreen, covers: true),
        StyleCase(segue: "full", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "form", environment: "{idiom: pad, ios: 18}", style: .formSheet, covers: false),
        StyleCase(segue: "page", environment: "{idiom: pad, ios: 17}", style: .pageSheet, covers: false),
        StyleCase(segue: "auto", environment: "{idiom: pad, ios: 18}", style: .formSheet, covers: false),
        StyleCase(segue: "form", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "form", environment: "{idiom: pad, ios: 12}", style: .formSheet, covers: false),
        StyleCase(segue: "form", environment: "{idiom: phone, ios: 17}", style: .formSheet, covers: false),
        StyleCase(segue: "page", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "page", environment: "{idiom: pad, ios: 12}", style: .pageSheet, covers: false),
        StyleCase(segue: "page", environment: "{idiom: phone, ios: 18}", style: .pageSheet, covers: false),
        StyleCase(segue: "page", environment: "{idiom: pad, width: compact, ios: 12}", style: .fullScreen, covers: true),
        StyleCase(segue: "over", environment: "{idiom: phone, ios: 17}", style: .overFullScreen, covers: false),
        StyleCase(segue: "over", environment: "{idiom: phone, ios: 12}", style: .overFullScreen, covers: false),
        StyleCase(segue: "custom", environment: "{idiom: phone, ios: 17}", style: .custom, covers: false),
        StyleCase(segue: "legacy", environment: "{idiom: phone, ios: 17}", style: .pageSheet, covers: false),
        StyleCase(segue: "legacy", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
    ]

    @Test(arguments: styleCases)
    func presentationStyle(_ c: StyleCase) throws {
        let t = try simulate(initial: "A", scenes: Self.scenes, steps: "- tap: A.\(c.segue)", environment: c.environment)
        let start = "A.shouldPerform(A.\(c.segue))=true C.init C.awake A.prepare(A.\(c.segue)→C) C.vDL"
        let appearance = c.covers ? "A.vWD C.vWA C.vDA A.vDD" : "C.vWA C.vDA"
        #expect(events(t, 1) == list(start + " " + appearance))
        #expect(summary(t, 1) == "chain A,C | visible C | C on A from A \(c.style.rawValue)/coverVertical")
    }

    struct PopoverCase: CustomTestStringConvertible, Sendable {
        var adaptive: String?
        var environment: String
        var style: PresentationStyle
        var covers: Bool
        var testDescription: String { "popover (adaptive \(adaptive ?? "unset")) in \(environment) → \(style.rawValue)" }
    }

    static let popoverCases: [PopoverCase] = [
        PopoverCase(adaptive: nil, environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        PopoverCase(adaptive: nil, environment: "{idiom: phone, ios: 17}", style: .formSheet, covers: false),
        PopoverCase(adaptive: nil, environment: "{idiom: phone, ios: 26}", style: .formSheet, covers: false),
        PopoverCase(adaptive: nil, environment: "{idiom: pad, ios: 17}", style: .popover, covers: false),
        PopoverCase(adaptive: nil, environment: "{idiom: pad, ios: 12}", style: .popover, covers: false),
        PopoverCase(adaptive: "none", environment: "{idiom: phone, ios: 12}", style: .popover, covers: false),
        PopoverCase(adaptive: "fullScreen", environment: "{idiom: phone, ios: 17}", style: .fullScreen, covers: true),
        PopoverCase(adaptive: "fullScreen", environment: "{idiom: pad, ios: 17}", style: .popover, covers: false),
        PopoverCase(adaptive: "overFullScreen", environment: "{idiom: phone, ios: 17}", style: .overFullScreen, covers: false),
        PopoverCase(adaptive: "pageSheet", environment: "{idiom: phone, ios: 17}", style: .pageSheet, covers: false),
        PopoverCase(adaptive: "pageSheet", environment: "{idiom: phone, ios: 12}", style: .fullScreen, covers: true),
        PopoverCase(adaptive: "formSheet", environment: "{idiom: phone, ios: 18}", style: .formSheet, covers: false),
    ]

    @Test(arguments: popoverCases)
    func popoverAdaptation(_ c: PopoverCase) throws {
        let adaptive = c.adaptive.map { ", adaptivePresentationStyle: \($0)" } ?? ""
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                info: {kind: popover, to: P, trigger: Info button, anchor: Info button\(adaptive)}
            P: {}
            """, steps: "- tap: A.info", environment: c.environment)
        let appearance = c.covers ? "A.vWD P.vWA P.vDA A.vDD" : "P.vWA P.vDA"
        #expect(events(t, 1) == list("A.shouldPerform(A.info)=true P.init P.awake A.prepare(A.info→P) P.vDL " + appearance))
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A \(c.style.rawValue)/coverVertical")
    }

    // MARK: - Presenters and contexts

    @Test func currentContextStopsAtAContentSceneThatDefinesTheContext() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A:
              definesPresentationContext: true
              segues:
                peek: {kind: present, to: D, trigger: Peek, modalPresentationStyle: currentContext}
            D: {}
            """, steps: "- tap: A.peek")
        #expect(events(t, 1) == list("A.shouldPerform(A.peek)=true D.init D.awake A.prepare(A.peek→D) D.vDL A.vWD D.vWA D.vDA A.vDD"))
        #expect(summary(t, 1) == "chain Nav,D | visible D | D on A from A currentContext/coverVertical | Nav[A]")
    }

    @Test func currentContextWithoutADefinerFallsBackToTheLayerRoot() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [Nav1]}
            Nav1: {kind: navigation, root: A, definesPresentationContext: false}
            A:
              segues:
                peek: {kind: present, to: D, trigger: Peek, modalPresentationStyle: currentContext}
            D: {}
            """, steps: "- perform: A.peek")
        #expect(events(t, 1) == list("D.init D.awake A.prepare(A.peek→D) D.vDL Tab.vWD Nav1.vWD A.vWD D.vWA D.vDA Tab.vDD Nav1.vDD A.vDD"))
        #expect(summary(t, 1) == "chain Tab,D | visible D | D on Tab from A currentContext/coverVertical | Tab[Nav1*] Nav1[A]")
    }

    static func contextScenes(provides: Bool) -> String {
        """
        Nav:
          kind: navigation
          root: A
          providesPresentationContextTransitionStyle: \(provides)
          modalTransitionStyle: crossDissolve
        A:
          segues:
            current: {kind: present, to: D, trigger: Current, modalPresentationStyle: currentContext}
            over: {kind: present, to: D, trigger: Over, modalPresentationStyle: overCurrentContext}
            full: {kind: present, to: D, trigger: Full, modalPresentationStyle: fullScreen}
        D: {modalTransitionStyle: flipHorizontal}
        """
    }

    @Test func theContextProvidesItsTransitionStyle() throws {
        let current = try simulate(initial: "Nav", scenes: Self.contextScenes(provides: true), steps: "- perform: A.current")
        #expect(summary(current, 1) == "chain Nav,D | visible D | D on Nav from A currentContext/crossDissolve | Nav[A]")
        #expect(events(current, 1) == list("D.init D.awake A.prepare(A.current→D) D.vDL Nav.vWD A.vWD D.vWA D.vDA Nav.vDD A.vDD"))
        let over = try simulate(initial: "Nav", scenes: Self.contextScenes(provides: true), steps: "- perform: A.over")
        #expect(summary(over, 1) == "chain Nav,D | visible D | D on Nav from A overCurrentContext/crossDissolve | Nav[A]")
        #expect(events(over, 1) == list("D.init D.awake A.prepare(A.over→D) D.vDL D.vWA D.vDA"))
        // Only context presentations consult the context.
        let full = try simulate(initial: "Nav", scenes: Self.contextScenes(provides: true), steps: "- perform: A.full")
        #expect(summary(full, 1) == "chain Nav,D | visible D | D on Nav from A fullScreen/flipHorizontal | Nav[A]")
    }

    @Test func withoutProvidesThePresentedTransitionStyleStays() throws {
        let t = try simulate(initial: "Nav", scenes: Self.contextScenes(provides: false), steps: "- perform: A.current")
        #expect(summary(t, 1) == "chain Nav,D | visible D | D on Nav from A currentContext/flipHorizontal | Nav[A]")
    }

    @Test func aTabBarRootPresentsForItsTabs() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [A, B]}
            A:
              segues:
                full: {kind: present, to: C, trigger: Full, modalPresentationStyle: fullScreen}
            B: {}
            C: {}
            """, steps: "- tap: A.full\n- dismiss: C")
        #expect(events(t, 1) == list("A.shouldPerform(A.full)=true C.init C.awake A.prepare(A.full→C) C.vDL Tab.vWD A.vWD C.vWA C.vDA Tab.vDD A.vDD"))
        #expect(summary(t, 1) == "chain Tab,C | visible C | C on Tab from A fullScreen/coverVertical | Tab[A*,B]")
        #expect(events(t, 2) == list("C.vWD Tab.vWA A.vWA Tab.vDA A.vDA C.vDD C.deinit"))
    }

    @Test func presentStepWithStylesAndSource() throws {
        let t = try simulate(initial: "Nav", scenes: "Nav: {kind: navigation, root: A}\nA: {}\nC: {}", steps: """
            - present: C
              from: A
              modalPresentationStyle: overFullScreen
              modalTransitionStyle: crossDissolve
            """)
        #expect(events(t, 1) == list("C.init C.awake C.vDL C.vWA C.vDA"))
        #expect(summary(t, 1) == "chain Nav,C | visible C | C on Nav from A overFullScreen/crossDissolve | Nav[A]")
    }

    @Test func aPresentedNavigationControllerLoadsItsRootBeforeItsRootAppears() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nNav2: {kind: navigation, root: S, modalPresentationStyle: fullScreen}\nS: {}",
                             steps: "- present: Nav2")
        #expect(events(t, 1) == list("""
            Nav2.init S.init S.awake S.wM(Nav2) S.dM(Nav2) Nav2.awake
            Nav2.vDL A.vWD Nav2.vWA S.vDL S.vWA Nav2.vDA S.vDA A.vDD
            """))
        #expect(summary(t, 1) == "chain A,Nav2 | visible S | Nav2 on A from A fullScreen/coverVertical | Nav2[S]")
    }

    // MARK: - Chains and dismissal

    static let chain = """
        A:
          segues:
            next: {kind: present, to: B}
        B:
          segues:
            next: {kind: present, to: C}
        C:
          segues:
            next: {kind: present, to: D, modalPresentationStyle: fullScreen}
        D: {}
        """

    @Test func aFullScreenLayerHidesEveryLowerLayer() throws {
        let t = try simulate(initial: "A", scenes: Self.chain, steps: """
            - perform: A.next
            - perform: B.next
            - perform: C.next
            """)
        #expect(events(t, 2) == list("C.init C.awake B.prepare(B.next→C) C.vDL C.vWA C.vDA"))
        #expect(events(t, 3) == list("D.init D.awake C.prepare(C.next→D) D.vDL A.vWD B.vWD C.vWD D.vWA D.vDA A.vDD B.vDD C.vDD"))
        #expect(summary(t, 3) == "chain A,B,C,D | visible D | B on A from A pageSheet/coverVertical | C on B from B pageSheet/coverVertical | D on C from C fullScreen/coverVertical")
    }

    @Test func dismissingFromTheMiddleOfAChain() throws {
        let t = try simulate(initial: "A", scenes: Self.chain, steps: """
            - perform: A.next
            - perform: B.next
            - perform: C.next
            - dismiss: B
            - dismiss: B
            - dismiss: A
            """)
        // B presented C: C and everything above it go; A and B come back from under the full-screen D.
        #expect(events(t, 4) == list("D.vWD A.vWA B.vWA A.vDA B.vDA D.vDD C.deinit D.deinit"))
        #expect(summary(t, 4) == "chain A,B | visible B | B on A from A pageSheet/coverVertical")
        // B now presents nothing: it is dismissed by its presenter.
        #expect(events(t, 5) == list("B.vWD B.vDD B.deinit"))
        #expect(summary(t, 5) == "chain A | visible A")
        #expect(events(t, 6).isEmpty)
        #expect(t.steps[6].warnings == ["dismiss(animated:completion:) on <UIViewController: A> does nothing: it presents nothing and is not presented"])
        #expect(t.result == .passed)
    }

    @Test func dismissingTheTopOfAChainOfSheets() throws {
        let t = try simulate(initial: "A", scenes: Self.chain, steps: """
            - perform: A.next
            - perform: B.next
            - dismiss: C
            """)
        #expect(events(t, 3) == list("C.vWD C.vDD C.deinit"))
        #expect(summary(t, 3) == "chain A,B | visible B | B on A from A pageSheet/coverVertical")
    }

    @Test func dismissingAChildOfAPresentedContainerDismissesItsLayer() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nNav2: {kind: navigation, root: S}\nS: {}", steps: """
            - present: Nav2
            - dismiss: S
            """)
        #expect(events(t, 2) == list("Nav2.vWD S.vWD Nav2.vDD S.vDD Nav2.deinit S.deinit"))
        #expect(summary(t, 2) == "chain A | visible A")
    }

    @Test func aRejectedContainerIsDestroyedParentsFirst() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                one: {kind: present, to: B, trigger: One}
                two: {kind: present, to: Nav2, trigger: Two}
            B: {}
            Nav2: {kind: navigation, root: S}
            S: {}
            """, steps: """
            - perform: A.one
            - perform: A.two
            - expect: {warnings: [already presenting], chain: [A, B]}
            """)
        #expect(events(t, 2) == list("Nav2.init S.init S.awake S.wM(Nav2) S.dM(Nav2) Nav2.awake A.prepare(A.two→Nav2) Nav2.deinit S.deinit"))
        #expect(t.steps[2].warnings == ["Attempt to present <UINavigationController: Nav2> on <UIViewController: A> (from <UIViewController: A>) which is already presenting <UIViewController: B>."])
        #expect(t.result == .passed)
    }

    @Test func presentingFromTheFrontMostLayerIsAccepted() throws {
        let t = try simulate(initial: "A", scenes: Self.chain, steps: """
            - perform: A.next
            - present: C
            """)
        // Without `from:`, the caller is the visible B, which presents nothing yet.
        #expect(summary(t, 2) == "chain A,B,C | visible C | B on A from A pageSheet/coverVertical | C on B from B pageSheet/coverVertical")
        #expect(t.steps[2].warnings.isEmpty)
    }

    // MARK: - Segue kinds

    @Test func customSegueReportsPerformAndPresents() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                fancy: {kind: custom, class: FancySegue, to: C, trigger: Fancy, modalPresentationStyle: overFullScreen, modalTransitionStyle: crossDissolve}
            C: {}
            """, steps: "- tap: A.fancy")
        #expect(events(t, 1) == list("A.shouldPerform(A.fancy)=true C.init C.awake A.prepare(A.fancy→C) A.fancy.perform C.vDL C.vWA C.vDA"))
        #expect(summary(t, 1) == "chain A,C | visible C | C on A from A overFullScreen/crossDissolve")
    }

    @Test func theDestinationStylesApplyWhenTheSegueHasNone() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                go: {kind: present, to: C, trigger: Go}
            C: {modalPresentationStyle: overFullScreen, modalTransitionStyle: flipHorizontal}
            """, steps: "- tap: A.go")
        #expect(summary(t, 1) == "chain A,C | visible C | C on A from A overFullScreen/flipHorizontal")
    }

    @Test func partialCurlWorksFullScreen() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nC: {}", steps: """
            - present: C
              modalPresentationStyle: fullScreen
              modalTransitionStyle: partialCurl
            """)
        #expect(t.result == .passed)
        #expect(summary(t, 1) == "chain A,C | visible C | C on A from A fullScreen/partialCurl")
    }

    @Test func partialCurlWithASheetIsAnException() throws {
        let scenario = try Scenario(initial: "A", scenes: "A: {}\nC: {}", steps: """
            - present: C
              modalTransitionStyle: partialCurl
            """)
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(events(t, 1) == list("C.init C.awake"))
        #expect(errorText(t) == "\(scenario.location(of: "present: C")): UIModalTransitionStylePartialCurl requires the fullScreen presentation style; 'C' would be presented as pageSheet")
        #expect(summary(t, 1) == "chain A | visible A")
    }

    @Test func aPopoverWithoutAnAnchorIsAnException() throws {
        let scenario = try Scenario(initial: "A", scenes: "A: {}\nC: {}", steps: """
            - present: C
              modalPresentationStyle: popover
            """, environment: "{idiom: pad}")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "present: C")): UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs ('C' is presented as a popover without a popover segue, which alone can give an 'anchor')")
    }

    /// The error names what lacks the anchor: the segue, not the scene it presents.
    @Test func aPopoverSegueWithoutAnAnchorIsNamed() throws {
        let scenario = try Scenario(initial: "A", scenes: "A:\n  segues:\n    pop: {kind: popover, to: C, trigger: Info button}\nC: {}",
                                    steps: "- tap: A.pop", environment: "{idiom: pad}")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "tap: A.pop")): UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs (segue 'A.pop' has no 'anchor')")
        // A present segue to a scene that asks for a popover cannot give an anchor: the error says to make it a popover segue.
        let present = try Scenario(initial: "A", scenes: "A:\n  segues:\n    sh: {kind: present, to: C, trigger: Info button}\nC: {modalPresentationStyle: popover}",
                                   steps: "- tap: A.sh", environment: "{idiom: pad}")
        #expect(errorText(try present.run()) == "\(present.location(of: "tap: A.sh")): UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs ('C' is presented as a popover by segue 'A.sh', a present segue, which has no 'anchor' to give: make it a popover segue with one)")
    }

    // MARK: - Swipe down

    @Test func swipeDownDismissesASheet() throws {
        let t = try simulate(initial: "A", scenes: Self.scenes, steps: "- tap: A.auto\n- swipeDown")
        #expect(events(t, 2) == list("C.vWD C.vDD C.deinit"))
        #expect(summary(t, 2) == "chain A | visible A")
    }

    @Test func swipeDownDoesNothingWhenModalInPresentation() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nC: {isModalInPresentation: true}", steps: "- present: C\n- swipeDown")
        #expect(events(t, 2).isEmpty)
        #expect(t.steps[2].warnings.isEmpty)
        #expect(summary(t, 2) == "chain A,C | visible C | C on A from A pageSheet/coverVertical")
    }

    @Test func swipeDownOnAFullScreenPresentationIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: Self.scenes, steps: "- tap: A.full\n- swipeDown")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "swipeDown")): swipeDown: the front-most presentation 'C' is fullScreen, not a sheet; it cannot be swiped down")
    }

    @Test func swipeDownOnAPopoverIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: """
            A:
              segues:
                info: {kind: popover, to: P, trigger: Info, anchor: Info button}
            P: {}
            """, steps: "- tap: A.info\n- swipeDown", environment: "{idiom: pad}")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "swipeDown")): swipeDown: the front-most presentation 'P' is popover, not a sheet; it cannot be swiped down")
    }

    @Test func swipeDownWithNothingPresentedIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: "A: {}", steps: "- swipeDown")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "swipeDown")): swipeDown: nothing is presented")
    }

    // MARK: - What the user can touch

    @Test func tappingACoveredInstanceIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: Self.scenes, steps: "- tap: A.auto\n- tap: A.over")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(events(t, 2).isEmpty)
        #expect(errorText(t) == "\(scenario.location(of: "tap: A.over")): tap: 'A.over': 'A' is covered by the presented 'C' (pageSheet); only the front-most layer can be touched")
    }

    @Test func tappingAManualSegueIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: Self.scenes, steps: "- tap: A.manual")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "tap: A.manual")): tap: segue 'A.manual' has no trigger (it is manual); only 'perform:' can fire it")
    }

    @Test func performingAManualSegueWorksFromACoveredInstance() throws {
        let t = try simulate(initial: "A", scenes: Self.scenes, steps: "- tap: A.over\n- perform: A.manual")
        // Over full screen leaves A on screen but not touchable; code can still perform.
        #expect(events(t, 2) == list("C#2.init C#2.awake A.prepare(A.manual→C#2) C#2.deinit"))
        #expect(t.steps[2].warnings.count == 1)
    }
}
