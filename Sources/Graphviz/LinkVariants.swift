import TextFormats
import CGraphviz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drawing one layout with the links of another variant of the same diagram.
///
/// The docs draw each diagram twice, with links to the Markdown pages and to the HTML pages; the two DOT texts
/// differ only in `URL` values, which do not affect the layout. The first variant is parsed, laid out and rendered;
/// the other is drawn from it in one of two ways:
/// - when both are SVG and every link value is plain (printable ASCII without `\`, `&`, `<`, `>`, `"` or `'`, so
///   Graphviz writes it unchanged as `xlink:href="…"`) and each value of the first maps to one value of the second,
///   the first rendering's `xlink:href` values are replaced (`substitutedLinks`): no second parse or render;
/// - otherwise the variant is parsed and its links are copied between the parsed graphs (graph, subgraphs, nodes,
///   out-edges in creation order) before rendering the layout again (`copyLinks`).
/// A variant that differs in anything but its links is laid out on its own. `GraphvizRenderer.linkReplacements`
/// offers the first way to callers that render elsewhere: the render workers get only the first variant.
enum LinkVariants {
    /// The attributes that only link: Graphviz writes them as `xlink:href` and they play no part in the layout.
    static let linkAttributes = ["URL", "href"]

    /// Whether two DOT texts are the same but for the values of their `URL` and `href` attributes.
    ///
    /// Walks both texts in step; where both write ` URL="` or `[URL="` (or `href`), it skips the two quoted values,
    /// escapes included. Anything else must be byte for byte equal, so a variant with another label, size or order
    /// is never drawn from this layout.
    static func differOnlyInLinks(_ first: String, _ second: String) -> Bool {
        linkPairs(Array(first.utf8), Array(second.utf8)) != nil
    }

