import SceneModel
import Simulator

/// Turns simulated flows into the inputs of the sequence diagram and the chain filmstrip.
public struct TraceDiagrams: Sendable {
    public let model: SceneModel

    public init(model: SceneModel) { self.model = model }

    /// The scene of an instance name: `photo#2` → `photo`.
    static func scene(of instance: String) -> String {
        Identifier.scene(ofInstance: instance)
    }

    func className(of instance: String) -> String {
        model.scene(Self.scene(of: instance))?.className ?? "UIViewController"
    }

    func isContainer(_ instance: String) -> Bool {
        model.scene(Self.scene(of: instance))?.kind.isContainer ?? false
    }

    // MARK: - Sequence

    static let userParticipant = "User"
    static let uikitParticipant = "UIKit"

    public func sequenceScript(for flow: FlowTrace) -> SequenceScript {
        var script = SequenceScript(title: flow.flow)
        var participants: [String] = []
        var seen: Set<String> = []
        var parents: [String: String] = [:]
        for step in flow.steps {
            for container in step.state.containers {
                for child in container.children where parents[child] == nil { parents[child] = container.name }
            }
        }
        var items: [SequenceScript.Item] = []
        var lastPrepare: [String: String] = [:]
        func participant(_ name: String) {
            if seen.insert(name).inserted { participants.append(name) }
        }
        let flowModel = model.flow(flow.flow)
        for step in flow.steps {
            // A passed expectation has nothing to draw.
            if step.action == "expect", step.events.isEmpty, step.failures.isEmpty, step.error == nil { continue }
            items.append(.step(index: step.index, text: step.action))
            let stepStart = items.count
            let source = flowModel.flatMap { step.index >= 1 && step.index <= $0.steps.count ? $0.steps[step.index - 1].action : nil }
            var activeInstance: String?
            switch source {
            case .tap(let ref)?:
                let trigger = model.segue(ref)?.trigger ?? ref.description
                if let receiver = step.events.first(where: { $0.kind == .segueCheck })?.receiver {
                    participant(receiver)
                    items.append(.message(from: Self.userParticipant, to: receiver, label: "tap \(trigger)", style: .user))
                    activeInstance = receiver
                }
            case .back?: items.append(.message(from: Self.userParticipant, to: Self.uikitParticipant, label: "tap Back", style: .user))
            case .swipeDown?: items.append(.message(from: Self.userParticipant, to: Self.uikitParticipant, label: "swipe the sheet down", style: .user))
            case .selectTab(let tab)?: items.append(.message(from: Self.userParticipant, to: Self.uikitParticipant, label: "tap tab \(tab.value)", style: .user))
            case .swipePage(let direction)?: items.append(.message(from: Self.userParticipant, to: Self.uikitParticipant, label: "swipe to the \(direction.rawValue) page", style: .user))
            case .note(let text)?: items.append(.note(text))
            case .perform?:
                activeInstance = step.events.first(where: { $0.kind == .seguePrepare })?.receiver
            default: break
            }
            for event in step.events {
                var receiver = event.receiver
                var label = event.call
                if event.kind == .seguePerform {
                    // The receiver is the segue `S.G`: draw it on the source instance.
                    label = "\(receiver).perform()"
                    receiver = lastPrepare[receiver] ?? Self.scene(of: String(receiver.split(separator: ".").first ?? ""))
                }
                if let segue = event.segue {
                    switch event.kind {
                    case .seguePrepare:
                        lastPrepare[segue] = receiver
                        label += " \(segue)" + (event.destination.map { " → \($0)" } ?? "")
                    case .segueCheck:
                        label += " \(segue) → \(event.result.map { $0 ? "true" : "false" } ?? "?")"
                    default:
                        label += " \(segue)"
                    }
                }
                if let argument = event.argument { label += " \(argument.text)" }
                participant(receiver)
                // API calls are drawn from the instance to UIKit, everything else from UIKit to the instance.
                let style: SequenceScript.MessageStyle
                switch event.kind {
                case .creation: style = .create
                case .destruction: style = .destroy
                case .api: style = .api
                case .lifecycle, .containment, .segueCheck, .seguePrepare, .seguePerform, .unwindAction, .delegate: style = .callback
                }
                if style == .api {
                    items.append(.message(from: receiver, to: Self.uikitParticipant, label: label, style: .api))
                } else {
                    items.append(.message(from: Self.uikitParticipant, to: receiver, label: label, style: style))
                }
            }
            for warning in step.warnings { items.append(.warning("UIKit: \(warning)")) }
            for failure in step.failures { items.append(.failure("expect failed: \(failure.message)")) }
            if let error = step.error { items.append(.failure("flow error at \(error.location): \(error.message)")) }
            if let active = activeInstance, items.count - 1 > stepStart {
                items.append(.activation(participant: active, from: stepStart, to: items.count - 1))
            }
        }
        script.participants = [
            .init(id: Self.userParticipant, title: "User", role: .user),
            .init(id: Self.uikitParticipant, title: "UIKit", role: .uikit),
        ] + participants.map { name in
            .init(id: name, title: name, subtitle: className(of: name), detail: parents[name].map { "in \($0)" },
                  role: isContainer(name) ? .container : .content)
        }
        script.items = items
        return script
    }

