#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var text = CoordinateText(capacity: 24)
        text.append(x, y)
        text.append(UInt8(ascii: "!"))
        return .string(text.string)
    }
}

/// Numbers and separators written into one byte buffer, made a `String` once: a position (`x,y`), a label
/// position or a spline (`e,x,y x,y x,y …`) without a `String` for each number (`DOTWriter.number`'s format).
public struct CoordinateText {
    private var bytes: [UInt8] = []

    public init(capacity: Int = 32) { bytes.reserveCapacity(capacity) }

    /// A number with at most two decimals (`DOTWriter.number`).
    public mutating func append(_ value: Double) { DOTWriter.appendNumber(value, to: &bytes) }

    /// A point: `x,y`.
    public mutating func append(_ x: Double, _ y: Double) {
        append(x)
        bytes.append(UInt8(ascii: ","))
        append(y)
    }

    /// One ASCII character (a separator).
    public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// The text: ASCII digits and separators.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Attributes of a graph, node or edge. Written sorted by name, so output does not
/// depend on the order they were set in.
///
/// Kept sorted as they are set (a handful per element), so writing never sorts.
public struct DOTAttributes: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var names: [String]
    private var values: [DOTValue]

    public init() {
        names = []
        values = []
    }

    public init(dictionaryLiteral elements: (String, DOTValue)...) {
        self.init()
        names.reserveCapacity(elements.count + 2)
        values.reserveCapacity(elements.count + 2)
        for (name, value) in elements { self[name] = value }
    }