    /// The raw quoted contents of the link values of both texts, in order, when the texts differ only in them;
    /// nil otherwise.
    ///
    /// Finds each link marker of the first text with `memchr` (from `=` to `=`) and compares the text between markers
    /// with `memcmp`: the same pairs as `linkPairsByWalking`, which compares byte by byte, at memory speed.
    static func linkPairs(_ a: [UInt8], _ b: [UInt8]) -> [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)]? {
        var pairs: [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)] = []
        var i = 0, j = 0
        while let (start, marker) = nextMarker(in: a, from: i) {
            // The text up to the marker, separator included, is the same in both, and so is the marker.
            let length = start - i
            guard j + length <= b.count, equal(a, i, b, j, length), starts(b, at: j + length, with: markers[marker]) else { return nil }
            let startA = start + markers[marker].count, startB = j + length + markers[marker].count
            guard let endA = quotedEnd(a, from: startA), let endB = quotedEnd(b, from: startB) else { return nil }
            pairs.append((a[startA..<endA - 1], b[startB..<endB - 1]))
            i = endA
            j = endB
        }
        return a.count - i == b.count - j && equal(a, i, b, j, a.count - i) ? pairs : nil
    }

    /// The first link marker of `text` after a space or `[` at `from` or later, and which marker it is.
    private static func nextMarker(in text: [UInt8], from: Int) -> (start: Int, marker: Int)? {
        var position = from
        while true {
            let equals = ByteSearch.firstIndex(of: UInt8(ascii: "="), in: text[...], from: position)
            guard equals + 1 < text.count else { return nil }
            if text[equals + 1] == UInt8(ascii: "\"") {
                for (index, marker) in markers.enumerated() {
                    // A marker ends with `="`.
                    let start = equals + 2 - marker.count
                    if start - 1 >= from, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "["),
                       starts(text, at: start, with: marker) {
                        return (start, index)
                    }
                }
            }
            position = equals + 1
        }
    }

    /// Whether `a` from `i` and `b` from `j` hold the same `length` bytes (both ranges in bounds).
    private static func equal(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int, _ length: Int) -> Bool {
        length == 0 || a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return false }
                return memcmp(xBase + i, yBase + j, length) == 0
            }
        }
    }

    /// `linkPairs` by walking both texts in step, byte by byte: where both write ` URL="` or `[URL="` (or `href`),
    /// the two quoted values are skipped. The tests' reference for `linkPairs`.
    static func linkPairsByWalking(_ first: String, _ second: String) -> [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)]? {
        let a = Array(first.utf8), b = Array(second.utf8)
        var pairs: [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let x = a[i]
            if x != b[j] { return nil }
            i += 1
            j += 1
            guard x == UInt8(ascii: " ") || x == UInt8(ascii: "[") else { continue }
            // After a separator both may start a link attribute: skip both values.
            guard let marker = markers.firstIndex(where: { starts(a, at: i, with: $0) }), starts(b, at: j, with: markers[marker]) else { continue }
            let startA = i + markers[marker].count, startB = j + markers[marker].count
            guard let endA = quotedEnd(a, from: startA), let endB = quotedEnd(b, from: startB) else { return nil }
            pairs.append((a[startA..<endA - 1], b[startB..<endB - 1]))
            i = endA
            j = endB
        }
        return i == a.count && j == b.count ? pairs : nil
    }

    /// The second variant's SVG drawn from the first's: every `xlink:href` value of `svg` (the first variant's
    /// rendering) replaced by the second variant's value for it. Nil when that would not be exactly what Graphviz
    /// draws: the texts differ in more than links, a value is not plain (Graphviz would escape or expand it), one
    /// value of the first maps to two of the second, or the SVG holds a link that is not among the first's values.
    static func substitutedLinks(in svg: [UInt8], first: String, second: String) -> [UInt8]? {
        replacements(from: Array(first.utf8), to: Array(second.utf8)).flatMap { $0.applied(to: svg) }
    }

    /// What turns the first variant's links into the second's, when the texts differ only in plain links and each
    /// value of the first maps to one value of the second; nil otherwise.
    static func replacements(from first: [UInt8], to second: [UInt8]) -> LinkReplacements? {
        guard let pairs = linkPairs(first, second) else { return nil }
        var replacements: [ArraySlice<UInt8>: ArraySlice<UInt8>] = [:]
        for pair in pairs {
            guard isPlain(pair.first), isPlain(pair.second) else { return nil }
            if let known = replacements[pair.first] {
                guard known == pair.second else { return nil }
            } else {
                replacements[pair.first] = pair.second
            }
        }
        return LinkReplacements(values: replacements)
    }

    /// `svg` with each `xlink:href` value replaced; nil when one is not among `values`' keys.
    static func apply(_ values: [ArraySlice<UInt8>: ArraySlice<UInt8>], to svg: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(svg.count + svg.count / 8)
        var copied = 0, index = 0
        while let start = ByteSearch.firstIndex(of: hrefMarker, in: svg[index...]) {
            let valueStart = start + hrefMarker.count
            guard let valueEnd = svg[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            guard let replacement = values[svg[valueStart..<valueEnd]] else { return nil }
            output.append(contentsOf: svg[copied..<valueStart])
            output.append(contentsOf: replacement)
            copied = valueEnd
            index = valueEnd
        }
        output.append(contentsOf: svg[copied...])
        return output
    }

    private static let hrefMarker = Array("xlink:href=\"".utf8)

    /// Whether Graphviz writes `value` into SVG byte for byte: printable ASCII without escapes, entities or quotes.
    private static func isPlain(_ value: ArraySlice<UInt8>) -> Bool {
        !value.isEmpty && value.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && !"\\&<>\"'".utf8.contains(byte)
        }
    }

    private static let markers = linkAttributes.map { Array("\($0)=\"".utf8) }

    private static func starts(_ text: [UInt8], at index: Int, with marker: [UInt8]) -> Bool {
        guard index + marker.count <= text.count else { return false }
        for offset in marker.indices where text[index + offset] != marker[offset] { return false }
        return true
    }

    /// The index after the closing quote of a quoted value whose content starts at `index`; nil when it never closes.
    private static func quotedEnd(_ text: [UInt8], from index: Int) -> Int? {
        var position = index
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "\\") {
                position += 2
            } else if byte == UInt8(ascii: "\"") {
                return position + 1
            } else {
                position += 1
            }
        }
        return nil
    }

    /// Sets the link attributes of `target` (laid out) to those of `source` (parsed from a variant that
    /// `differOnlyInLinks`). Both graphs then hold the same objects created in the same order, and cgraph iterates
    /// them in creation order (`CreationOrderIDs`), so objects are matched by position: the graph and its subgraphs,
    /// the nodes, and each node's out-edges.
    static func copyLinks(from source: UnsafeMutablePointer<Agraph_t>, to target: UnsafeMutablePointer<Agraph_t>) {
        for kind in [AGRAPH, AGNODE, AGEDGE] {
            let sourceObjects = objects(of: kind, in: source)
            let targetObjects = objects(of: kind, in: target)
            guard sourceObjects.count == targetObjects.count else { continue }
            for name in linkAttributes {
                name.withCString { cName in
                    let name = UnsafeMutablePointer(mutating: cName)
                    guard let sourceSymbol = agattr(source, kind, name, nil) else { return }
                    let declared = agattr(target, kind, name, nil)
                        ?? "".withCString { agattr(target, kind, name, UnsafeMutablePointer(mutating: $0)) }
                    guard let targetSymbol = declared else { return }
                    for (from, to) in zip(sourceObjects, targetObjects) {
                        if let value = agxget(from, sourceSymbol) { _ = agxset(to, targetSymbol, value) }
                    }
                }
            }
        }
    }

    /// The objects of `kind` in cgraph's order: the graph then its subgraphs depth first, the nodes, or each node's
    /// out-edges in node order.
    private static func objects(of kind: Int32, in graph: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutableRawPointer] {
        var result: [UnsafeMutableRawPointer] = []
        switch kind {
        case AGRAPH:
            func add(_ graph: UnsafeMutablePointer<Agraph_t>) {
                result.append(UnsafeMutableRawPointer(graph))
                var subgraph = agfstsubg(graph)
                while let current = subgraph {
                    add(current)
                    subgraph = agnxtsubg(current)
                }
            }
            add(graph)
        default:
            var node = agfstnode(graph)
            while let current = node {
                if kind == AGNODE {
                    result.append(UnsafeMutableRawPointer(current))
                } else {
                    var edge = agfstout(graph, current)
                    while let out = edge {
                        result.append(UnsafeMutableRawPointer(out))
                        edge = agnxtout(graph, out)
                    }
                }
                node = agnxtnode(graph, current)
            }
        }
        return result
    }
}

/// How one variant's links become another's in a rendered SVG (`GraphvizRenderer.linkReplacements(from:to:)`): made
/// only when the two DOT texts differ in nothing but plain link values, one for one.
public struct LinkReplacements: Sendable {
    let values: [ArraySlice<UInt8>: ArraySlice<UInt8>]

    /// The other variant's SVG from this one's rendering; nil when the SVG holds a link the DOT text did not give
    /// (then the variant must be rendered).
    public func applied(to svg: [UInt8]) -> [UInt8]? { LinkVariants.apply(values, to: svg) }
}
