import SceneModel
import Simulator
import Testing

/// `StepNarrative`: each kind of step described in words, from its typed events and the
/// states around it.
@Suite struct StepNarrativeTests {
    static let scenes = """
        Tab: {kind: tabBar, tabs: [Nav, Other]}
        Nav: {kind: navigation, root: A}
        A:
          unwindActions: [unwindToA]
          segues:
            toB: {kind: show, to: B, trigger: Next}
            locked: {kind: show, to: B, trigger: Locked, guard: open}
            sheet: {kind: present, to: S, trigger: Sheet}
        B:
          segues:
            home: {kind: unwind, action: unwindToA, trigger: Home}
        S: {}
        Other: {}
        """

    /// The narrative of every step of a flow, launch first.
    static func narratives(_ steps: String) throws -> [String] {
        let trace = try simulate(initial: "Tab", scenes: scenes, steps: steps, conditions: "{open: false}")
        var previous: State?
        var result: [String] = []
        for step in trace.steps {
            result.append(StepNarrative.describe(step, after: previous))
            previous = step.state
        }
        return result
    }

    @Test func launchPushPopAndTabSwitch() throws {
        let lines = try Self.narratives("""
            - tap: A.toB
            - back
            - selectTab: Other
            """)
        #expect(lines == [
            "the app launches with Tab as the window's root; A is visible",
            "A pushes B onto Nav; B is now visible",
            "B is popped from Nav; A is now visible",
            "Tab selects Other; Other is now visible",
        ])
    }

    @Test func presentDismissAndRefusedSegue() throws {
        let lines = try Self.narratives("""
            - tap: A.locked
            - tap: A.sheet
            - dismiss: S
            - dismiss: A
            """)
        #expect(lines.dropFirst() == [
            "A refuses the segue A.locked: nothing happens",
            "A presents S as pageSheet on Tab; S is now visible",
            "S is dismissed; A is now visible",
            "UIKit refuses: nothing changes",
        ])
    }

    @Test func unwindNamesTheActionAndThePop() throws {
        let lines = try Self.narratives("""
            - tap: A.toB
            - tap: B.home
            """)
        #expect(lines.last == "A runs its unwind action unwindToA(_:); B is popped from Nav; A is now visible")
    }

    @Test func aFlowErrorStopsTheNarrative() throws {
        let lines = try Self.narratives("- back")
        #expect(lines.last == "the step cannot happen; the flow stops")
    }

    @Test func aPushedStepWithoutSegueHasNoSource() throws {
        let lines = try Self.narratives("- push: B")
        #expect(lines.last == "B is pushed onto Nav; B is now visible")
    }
}
