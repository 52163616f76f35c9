import CGraphviz

/// Drawing one layout with the links of another variant of the same diagram.
///
/// The docs draw each diagram twice, with links to the Markdown pages and to the HTML pages; the two DOT texts
/// differ only in `URL` values, which do not affect the layout. Laying out once and rendering each variant from that
/// layout halves the work. Links are copied between parsed graphs (graph, subgraphs by name, nodes by name, each
/// node's out-edges in order), never substituted in rendered text; a variant that differs in anything but its links
/// is laid out on its own.
enum LinkVariants {
    /// The attributes that only link: Graphviz writes them as `xlink:href` and they play no part in the layout.
    static let linkAttributes = ["URL", "href"]

    /// Whether two DOT texts are the same but for the values of their `URL` and `href` attributes.
    ///
    /// Walks both texts in step; where both write ` URL="` or `[URL="` (or `href`), it skips the two quoted values,
    /// escapes included. Anything else must be byte for byte equal, so a variant with another label, size or order
    /// is never drawn from this layout.
    static func differOnlyInLinks(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        return first.withUTF8 { a in second.withUTF8 { b in differOnlyInLinks(a, b) } }
    }

    private static func differOnlyInLinks(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let x = a[i]
            if x != b[j] { return false }
            i += 1
            j += 1
            guard x == UInt8(ascii: " ") || x == UInt8(ascii: "[") else { continue }
            // After a separator both may start a link attribute: skip both values.
            guard let marker = markers.firstIndex(where: { starts(a, at: i, with: $0) }), starts(b, at: j, with: markers[marker]) else { continue }
            guard let endA = quotedEnd(a, from: i + markers[marker].count), let endB = quotedEnd(b, from: j + markers[marker].count) else { return false }
            i = endA
            j = endB
        }
        return i == a.count && j == b.count
    }

    private static let markers = linkAttributes.map { Array("\($0)=\"".utf8) }

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, at index: Int, with marker: [UInt8]) -> Bool {
        guard index + marker.count <= text.count else { return false }
        for offset in marker.indices where text[index + offset] != marker[offset] { return false }
        return true
    }

    /// The index after the closing quote of a quoted value whose content starts at `index`; nil when it never closes.
    private static func quotedEnd(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
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
