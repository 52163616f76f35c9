import SceneModel
import Simulator
import Testing

/// `--detail full`: layout callbacks, viewIsAppearing, UIKit API and delegate calls.
@Suite struct DetailTests {
    static let scenes = """
        Nav: {kind: navigation, root: A}
        A:
          segues:
            toB: {kind: show, to: B, trigger: Next}
        B: {}
        """

    @Test func aPushAtFullDetail() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- tap: A.toB\n- back", detail: .full)
        #expect(events(t, 1) == list("""
            A.shouldPerform(A.toB)=true B.init B.awake A.prepare(A.toB→B) A.toB.perform A.show(B) Nav.pushViewController(B)
            B.wM(Nav) B.vDL A.vWD B.vWA B.viewIsAppearing B.viewWillLayoutSubviews B.viewDidLayoutSubviews
            A.vDD B.vDA B.dM(Nav)
            """))
        #expect(events(t, 2) == list("""
            Nav.popViewController B.wM(nil) B.vWD A.vWA A.viewIsAppearing A.viewWillLayoutSubviews A.viewDidLayoutSubviews
            B.vDD A.vDA B.dM(nil) B.deinit
            """))
    }

    @Test func viewIsAppearingStartsWithIOS13() throws {
        let t = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- perform: A.toB", environment: "{ios: 12}", detail: .full)
        #expect(events(t, 1) == list("""
            A.performSegue(A.toB) B.init B.awake A.prepare(A.toB→B) A.toB.perform A.show(B) Nav.pushViewController(B)
            B.wM(Nav) B.vDL A.vWD B.vWA B.viewWillLayoutSubviews B.viewDidLayoutSubviews A.vDD B.vDA B.dM(Nav)
            """))
    }

    @Test func theDefaultDetailIsASubsequenceOfTheFullOne() throws {
        let full = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- tap: A.toB\n- back", detail: .full)
        let standard = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- tap: A.toB\n- back")
        for index in standard.steps.indices {
            let kept = Set(events(standard, index))
            #expect(events(full, index).filter { kept.contains($0) } == events(standard, index))
        }
    }

    @Test func delegateCallsOfASwipeDown() throws {
        let t = try simulate(initial: "A", scenes: "A: {}\nC: {}\nM: {isModalInPresentation: true}", steps: """
            - present: C
            - swipeDown
            - present: M
            - swipeDown
            """, detail: .full)
        #expect(events(t, 2) == list("""
            A.presentationControllerWillDismiss C.vWD C.vDD A.presentationControllerDidDismiss C.deinit
            """))
        #expect(events(t, 4) == ["A.presentationControllerDidAttemptToDismiss"])
    }
}
