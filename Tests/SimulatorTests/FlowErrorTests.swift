import SceneModel
import Simulator
import Testing

/// Flow errors stop the flow with the step's file position (uikit-semantics §11).
@Suite struct FlowErrorTests {
    static let scenes = """
        Nav: {kind: navigation, root: A}
        A:
          segues:
            toB: {kind: show, to: B, trigger: Next}
        B:
          segues:
            toC: {kind: show, to: C, trigger: Next}
        C: {}
        P:
          segues:
            e: {kind: embed, to: E}
        E: {}
        Nav2: {kind: navigation, root: S}
        S: {}
        """

    /// An event expected twice that happens once says so, not that it comes before itself.
    @Test func anEventExpectedMoreOftenThanItHappens() throws {
        let t = try simulate(initial: "A", scenes: "A:\n  segues:\n    go: {kind: present, to: B, trigger: Go}\nB: {}",
                             steps: "- tap: A.go\n- expect: {events: [\"B: viewDidLoad()\", \"B: viewDidLoad()\"]}")
        let message = try #require(t.steps.last?.failures.first?.message)
        #expect(message.hasPrefix("events: expected 'B: viewDidLoad()' after 'B: viewDidLoad()' in step 1, actual it occurs once (event 5); step 1 events: [1 A: shouldPerformSegue"), "\(message)")
    }

    @Test func anActionOnAnInstanceThatWasNeverCreated() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: "- tap: B.toC\n- back")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(t.steps.count == 2)
        #expect(errorText(t) == "\(scenario.location(of: "tap: B.toC")): tap: no live instance of 'B' (it was never instantiated in this flow)")
        #expect(t.steps[1].error?.location.description == "Test.yaml:22:9")
    }

    @Test func anActionOnADestroyedInstance() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: """
            - perform: A.toB
            - back
            - dismiss: B
            - perform: A.toB
            """)
        let t = try scenario.run()
        #expect(t.steps.count == 4, "the flow stops at step 3")
        #expect(errorText(t) == "\(scenario.location(of: "dismiss: B")): dismiss: no live instance of 'B' (every instance of it has been destroyed)")
        #expect(summary(t, 3) == "chain Nav | visible A | Nav[A]")
    }

    @Test func anEmbedSegueCannotBePerformed() throws {
        let scenario = try Scenario(initial: "P", scenes: Self.scenes, steps: "- perform: P.e")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "perform: P.e")): perform: 'P.e' is an embed segue; it fires by itself when 'P' loads its view")
        #expect(events(t, 1).isEmpty)
    }

    @Test func aPushStepNeedsANavigationController() throws {
        let scenario = try Scenario(initial: "P", scenes: Self.scenes, steps: "- push: C")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "push: C")): push: no navigation controller is on screen in the front-most layer; name one with 'onto:'")
    }

    @Test func pushingANavigationControllerIsAnException() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: "- push: Nav2")
        let t = try scenario.run()
        #expect(events(t, 1) == list("Nav2.init S.init S.awake S.wM(Nav2) S.dM(Nav2) Nav2.awake"))
        #expect(errorText(t) == "\(scenario.location(of: "push: Nav2")): Pushing a navigation controller is not supported ('Nav2' onto 'Nav')")
        // A UIKit exception ends the app: nothing it created is reported as destroyed.
        #expect(!events(t, 1).contains("Nav2.deinit"))
    }

    @Test func aFlowErrorInAnExpectedFlowStillStops() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: """
            - back
            - expect: {visible: A}
            """)
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(t.steps.map(\.index) == [0, 1])
        #expect(t.steps[1].action == "back")
    }
}

