import SceneModel
import Simulator
import Testing

/// Unwind segues: destination search and the single transition back (uikit-semantics §10).
@Suite struct UnwindTests {
    @Test func unwindAcrossAPresentationAndATabBoundary() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [Nav1, Nav2]}
            Nav1: {kind: navigation, root: A}
            A: {unwindActions: [home]}
            Nav2: {kind: navigation, root: X}
            X:
              segues:
                compose: {kind: present, to: S, trigger: Compose}
            S:
              segues:
                home: {kind: unwind, action: home, trigger: Home}
            """, steps: """
            - selectTab: Nav2
            - tap: X.compose
            - tap: S.home
            """)
        #expect(summary(t, 2) == "chain Tab,S | visible S | S on Tab from X pageSheet/coverVertical | Tab[Nav1,Nav2*] Nav1[A] Nav2[X]")
        #expect(events(t, 3) == list("""
            S.shouldPerform(S.home)=true S.prepare(S.home→A) A.home(S.home)
            Nav2.vWD X.vWD S.vWD Nav1.vWA A.vWA Nav1.vDA A.vDA Nav2.vDD X.vDD S.vDD S.deinit
            """))
        #expect(summary(t, 3) == "chain Tab | visible A | Tab[Nav1*,Nav2] Nav1[A] Nav2[X]")
    }

    @Test func unwindAcrossAFullScreenPresentationAndANavigationStack() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A:
              unwindActions: [toA]
              segues:
                next: {kind: show, to: B}
            B:
              segues:
                modal: {kind: present, to: Nav2, modalPresentationStyle: fullScreen}
            Nav2: {kind: navigation, root: S}
            S:
              segues:
                more: {kind: show, to: S2}
            S2:
              segues:
                done: {kind: unwind, action: toA, trigger: Done}
            """, steps: """
            - perform: A.next
            - perform: B.modal
            - perform: S.more
            - tap: S2.done
            """)
        #expect(summary(t, 3) == "chain Nav,Nav2 | visible S2 | Nav2 on Nav from B fullScreen/coverVertical | Nav[A,B] Nav2[S,S2]")
        #expect(events(t, 4) == list("""
            S2.shouldPerform(S2.done)=true S2.prepare(S2.done→A) A.toA(S2.done)
            B.wM(nil) Nav2.vWD S2.vWD Nav.vWA A.vWA Nav.vDA A.vDA Nav2.vDD S2.vDD B.dM(nil)
            Nav2.deinit S.deinit S2.deinit B.deinit
            """))
        #expect(summary(t, 4) == "chain Nav | visible A | Nav[A]")
    }

    @Test func unwindWithoutADestinationIsAWarning() throws {
        let t = try simulate(initial: "A", scenes: """
            A:
              segues:
                out: {kind: unwind, action: nowhere, trigger: Out}
            """, steps: "- tap: A.out")
        #expect(events(t, 1) == ["A.shouldPerform(A.out)=true"])
        #expect(t.steps[1].warnings == ["No view controller to unwind to for nowhere(_:) from <UIViewController: A>: no view controller on its path implements it; nothing happens"])
        #expect(t.result == .passed)
    }

    static let tabs = """
        Tab: {kind: tabBar, tabs: [Nav1, Nav2], unwindActions: [x]}
        Nav1: {kind: navigation, root: A}
        A: {unwindActions: [x]}
        Nav2: {kind: navigation, root: X}
        X:
          segues:
            back: {kind: unwind, action: x, trigger: Back}
        """

    @Test func childrenAreSearchedBeforeTheirContainer() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabs, steps: "- selectTab: Nav2\n- perform: X.back")
        #expect(events(t, 2) == list("X.prepare(X.back→A) A.x(X.back) Nav1.vWA A.vWA Nav2.vWD X.vWD Nav2.vDD X.vDD Nav1.vDA A.vDA"))
        #expect(summary(t, 2) == "chain Tab | visible A | Tab[Nav1*,Nav2] Nav1[A] Nav2[X]")
    }

    @Test func theContainerItselfIsADestination() throws {
        let t = try simulate(initial: "Tab", scenes: Self.tabs.replacingOccurrences(of: "A: {unwindActions: [x]}", with: "A: {}"),
                             steps: "- selectTab: Nav2\n- perform: X.back")
        #expect(events(t, 2) == list("X.prepare(X.back→Tab) Tab.x(X.back)"))
        #expect(summary(t, 2) == "chain Tab | visible X | Tab[Nav1,Nav2*] Nav1[A] Nav2[X]")
    }

    @Test func aStackIsSearchedFromTheTopDown() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A: {unwindActions: [x]}
            B: {unwindActions: [x]}
            C: {}
            D:
              segues:
                back: {kind: unwind, action: x, trigger: Back}
            """, steps: """
            - push: B
            - push: C
            - push: D
            - tap: D.back
            """)
        #expect(events(t, 4) == list("""
            D.shouldPerform(D.back)=true D.prepare(D.back→B) B.x(D.back)
            D.wM(nil) C.wM(nil) D.vWD B.vWA D.vDD B.vDA D.dM(nil) C.dM(nil) D.deinit C.deinit
            """))
        #expect(summary(t, 4) == "chain Nav | visible B | Nav[A,B]")
    }

    @Test func anUnwindThatOnlyDismissesASheet() throws {
        let t = try simulate(initial: "A", scenes: """
            A: {unwindActions: [x]}
            B:
              segues:
                back: {kind: unwind, action: x, trigger: Back, guard: allowed}
            """, steps: """
            - present: B
            - tap: B.back
            - set: {allowed: true}
            - tap: B.back
            """, conditions: "{allowed: false}")
        #expect(events(t, 2) == ["B.shouldPerform(B.back)=false"])
        #expect(summary(t, 2) == "chain A,B | visible B | B on A from A pageSheet/coverVertical")
        #expect(events(t, 4) == list("B.shouldPerform(B.back)=true B.prepare(B.back→A) A.x(B.back) B.vWD B.vDD B.deinit"))
        #expect(summary(t, 4) == "chain A | visible A")
    }

    @Test func anEmbeddedChildUnwindsThroughItsParent() throws {
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: Root}
            Root: {unwindActions: [x]}
            P:
              segues:
                e: {kind: embed, to: E}
            E:
              segues:
                back: {kind: unwind, action: x}
            """, steps: """
            - push: P
            - perform: E.back
            """)
        #expect(events(t, 1) == list("""
            P.init P.awake P.wM(Nav) E.init E.awake P.prepare(P.e→E) E.wM(P) E.vDL E.dM(P) P.vDL
            Root.vWD P.vWA E.vWA Root.vDD P.vDA E.vDA P.dM(Nav)
            """))
        #expect(events(t, 2) == list("""
            E.prepare(E.back→Root) Root.x(E.back) P.wM(nil) P.vWD E.vWD Root.vWA P.vDD E.vDD Root.vDA P.dM(nil) P.deinit E.deinit
            """))
        #expect(summary(t, 2) == "chain Nav | visible Root | Nav[Root]")
    }

    @Test func anUnwindAcrossAChainOfThreePresentations() throws {
        let t = try simulate(initial: "R", scenes: """
            R: {unwindActions: [home]}
            B: {}
            C: {modalPresentationStyle: fullScreen}
            D:
              segues:
                home: {kind: unwind, action: home, trigger: Home}
            """, steps: """
            - present: B
            - present: C
            - present: D
            - tap: D.home
            """)
        #expect(summary(t, 3) == "chain R,B,C,D | visible D | B on R from R pageSheet/coverVertical | C on B from B fullScreen/coverVertical | D on C from C pageSheet/coverVertical")
        // C (full screen) hid R and B; the sheet D hid nothing. B was hidden and leaves: no callbacks.
        #expect(events(t, 4) == list("""
            D.shouldPerform(D.home)=true D.prepare(D.home→R) R.home(D.home)
            C.vWD D.vWD R.vWA R.vDA C.vDD D.vDD B.deinit C.deinit D.deinit
            """))
        #expect(summary(t, 4) == "chain R | visible R")
    }
}
