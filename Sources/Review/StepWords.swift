import Simulator

/// The adapter between the trace diff and the words the flow pages use for a step's effect.
///
/// The narrative itself belongs to the simulator (one description of a step for every page); until it is
/// public there, this gives the trace diff the same shape — a step and the state before it in, one line
/// out — from the state alone: presentations, the visible scene and the chain.
enum StepWords {
    static func effect(of step: StepTrace, after previous: State?) -> String {
        if step.error != nil { return "the step cannot happen; the flow stops" }
        guard let before = previous else {
            return "the app launches with \(step.state.chain.first ?? "nothing") as the window's root; \(step.state.visible) is visible"
        }
        let after = step.state
        var parts: [String] = []
        let presentedBefore = Set(before.presentations.map(\.presented))
        let presentedAfter = Set(after.presentations.map(\.presented))
        for presentation in after.presentations where !presentedBefore.contains(presentation.presented) {
            parts.append("\(presentation.source) presents \(presentation.presented) as \(presentation.style.rawValue)")
        }
        let dismissed = before.presentations.map(\.presented).filter { !presentedAfter.contains($0) }
        if !dismissed.isEmpty { parts.append(dismissed.joined(separator: ", ") + (dismissed.count == 1 ? " is" : " are") + " dismissed") }
        if after.visible != before.visible { parts.append("\(after.visible) is now visible") }
        if parts.isEmpty { return before == after ? (step.warnings.isEmpty ? "nothing changes" : "UIKit refuses: nothing changes") : "\(after.visible) is visible" }
        return parts.joined(separator: "; ")
    }
}
