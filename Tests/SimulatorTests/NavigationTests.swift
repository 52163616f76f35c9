import SceneModel
import Simulator
import Testing

/// Navigation controllers: push, back, popToRoot, the deprecated push segue (uikit-semantics §2, §4, §7).
@Suite struct NavigationTests {
    static let scenes = """
        Nav: {kind: navigation, root: A}
        A:
          segues:
            toB: {kind: show, to: B, trigger: Next button}
            legacy: {kind: push, to: B, trigger: Legacy button}
            wrapped: {kind: show, to: Nav2, trigger: Wrapped button}
        B:
          segues:
            toC: {kind: show, to: C, trigger: Next button}
        C: {}
        Nav2: {kind: navigation, root: S}
        S: {}
        """

    @Test func pushStepDefaultsToTheVisibleNavigationController() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- push: B")
        #expect(events(t, 1) == list("B.init B.awake B.wM(Nav) B.vDL A.vWD B.vWA A.vDD B.vDA B.dM(Nav)"))
        #expect(summary(t, 1) == "chain Nav | visible B | Nav[A,B]")
    }

    @Test func pushOntoAHiddenNavigationControllerLoadsNothing() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [Nav1, Nav2]}
            Nav1: {kind: navigation, root: A}
            Nav2: {kind: navigation, root: X}
            A: {}
            X: {}
            B: {}
            """, steps: """
            - push: B
              onto: Nav2
            - selectTab: Nav2
            """)
        #expect(events(t, 1) == list("B.init B.awake B.wM(Nav2) B.dM(Nav2)"))
        #expect(summary(t, 1) == "chain Tab | visible A | Tab[Nav1*,Nav2] Nav1[A] Nav2[X,B]")
        // X was never on top, so its view never loads.
        #expect(events(t, 2) == list("Nav2.vDL Nav2.vWA B.vDL B.vWA Nav1.vWD A.vWD Nav1.vDD A.vDD Nav2.vDA B.vDA"))
    }

    @Test func popToRootRemovesTheMiddleWithContainmentCallbacksOnly() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: """
            - perform: A.toB
            - perform: B.toC
            - popToRoot: Nav
            """)
        #expect(events(t, 3) == list("C.wM(nil) B.wM(nil) C.vWD A.vWA C.vDD A.vDA C.dM(nil) B.dM(nil) C.deinit B.deinit"))
        #expect(summary(t, 3) == "chain Nav | visible A | Nav[A]")
    }

    @Test func popToRootAtTheRootIsANoOp() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- popToRoot: Nav")
        #expect(events(t, 1).isEmpty)
        #expect(t.result == .passed)
        #expect(summary(t, 1) == "chain Nav | visible A | Nav[A]")
    }

    @Test func backTwiceDestroysEachPoppedInstance() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: """
            - perform: A.toB
            - perform: B.toC
            - back
            - back
            - perform: A.toB
            """)
        #expect(events(t, 3) == list("C.wM(nil) C.vWD B.vWA C.vDD B.vDA C.dM(nil) C.deinit"))
        #expect(events(t, 4) == list("B.wM(nil) B.vWD A.vWA B.vDD A.vDA B.dM(nil) B.deinit"))
        // A new instance of B, never reusing the name of the destroyed one.
        #expect(events(t, 5) == list("B#2.init B#2.awake A.prepare(A.toB→B#2) B#2.wM(Nav) B#2.vDL A.vWD B#2.vWA A.vDD B#2.vDA B#2.dM(Nav)"))
        #expect(summary(t, 5) == "chain Nav | visible B#2 | Nav[A,B#2]")
    }

    @Test func deprecatedPushSegueBehavesAsShowInsideANavigationController() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- tap: A.legacy")
        #expect(events(t, 1) == list("""
            A.shouldPerform(A.legacy)=true B.init B.awake A.prepare(A.legacy→B) B.wM(Nav) B.vDL A.vWD B.vWA A.vDD B.vDA B.dM(Nav)
            """))
        #expect(summary(t, 1) == "chain Nav | visible B | Nav[A,B]")
    }

    @Test func deprecatedPushSegueOutsideANavigationControllerIsAnException() throws {
        let scenario = try Scenario(initial: "A", scenes: """
            A:
              segues:
                legacy: {kind: push, to: B, trigger: Legacy button}
            B: {}
            """, steps: "- tap: A.legacy")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(events(t, 1) == list("A.shouldPerform(A.legacy)=true B.init B.awake A.prepare(A.legacy→B)"))
        #expect(errorText(t) == "\(scenario.location(of: "tap: A.legacy")): Push segues can only be used when the source controller is managed by an instance of UINavigationController ('A.legacy' from 'A')")
    }

    @Test func showingANavigationControllerFromANavigationControllerIsAnException() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: "- perform: A.wrapped\n- back")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(t.steps.count == 2, "the flow stops at the error")
        #expect(events(t, 1) == list("Nav2.init S.init S.awake S.wM(Nav2) S.dM(Nav2) Nav2.awake A.prepare(A.wrapped→Nav2)"))
        #expect(errorText(t) == "\(scenario.location(of: "perform: A.wrapped")): Pushing a navigation controller is not supported ('Nav2' onto 'Nav')")
    }

    @Test func backAtTheRootIsAFlowError() throws {
        let scenario = try Scenario(initial: "Nav", scenes: Self.scenes, steps: "- note: start\n- back")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(errorText(t) == "\(scenario.location(of: "back")): back: 'Nav' is at its root; there is no back button")
    }

    @Test func backWithoutANavigationControllerIsAFlowError() throws {
        let scenario = try Scenario(initial: "A", scenes: "A: {}", steps: "- back")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "back")): back: no navigation controller is on screen in the front-most layer")
        #expect(summary(t, 1) == "chain A | visible A")
    }

    @Test func backActsOnTheInnermostNavigationController() throws {
        // B embeds a navigation controller: the inner one pops first, then the outer one.
        let t = try simulate(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A: {}
            B:
              segues:
                inner: {kind: embed, to: Inner}
            Inner: {kind: navigation, root: E}
            E: {}
            E2: {}
            """, steps: """
            - push: B
              onto: Nav
            - push: E2
              onto: Inner
            - back
            - back
            """)
        #expect(events(t, 1) == list("""
            B.init B.awake B.wM(Nav)
            Inner.init E.init E.awake E.wM(Inner) E.dM(Inner) Inner.awake B.prepare(B.inner→Inner) Inner.wM(B) Inner.vDL Inner.dM(B) B.vDL
            A.vWD B.vWA Inner.vWA E.vDL E.vWA A.vDD B.vDA Inner.vDA E.vDA B.dM(Nav)
            """))
        #expect(events(t, 3) == list("E2.wM(nil) E2.vWD E.vWA E2.vDD E.vDA E2.dM(nil) E2.deinit"))
        #expect(events(t, 4) == list("B.wM(nil) B.vWD Inner.vWD E.vWD A.vWA B.vDD Inner.vDD E.vDD A.vDA B.dM(nil) B.deinit Inner.deinit E.deinit"))
        #expect(summary(t, 4) == "chain Nav | visible A | Nav[A]")
    }

    @Test func backActsOnTheFrontMostLayerOnly() throws {
        let scenario = try Scenario(initial: "Nav", scenes: """
            Nav: {kind: navigation, root: A}
            A: {}
            B: {}
            Nav2: {kind: navigation, root: S}
            S: {}
            """, steps: """
            - push: B
            - present: Nav2
            - back
            """)
        let t = try scenario.run()
        #expect(summary(t, 2) == "chain Nav,Nav2 | visible S | Nav2 on Nav from B pageSheet/coverVertical | Nav[A,B] Nav2[S]")
        #expect(errorText(t) == "\(scenario.location(of: "back")): back: 'Nav2' is at its root; there is no back button")
    }

    @Test func showOnANavigationControllerItselfPushes() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- show: C\n  from: Nav")
        #expect(events(t, 1) == list("C.init C.awake C.wM(Nav) C.vDL A.vWD C.vWA A.vDD C.vDA C.dM(Nav)"))
        #expect(summary(t, 1) == "chain Nav | visible C | Nav[A,C]")
    }
}