    // MARK: - Chains

    /// One frame per step that can change the state (not `expect`, `note` or `set`).
    public func chainFrames(for flow: FlowTrace) -> [ChainFrame] {
        flow.steps.filter { step in
            !(step.action.hasPrefix("expect") || step.action.hasPrefix("note:") || step.action.hasPrefix("set:"))
        }.map { step in
            ChainFrame(title: "\(step.index). \(step.action)", layers: layers(of: step.state))
        }
    }

    /// The instances on screen: each layer's visible subtree, minus what covering presentations hide.
    public static func visibleSet(of state: State) -> Set<String> {
        var byName: [String: Container] = [:]
        for container in state.containers { byName[container.name] = container }
        func subtree(_ name: String) -> [String] {
            guard let container = byName[name] else { return [name] }
            let shown: [String]
            switch container.kind {
            case .navigation: shown = container.children.last.map { [$0] } ?? []
            case .tabBar: shown = container.selected.map { [$0] } ?? []
            case .split: shown = container.collapsed == true ? Array(container.children.prefix(1)) : container.children
            case .page: shown = container.children.last.map { [$0] } ?? []
            default: shown = container.children
            }
            return [name] + shown.flatMap(subtree)
        }
        // Layer by layer from the bottom: a layer presented in a context is on screen only
        // while its context is visible below it (docs/semantics.md §1).
        var visible: [Set<String>] = []
        for (layer, root) in state.chain.enumerated() {
            var own = Set(subtree(root))
            if layer > 0, state.presentations.indices.contains(layer - 1) {
                let presentation = state.presentations[layer - 1]
                if Rules.followsContext(presentation.style), !visible.contains(where: { $0.contains(presentation.presenter) }) {
                    own = []
                } else if Rules.hidesLowerLayers(presentation.style) {
                    for lower in visible.indices { visible[lower] = [] }
                } else if Rules.hidesContext(presentation.style) {
                    let hidden = Set(subtree(presentation.presenter))
                    for lower in visible.indices { visible[lower].subtract(hidden) }
                }
            }
            visible.append(own)
        }
        return visible.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    func layers(of state: State) -> [ChainFrame.Layer] {
        var byName: [String: Container] = [:]
        for container in state.containers { byName[container.name] = container }
        let visible = Self.visibleSet(of: state)
        func box(_ name: String, caption: String? = nil, depth: Int = 0) -> ChainFrame.Box {
            let container = depth < 32 ? byName[name] : nil
            var children: [ChainFrame.Box] = []
            var ownCaption = caption
            if let container {
                for (offset, child) in container.children.enumerated() {
                    var childCaption: String?
                    switch container.kind {
                    case .navigation: childCaption = offset == container.children.count - 1 ? "top" : nil
                    case .tabBar: childCaption = child == container.selected ? "selected" : nil
                    case .split:
                        // The column a child fills, by its scene (a collapsed split holds fewer children).
                        let split = model.scene(Self.scene(of: name))
                        let columns = [("primary", split?.primary), ("supplementary", split?.supplementary),
                                       ("secondary", split?.secondary), ("compact", split?.compact)]
                        childCaption = columns.first { $0.1?.value == Self.scene(of: child) }?.0
                    case .page: childCaption = "current page"
                    default: childCaption = nil
                    }
                    children.append(box(child, caption: childCaption, depth: depth + 1))
                }
                if container.kind == .split, let collapsed = container.collapsed {
                    ownCaption = [caption, collapsed ? "collapsed" : "expanded"].compactMap { $0 }.joined(separator: ", ")
                }
            }
            return ChainFrame.Box(instance: name, className: className(of: name), isContainer: !children.isEmpty,
                                  caption: ownCaption, isVisible: visible.contains(name), children: children)
        }
        return state.chain.enumerated().map { offset, root in
            guard offset > 0, let presentation = state.presentation(of: root) else { return ChainFrame.Layer(root: box(root)) }
            let link = "\(presentation.style.rawValue) · \(presentation.transition.rawValue), from \(presentation.source)"
            return ChainFrame.Layer(root: box(root), presenter: presentation.presenter, link: link)
        }
    }
}