/// Models built in code skip validation; the simulator still never traps on them.
@Suite struct UnvalidatedModelTests {
    @Test func aContainmentCycleIsAFlowErrorNotACrash() {
        var box = Scene(id: "Box", kind: .container)
        box.children = [Located("Box")]
        let model = SceneModel(name: "Cycle", initial: Located("Box", at: .init(file: "m.yaml", line: 3, column: 10)),
                               scenes: [box], flows: [Flow(id: "f")])
        let trace = Simulator(model: model).runAll()
        #expect(trace.flows.first?.result == .error)
        #expect(trace.flows.first.flatMap(errorText) == "m.yaml:3:10: instantiating 'Box' nests containers more than 100 deep (a containment cycle?)")
    }

    @Test func aMissingInitialSceneStopsAtLaunch() {
        let model = SceneModel(name: "Empty", initial: nil, scenes: [Scene(id: "A")],
                               flows: [Flow(id: "f", location: .init(file: "m.yaml", line: 9, column: 3), steps: [Step(.back)])])
        let flow = Simulator(model: model).runAll().flows.first
        #expect(flow.flatMap(errorText) == "m.yaml:9:3: launch: the model has no initial scene")
        #expect(flow?.steps.count == 1)
        #expect(flow?.steps.first?.state.chain == [])
    }

    @Test func unknownScenesAndSeguesInStepsAreFlowErrors() {
        let model = SceneModel(name: "Loose", initial: Located("A"), scenes: [Scene(id: "A")], flows: [
            Flow(id: "segue", steps: [Step(.perform(SegueReference(scene: "A", segue: "missing")))]),
            Flow(id: "scene", steps: [Step(.present(Located("Ghost"), from: nil, style: nil, transition: nil))]),
            Flow(id: "tab", steps: [Step(.selectTab(Located("A")))]),
        ])
        let messages = Simulator(model: model).runAll().flows.map { $0.errorStep?.error?.message }
        #expect(messages == [
            "perform: scene 'A' has no segue 'missing'",
            "present: unknown scene 'Ghost'",
            "selectTab: 'A' is not a tab of a live tab bar controller",
        ])
    }
}

/// `expect` steps: what they check and how failures read (model-format §1).
@Suite struct ExpectationTests {
    static let scenes = """
        Tab: {kind: tabBar, tabs: [Nav, Split]}
        Nav: {kind: navigation, root: A}
        A:
          segues:
            toB: {kind: show, to: B, trigger: Next}
            sheet: {kind: present, to: C, trigger: Sheet}
        B: {}
        C: {}
        Split: {kind: split, primary: P, secondary: D}
        P: {}
        D: {}
        """

