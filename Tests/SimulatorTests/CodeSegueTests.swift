import SceneModel
import Simulator
import Testing

/// `code` segues (navigation the app's Swift code does) perform like the UIKit call they record: a new instance of
/// the destination, then `present`, `pushViewController`, `show` or `showDetailViewController` on the source, or
/// `dismiss` of the source; no `prepare(for:sender:)`, since no segue is involved.
@Suite struct CodeSegueTests {
    static let scenes = """
        Nav: {kind: navigation, root: A}
        A:
          segues:
            present: {kind: code, call: present, to: B, at: "A.swift:10"}
            push: {kind: code, call: push, to: C, at: "A.swift:14"}
            show: {kind: code, call: show, to: C}
            full: {kind: code, call: present, to: B, modalPresentationStyle: fullScreen}
        B:
          segues:
            close: {kind: code, call: dismiss, at: "B.swift:3"}
            push: {kind: code, call: push, to: C}
        C: {}
        """

    @Test func presentInstantiatesAndPresentsWithoutPrepare() throws {
        let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: """
            - perform: A.present
            - expect: {visible: B, styles: {B: pageSheet}}
            """)
        #expect(trace.result == .passed, "\(errorText(trace) ?? "")")
        #expect(events(trace, 1) == list("B.init B.awake B.vDL B.vWA B.vDA"))
        #expect(summary(trace, 1) == "chain Nav,B | visible B | B on Nav from A pageSheet/coverVertical | Nav[A]")
    }

    @Test func aPresentationStyleOfTheSegueIsUsed() throws {
        let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- perform: A.full\n- expect: {styles: {B: fullScreen}}")
        #expect(trace.result == .passed, "\(trace.failures.map(\.1.message))")
    }

    @Test func pushAndShowGoOntoTheNavigationController() throws {
        for segue in ["push", "show"] {
            let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- perform: A.\(segue)\n- expect: {stacks: {Nav: [A, C]}}")
            #expect(trace.result == .passed, "\(segue): \(errorText(trace) ?? "") \(trace.failures.map(\.1.message))")
            #expect(events(trace, 1) == list("C.init C.awake C.wM(Nav) C.vDL A.vWD C.vWA A.vDD C.vDA C.dM(Nav)"), "\(segue)")
        }
    }

    @Test func pushWithoutANavigationControllerDoesNothingSoTheFlowStops() throws {
        let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- perform: A.present\n- perform: B.push")
        #expect(trace.result == .error)
        #expect(trace.errorStep?.error?.message == "perform: 'B' is in no navigation controller, so 'B.push' (pushViewController(_:animated:) on its navigationController) does nothing")
    }

    @Test func dismissDismissesWhatTheSourceIsIn() throws {
        let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: """
            - perform: A.present
            - perform: B.close
            - expect: {visible: A, chain: [Nav]}
            """)
        #expect(trace.result == .passed, "\(errorText(trace) ?? "") \(trace.failures.map(\.1.message))")
        #expect(events(trace, 2) == list("B.vWD B.vDD B.deinit"))
    }

    @Test func aCodeSegueCannotBeTapped() throws {
        let trace = try simulate(initial: "Nav", scenes: Self.scenes, steps: "- tap: A.present")
        #expect(trace.result == .error)
        #expect(trace.errorStep?.error?.message == "tap: 'A.present' is navigation the code does (present(_:animated:completion:)); 'perform:' runs it")
    }
}
