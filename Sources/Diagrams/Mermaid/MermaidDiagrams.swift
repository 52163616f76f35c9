import SceneModel

/// The segue graph as a Mermaid flowchart: a node per scene (coloured by kind), a line from each container to
/// its children, an edge per segue coloured by kind, unwinds drawn back to the scenes implementing the action.
///
/// Mermaid cannot draw what the Graphviz SVG draws with its own shapes: containers are lines to their children,
/// not boxes around them; arrowheads are only arrows, circles and crosses (no diamonds, boxes or double heads);
/// there are no tooltips, no links to the docs pages and no legend.
public struct MermaidSegueGraph: Sendable {
    public var model: SceneModel

    public init(model: SceneModel) { self.model = model }

    public var text: String { flowchart().text }

    public func flowchart() -> MermaidFlowchart {
        var chart = MermaidFlowchart(direction: .leftToRight, title: "\(model.name) — segues")
        var ids: [String: String] = [:]
        for kind in SceneKind.allCases where model.scenes.contains(where: { $0.kind == kind }) {
            let style = DiagramStyle.scene(kind)
            chart.define(.init(name: Self.className(kind), fill: style.fill, stroke: style.stroke, textColor: DiagramStyle.textColor))
        }
        for scene in model.scenes where ids[scene.id] == nil {
            // As the Graphviz graph: the title, the id when it differs (scenes may share a title), the class.
            let title = scene.title.flatMap { $0.isEmpty ? nil : $0 }
            let label = ([title ?? scene.id] + (title.map { $0 != scene.id ? [scene.id] : [] } ?? []) + [scene.className]).joined(separator: "\n")
            ids[scene.id] = chart.addNode(label: label, shape: scene.kind.isContainer ? .subroutine : .rounded,
                                          className: Self.className(scene.kind))
        }
        if let initial = model.initial?.value, let target = ids[initial] {
            let start = chart.addNode(label: "launch", shape: .circle, className: "launch")
            chart.define(.init(name: "launch", fill: DiagramStyle.initial.color, stroke: DiagramStyle.initial.color, textColor: "#FFFFFF"))
            chart.addEdge(.init(from: start, to: target, style: Self.linkStyle(DiagramStyle.initial)))
        }
        for container in model.scenes where container.kind.isContainer {
            guard let from = ids[container.id] else { continue }
            for child in container.containedScenes {
                guard let to = ids[child.value] else { continue }
                chart.addEdge(.init(from: from, to: to, line: .solid, end: .none, style: Self.linkStyle(DiagramStyle.relationship)))
            }
        }
        for segue in model.allSegues {
            guard let from = ids[segue.source] else { continue }
            let kind = segue.kind.value
            let style = DiagramStyle.segue(kind)
            let targets = kind.effective == .unwind
                ? model.scenesImplementing(unwindAction: segue.action?.value ?? "").map(\.id)
                : kind == .code && segue.call?.value == .dismiss ? []
                : [segue.destination?.value].compactMap { $0 }
            for target in targets {
                guard let to = ids[target] else { continue }
                chart.addEdge(.init(from: from, to: to, label: Self.label(segue, in: model), line: Self.line(style), end: Self.end(style),
                                    style: Self.linkStyle(style)))
            }
        }
        return chart
    }

    /// The class of scenes of `kind`: `scene-navigation`.
    public static func className(_ kind: SceneKind) -> String { "scene_" + kind.rawValue }

    /// The segue's name (its label, else its id) and, for modal segues, the presentation style it asks for.
    public static func label(_ segue: Segue, in model: SceneModel) -> String {
        let kind = segue.kind.value
        var label = segue.displayName
        if kind.effective == .unwind { label += "\n\(segue.action?.value ?? "?")(_:)" }
        if kind == .code, let call = segue.call?.value { label += "\n" + call.signature }
        if segue.effectiveKind == .present || kind.effective == .custom {
            let style = segue.modalPresentationStyle?.value
                ?? segue.destination.flatMap { model.scene($0.value) }?.modalPresentationStyle ?? .automatic
            label += "\n" + style.rawValue
        }
        return label
    }

    /// The nearest Mermaid line for a Graphviz style.
    public static func line(_ style: DiagramStyle.LinkStyle) -> MermaidFlowchart.Line {
        switch style.line {
        case "dashed", "dotted": .dotted
        case "bold": .thick
        default: .solid
        }
    }

    /// The nearest Mermaid arrow end for a Graphviz arrowhead.
    public static func end(_ style: DiagramStyle.LinkStyle) -> MermaidFlowchart.ArrowEnd {
        switch style.arrowhead {
        case "none": .none
        case "dot", "odot", "diamond", "odiamond", "box": .circle
        default: .arrow
        }
    }

    /// `stroke:#…,stroke-width:…px` (and a dash pattern for dashed lines).
    public static func linkStyle(_ style: DiagramStyle.LinkStyle, color: String? = nil, dashed: Bool? = nil) -> String {
        var css = "stroke:\(color ?? style.color),stroke-width:\(MermaidText.number(style.penwidth))px"
        if dashed ?? (style.line == "dashed") { css += ",stroke-dasharray:6 4" }
        return css
    }
}

/// A flow's lifecycle sequence as a Mermaid `sequenceDiagram`, from the same script as the Graphviz drawing.
///
/// Mermaid lays out participants and messages itself: it has no activation bars drawn from the script's
/// spans, no lifelines that start at `init(coder:)` or end at `deinit` (both are plain messages), no
/// second and third header lines (class, container) and no step bands (steps are notes across the lanes).
public struct MermaidSequenceDiagram: Sendable {
    public init() {}

    public func text(for script: SequenceScript) -> String {
        var lines = ["sequenceDiagram"]
        var aliases: [String: String] = [:]
        for (offset, participant) in script.participants.enumerated() {
            let alias = "p\(offset + 1)"
            aliases[participant.id] = alias
            let keyword = participant.role == .user ? "actor" : "participant"
            var title = participant.title
            if let subtitle = participant.subtitle { title += " (\(subtitle))" }
            lines.append("  \(keyword) \(alias) as \(MermaidText.line(title))")
        }
        let first = script.participants.first.flatMap { aliases[$0.id] }
        let last = script.participants.last.flatMap { aliases[$0.id] }
        let span = [first, last].compactMap { $0 }
        let across = span.count == 2 && span[0] != span[1] ? span.joined(separator: ",") : (span.first ?? "p1")
        for item in script.items {
            switch item {
            case .step(let index, let text):
                lines.append("  Note over \(across): \(MermaidText.line("step \(index) · \(text)"))")
            case .message(let from, let to, let label, let style):
                guard let a = aliases[from], let b = aliases[to] else { continue }
                let arrow = style == .api ? "-)" : (style == .destroy ? "-x" : "->>")
                lines.append("  \(a)\(arrow)\(b): \(MermaidText.line(label))")
            case .note(let text):
                lines.append("  Note over \(across): \(MermaidText.line(text))")
            case .warning(let text):
                lines.append("  Note over \(across): \(MermaidText.line("UIKit warning: " + text))")
            case .failure(let text):
                lines.append("  Note over \(across): \(MermaidText.line("FAILED " + text))")
            case .activation:
                continue
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
