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

    /// The whole flow as one sequence: every step's segment one after another.
    public func sequenceScript(for flow: FlowTrace, launch: LaunchDetail = .summary) -> SequenceScript {
        let (segments, participants) = sequenceSegments(for: flow, launch: launch)
        var script = SequenceScript(title: flow.flow, participants: participants)
        for segment in segments {
            let offset = script.items.count
            script.items += segment.items.map { $0.shifted(by: offset) }
        }
        return script
    }

    /// One segment per drawn step: its items (activations indexed from the segment's start) and, separately,
    /// the participants of the whole flow in order of appearance.
    func sequenceSegments(for flow: FlowTrace, launch: LaunchDetail) -> (segments: [SequenceSegment], participants: [SequenceScript.Participant]) {
        var participants: [String] = []
        var seen: Set<String> = []
        var parents: [String: String] = [:]
        for step in flow.steps {
            for container in step.state.containers {
                for child in container.children where parents[child] == nil { parents[child] = container.name }
            }
        }
        var segments: [SequenceSegment] = []
        var lastPrepare: [String: String] = [:]
        func participant(_ name: String) {
            if seen.insert(name).inserted { participants.append(name) }
        }
        let flowModel = model.flow(flow.flow)
        for step in flow.steps {
            // A passed expectation has nothing to draw.
            if step.action == "expect", step.events.isEmpty, step.failures.isEmpty, step.error == nil { continue }
            var items: [SequenceScript.Item] = [.step(index: step.index, text: step.action)]
            if step.index == 0, launch == .summary, step.error == nil, !step.events.isEmpty {
                items += launchSummary(step, participant: participant)
                for event in step.events where event.kind == .seguePrepare {
                    if let segue = event.segue { lastPrepare[segue] = event.receiver }
                }
                segments.append(SequenceSegment(step: step.index, text: step.action, items: items))
                continue
            }
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
                    // Segue identifiers have no '.': the scene is everything before the last one.
                    receiver = lastPrepare[receiver] ?? Self.scene(of: receiver.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(receiver[..<$0]) } ?? receiver)
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
            segments.append(SequenceSegment(step: step.index, text: step.action, items: items))
        }
        let all: [SequenceScript.Participant] = [
            .init(id: Self.userParticipant, title: "User", role: .user),
            .init(id: Self.uikitParticipant, title: "UIKit", role: .uikit),
        ] + participants.map { name in
            .init(id: name, title: name, subtitle: className(of: name), detail: parents[name].map { "in \($0)" },
                  role: isContainer(name) ? .container : .content)
        }
        return (segments, all)
    }

    /// The launch in a few rows: one per container with its children (a lifeline for the containers on screen, a
    /// note for the others), one creating each content instance on screen, and one listing each on-screen instance's
    /// appearance callbacks. Every callback stays in the step's list and in `--detail full`.
    func launchSummary(_ step: StepTrace, participant: (String) -> Void) -> [SequenceScript.Item] {
        // On screen: the visible set, and what appeared (an embedded child is not in any container's list).
        let visible = Self.visibleSet(of: step.state)
            .union(step.events.filter { $0.kind == .lifecycle && $0.call.hasPrefix("viewDidAppear") }.map(\.receiver))
        var containers: [String: Container] = [:]
        for container in step.state.containers { containers[container.name] = container }
        var items: [SequenceScript.Item] = []
        var order: [String] = []
        var known: Set<String> = []
        for event in step.events where event.kind != .seguePerform && known.insert(event.receiver).inserted { order.append(event.receiver) }
        for name in order {
            if let container = containers[name] {
                let children = container.children.map { $0 == container.selected ? "\($0) (selected)" : $0 }.joined(separator: ", ")
                if visible.contains(name) {
                    participant(name)
                    items.append(.message(from: Self.uikitParticipant, to: name, label: "init(coder:)", style: .create))
                    items.append(.message(from: Self.uikitParticipant, to: name, label: "children: \(children)", style: .callback))
                } else {
                    items.append(.note("\(name) (\(className(of: name))) is created with \(children), off screen"))
                }
            } else if visible.contains(name) {
                participant(name)
                items.append(.message(from: Self.uikitParticipant, to: name, label: "init(coder:)", style: .create))
            }
        }
        for name in order where visible.contains(name) {
            let calls = step.events.filter { $0.receiver == name && ($0.kind == .lifecycle || $0.kind == .seguePrepare) && $0.call != "awakeFromNib()" }
                .map { event in event.kind == .seguePrepare ? "prepare \(event.segue ?? "")" : event.call }
            if !calls.isEmpty {
                items.append(.message(from: Self.uikitParticipant, to: name, label: calls.joined(separator: " · "), style: .callback))
            }
        }
        items.append(.note("launch summarised: \(step.events.count) callbacks in all, listed with the step"))
        return items
    }

    // MARK: - Sequence parts

    /// The flow's sequence cut into parts of at most `maxWidth` points at natural size: one part per drawn step,
    /// with only the participants that step involves, and a step whose participants do not fit cut into several
    /// parts. Steps without any message (a passed expectation, a note) have no part.
    public func sequenceParts(for flow: FlowTrace, launch: LaunchDetail = .summary, maxWidth: Double = SequencePart.maximumWidth,
                              style: SequenceDiagram.Style = .init()) -> [SequencePart] {
        let (segments, participants) = sequenceSegments(for: flow, launch: launch)
        var parts: [SequencePart] = []
        for segment in segments {
            let chunks = Self.chunks(of: segment, participants: participants, maxWidth: maxWidth, style: style)
            for (offset, chunk) in chunks.enumerated() {
                var script = chunk
                if chunks.count > 1, case .step(let index, let text)? = script.items.first {
                    script.items[0] = .step(index: index, text: "\(text) (part \(offset + 1) of \(chunks.count))")
                }
                parts.append(SequencePart(step: segment.step, text: segment.text, part: offset + 1, of: chunks.count, script: script))
            }
        }
        return parts
    }

    /// A segment as scripts no wider than `maxWidth`: its items in order, cut before the message that would make
    /// a part too wide (a part keeps at least one message).
    /// `layingOutEveryCandidate` measures each candidate part by laying it out in full, the slow way the quick one
    /// is tested against.
    static func chunks(of segment: SequenceSegment, participants: [SequenceScript.Participant], maxWidth: Double,
                       style: SequenceDiagram.Style, layingOutEveryCandidate: Bool = false) -> [SequenceScript] {
        guard case .step? = segment.items.first else { return [] }
        let body = segment.items.dropFirst().filter { if case .activation = $0 { return false } else { return true } }
        guard body.contains(where: { if case .message = $0 { return true } else { return false } }) else { return [] }
        let activation = segment.items.compactMap { item -> String? in
            if case .activation(let participant, _, _) = item { return participant }
            return nil
        }.first
        func script(_ items: [SequenceScript.Item]) -> SequenceScript {
            var used: Set<String> = []
            for item in items {
                if case .message(let from, let to, _, _) = item { used.insert(from); used.insert(to) }
            }
            var all = [segment.items[0]] + items
            if let activation, used.contains(activation), all.count > 2 {
                all.append(.activation(participant: activation, from: 1, to: all.count - 1))
            }
            return SequenceScript(title: segment.text, participants: participants.filter { used.contains($0.id) }, items: all)
        }
        var chunks: [SequenceScript] = []
        var current: [SequenceScript.Item] = []
        var hasMessage = false
        // The width of `script(current + [item])` without laying it out: the lanes of its participants, widened
        // for its messages' labels, and the furthest reach of its items on them. The lanes of `current` are kept
        // with its items fitted in order, so a candidate costs one more fit; only a new participant (which moves
        // every lane) or a widened gap (which moves the items' reaches) makes them over.
        var used: Set<String> = []
        var lanes = SequenceLayout.Lanes([], style: style)
        var reach = -Double.infinity
        func lanesWith(_ item: SequenceScript.Item) -> (lanes: SequenceLayout.Lanes, reach: Double, used: Set<String>) {
            var candidate = used
            if case .message(let from, let to, _, _) = item { candidate.insert(from); candidate.insert(to) }
            var widened: SequenceLayout.Lanes
            var farthest: Double
            if candidate.count == used.count {
                widened = lanes
                farthest = reach
            } else {
                widened = SequenceLayout.Lanes(participants.filter { candidate.contains($0.id) }, style: style)
                for item in current { widened.fit(item) }
                farthest = current.compactMap { widened.reach(of: $0) }.max() ?? -Double.infinity
            }
            let before = widened.columns
            widened.fit(item)
            if widened.columns != before {
                farthest = current.compactMap { widened.reach(of: $0) }.max() ?? -Double.infinity
            }
            farthest = max(farthest, widened.reach(of: item) ?? -Double.infinity)
            return (widened, farthest, candidate)
        }
        for item in body {
            let isMessage: Bool
            if case .message = item { isMessage = true } else { isMessage = false }
            var next = lanesWith(item)
            if isMessage, hasMessage,
               (layingOutEveryCandidate ? SequenceLayout(script: script(current + [item]), style: style).width
                                        : next.lanes.width(reaching: next.reach)) > maxWidth {
                chunks.append(script(current))
                current = []
                hasMessage = false
                used = []
                lanes = SequenceLayout.Lanes([], style: style)
                reach = -Double.infinity
                next = lanesWith(item)
            }
            current.append(item)
            (lanes, reach, used) = next
            hasMessage = hasMessage || isMessage
        }
        if !current.isEmpty {
            if hasMessage || chunks.isEmpty {
                chunks.append(script(current))
            } else if var last = chunks.popLast() {
                // Trailing notes stay with the last part.
                last = script(Array(last.items.dropFirst().filter { if case .activation = $0 { return false } else { return true } }) + current)
                chunks.append(last)
            }
        }
        return chunks
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
            var container = depth < 32 ? byName[name] : nil
            var children: [ChainFrame.Box] = []
            var ownCaption = caption
            var isFolded = false
            // A container off screen below the top level is drawn folded, with a count of what it holds, so that a
            // frame's width follows what is on screen rather than every tab's stack.
            if depth > 0, let folded = container, !visible.contains(name), !folded.children.isEmpty {
                ownCaption = [caption, "holds \(folded.children.count)"].compactMap { $0 }.joined(separator: ", ")
                container = nil
                isFolded = true
            }
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
                children = ChainFrame.shortenedRuns(children)
                if container.kind == .split, let collapsed = container.collapsed {
                    ownCaption = [caption, collapsed ? "collapsed" : "expanded"].compactMap { $0 }.joined(separator: ", ")
                }
            }
            // A folded container's class is on its scene's page; the box stays narrow.
            return ChainFrame.Box(instance: name, className: isFolded ? "" : className(of: name), isContainer: !children.isEmpty,
                                  caption: ownCaption, isVisible: visible.contains(name), children: children)
        }
        func layer(_ offset: Int) -> ChainFrame.Layer {
            let root = state.chain[offset]
            guard offset > 0, let presentation = state.presentation(of: root) else { return ChainFrame.Layer(root: box(root)) }
            let link = "\(presentation.style.rawValue) · \(presentation.transition.rawValue), from \(presentation.source)"
            return ChainFrame.Layer(root: box(root), presenter: presentation.presenter, link: link)
        }
        let count = state.chain.count
        guard count > ChainFrame.maximumLayers else { return (0..<count).map(layer) }
        // A long chain: the window's root and the first presented layer, a stand-in, the top layers.
        let kept = ChainFrame.maximumLayers - 1
        let head = 2, tail = kept - head
        return (0..<head).map(layer) + [.omitted(count - head - tail)] + ((count - tail)..<count).map(layer)
    }
}