    @Test func failuresShowExpectedAndActualAndTheFlowGoesOn() throws {
        let scenario = try Scenario(initial: "Tab", scenes: Self.scenes, steps: """
            - tap: A.toB
            - expect:
                visible: A
                chain: [Tab, B]
                stacks: {Nav: [A]}
                selected: {Tab: Split}
                collapsed: {Split: false}
                styles: {B: pageSheet}
                events: ["B: viewDidLoad()", "A: prepare(for:sender:)"]
                noEvents: ["A: viewWillDisappear(_:)"]
                warnings: [already presenting]
            - back
            - note: the flow goes on after failed expectations, and an expect skips notes
            - expect: {visible: A, stacks: {Nav: [A]}, events: ["B: didMove(toParent:)", "B: deinit"]}
            - expect: {selected: {Tab#2: Nav}}
            """)
        let t = try scenario.run()
        #expect(t.result == .failed)
        #expect(t.steps.count == 7)
        let failures = t.steps[2].failures
        #expect(failures.map(\.message) == [
            "visible: expected A, actual B",
            "chain: expected [Tab, B], actual [Tab]",
            "stacks: expected Nav: [A], actual Nav: [A, B]",
            "selected: expected Tab: Split, actual Tab: Nav",
            "collapsed: expected Split: false, actual Split: true",
            "styles: expected B: pageSheet, actual 'B' is not presented",
            "events: expected 'A: prepare(for:sender:)' after 'B: viewDidLoad()' in step 1, actual 'A: prepare(for:sender:)' is event 4, before 'B: viewDidLoad()' (event 6); step 1 events: [1 A: shouldPerformSegue(withIdentifier:sender:), 2 B: init(coder:), 3 B: awakeFromNib(), 4 A: prepare(for:sender:), 5 B: willMove(toParent:), 6 B: viewDidLoad(), 7 A: viewWillDisappear(_:), 8 B: viewWillAppear(_:), 9 A: viewDidDisappear(_:), 10 B: viewDidAppear(_:), 11 B: didMove(toParent:)]",
            "noEvents: expected no 'A: viewWillDisappear(_:)' in step 1, actual 'A: viewWillDisappear(_:)' occurs",
            "warnings: expected a warning containing 'already presenting' in step 1, actual no warnings",
        ])
        #expect(failures.first?.location.description == scenario.location(of: "visible: A", offset: "visible: ".count))
        #expect(t.steps[5].failures.isEmpty, "the step an expect looks at is the back, not the note")
        #expect(t.steps[6].failures.map(\.message) == ["selected: expected Tab#2, actual no instance named 'Tab#2' was created in this flow"])
        #expect(t.steps[4].state.visible == "A")
    }

    @Test func anExpectRightAfterLaunchChecksTheLaunch() throws {
        let t = try simulate(initial: "Tab", scenes: Self.scenes, steps: """
            - expect:
                visible: A
                chain: [Tab]
                selected: {Tab: Nav}
                collapsed: {Split: true}
                events: ["Tab: init(coder:)", "P: init(coder:)", "D: init(coder:)", "Tab: viewDidLoad()", "A: viewDidAppear(_:)"]
                noEvents: ["P: viewDidLoad()", "D: viewDidLoad()"]
            """)
        #expect(t.result == .passed)
        #expect(t.steps[1].failures.isEmpty)
        // The split is a tab never selected: created collapsed on iPhone, D pushed onto nothing (P is not a navigation controller).
        #expect(events(t, 0).contains("D.deinit"))
    }

    @Test func stylesAndWarningsThatHold() throws {
        let t = try simulate(initial: "Tab", scenes: Self.scenes, steps: """
            - tap: A.sheet
            - expect: {styles: {C: pageSheet}, chain: [Tab, C], visible: C}
            - present: B
              from: A
            - expect: {warnings: [already presenting, "<UIViewController: C>"], chain: [Tab, C], noEvents: ["B: viewDidLoad()"]}
            """)
        #expect(t.result == .passed)
        #expect(t.steps[4].failures.isEmpty)
        #expect(events(t, 3) == list("B.init B.awake B.deinit"))
    }
}

/// `FlowDiagnostics`: every flow failure as a positioned diagnostic with its flow and step.
@Suite struct FlowDiagnosticsTests {
    @Test func errorsFailuresAndWarningsCarryTheirStepAndPosition() throws {
        let scenario = try Scenario(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A: {}
            B: {}
            """, steps: """
            - dismiss: A
            - expect: {visible: B}
            - back
            """)
        let flow = try #require(scenario.model.flow("f"))
        let trace = Simulator(model: scenario.model).run(flow)
        let lines = FlowDiagnostics.diagnostics(for: trace, of: flow).map(\.description)
        #expect(lines == [
            "\(scenario.location(of: "- dismiss", offset: 2)): warning: flow 'f' step 1 (dismiss: A): UIKit warning: dismiss(animated:completion:) on <UIViewController: A> does nothing: it presents nothing and is not presented [uikit-warning]",
            "\(scenario.location(of: "visible: B", offset: 9)): error: flow 'f' step 2: expectation failed: visible: expected B, actual A [flow-expectation]",
            "\(scenario.location(of: "- back", offset: 2)): error: flow 'f' step 3 (back): back: 'Nav' is at its root; there is no back button [flow-error]",
        ])
    }
}
