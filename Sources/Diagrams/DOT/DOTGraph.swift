// MARK: - Identifiers

/// A DOT identifier for a graph, node or subgraph. Scenograph generates these
/// (`n12`, `cluster3`); user text never becomes an identifier, it goes only into
/// escaped attribute values.
public struct DOTID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// For names this module generates from fixed prefixes and numbers (`p3t`, `frame2`).
    init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A fixed name made of ASCII letters, digits and underscores, not starting with
    /// a digit and not a DOT keyword; nil otherwise.
    public init?(_ name: String) {
        guard let first = name.unicodeScalars.first, first.isASCIILetterOrUnderscore,
              name.unicodeScalars.allSatisfy({ $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) }),
              !Self.keywords.contains(name.lowercased())
        else { return nil }
        self.rawValue = name
    }

    /// `n<number>`: a node.
    public static func node(_ number: Int) -> DOTID { DOTID(unchecked: "n\(number)") }

    /// `cluster<number>`: a subgraph Graphviz draws as a box around its nodes.
    public static func cluster(_ number: Int) -> DOTID { DOTID(unchecked: "cluster\(number)") }

    /// `s<number>`: a subgraph that only groups (ranks, defaults).
    public static func subgraph(_ number: Int) -> DOTID { DOTID(unchecked: "s\(number)") }

    public var description: String { rawValue }

    private static let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]
}

private extension Unicode.Scalar {
    var isASCIILetterOrUnderscore: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" }
}

/// Hands out node identifiers `n1`, `n2`, … in the order things are added.
public struct DOTIDGenerator: Sendable {
    private var nextNode = 1
    private var nextCluster = 1
    private var nextSubgraph = 1

    public init() {}

    public mutating func node() -> DOTID {
        defer { nextNode += 1 }
        return .node(nextNode)
    }

    public mutating func cluster() -> DOTID {
        defer { nextCluster += 1 }
        return .cluster(nextCluster)
    }

    public mutating func subgraph() -> DOTID {
        defer { nextSubgraph += 1 }
        return .subgraph(nextSubgraph)
    }
}

// MARK: - Values and attributes

/// An attribute value: a quoted string (escaped by `DOTWriter.quoted`) or an HTML label.
public enum DOTValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    case string(String)
    case html(HTMLLabel)
    /// A label of several lines, each ended by Graphviz's `\l` (left-justified) or `\r` (right-justified);
    /// the text of each line is escaped like `string`.
    case lines([String], Justification)

    public enum Justification: Sendable, Hashable {
        case left, right
    }

    public init(stringLiteral value: String) { self = .string(value) }

    /// A number written the shortest way that reads back exactly (`1`, `0.25`).
    public static func number(_ value: Double) -> DOTValue {
        if value == value.rounded(), abs(value) < 1e15 { return .string(String(Int(value))) }
        return .string(String(value))
    }

    public static func bool(_ value: Bool) -> DOTValue { .string(value ? "true" : "false") }

    /// A coordinate or size in points, with at most two decimals (`12.5`, `-3`): short, and the same on every machine.
    public static func points(_ value: Double) -> DOTValue { .string(DOTWriter.number(value)) }

    /// A pinned position for `nop2`: `"x,y!"`.
    public static func pinned(x: Double, y: Double) -> DOTValue {
        .string(DOTWriter.number(x) + "," + DOTWriter.number(y) + "!")
    }
}

/// Attributes of a graph, node or edge. Written sorted by name, so output does not
/// depend on the order they were set in.
public struct DOTAttributes: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var values: [String: DOTValue]

    public init() { values = [:] }

    public init(dictionaryLiteral elements: (String, DOTValue)...) {
        values = [:]
        for (name, value) in elements { values[name] = value }
    }

    public subscript(name: String) -> DOTValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The attributes sorted by name.
    public var sorted: [(name: String, value: DOTValue)] {
        values.keys.sorted().compactMap { name in values[name].map { (name, $0) } }
    }

    /// These attributes with `other`'s added, `other` winning on conflicts.
    public func merging(_ other: DOTAttributes) -> DOTAttributes {
        var result = self
        for (name, value) in other.values { result.values[name] = value }
        return result
    }
}

// MARK: - Statements

public struct DOTNode: Hashable, Sendable {
    public var id: DOTID
    public var attributes: DOTAttributes

    public init(_ id: DOTID, _ attributes: DOTAttributes = [:]) {
        self.id = id
        self.attributes = attributes
    }
}

public struct DOTEdge: Hashable, Sendable {
    public var from: DOTID
    public var to: DOTID
    public var attributes: DOTAttributes

    public init(from: DOTID, to: DOTID, _ attributes: DOTAttributes = [:]) {
        self.from = from
        self.to = to
        self.attributes = attributes
    }
}

