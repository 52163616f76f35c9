/// A Mermaid flowchart, built from typed parts and written deterministically: nodes and edges in the order
/// they were added, generated node ids (`n1`), user text only inside quoted, escaped labels.
///
/// GitHub renders Mermaid in Markdown (a ```` ```mermaid ```` block) with no hosting, so a diagram written this way
/// travels in a README or a pull-request comment.
public struct MermaidFlowchart: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
        case leftToRight = "LR"
        case topToBottom = "TB"
    }

    public enum Shape: Sendable, Hashable {
        /// `["…"]`
        case box
        /// `("…")`
        case rounded
        /// `[["…"]]`
        case subroutine
        /// `[("…")]`
        case cylinder
        /// `(("…"))`
        case circle
        /// `{{"…"}}`
        case hexagon

        func wrap(_ label: String) -> String {
            switch self {
            case .box: "[\(label)]"
            case .rounded: "(\(label))"
            case .subroutine: "[[\(label)]]"
            case .cylinder: "[(\(label))]"
            case .circle: "((\(label)))"
            case .hexagon: "{{\(label)}}"
            }
        }
    }

    /// How an edge is drawn; the arrow end is Mermaid's `>`, `o` (circle) or `x` (cross), or none.
    public enum Line: Sendable, Hashable {
        case solid, dotted, thick

        func arrow(_ end: ArrowEnd) -> String {
            switch (self, end) {
            case (.solid, .none): "---"
            case (.solid, let end): "--" + end.rawValue
            case (.dotted, .none): "-.-"
            case (.dotted, let end): "-.-" + end.rawValue
            case (.thick, .none): "==="
            case (.thick, let end): "==" + end.rawValue
            }
        }
    }

    public enum ArrowEnd: String, Sendable, Hashable {
        case arrow = ">"
        case circle = "o"
        case cross = "x"
        case none = ""
    }

    public struct Node: Sendable, Hashable {
        public var id: String
        public var label: String
        public var shape: Shape
        public var className: String?

        public init(id: String, label: String, shape: Shape = .box, className: String? = nil) {
            self.id = id
            self.label = label
            self.shape = shape
            self.className = className
        }
    }

    public struct Edge: Sendable, Hashable {
        public var from: String
        public var to: String
        public var label: String?
        public var line: Line
        public var end: ArrowEnd
        /// CSS for this edge (`linkStyle`), e.g. `stroke:#2563EB,stroke-width:2px`.
        public var style: String?

        public init(from: String, to: String, label: String? = nil, line: Line = .solid, end: ArrowEnd = .arrow, style: String? = nil) {
            self.from = from
            self.to = to
            self.label = label
            self.line = line
            self.end = end
            self.style = style
        }
    }

    /// A `classDef`: the look of a group of nodes.
    public struct ClassDefinition: Sendable, Hashable {
        public var name: String
        public var fill: String
        public var stroke: String
        public var textColor: String
        public var dashed: Bool
        public var strokeWidth: Double

        public init(name: String, fill: String, stroke: String, textColor: String, dashed: Bool = false, strokeWidth: Double = 1) {
            self.name = name
            self.fill = fill
            self.stroke = stroke
            self.textColor = textColor
            self.dashed = dashed
            self.strokeWidth = strokeWidth
        }
    }

    public var direction: Direction
    public var title: String?
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    public private(set) var classes: [ClassDefinition] = []
    private var nextNode = 1

    public init(direction: Direction = .leftToRight, title: String? = nil) {
        self.direction = direction
        self.title = title
    }

    /// Adds a node and returns its generated id.
    @discardableResult
    public mutating func addNode(label: String, shape: Shape = .box, className: String? = nil) -> String {
        let id = "n\(nextNode)"
        nextNode += 1
        nodes.append(Node(id: id, label: label, shape: shape, className: className))
        return id
    }

    public mutating func addEdge(_ edge: Edge) { edges.append(edge) }

    /// Adds a class definition; a second one of the same name is ignored.
    public mutating func define(_ definition: ClassDefinition) {
        if !classes.contains(where: { $0.name == definition.name }) { classes.append(definition) }
    }

    /// The Mermaid source.
    public var text: String {
        var lines: [String] = []
        if let title {
            lines += ["---", "title: " + MermaidText.quoted(title), "---"]
        }
        lines.append("flowchart \(direction.rawValue)")
        for node in nodes {
            lines.append("  " + node.id + node.shape.wrap(MermaidText.quoted(node.label)))
        }
        for edge in edges {
            let label = edge.label.map { "|" + MermaidText.quoted($0, markdown: false) + "|" } ?? ""
            lines.append("  \(edge.from) \(edge.line.arrow(edge.end))\(label) \(edge.to)")
        }
        for definition in classes {
            var style = "fill:\(definition.fill),stroke:\(definition.stroke),color:\(definition.textColor)"
            style += ",stroke-width:\(MermaidText.number(definition.strokeWidth))px"
            if definition.dashed { style += ",stroke-dasharray:5 4" }
            lines.append("  classDef \(definition.name) \(style)")
        }
        var byClass: [(name: String, ids: [String])] = []
        for node in nodes {
            guard let name = node.className else { continue }
            if let index = byClass.firstIndex(where: { $0.name == name }) {
                byClass[index].ids.append(node.id)
            } else {
                byClass.append((name, [node.id]))
            }
        }
        for group in byClass { lines.append("  class \(group.ids.joined(separator: ",")) \(group.name)") }
        for (index, edge) in edges.enumerated() {
            if let style = edge.style { lines.append("  linkStyle \(index) \(style)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The one escaping of user text for Mermaid.
public enum MermaidText {
    /// `text` in double quotes, safe inside any flowchart label: characters Mermaid would read as syntax or
    /// markup (quotes, `#`, `<`, `>`, `&`, backticks, `|`, and `%`, which starts a `%%{…}%%` directive) are
    /// written as Mermaid entity codes (`#35;`), line breaks as `<br>`, control characters dropped.
    ///
    /// Mermaid reads a node's label with a line break as Markdown: there `*`, `_`, `~`, `[`, `]`, backticks and
    /// backslashes are also escaped with a backslash (`#92;#42;`), so that they show as written, not as
    /// emphasis or an unsupported code span. Edge labels are never Markdown (`markdown: false`): a backslash
    /// would show.
    public static func quoted(_ text: String, markdown: Bool = true) -> String {
        let isMarkdown = markdown && text.contains { $0.isNewline }
        return "\"" + escape(text, special: "\"#<>&`|%", markdown: isMarkdown ? "\\`*_~[]" : "") + "\""
    }

    /// Text for places that read to the end of the line (sequence messages, notes, participant names):
    /// `#`, `;`, `<`, `>`, `&`, backticks and `%` as entity codes, line breaks as `<br>`.
    public static func line(_ text: String) -> String {
        escape(text, special: "#;<>&`%")
    }

    static func escape(_ text: String, special: String, markdown: String = "") -> String {
        let special = Set(special.unicodeScalars)
        let markdown = Set(markdown.unicodeScalars)
        var out = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r": out += "<br>"
            case "\n": if !previousWasCarriageReturn { out += "<br>" }
            case "\t": out += " "
            case _ where markdown.contains(scalar): out += "#92;#\(scalar.value);"
            case _ where special.contains(scalar): out += "#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A number as CSS takes it: `2`, `1.4`.
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
