/// A step's effect in words, for people reading a flow's documentation: "library pushes
/// photo onto libraryNav", "photo presents share as pageSheet on tabs; share is now visible".
///
/// The words come from the step's typed events (a refused segue, an unwind action, who
/// prepared a segue) and from the difference between the states before and after the step
/// (what was presented, dismissed, pushed, popped, selected, collapsed, replaced or turned).
public enum StepNarrative {
    /// Describes `step`, whose state follows `previous` (`nil` for the launch).
    public static func describe(_ step: StepTrace, after previous: State?) -> String {
        if step.error != nil { return "the step cannot happen; the flow stops" }
        guard let before = previous else {
            return "the app launches with \(step.state.chain.first ?? "nothing") as the window's root; \(step.state.visible) is visible"
        }
        let after = step.state
        var parts: [String] = []
        var source: String?
        for event in step.events {
            switch event.kind {
            case .segueCheck where event.result == false:
                parts.append("\(event.receiver) refuses the segue \(event.segue ?? ""): nothing happens")
            case .seguePrepare where source == nil:
                source = event.receiver
            case .unwindAction:
                parts.append("\(event.receiver) runs its unwind action \(event.call)")
            default:
                break
            }
        }
        parts += presentationChanges(from: before, to: after)
        parts += containerChanges(from: before, to: after, source: source)
        if !step.warnings.isEmpty && parts.isEmpty { parts.append("UIKit refuses: nothing changes") }
        if parts.isEmpty { return before == after ? "nothing changes" : "\(after.visible) is visible" }
        if after.visible != before.visible { parts.append("\(after.visible) is now visible") }
        return parts.joined(separator: "; ")
    }

    private static func presentationChanges(from before: State, to after: State) -> [String] {
        var parts: [String] = []
        let beforePresented = Set(before.presentations.map(\.presented))
        let afterPresented = Set(after.presentations.map(\.presented))
        for presentation in after.presentations where !beforePresented.contains(presentation.presented) {
            parts.append("\(presentation.source) presents \(presentation.presented) as \(presentation.style.rawValue) on \(presentation.presenter)")
        }
        let dismissed = before.presentations.filter { !afterPresented.contains($0.presented) }.map(\.presented)
        if !dismissed.isEmpty { parts.append("\(list(dismissed)) \(dismissed.count == 1 ? "is" : "are") dismissed") }
        return parts
    }

    private static func containerChanges(from before: State, to after: State, source: String?) -> [String] {
        var parts: [String] = []
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
                    if let source {
                        parts.append("\(source) pushes \(list(pushed)) onto \(container.name)")
                    } else {
                        parts.append("\(list(pushed)) \(pushed.count == 1 ? "is" : "are") pushed onto \(container.name)")
                    }
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
            case .container, .content, .table, .collection:
                let added = container.children.filter { !old.children.contains($0) }
                let removed = old.children.filter { !container.children.contains($0) }
                if !added.isEmpty {
                    parts.append(removed.isEmpty ? "\(list(added)) joins \(container.name)" : "\(list(added)) replaces \(list(removed)) in \(container.name)")
                }
            }
        }
        return parts
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list<S: Sequence>(_ names: S) -> String where S.Element == String {
        let items = Array(names)
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
