import SceneModel

/// Colours, shapes and line styles shared by Scenograph's diagrams, so a scene kind
/// or segue kind looks the same in every diagram.
public enum DiagramStyle {
    public static let fontName = "Helvetica,Arial,sans-serif"
    public static let textColor = "#1F2937"
    public static let secondaryTextColor = "#4B5563"

    /// How scenes of one kind are drawn.
    public struct SceneStyle: Hashable, Sendable {
        /// Graphviz node shape.
        public var shape: String
        public var fill: String
        public var stroke: String
        /// Background of the cluster of a container scene.
        public var clusterFill: String

        public var nodeAttributes: DOTAttributes {
            ["shape": .string(shape), "style": shape == "box" ? "rounded,filled" : "filled",
             "fillcolor": .string(fill), "color": .string(stroke)]
        }
    }

    public static func scene(_ kind: SceneKind) -> SceneStyle {
        switch kind {
        case .content: SceneStyle(shape: "box", fill: "#FFFFFF", stroke: "#6B7280", clusterFill: "#FFFFFF")
        case .table: SceneStyle(shape: "box", fill: "#DBEAFE", stroke: "#2563EB", clusterFill: "#EFF6FF")
        case .collection: SceneStyle(shape: "box", fill: "#DCFCE7", stroke: "#16A34A", clusterFill: "#F0FDF4")
        case .navigation: SceneStyle(shape: "tab", fill: "#FFEDD5", stroke: "#EA580C", clusterFill: "#FFF7ED")
        case .tabBar: SceneStyle(shape: "folder", fill: "#F3E8FF", stroke: "#9333EA", clusterFill: "#FAF5FF")
        case .split: SceneStyle(shape: "box3d", fill: "#CCFBF1", stroke: "#0D9488", clusterFill: "#F0FDFA")
        case .page: SceneStyle(shape: "note", fill: "#FCE7F3", stroke: "#DB2777", clusterFill: "#FDF2F8")
        case .container: SceneStyle(shape: "component", fill: "#E5E7EB", stroke: "#4B5563", clusterFill: "#F9FAFB")
        }
    }

    /// How links of one kind are drawn.
    public struct LinkStyle: Hashable, Sendable {
        public var color: String
        /// Graphviz `style`: `solid`, `dashed`, `dotted`, `bold`.
        public var line: String
        public var arrowhead: String
        public var arrowtail: String?
        public var penwidth: Double

        public var edgeAttributes: DOTAttributes {
            var attributes: DOTAttributes = [
                "color": .string(color), "fontcolor": .string(color), "style": .string(line),
                "arrowhead": .string(arrowhead), "penwidth": .number(penwidth),
            ]
            if let arrowtail {
                attributes["arrowtail"] = .string(arrowtail)
                attributes["dir"] = "both"
            }
            return attributes
        }
    }

    /// A segue of `kind`; deprecated kinds are drawn like the kind they behave as, dotted.
    public static func segue(_ kind: SegueKind) -> LinkStyle {
        var style: LinkStyle
        switch kind.effective {
        case .show: style = LinkStyle(color: "#2563EB", line: "solid", arrowhead: "normal", penwidth: 1.4)
        case .showDetail: style = LinkStyle(color: "#0D9488", line: "solid", arrowhead: "normalnormal", penwidth: 1.4)
        case .present: style = LinkStyle(color: "#EA580C", line: "solid", arrowhead: "normal", penwidth: 2)
        case .popover: style = LinkStyle(color: "#9333EA", line: "solid", arrowhead: "vee", arrowtail: "odot", penwidth: 1.4)
        case .embed: style = LinkStyle(color: "#475569", line: "bold", arrowhead: "diamond", penwidth: 2)
        case .unwind: style = LinkStyle(color: "#DC2626", line: "dashed", arrowhead: "normal", penwidth: 1.4)
        case .custom: style = LinkStyle(color: "#A16207", line: "solid", arrowhead: "box", penwidth: 1.6)
        case .push, .modal, .replace: style = LinkStyle(color: "#6B7280", line: "solid", arrowhead: "normal", penwidth: 1)
        }
        if kind.isDeprecated { style.line = "dotted" }
        return style
    }

    /// A container's link to a relationship child (root, tab, column, page, child).
    public static let relationship = LinkStyle(color: "#9CA3AF", line: "solid", arrowhead: "none", arrowtail: "odiamond", penwidth: 1)

    /// The entry arrow to the initial scene.
    public static let initial = LinkStyle(color: "#111827", line: "solid", arrowhead: "normal", penwidth: 1.6)
}
