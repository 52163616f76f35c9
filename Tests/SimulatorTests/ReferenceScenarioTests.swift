import SceneModel
import Simulator
import Testing

/// The 18 reference scenarios of uikit-semantics.md §12, with the full default-level event
/// lists (including `deinit`) and the resulting state, written from the rules.
@Suite struct ReferenceScenarioTests {
    static let navAB = """
        Nav: {kind: navigation, root: A}
        A:
          unwindActions: [unwindToA]
          segues:
            toB: {kind: show, to: B, trigger: Next button}
            toC: {kind: present, to: C, trigger: Present button, modalPresentationStyle: fullScreen}
        B:
          segues:
            toC: {kind: show, to: C, trigger: Next button}
        C:
          segues:
            exit: {kind: unwind, action: unwindToA, trigger: Done button}
        """

    @Test func scenario1_tapShowPushes() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: "- tap: A.toB")
        #expect(events(t, 0) == list("Nav.init A.init A.awake A.wM(Nav) A.dM(Nav) Nav.awake Nav.vDL Nav.vWA A.vDL A.vWA Nav.vDA A.vDA"))
        #expect(events(t, 1) == list("""
            A.shouldPerform(A.toB)=true B.init B.awake A.prepare(A.toB→B) B.wM(Nav) B.vDL
            A.vWD B.vWA A.vDD B.vDA B.dM(Nav)
            """))
        #expect(summary(t, 1) == "chain Nav | visible B | Nav[A,B]")
        #expect(t.result == .passed)
    }

    @Test func scenario2_performSkipsShouldPerform() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: "- perform: A.toB")
        #expect(events(t, 1) == list("B.init B.awake A.prepare(A.toB→B) B.wM(Nav) B.vDL A.vWD B.vWA A.vDD B.vDA B.dM(Nav)"))
        #expect(summary(t, 1) == "chain Nav | visible B | Nav[A,B]")
    }

    @Test func scenario3_guardFalseFailsSilently() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A:
              segues:
                toB: {kind: show, to: B, trigger: Next button, guard: ready}
            B: {}
            """, steps: "- tap: A.toB", conditions: "{ready: false}")
        #expect(events(t, 1) == ["A.shouldPerform(A.toB)=false"])
        #expect(summary(t, 1) == "chain Nav | visible A | Nav[A]")
        #expect(t.steps[1].warnings.isEmpty)
    }

    @Test func scenario4_backPops() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: """
            - perform: A.toB
            - back
            """)
        #expect(events(t, 2) == list("B.wM(nil) B.vWD A.vWA B.vDD A.vDA B.dM(nil) B.deinit"))
        #expect(summary(t, 2) == "chain Nav | visible A | Nav[A]")
    }

    @Test func scenario5_presentFullScreenFromNavigationRoot() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: "- perform: A.toC")
        #expect(events(t, 1) == list("C.init C.awake A.prepare(A.toC→C) C.vDL Nav.vWD A.vWD C.vWA C.vDA Nav.vDD A.vDD"))
        #expect(summary(t, 1) == "chain Nav,C | visible C | C on Nav from A fullScreen/coverVertical | Nav[A]")
    }

    @Test func scenario6_automaticIsPageSheetOnIOS17() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                toC: {kind: present, to: C, trigger: Present button}
            C: {}
            """, steps: "- perform: A.toC", environment: "{ios: 17}")
        #expect(events(t, 1) == list("C.init C.awake A.prepare(A.toC→C) C.vDL C.vWA C.vDA"))
        #expect(summary(t, 1) == "chain A,C | visible C | C on A from A pageSheet/coverVertical")
    }

    @Test func scenario7_dismissFullScreen() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: """
            - perform: A.toC
            - dismiss: C
            """)
        #expect(events(t, 2) == list("C.vWD Nav.vWA A.vWA Nav.vDA A.vDA C.vDD C.deinit"))
        #expect(summary(t, 2) == "chain Nav | visible A | Nav[A]")
    }

    @Test func scenario8_dismissSheet() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                toC: {kind: present, to: C, trigger: Present button}
            C: {}
            """, steps: """
            - perform: A.toC
            - dismiss: C
            """)
        #expect(events(t, 2) == list("C.vWD C.vDD C.deinit"))
        #expect(summary(t, 2) == "chain A | visible A")
    }

    static let tabsWithContexts = """
        Tab: {kind: tabBar, tabs: [Nav1, Nav2]}
        Nav1: {kind: navigation, root: A}
        Nav2: {kind: navigation, root: X}
        A:
          segues:
            over: {kind: present, to: D, trigger: Over button, modalPresentationStyle: overCurrentContext}
            current: {kind: present, to: D, trigger: Current button, modalPresentationStyle: currentContext}
        X: {}
        D: {}
        """

    @Test func scenario9_overCurrentContextInATab() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabsWithContexts, steps: "- tap: A.over")
        #expect(events(t, 1) == list("A.shouldPerform(A.over)=true D.init D.awake A.prepare(A.over→D) D.vDL D.vWA D.vDA"))
        #expect(summary(t, 1) == "chain Tab,D | visible D | D on Nav1 from A overCurrentContext/coverVertical | Tab[Nav1*,Nav2] Nav1[A] Nav2[X]")
    }

    @Test func scenario9_currentContextHidesTheContext() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabsWithContexts, steps: "- tap: A.current")
        #expect(events(t, 1) == list("""
            A.shouldPerform(A.current)=true D.init D.awake A.prepare(A.current→D) D.vDL
            Nav1.vWD A.vWD D.vWA D.vDA Nav1.vDD A.vDD
            """))
        #expect(summary(t, 1) == "chain Tab,D | visible D | D on Nav1 from A currentContext/coverVertical | Tab[Nav1*,Nav2] Nav1[A] Nav2[X]")
    }

    @Test func scenario10_doublePresentIsAWarning() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                toB: {kind: present, to: B, trigger: B button}
                toC: {kind: present, to: C, trigger: C button}
            B: {}
            C: {}
            """, steps: """
            - perform: A.toB
            - perform: A.toC
            """)
        #expect(events(t, 2) == list("C.init C.awake A.prepare(A.toC→C) C.deinit"))
        #expect(t.steps[2].warnings == ["Attempt to present <UIViewController: C> on <UIViewController: A> (from <UIViewController: A>) which is already presenting <UIViewController: B>."])
        #expect(summary(t, 2) == "chain A,B | visible B | B on A from A pageSheet/coverVertical")
        #expect(t.result == .passed)
    }

    @Test func scenario11_dismissingFromTheRootDismissesTheWholeChain() throws {
        let t = try simulate(initial: "R", scenes: """
            R:
              segues:
                toB: {kind: present, to: B, modalPresentationStyle: fullScreen}
            B:
              segues:
                toC: {kind: present, to: C, modalPresentationStyle: fullScreen}
            C: {}
            """, steps: """
            - perform: R.toB
            - perform: B.toC
            - dismiss: R
            """)
        #expect(events(t, 2) == list("C.init C.awake B.prepare(B.toC→C) C.vDL B.vWD C.vWA C.vDA B.vDD"))
        #expect(events(t, 3) == list("C.vWD R.vWA R.vDA C.vDD B.deinit C.deinit"))
        #expect(summary(t, 3) == "chain R | visible R")
    }

    @Test func scenario12_unwindPopsTwo() throws {
        let t = try simulate(initial: "Nav", scenes: Self.navAB, steps: """
            - perform: A.toB
            - perform: B.toC
            - tap: C.exit
            """)
        #expect(events(t, 3) == list("""
            C.shouldPerform(C.exit)=true C.prepare(C.exit→A) A.unwindToA(C.exit)
            C.wM(nil) B.wM(nil) C.vWD A.vWA C.vDD A.vDA C.dM(nil) B.dM(nil) C.deinit B.deinit
            """))
        #expect(summary(t, 3) == "chain Nav | visible A | Nav[A]")
    }

    @Test func scenario13_unwindFindsTheNearestImplementation() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A:
              unwindActions: [unwindX]
              segues:
                toB: {kind: show, to: B, trigger: Next button}
            B:
              unwindActions: [unwindX]
              segues:
                toC: {kind: present, to: C, trigger: Present button, modalPresentationStyle: fullScreen}
            C:
              segues:
                back: {kind: unwind, action: unwindX, trigger: Back button}
            """, steps: """
            - perform: A.toB
            - perform: B.toC
            - tap: C.back
            """)
        #expect(summary(t, 2) == "chain Nav,C | visible C | C on Nav from B fullScreen/coverVertical | Nav[A,B]")
        #expect(events(t, 3) == list("""
            C.shouldPerform(C.back)=true C.prepare(C.back→B) B.unwindX(C.back)
            C.vWD Nav.vWA B.vWA Nav.vDA B.vDA C.vDD C.deinit
            """))
        #expect(summary(t, 3) == "chain Nav | visible B | Nav[A,B]")
    }

    @Test func scenario14_showWithoutAContainerPresents() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nB: {}", steps: "- show: B")
        #expect(events(t, 1) == list("B.init B.awake B.vDL B.vWA B.vDA"))
        #expect(summary(t, 1) == "chain A,B | visible B | B on A from A pageSheet/coverVertical")
    }

    static let split = """
        Split: {kind: split, primary: NavM, secondary: D1}
        NavM: {kind: navigation, root: M}
        M: {}
        D1: {}
        D2: {}
        """

    @Test func scenario15_showDetailReplacesTheSecondaryWhenExpanded() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- showDetail: D2\n  from: M", environment: "{idiom: pad}")
        #expect(summary(t, 0) == "chain Split | visible D1 | Split[NavM,D1] NavM[M]")
        #expect(events(t, 1) == list("""
            D2.init D2.awake D1.wM(nil) D2.wM(Split) D2.vDL D1.vWD D2.vWA D1.vDD D2.vDA D1.dM(nil) D2.dM(Split) D1.deinit
            """))
        #expect(summary(t, 1) == "chain Split | visible D2 | Split[NavM,D2] NavM[M]")
    }

    @Test func scenario15_showDetailPushesWhenCollapsed() throws {
        let t = try simulate(initial: "Split", scenes: Self.split, steps: "- showDetail: D2\n  from: M", environment: "{idiom: phone}")
        #expect(events(t, 0) == list("""
            Split.init NavM.init M.init M.awake M.wM(NavM) M.dM(NavM) NavM.awake NavM.wM(Split) NavM.dM(Split)
            D1.init D1.awake D1.wM(NavM) D1.dM(NavM) Split.awake
            Split.vDL Split.vWA NavM.vDL NavM.vWA D1.vDL D1.vWA Split.vDA NavM.vDA D1.vDA
            """))
        #expect(summary(t, 0) == "chain Split | visible D1 | Split[NavM]collapsed NavM[M,D1]")
        #expect(events(t, 1) == list("D2.init D2.awake D2.wM(NavM) D2.vDL D1.vWD D2.vWA D1.vDD D2.vDA D2.dM(NavM)"))
        #expect(summary(t, 1) == "chain Split | visible D2 | Split[NavM]collapsed NavM[M,D1,D2]")
    }

    @Test func scenario16_firstSelectionOfATab() throws {
        let t = try simulate(initial: "Tab", scenes: "Tab: {kind: tabBar, tabs: [A, B]}\nA: {}\nB: {}", steps: "- selectTab: B")
        #expect(events(t, 0) == list("""
            Tab.init A.init A.awake A.wM(Tab) A.dM(Tab) B.init B.awake B.wM(Tab) B.dM(Tab) Tab.awake
            Tab.vDL Tab.vWA A.vDL A.vWA Tab.vDA A.vDA
            """))
        #expect(events(t, 1) == list("B.vDL B.vWA A.vWD A.vDD B.vDA"))
        #expect(summary(t, 1) == "chain Tab | visible B | Tab[A,B*]")
    }

    static func popoverScenes(adaptive: String = "") -> String {
        """
        A:
          segues:
            info: {kind: popover, to: P, trigger: Info button, anchor: Info button\(adaptive)}
        P: {}
        """
    }

    @Test func scenario17_popoverAdaptsToAFormSheetOnIPhone() throws {
        let t = try simulate(initial: "A", scenes: Self.popoverScenes(), steps: "- tap: A.info", environment: "{idiom: phone, ios: 17}")
        #expect(events(t, 1) == list("A.shouldPerform(A.info)=true P.init P.awake A.prepare(A.info→P) P.vDL P.vWA P.vDA"))
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A formSheet/coverVertical")
    }

    @Test func scenario17_adaptationNoneKeepsThePopover() throws {
        let t = try simulate(initial: "A", scenes: Self.popoverScenes(adaptive: ", adaptivePresentationStyle: none"),
                             steps: "- tap: A.info", environment: "{idiom: phone, ios: 17}")
        #expect(events(t, 1) == list("A.shouldPerform(A.info)=true P.init P.awake A.prepare(A.info→P) P.vDL P.vWA P.vDA"))
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A popover/coverVertical")
    }

    @Test func scenario17_popoverIsFullScreenOnIOS12() throws {
        let t = try simulate(initial: "A", scenes: Self.popoverScenes(), steps: "- tap: A.info", environment: "{idiom: phone, ios: 12}")
        #expect(events(t, 1) == list("A.shouldPerform(A.info)=true P.init P.awake A.prepare(A.info→P) P.vDL A.vWD P.vWA P.vDA A.vDD"))
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A fullScreen/coverVertical")
    }

    @Test func scenario18_embedAtLaunch() throws {
        let t = try simulate(initial: "P", scenes: """
            P:
              segues:
                e: {kind: embed, to: E}
            E: {}
            """, steps: "- note: launched")
        #expect(events(t, 0) == list("P.init P.awake E.init E.awake P.prepare(P.e→E) E.wM(P) E.vDL E.dM(P) P.vDL P.vWA E.vWA P.vDA E.vDA"))
        #expect(summary(t, 0) == "chain P | visible P")
        #expect(t.steps[1].events.isEmpty)
    }
}
