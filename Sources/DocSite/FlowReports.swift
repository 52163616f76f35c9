import SceneModel
import Simulator

extension FlowReport {
    /// The report of a simulated flow, with each step's effect in words.
    public init(flow: Flow, trace: FlowTrace) {
        let environment = trace.environment
        let environmentText = "\(environment.idiom.rawValue), \(environment.width.rawValue) width, \(environment.height.rawValue) height, iOS \(environment.ios)"
        var steps: [StepReport] = []
        var previous: State?
        for step in trace.steps {
            let line = step.index == 0 ? flow.location.line : (step.index <= flow.steps.count ? flow.steps[step.index - 1].location.line : 0)
            var failures = step.failures.map(\.message)
            if let error = step.error { failures.append("flow error at \(error.location): \(error.message)") }
            let isExpectation = step.index > 0 && step.index <= flow.steps.count && {
                if case .expect = flow.steps[step.index - 1].action { return true }
                return false
            }()
            var text = step.action
            if isExpectation, case .expect(let expectation) = flow.steps[step.index - 1].action {
                text = "expect: " + expectation.summary
            }
            steps.append(StepReport(
                index: step.index, text: text, line: line,
                effect: isExpectation ? "" : StepEffect.describe(step, after: previous),
                events: step.events.map { ($0.receiver, $0.call) },
                warnings: step.warnings, failures: failures, isExpectation: isExpectation))
            previous = step.state
        }
        self.init(flow: flow, environment: environmentText, result: trace.result.rawValue, steps: steps)
    }
}

/// A step's effect in words, from the events it caused and the difference between the states around it.
enum StepEffect {
    static func describe(_ step: StepTrace, after previous: State?) -> String {
        if step.error != nil { return "the step cannot happen; the flow stops" }
        guard let before = previous else {
            return "the app launches with \(step.state.chain.first ?? "nothing") as the window's root; \(step.state.visible) is visible"
        }
        let after = step.state
        var parts: [String] = []
        if let refused = step.events.first(where: { $0.call.hasPrefix("shouldPerformSegue") && $0.result == false }) {
            parts.append("\(refused.receiver) refuses the segue \(refused.segue ?? ""): nothing happens")
        }
        let source = step.events.first(where: { $0.call.hasPrefix("prepare(for:sender:)") })?.receiver
        for event in step.events where event.call.hasSuffix("(_:)") && event.segue != nil && !event.call.hasPrefix("view") {
            parts.append("\(event.receiver) runs its unwind action \(event.call)")
        }
        // Presentations.
        let beforePresented = Set(before.presentations.map(\.presented))
        let afterPresented = Set(after.presentations.map(\.presented))
        for presentation in after.presentations where !beforePresented.contains(presentation.presented) {
            parts.append("\(presentation.source) presents \(presentation.presented) as \(presentation.style.rawValue) on \(presentation.presenter)")
        }
        let dismissed = before.presentations.filter { !afterPresented.contains($0.presented) }.map(\.presented)
        if !dismissed.isEmpty { parts.append("\(list(dismissed)) \(dismissed.count == 1 ? "is" : "are") dismissed") }
        // Containers.
        var beforeContainers: [String: Container] = [:]
        for container in before.containers { beforeContainers[container.name] = container }
        for container in after.containers {
            guard let old = beforeContainers[container.name] else { continue }
            switch container.kind {
            case .navigation:
                let common = zip(old.children, container.children).prefix { $0 == $1 }.count
                let popped = Array(old.children.dropFirst(common))
                let pushed = Array(container.children.dropFirst(common))
                if !popped.isEmpty { parts.append("\(list(popped.reversed())) \(popped.count == 1 ? "is" : "are") popped from \(container.name)") }
                if !pushed.isEmpty {
                    let who = source.map { "\($0) pushes " } ?? ""
                    parts.append(who.isEmpty ? "\(list(pushed)) \(pushed.count == 1 ? "is" : "are") pushed onto \(container.name)" : "\(who)\(list(pushed)) onto \(container.name)")
                }
            case .tabBar:
                if let selected = container.selected, selected != old.selected {
                    parts.append("\(container.name) selects \(selected)")
                }
            case .split:
                if let collapsed = container.collapsed, collapsed != old.collapsed {
                    parts.append("\(container.name) \(collapsed ? "collapses" : "expands")")
                }
                for (new, replaced) in zip(container.children, old.children) where new != replaced && !old.children.contains(new) {
                    parts.append("\(new) replaces \(replaced) in \(container.name)")
                }
            case .page:
                if let page = container.children.last, page != old.children.last {
                    parts.append("\(container.name) turns to \(page)")
                }
            default:
                let added = container.children.filter { !old.children.contains($0) }
                let removed = old.children.filter { !container.children.contains($0) }
                if !added.isEmpty {
                    parts.append(removed.isEmpty ? "\(list(added)) joins \(container.name)" : "\(list(added)) replaces \(list(removed)) in \(container.name)")
                }
            }
        }
        if !step.warnings.isEmpty && parts.isEmpty { parts.append("UIKit refuses: nothing changes") }
        if parts.isEmpty { return before == after ? "nothing changes" : "\(after.visible) is visible" }
        if after.visible != before.visible { parts.append("\(after.visible) is now visible") }
        return parts.joined(separator: "; ")
    }

    static func list<S: Sequence>(_ names: S) -> String where S.Element == String {
        let items = Array(names)
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
