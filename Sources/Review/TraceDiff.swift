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
        /// For a side without the step because its flow stopped before it: the step that stopped it.
        public var baseStoppedAt: Int? = nil
        public var headStoppedAt: Int? = nil

        /// `step 3`, or `step 3 → 4` when steps added or removed above it moved it, `step 3 (before only)`,
        /// `step 4 (after only)`: each side's own number, as `check` and the flow pages count.
        public var label: String {
            switch (base?.index, head?.index) {
            case let (old?, new?) where old == new: "step \(old)"
            case let (old?, new?): "step \(old) → \(new)"
            case let (old?, nil): headStoppedAt.map { "step \(old) (not run after: the flow stops at step \($0))" } ?? "step \(old) (before only)"
            case let (nil, new?): baseStoppedAt.map { "step \(new) (not run before: the flow stopped at step \($0))" } ?? "step \(new) (after only)"
            case (nil, nil): "step \(index)"
            }
        }
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
    ///
    /// Steps are paired by what they say (`tap: library.showPhoto`), as a text diff pairs lines, so that a step
    /// added or removed does not make every later step differ. A step on one side only that does nothing (an
    /// `expect` that passes, a `note`) is no difference: adding assertions or rewording notes changes no behaviour.
    public init?(base: FlowTrace, head: FlowTrace, limit: Int = 3) {
        var differing: [StepDifference] = []
        var total = 0
        for (oldOffset, newOffset) in Self.pairs(base.steps.map(\.action), head.steps.map(\.action)) {
            let old = oldOffset.map { base.steps[$0] }
            let new = newOffset.map { head.steps[$0] }
            let previousOld = oldOffset.flatMap { $0 > 0 ? base.steps[$0 - 1].state : nil }
            let previousNew = newOffset.flatMap { $0 > 0 ? head.steps[$0 - 1].state : nil }
            if let old, let new, Self.sameBehaviour(old, new) { continue }
            if [old.map { Self.isInert($0, after: previousOld) }, new.map { Self.isInert($0, after: previousNew) }]
                .compactMap({ $0 }).allSatisfy({ $0 }) { continue }
            // A state that differs only because an earlier step left it different is that step's doing.
            if let old, let new, let previousOld, let previousNew, Self.sameActions(old, new), previousOld != previousNew,
               Self.sameStateChange(from: previousOld, to: old.state, from: previousNew, to: new.state) {
                continue
            }
            total += 1
            guard differing.count < limit else { continue }
            // A step one side never ran because its flow stopped earlier is not a step it lacks.
            let baseStop = base.errorStep?.index, headStop = head.errorStep?.index
            differing.append(StepDifference(
                index: old?.index ?? new?.index ?? 0,
                base: old.map { Self.side($0, after: previousOld, other: new?.state) },
                head: new.map { Self.side($0, after: previousNew, other: old?.state) },
                baseStoppedAt: old == nil ? baseStop.flatMap { stop in (new?.index ?? 0) > stop ? stop : nil } : nil,
                headStoppedAt: new == nil ? headStop.flatMap { stop in (old?.index ?? 0) > stop ? stop : nil } : nil))
        }
        guard total > 0 || base.result != head.result else { return nil }
        baseResult = base.result
        headResult = head.result
        steps = differing
        differingStepCount = total
    }

    /// The steps of two traces paired by their text, in order: the longest run of equal steps both share, and
    /// between two equal steps the others paired in turn, the longer side's extra steps alone. Traces too long for
    /// the quadratic table are paired by position.
    static func pairs(_ old: [String], _ new: [String]) -> [(Int?, Int?)] {
        guard old.count * new.count <= 4_000_000 else {
            return (0..<max(old.count, new.count)).map { ($0 < old.count ? $0 : nil, $0 < new.count ? $0 : nil) }
        }
        // common[i][j]: the longest common run of old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [(Int?, Int?)] = []
        var removed: [Int] = [], added: [Int] = []
        func flush() {
            for k in 0..<max(removed.count, added.count) {
                result.append((k < removed.count ? removed[k] : nil, k < added.count ? added[k] : nil))
            }
            removed = []
            added = []
        }
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                flush()
                result.append((i, j))
                i += 1
                j += 1
            } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
                removed.append(i)
                i += 1
            } else {
                added.append(j)
                j += 1
            }
        }
        flush()
        return result
    }

    /// A step that does nothing: an `expect` that passes or a `note`, with no events and the state unchanged.
    static func isInert(_ step: StepTrace, after previous: State?) -> Bool {
        (step.action == "expect" || step.action.hasPrefix("note: ") || step.action == "note")
            && step.events.isEmpty && step.warnings.isEmpty && step.failures.isEmpty && step.error == nil
            && (previous == nil || previous == step.state)
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
                        state: stateText(step.state, other: other ?? previous))
    }

    /// The state in one line: chain, visible scene, presentations, and the containers that differ from `other`: the
    /// other side's state, or for a step only one side runs, its own state before the step (what the step changed;
    /// every container of the app would bury it).
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
