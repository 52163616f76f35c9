import SceneModel
import Simulator

/// How a flow's behaviour differs between two models: its result, and its first differing steps with the
/// events, warnings, failures and state each side produced, and the step's effect in words.
public struct TraceDiff: Sendable, Hashable {
    /// One side of a differing step.
    public struct StepSide: Sendable, Hashable {
        public var index: Int
        /// The step as written (`tap: library.showPhoto`).
        public var action: String
        /// The step's effect in words, as the flow pages describe it.
        public var effect: String
        /// One line per event (`photo: viewDidLoad()`).
        public var events: [String]
        public var warnings: [String]
        /// Failed expectations and the flow error, as messages.
        public var problems: [String]
        /// The state afterwards in one line: `chain tabs · visible photo · libraryNav [library, photo]`.
        public var state: String
    }

    /// A step that differs; a side is nil when that trace has no such step (it stopped earlier, or has fewer steps).
    public struct StepDifference: Sendable, Hashable {
        public var index: Int
        public var base: StepSide?
        public var head: StepSide?
    }

    public var baseResult: FlowResult
    public var headResult: FlowResult
    /// The first differing steps, in order, at most the limit given.
    public var steps: [StepDifference]
    /// How many steps differ in all.
    public var differingStepCount: Int

    public var resultChanged: Bool { baseResult != headResult }

    /// The difference of two traces of one flow, or nil when they are the same (positions aside: a flow
    /// whose lines moved behaves the same).
    public init?(base: FlowTrace, head: FlowTrace, limit: Int = 3) {
        let count = max(base.steps.count, head.steps.count)
        var differing: [StepDifference] = []
        var total = 0
        for offset in 0..<count {
            let old = offset < base.steps.count ? base.steps[offset] : nil
            let new = offset < head.steps.count ? head.steps[offset] : nil
            if let old, let new, Self.sameBehaviour(old, new) { continue }
            // A state that differs only because an earlier step left it different is that step's doing.
            if let old, let new, Self.sameActions(old, new), offset > 0, offset - 1 < base.steps.count, offset - 1 < head.steps.count,
               base.steps[offset - 1].state != head.steps[offset - 1].state,
               Self.sameStateChange(from: base.steps[offset - 1].state, to: old.state, from: head.steps[offset - 1].state, to: new.state) {
                continue
            }
            total += 1
            guard differing.count < limit else { continue }
            let previousOld = offset > 0 && offset - 1 < base.steps.count ? base.steps[offset - 1].state : nil
            let previousNew = offset > 0 && offset - 1 < head.steps.count ? head.steps[offset - 1].state : nil
            differing.append(StepDifference(
                index: old?.index ?? new?.index ?? offset,
                base: old.map { Self.side($0, after: previousOld, other: new?.state) },
                head: new.map { Self.side($0, after: previousNew, other: old?.state) }))
        }
        guard total > 0 || base.result != head.result else { return nil }
        baseResult = base.result
        headResult = head.result
        steps = differing
        differingStepCount = total
    }

    static func sameBehaviour(_ a: StepTrace, _ b: StepTrace) -> Bool {
        a.action == b.action && a.events == b.events && a.warnings == b.warnings && a.state == b.state
            && a.failures.map(\.message) == b.failures.map(\.message) && a.error?.message == b.error?.message
    }

    /// Everything but the state is the same.
    static func sameActions(_ a: StepTrace, _ b: StepTrace) -> Bool {
        a.action == b.action && a.events == b.events && a.warnings == b.warnings
            && a.failures.map(\.message) == b.failures.map(\.message) && a.error?.message == b.error?.message
    }

    /// Whether both sides' states changed alike (or not at all) over a step.
    static func sameStateChange(from a0: State, to a1: State, from b0: State, to b1: State) -> Bool {
        (a0 == a1) == (b0 == b1) && (a0 == a1 || (a1.chain == b1.chain && a1.visible == b1.visible))
    }

    static func side(_ step: StepTrace, after previous: State?, other: State?) -> StepSide {
        var problems = step.failures.map(\.message)
        if let error = step.error { problems.append("flow error: \(error.message)") }
        let isExpectation = step.action == "expect"
        return StepSide(index: step.index, action: step.action,
                        effect: isExpectation ? "" : StepNarrative.describe(step, after: previous),
                        events: step.events.map(\.line), warnings: step.warnings, problems: problems,
                        state: stateText(step.state, other: other))
    }

    /// The state in one line: chain, visible scene, presentations, and the containers that differ from `other`.
    static func stateText(_ state: State, other: State?) -> String {
        var parts = ["chain " + state.chain.joined(separator: ", "), "visible " + state.visible]
        for presentation in state.presentations {
            parts.append("\(presentation.presented) \(presentation.style.rawValue) on \(presentation.presenter)")
        }
        for container in state.containers where other?.container(container.name) != container {
            var text = "\(container.name) [\(container.children.joined(separator: ", "))]"
            if let selected = container.selected { text += " selected \(selected)" }
            if let collapsed = container.collapsed { text += collapsed ? " collapsed" : " expanded" }
            parts.append(text)
        }
        return parts.joined(separator: " · ")
    }
}
