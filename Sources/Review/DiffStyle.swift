import Diagrams

/// The Mermaid classes of the diff graph, from the style table's rows for changes (`DiagramStyle.change`).
public enum DiffStyle {
    public typealias Status = DiagramStyle.Change

    public static func colors(_ status: Status) -> DiagramStyle.ChangeStyle { DiagramStyle.change(status) }

    /// The Mermaid class of nodes of `status`.
    public static func mermaidClass(_ status: Status) -> MermaidFlowchart.ClassDefinition {
        let c = colors(status)
        return .init(name: status.rawValue, fill: c.fill, stroke: c.stroke, textColor: c.stroke, dashed: c.dashed, strokeWidth: c.penwidth)
    }
}