    public subscript(name: String) -> DOTValue? {
        get {
            let index = position(of: name)
            return index < names.count && names[index] == name ? values[index] : nil
        }
        set {
            let index = position(of: name)
            let present = index < names.count && names[index] == name
            switch (present, newValue) {
            case (true, let value?): values[index] = value
            case (true, nil):
                names.remove(at: index)
                values.remove(at: index)
            case (false, let value?):
                names.insert(name, at: index)
                values.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    /// The first position whose name is not less than `name`.
    private func position(of name: String) -> Int {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public var isEmpty: Bool { names.isEmpty }

    /// The attributes sorted by name.
    public var sorted: [(name: String, value: DOTValue)] {
        Array(zip(names, values))
    }

    /// These attributes with `other`'s added, `other` winning on conflicts.
    public func merging(_ other: DOTAttributes) -> DOTAttributes {
        var result = self
        for (name, value) in zip(other.names, other.values) { result[name] = value }
        return result
    }

    /// The attributes of an edge written from its destination to its source, drawn as going from its source: its
    /// arrowheads swapped to the other end (`dir=back`), and no pull on the layout (`weight=0`). Unwinds are
    /// written so (the segue graph's and the review's): an unwind goes back up the graph, and written forwards it
    /// would rank its source before its destination and fold the graph. (`constraint=false` kept unwinds out of the
    /// ranking, but an unwind whose ends fell on one rank became a labelled flat edge, and Graphviz 2.43 frees the
    /// ranks of such a layout twice: a crash, on one small valid model in three of a random sample.)
    public var drawnBackwards: DOTAttributes {
        var attributes = self
        let head = self["arrowhead"], tail = self["arrowtail"]
        attributes["arrowtail"] = head
        attributes["arrowhead"] = tail ?? "none"
        attributes["dir"] = tail == nil ? "back" : "both"
        attributes["weight"] = "0"
        return attributes
    }

    /// Calls `body` with each attribute, sorted by name.
    func forEach(_ body: (String, DOTValue) -> Void) {
        for index in names.indices { body(names[index], values[index]) }
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
    /// Doubling backslashes also keeps Graphviz from expanding `\N`, `\G` and
    /// the like found in user text.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `quoted(text)` appended as UTF-8. Works on bytes: every character it changes is ASCII, and no byte of a
    /// multi-byte UTF-8 sequence is below 0x80, so the rest passes through unchanged.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        // Most text has nothing to escape: one scan, then one copy.
        let plain = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") {
                return false
            }
            bytes.append(contentsOf: buffer)
            return true
        }
        if plain == true { return }
        var previousWasCarriageReturn = false
        for byte in text.utf8 {
            defer { previousWasCarriageReturn = byte == 0x0D }
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(0x5C); bytes.append(0x5C)
            case UInt8(ascii: "\""): bytes.append(0x5C); bytes.append(0x22)
            case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
            case 0x0A: if !previousWasCarriageReturn { bytes.append(0x5C); bytes.append(UInt8(ascii: "n")) }
            case 0x09: bytes.append(0x20)
            case _ where byte < 0x20 || byte == 0x7F: continue
            default: bytes.append(byte)
            }
        }
    }

    /// A number with at most two decimals, no trailing zeros, never `-0`: coordinates written the same on every machine.
    public static func number(_ value: Double) -> String {
        var text = CoordinateText(capacity: 24)
        text.append(value)
        return text.string
    }

    /// `number(value)` appended as ASCII, without making a `String`: the digits of the whole part, then a point and
    /// one or two decimals when there are any.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        guard value.isFinite else { out.append(zero); return }
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { out.append(zero); return }
        if hundredths < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        var digits = 1, rest = whole
        while rest >= 10 { rest /= 10; digits += 1 }
        let start = out.count
        out.append(contentsOf: repeatElement(zero, count: digits))
        rest = whole
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            out[index] = zero + UInt8(rest % 10)
            rest /= 10
        }
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        out.append(zero + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.append(zero + UInt8(fraction % 10)) }
    }

    public static func write(_ graph: DOTGraph) -> String {
        String(decoding: bytes(graph), as: UTF8.self)
    }

    /// The DOT text as UTF-8, written straight into one buffer. `relink`, when given, rewrites every `URL` and
    /// `href` value on the way (the same diagram linking to another flavour of the docs).
    public static func bytes(_ graph: DOTGraph, relink: ((String) -> String)? = nil) -> [UInt8] {
        let linked = linkedBytes(graph)
        return relink.map { linked.relinked($0) } ?? linked.bytes
    }

    /// The DOT text as UTF-8 with where each `URL` and `href` value was written, so that the text of another
    /// flavour of the docs is made by replacing those values alone (`LinkedDOT.relinked`) instead of writing the
    /// whole graph again.
    public static func linkedBytes(_ graph: DOTGraph) -> LinkedDOT {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var links: [LinkedDOT.Link] = []
        out.append(contentsOf: (graph.isDirected ? "digraph " : "graph ").utf8)
        appendUTF8(graph.id.rawValue, to: &out)
        out.append(contentsOf: " {".utf8)
        let edgeOperator: StaticString = graph.isDirected ? " -> " : " -- "
        appendBody(attributes: graph.attributes, nodeDefaults: graph.nodeDefaults, edgeDefaults: graph.edgeDefaults,
                   statements: graph.statements, edgeOperator: edgeOperator, depth: 1, links: &links, into: &out)
        out.append(contentsOf: "\n}\n".utf8)
        return LinkedDOT(bytes: out, links: links)
    }

    private static func appendBody(attributes: DOTAttributes, nodeDefaults: DOTAttributes, edgeDefaults: DOTAttributes,
                                   statements: [DOTStatement], edgeOperator: StaticString, depth: Int,
                                   links: inout [LinkedDOT.Link], into out: inout [UInt8]) {
        func line() {
            out.append(0x0A)
            for _ in 0..<depth { out.append(0x20); out.append(0x20) }
        }
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        if !attributes.isEmpty { line(); append("graph"); list(attributes, links: &links, into: &out); out.append(0x3B) }
        if !nodeDefaults.isEmpty { line(); append("node"); list(nodeDefaults, links: &links, into: &out); out.append(0x3B) }
        if !edgeDefaults.isEmpty { line(); append("edge"); list(edgeDefaults, links: &links, into: &out); out.append(0x3B) }
        for statement in statements {
            switch statement {
            case .node(let node):
                line()
                appendUTF8(node.id.rawValue, to: &out)
                list(node.attributes, links: &links, into: &out)
                out.append(0x3B)
            case .edge(let edge):
                line()
                appendUTF8(edge.from.rawValue, to: &out)
                append(edgeOperator)
                appendUTF8(edge.to.rawValue, to: &out)
                list(edge.attributes, links: &links, into: &out)
                out.append(0x3B)
            case .subgraph(let subgraph):
                line()
                append("subgraph ")
                appendUTF8(subgraph.id.rawValue, to: &out)
                append(" {")
                appendBody(attributes: subgraph.attributes, nodeDefaults: subgraph.nodeDefaults,
                           edgeDefaults: subgraph.edgeDefaults, statements: subgraph.statements,
                           edgeOperator: edgeOperator, depth: depth + 1, links: &links, into: &out)
                line()
                out.append(UInt8(ascii: "}"))
            }
        }
    }

    /// ` [a="1", b=<…>]`, or nothing for no attributes.
    private static func list(_ attributes: DOTAttributes, links: inout [LinkedDOT.Link], into out: inout [UInt8]) {
        guard !attributes.isEmpty else { return }
        out.append(contentsOf: " [".utf8)
        var first = true
        attributes.forEach { name, value in
            if !first { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: " ")) }
            first = false
            if isPlainName(name) { appendUTF8(name, to: &out) } else { appendQuoted(name, to: &out) }
            out.append(UInt8(ascii: "="))
            if name == "URL" || name == "href", case .string(let link) = value {
                let start = out.count
                appendQuoted(link, to: &out)
                links.append(LinkedDOT.Link(range: start..<out.count, value: link))
            } else if case .string(let text) = value, name.hasSuffix("tooltip"), containsBackslash(text) {
                appendQuoted(tooltipText(text), to: &out)
            } else {
                append(value, into: &out)
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A tooltip's text with each `\` as `⧵` (U+29F5, reverse solidus operator). Graphviz expands `\N`, `\G`, `\E`
    /// and the like in tooltips even when the backslash is escaped (`\\N` showed the node's internal name), so a
    /// tooltip cannot show a backslash; it shows its look-alike. Labels show the backslash itself.
    static func tooltipText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\u{29F5}")
    }

    /// Whether `text` holds a `\\`, searched in its bytes at once where they are contiguous.
    private static func containsBackslash(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) != nil
        } ?? text.utf8.contains(UInt8(ascii: "\\"))
    }

    /// `text`'s UTF-8 appended in one copy (appending a `String.UTF8View` goes element by element).
    private static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil { out.append(contentsOf: text.utf8) }
    }

    /// Whether an attribute name can be written unquoted: what `DOTID.init?(_:)` accepts, checked on bytes
    /// (attribute names are nearly always short ASCII words).
    private static func isPlainName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return false }
            for byte in bytes {
                let letter = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
                guard letter || byte &- UInt8(ascii: "0") < 10 else { return false }
            }
            return !isKeyword(bytes)
        }
    }

    private static let keywords = ["node", "edge", "graph", "digraph", "subgraph", "strict"].map { Array($0.utf8) }

    /// Whether a name of letters, digits and underscores is a DOT keyword, in any case (what `DOTID` refuses).
    private static func isKeyword(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= 4, name.count <= 8 else { return false }
        // Every keyword starts with one of these letters; most attribute names do not.
        switch name[0] | 0x20 {
        case UInt8(ascii: "n"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "d"), UInt8(ascii: "s"): break
        default: return false
        }
        return keywords.contains { keyword in
            keyword.count == name.count && zip(keyword, name).allSatisfy { $0 == $1 | 0x20 }
        }
    }

    private static func append(_ value: DOTValue, into out: inout [UInt8]) {
        switch value {
        case .string(let text):
            appendQuoted(text, to: &out)
        case .html(let label):
            out.append(UInt8(ascii: "<"))
            appendUTF8(label.markup, to: &out)
            out.append(UInt8(ascii: ">"))
        case .lines(let lines, let justification):
            out.append(UInt8(ascii: "\""))
            for text in lines {
                appendEscaped(text, to: &out)
                out.append(0x5C)
                out.append(UInt8(ascii: justification == .left ? "l" : "r"))
            }
            out.append(UInt8(ascii: "\""))
        }
    }
}

/// A DOT text and the place of each `URL` and `href` value in it (`DOTWriter.linkedBytes`).
public struct LinkedDOT: Sendable {
    struct Link: Sendable {
        /// The quoted value, quotes included.
        var range: Range<Int>
        var value: String
    }

    public let bytes: [UInt8]
    let links: [Link]

    /// The same text with every link value replaced by `relink(value)`: byte for byte what writing the graph
    /// with `relink` gives.
    public func relinked(_ relink: (String) -> String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var copied = 0
        for link in links {
            out.append(contentsOf: bytes[copied..<link.range.lowerBound])
            DOTWriter.appendQuoted(relink(link.value), to: &out)
            copied = link.range.upperBound
        }
        out.append(contentsOf: bytes[copied...])
        return out
    }
}