/// A subgraph: a cluster when its identifier starts with `cluster`.
public struct DOTSubgraph: Hashable, Sendable {
    public var id: DOTID
    /// Graph attributes of the subgraph (`label`, `style`, `rank`, …).
    public var attributes: DOTAttributes
    public var nodeDefaults: DOTAttributes
    public var edgeDefaults: DOTAttributes
    public var statements: [DOTStatement]

    public init(_ id: DOTID, _ attributes: DOTAttributes = [:], nodeDefaults: DOTAttributes = [:],
                edgeDefaults: DOTAttributes = [:], statements: [DOTStatement] = []) {
        self.id = id
        self.attributes = attributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.statements = statements
    }
}

public indirect enum DOTStatement: Hashable, Sendable {
    case node(DOTNode)
    case edge(DOTEdge)
    case subgraph(DOTSubgraph)
}

/// A whole DOT graph. `text` writes it deterministically: statements in the order
/// they were added, attributes sorted by name.
public struct DOTGraph: Hashable, Sendable {
    public var id: DOTID
    public var isDirected: Bool
    public var attributes: DOTAttributes
    public var nodeDefaults: DOTAttributes
    public var edgeDefaults: DOTAttributes
    public var statements: [DOTStatement]

    public init(id: DOTID = .subgraph(0), directed: Bool = true, attributes: DOTAttributes = [:],
                nodeDefaults: DOTAttributes = [:], edgeDefaults: DOTAttributes = [:], statements: [DOTStatement] = []) {
        self.id = id
        self.isDirected = directed
        self.attributes = attributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.statements = statements
    }

    public var text: String { DOTWriter.write(self) }
}

// MARK: - Writing

/// Writes DOT text. `quoted` is the one place user text is escaped for DOT.
public enum DOTWriter {
    /// `text` as a DOT quoted string: `\` and `"` escaped, line breaks as `\n`
    /// (Graphviz's centred line break), other control characters dropped.
    ///
    /// Doubling backslashes also keeps Graphviz from expanding `\N`, `\G`, `\l` and
    /// the like found in user text.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\r": result += "\\n"
            case "\n": if !previousWasCarriageReturn { result += "\\n" }
            case "\t": result += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number with at most two decimals, no trailing zeros, never `-0`: coordinates written the same on every machine.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    public static func write(_ graph: DOTGraph) -> String {
        var lines = ["\(graph.isDirected ? "digraph" : "graph") \(graph.id) {"]
        let edgeOperator = graph.isDirected ? "->" : "--"
        appendBody(attributes: graph.attributes, nodeDefaults: graph.nodeDefaults, edgeDefaults: graph.edgeDefaults,
                   statements: graph.statements, edgeOperator: edgeOperator, depth: 1, into: &lines)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func appendBody(attributes: DOTAttributes, nodeDefaults: DOTAttributes, edgeDefaults: DOTAttributes,
                                   statements: [DOTStatement], edgeOperator: String, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        if !attributes.isEmpty { lines.append(indent + "graph" + list(attributes) + ";") }
        if !nodeDefaults.isEmpty { lines.append(indent + "node" + list(nodeDefaults) + ";") }
        if !edgeDefaults.isEmpty { lines.append(indent + "edge" + list(edgeDefaults) + ";") }
        for statement in statements {
            switch statement {
            case .node(let node):
                lines.append(indent + node.id.rawValue + list(node.attributes) + ";")
            case .edge(let edge):
                lines.append(indent + "\(edge.from) \(edgeOperator) \(edge.to)" + list(edge.attributes) + ";")
            case .subgraph(let subgraph):
                lines.append(indent + "subgraph \(subgraph.id) {")
                appendBody(attributes: subgraph.attributes, nodeDefaults: subgraph.nodeDefaults,
                           edgeDefaults: subgraph.edgeDefaults, statements: subgraph.statements,
                           edgeOperator: edgeOperator, depth: depth + 1, into: &lines)
                lines.append(indent + "}")
            }
        }
    }

    /// ` [a="1", b=<…>]`, or nothing for no attributes.
    private static func list(_ attributes: DOTAttributes) -> String {
        guard !attributes.isEmpty else { return "" }
        let items = attributes.sorted.map { name, value in "\(attributeName(name))=\(self.value(value))" }
        return " [" + items.joined(separator: ", ") + "]"
    }

    private static func attributeName(_ name: String) -> String {
        DOTID(name) != nil ? name : quoted(name)
    }

    private static func value(_ value: DOTValue) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .html(let label): "<" + label.markup + ">"
        case .lines(let lines, let justification):
            "\"" + lines.map { String(quoted($0).dropFirst().dropLast()) + (justification == .left ? "\\l" : "\\r") }.joined() + "\""
        }
    }
}
