import ModelLoading
import SceneModel
import Simulator
import Testing

/// Tab bars, page view controllers, custom containers and split views (uikit-semantics §4, §8, §9).
@Suite struct ContainerTests {
    // MARK: - Tab bar

    static let tabs = """
        Tab: {kind: tabBar, tabs: [A, B, Nav3]}
        A: {}
        B: {}
        Nav3: {kind: navigation, root: X}
        X: {}
        S: {}
        """

    @Test func switchingBackToALoadedTab() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabs, steps: "- selectTab: B\n- selectTab: A\n- selectTab: Nav3")
        #expect(events(t, 2) == list("A.vWA B.vWD B.vDD A.vDA"))
        #expect(events(t, 3) == list("Nav3.vDL Nav3.vWA X.vDL X.vWA A.vWD A.vDD Nav3.vDA X.vDA"))
        #expect(summary(t, 3) == "chain Tab | visible X | Tab[A,B,Nav3*] Nav3[X]")
    }

    @Test func selectingTheSelectedTabChangesNothing() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabs, steps: "- selectTab: A")
        #expect(events(t, 1).isEmpty)
        #expect(summary(t, 1) == "chain Tab | visible A | Tab[A*,B,Nav3] Nav3[X]")
        // Also a navigation controller with a pushed stack, as the shared spec says (§8); a device pops it to its
        // root (docs/semantics.md, open questions).
        let stacked = try simulate(initial: "Tab", scenes: Self.tabs, steps: "- selectTab: Nav3\n- push: S\n- selectTab: Nav3")
        #expect(events(stacked, 3).isEmpty)
        #expect(summary(stacked, 3) == summary(stacked, 2))
    }

    @Test func theInitiallySelectedTabLoadsAtLaunch() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [A, B], selected: B}
            A: {}
            B: {}
            """, steps: "- note: nothing")
        #expect(events(t, 0) == list("""
            Tab.init A.init A.awake A.wM(Tab) A.dM(Tab) B.init B.awake B.wM(Tab) B.dM(Tab) Tab.awake
            Tab.vDL Tab.vWA B.vDL B.vWA Tab.vDA B.vDA
            """))
        #expect(summary(t, 0) == "chain Tab | visible B | Tab[A,B*]")
    }

    @Test func aCoveredTabBarCannotBeTapped() throws {
        let scenario = try Scenario(initial: "Tab", scenes: Self.tabs, steps: "- present: S\n- selectTab: B")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "selectTab: B")): selectTab: 'B': 'Tab' is covered by the presented 'S' (pageSheet); only the front-most layer can be touched")
    }

    // MARK: - Page view controller

    static func pages(_ transition: String) -> String {
        """
        Pages: {kind: page, pages: [P1, P2, P3], pageTransition: \(transition)}
        P1: {}
        P2: {}
        P3: {}
        """
    }

    @Test func aScrollPageTurn() throws {
        let t = try simulate(initial: "Pages", scenes: Self.pages("scroll"), steps: "- swipePage: next")
        #expect(events(t, 0) == list("Pages.init P1.init P1.awake P1.wM(Pages) P1.dM(Pages) Pages.awake Pages.vDL Pages.vWA P1.vDL P1.vWA Pages.vDA P1.vDA"))
        #expect(events(t, 1) == list("""
            P2.init P2.awake P1.wM(nil) P2.wM(Pages) P2.vDL P2.vWA P1.vWD P2.vDA P1.vDD P1.dM(nil) P2.dM(Pages) P1.deinit
            """))
        #expect(summary(t, 1) == "chain Pages | visible P2 | Pages[P2]")
    }

    @Test func aPageCurlTurn() throws {
        let t = try simulate(initial: "Pages", scenes: Self.pages("pageCurl"), steps: "- swipePage: next")
        #expect(events(t, 1) == list("""
            P2.init P2.awake P1.wM(nil) P2.wM(Pages) P2.vDL P2.vWA P1.vWD P1.vDD P2.vDA P1.dM(nil) P2.dM(Pages) P1.deinit
            """))
    }

    @Test func swipingPastTheEndsBouncesAndSwipingBackMakesANewInstance() throws {
        let t = try simulate(initial: "Pages", scenes: Self.pages("scroll"), steps: """
            - swipePage: previous
            - swipePage: next
            - swipePage: next
            - swipePage: next
            - swipePage: previous
            """)
        #expect(events(t, 1).isEmpty)
        #expect(events(t, 4).isEmpty)
        #expect(summary(t, 4) == "chain Pages | visible P3 | Pages[P3]")
        #expect(events(t, 5).first == "P2#2.init")
        #expect(summary(t, 5) == "chain Pages | visible P2#2 | Pages[P2#2]")
    }

    @Test func swipePageWithoutAPageViewControllerIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: "A: {}", steps: "- swipePage: next")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "swipePage")): swipePage: no page view controller is on screen in the front-most layer")
    }

    // MARK: - Custom containers

    static let editor = """
        Editor:
          kind: container
          children: [Canvas, Tools]
          overrides: [show]
        Canvas: {}
        Tools:
          segues:
            crop: {kind: show, to: Crop}
            detail: {kind: showDetail, to: Crop}
        Crop: {}
        """

    @Test func aCustomContainerShowsAllItsChildren() throws {
        let t = try simulate(initial: "Editor", scenes: Self.editor, steps: "- note: launched")
        #expect(events(t, 0) == list("""
            Editor.init Canvas.init Canvas.awake Canvas.wM(Editor) Canvas.dM(Editor) Tools.init Tools.awake Tools.wM(Editor) Tools.dM(Editor) Editor.awake
            Editor.vDL Editor.vWA Canvas.vDL Canvas.vWA Tools.vDL Tools.vWA Editor.vDA Canvas.vDA Tools.vDA
            """))
        #expect(summary(t, 0) == "chain Editor | visible Tools | Editor[Canvas,Tools]")
    }

    @Test func aContainerThatOverridesShowSwapsItsLastChild() throws {
        let t = try simulate(initial: "Editor", scenes: Self.editor, steps: "- perform: Tools.crop")
        #expect(events(t, 1) == list("""
            Crop.init Crop.awake Tools.prepare(Tools.crop→Crop) Tools.wM(nil) Crop.wM(Editor) Crop.vDL
            Tools.vWD Crop.vWA Tools.vDD Crop.vDA Tools.dM(nil) Crop.dM(Editor) Tools.deinit
            """))
        #expect(summary(t, 1) == "chain Editor | visible Crop | Editor[Canvas,Crop]")
    }

    @Test func aContainerThatDoesNotOverrideShowDetailLetsItPresent() throws {
        let t = try simulate(initial: "Editor", scenes: Self.editor, steps: "- perform: Tools.detail")
        #expect(events(t, 1) == list("Crop.init Crop.awake Tools.prepare(Tools.detail→Crop) Crop.vDL Crop.vWA Crop.vDA"))
        #expect(summary(t, 1) == "chain Editor,Crop | visible Crop | Crop on Editor from Tools pageSheet/coverVertical | Editor[Canvas,Tools]")
    }

    @Test func aContainerThatOverridesShowDetailSwapsToo() throws {
        let t = try simulate(initial: "Editor", scenes: Self.editor.replacingOccurrences(of: "overrides: [show]", with: "overrides: [showDetail]"),
                             steps: "- perform: Tools.detail")
        #expect(events(t, 1) == list("""
            Crop.init Crop.awake Tools.prepare(Tools.detail→Crop) Tools.wM(nil) Crop.wM(Editor) Crop.vDL
            Tools.vWD Crop.vWA Tools.vDD Crop.vDA Tools.dM(nil) Crop.dM(Editor) Tools.deinit
            """))
        #expect(summary(t, 1) == "chain Editor | visible Crop | Editor[Canvas,Crop]")
    }

    // MARK: - Split view

    static let split = """
        Split: {kind: split, primary: NavM, secondary: D1}
        NavM: {kind: navigation, root: M}
        M:
          segues:
            pick: {kind: showDetail, to: D2, trigger: Row}
            legacy: {kind: replace, to: D2, trigger: Old row}
            next: {kind: show, to: M2, trigger: Next}
        M2: {}
        D1:
          segues:
            more: {kind: show, to: D2, trigger: More}
        D2: {}
        """

    @Test func anExpandedSplitShowsEveryColumn() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- note: launched", environment: "{idiom: pad}")
        #expect(events(t, 0) == list("""
            Split.init NavM.init M.init M.awake M.wM(NavM) M.dM(NavM) NavM.awake NavM.wM(Split) NavM.dM(Split)
            D1.init D1.awake D1.wM(Split) D1.dM(Split) Split.awake
            Split.vDL Split.vWA NavM.vDL NavM.vWA M.vDL M.vWA D1.vDL D1.vWA Split.vDA NavM.vDA M.vDA D1.vDA
            """))
        #expect(summary(t, 0) == "chain Split | visible D1 | Split[NavM,D1] NavM[M]")
    }

    @Test func theDeprecatedReplaceSegueBehavesAsShowDetail() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- tap: M.legacy", environment: "{idiom: pad}")
        #expect(events(t, 1) == list("""
            M.shouldPerform(M.legacy)=true D2.init D2.awake M.prepare(M.legacy→D2) D1.wM(nil) D2.wM(Split) D2.vDL
            D1.vWD D2.vWA D1.vDD D2.vDA D1.dM(nil) D2.dM(Split) D1.deinit
            """))
    }

    @Test func showFromTheSecondaryColumnReplacesIt() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- tap: D1.more", environment: "{idiom: pad}")
        #expect(events(t, 1) == list("""
            D1.shouldPerform(D1.more)=true D2.init D2.awake D1.prepare(D1.more→D2) D1.wM(nil) D2.wM(Split) D2.vDL
            D1.vWD D2.vWA D1.vDD D2.vDA D1.dM(nil) D2.dM(Split) D1.deinit
            """))
        #expect(summary(t, 1) == "chain Split | visible D2 | Split[NavM,D2] NavM[M]")
    }

    @Test func showInsideTheNavigationPrimaryPushes() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- tap: M.next", environment: "{idiom: pad}")
        #expect(events(t, 1) == list("M.shouldPerform(M.next)=true M2.init M2.awake M.prepare(M.next→M2) M2.wM(NavM) M2.vDL M.vWD M2.vWA M.vDD M2.vDA M2.dM(NavM)"))
        #expect(summary(t, 1) == "chain Split | visible D1 | Split[NavM,D1] NavM[M,M2]")
    }

    @Test func showOnACollapsedSplitPresents() throws {
        // Collapsed with `collapse: primary`, the split keeps only its content primary; `show` on it presents.
        let t = try simulate(initial: "Split", scenes: """
            Split: {kind: split, primary: P, secondary: D1, collapse: primary}
            P: {}
            D1: {}
            D2: {}
            """, steps: "- show: D2\n  from: P")
        #expect(events(t, 0) == list("""
            Split.init P.init P.awake P.wM(Split) P.dM(Split) D1.init D1.awake Split.awake
            Split.vDL Split.vWA P.vDL P.vWA Split.vDA P.vDA D1.deinit
            """))
        #expect(events(t, 1) == list("D2.init D2.awake D2.vDL D2.vWA D2.vDA"))
        #expect(summary(t, 1) == "chain Split,D2 | visible D2 | D2 on Split from P pageSheet/coverVertical | Split[P]collapsed")
    }

    @Test func showDetailOnACollapsedSplitWithAContentPrimaryPresents() throws {
        let t = try simulate(initial: "Split", scenes: """
            Split: {kind: split, primary: P, secondary: D1}
            P: {}
            D1: {}
            D2: {}
            """, steps: "- showDetail: D2\n  from: P")
        #expect(events(t, 1) == list("D2.init D2.awake D2.vDL D2.vWA D2.vDA"))
        #expect(summary(t, 1) == "chain Split,D2 | visible D2 | D2 on Split from P pageSheet/coverVertical | Split[P]collapsed")
    }

    @Test func expandingSeparatesTheSecondaryAgain() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: """
            - environment: {width: regular}
            - expect: {collapsed: {Split: false}, stacks: {NavM: [M]}, visible: D1}
            - environment: {width: compact}
            - expect: {collapsed: {Split: true}, stacks: {NavM: [M, D1]}, visible: D1}
            """)
        #expect(summary(t, 0) == "chain Split | visible D1 | Split[NavM]collapsed NavM[M,D1]")
        // M was under D1 since launch, so it loads now.
        #expect(events(t, 1) == list("D1.dM(nil) D1.wM(Split) M.vDL M.vWA M.vDA D1.dM(Split)"))
        #expect(summary(t, 1) == "chain Split | visible D1 | Split[NavM,D1] NavM[M]")
        #expect(events(t, 3) == list("D1.dM(nil) D1.wM(NavM) M.vWD M.vDD D1.dM(NavM)"))
        #expect(summary(t, 3) == "chain Split | visible D1 | Split[NavM]collapsed NavM[M,D1]")
        #expect(t.result == .passed)
    }

    @Test func expandingWithNothingPushedMakesANewSecondary() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: """
            - back
            - environment: {width: regular}
            """)
        #expect(events(t, 1) == list("D1.wM(nil) D1.vWD M.vDL M.vWA D1.vDD M.vDA D1.dM(nil) D1.deinit"))
        #expect(events(t, 2) == list("D1#2.init D1#2.awake D1#2.wM(Split) D1#2.vDL D1#2.vWA D1#2.vDA D1#2.dM(Split)"))
        #expect(summary(t, 2) == "chain Split | visible D1#2 | Split[NavM,D1#2] NavM[M]")
    }

    @Test func expandingAClassicSplitSeparatesOnlyTheTopOfThePrimary() throws {
        // UINavigationController's default separation pops the top of its stack and nothing
        // else, so D1 stays in the primary column (UISplitViewControllerDelegate docs).
        let t = try simulate(initial: "Split", scenes: Self.split, steps: """
            - showDetail: D2
              from: M
            - environment: {width: regular}
            """)
        #expect(summary(t, 1) == "chain Split | visible D2 | Split[NavM]collapsed NavM[M,D1,D2]")
        #expect(events(t, 2) == list("D2.dM(nil) D2.wM(Split) D1.vWA D1.vDA D2.dM(Split)"))
        #expect(summary(t, 2) == "chain Split | visible D2 | Split[NavM,D2] NavM[M,D1]")
    }

    @Test func expandingAColumnStyleSplitKeepsTheTopAndDiscardsWhatIsBetween() throws {
        let scenes = Self.split.replacingOccurrences(of: "secondary: D1}", with: "secondary: D1, style: doubleColumn}")
        let t = try simulate(initial: "Split", scenes: scenes, steps: """
            - showDetail: D2
              from: M
            - environment: {width: regular}
            """)
        #expect(summary(t, 1) == "chain Split | visible D2 | Split[NavM]collapsed NavM[M,D1,D2]")
        #expect(events(t, 2) == list("D1.wM(nil) D2.dM(nil) D2.wM(Split) M.vDL M.vWA M.vDA D1.dM(nil) D2.dM(Split) D1.deinit"))
        #expect(summary(t, 2) == "chain Split | visible D2 | Split[NavM,D2] NavM[M]")
    }

    static let triple = """
        Split:
          kind: split
          style: tripleColumn
          primary: NavM
          supplementary: G
          secondary: D1
        NavM: {kind: navigation, root: M}
        M: {}
        G: {}
        D1: {}
        """

    @Test func aTripleColumnSplitCollapsesSupplementaryThenSecondary() throws {
        let t = try simulate(initial: "Split", scenes: Self.triple, steps: """
            - environment: {width: compact}
            - back
            - environment: {width: regular}
            """, environment: "{idiom: pad}")
        #expect(Array(events(t, 0).suffix(15)) == list("Split.vDL Split.vWA NavM.vDL NavM.vWA M.vDL M.vWA G.vDL G.vWA D1.vDL D1.vWA Split.vDA NavM.vDA M.vDA G.vDA D1.vDA"))
        #expect(summary(t, 0) == "chain Split | visible D1 | Split[NavM,G,D1] NavM[M]")
        #expect(events(t, 1) == list("G.dM(nil) G.wM(NavM) D1.dM(nil) D1.wM(NavM) M.vWD G.vWD M.vDD G.vDD G.dM(NavM) D1.dM(NavM)"))
        #expect(summary(t, 1) == "chain Split | visible D1 | Split[NavM]collapsed NavM[M,G,D1]")
        #expect(events(t, 2) == list("D1.wM(nil) D1.vWD G.vWA D1.vDD G.vDA D1.dM(nil) D1.deinit"))
        // G goes back to the supplementary column; the secondary column gets a new D1.
        #expect(events(t, 3) == list("D1#2.init D1#2.awake G.dM(nil) G.wM(Split) D1#2.wM(Split) M.vWA D1#2.vDL D1#2.vWA M.vDA D1#2.vDA G.dM(Split) D1#2.dM(Split)"))
        #expect(summary(t, 3) == "chain Split | visible D1#2 | Split[NavM,G,D1#2] NavM[M]")
    }

    @Test func collapsePrimaryDiscardsTheSecondaryWhenTheWidthShrinks() throws {
        let t = try simulate(initial: "Split", scenes: """
            Split: {kind: split, primary: NavM, secondary: D1, collapse: primary}
            NavM: {kind: navigation, root: M}
            M: {}
            D1: {}
            """, steps: "- environment: {idiom: phone}", environment: "{idiom: pad}")
        // An idiom change without a width resets the width to the idiom's default (compact).
        #expect(events(t, 1) == list("D1.wM(nil) D1.vWD D1.vDD D1.dM(nil) D1.deinit"))
        #expect(summary(t, 1) == "chain Split | visible M | Split[NavM]collapsed NavM[M]")
    }

    @Test func aPopoverAdaptsWhenTheWidthChanges() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                info: {kind: popover, to: P, trigger: Info, anchor: Info button}
            P: {}
            """, steps: """
            - tap: A.info
            - environment: {width: compact}
            - expect: {styles: {P: fullScreen}}
            - environment: {width: regular}
            """, environment: "{idiom: pad, ios: 12}")
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A popover/coverVertical")
        #expect(events(t, 2) == list("A.vWD A.vDD"))
        #expect(summary(t, 2) == "chain A,P | visible P | P on A from A fullScreen/coverVertical")
        #expect(events(t, 4) == list("A.vWA A.vDA"))
        #expect(t.result == .passed)
    }

    /// A flow's `environment:` overrides the keys it names: naming the model's idiom again keeps the model's width;
    /// another idiom without a width takes that idiom's default width.
    @Test func aFlowsEnvironmentKeepsTheWidthTheModelWrites() throws {
        func start(model: String, flow: String) throws -> Environment {
            let text = """
                format: 1
                name: Test
                environment: \(model)
                initial: A
                scenes:
                  A: {}
                flows:
                  f:
                    environment: \(flow)
                    steps: [note: started]
                """
            let loaded = ModelLoader().load(text: text, path: "Test.yaml")
            let model = try #require(loaded.model)
            return try #require(Simulator(model: model).run(flowID: "f")).environment
        }
        #expect(try start(model: "{idiom: phone, width: regular}", flow: "{idiom: phone}").width == .regular)
        #expect(try start(model: "{idiom: pad, width: compact}", flow: "{idiom: pad, height: compact}")
                == Environment(idiom: .pad, width: .compact, height: .compact))
        #expect(try start(model: "{idiom: phone, width: compact}", flow: "{idiom: pad}") == Environment(idiom: .pad, width: .regular))
        #expect(try start(model: "{idiom: phone}", flow: "{idiom: pad, width: compact}").width == .compact)
        #expect(try start(model: "{idiom: pad, ios: 16}", flow: "{idiom: phone}") == Environment(idiom: .phone, width: .compact, ios: 16))
        // An `environment:` step alike: the same idiom named again is no idiom change.
        let wide = Environment(idiom: .phone, width: .regular)
        #expect(wide.applying(EnvironmentChange(idiom: Located(.phone))) == wide)
        #expect(wide.applying(EnvironmentChange(idiom: Located(.pad))) == Environment(idiom: .pad, width: .regular))
        #expect(Environment(idiom: .pad, width: .compact).applying(EnvironmentChange(idiom: Located(.phone))).width == .compact)
    }

    @Test func anEnvironmentChangeWithoutEffectsReportsNothing() throws {
        let t = try simulate(initial: "A", scenes: "A: {}", steps: "- environment: {height: compact}\n- environment: {ios: 18}")
        #expect(events(t, 1).isEmpty)
        #expect(events(t, 2).isEmpty)
        #expect(t.environment == Environment(idiom: .phone, width: .compact, height: .regular, ios: 17))
    }
}
