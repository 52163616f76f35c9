import TextFormats
/// Makes a Graphviz SVG say what it shows: the root `<svg>` gets `role="img"` and an `aria-label`, the graph's
/// `<title>` becomes the diagram's title, and each node's, edge's and cluster's `<title>` (Graphviz writes the
/// generated DOT id there: `n12`, `p1t->p4t`, `cluster1`) becomes its tooltip, or is dropped when it has none.
///
/// Graphviz 2.43 has no attribute for these titles and DOT identifiers are never user text, so this is the one
/// rewrite of rendered SVG: it only touches `<title>` elements and the root tag, never links, and it is linear.
public enum SVGAccessibility {
    public static func label(_ svg: String, title: String, description: String) -> String {
        let lines = svg.split(separator: "\n", omittingEmptySubsequences: false)
        var result: [Substring] = []
        result.reserveCapacity(lines.count)
        var rootDone = false
        var graphTitleDone = false
        let label = Markdown.escapeHTML(description.isEmpty ? title : "\(title): \(description)")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            defer { index += 1 }
            if !rootDone, line.hasPrefix("<svg ") {
                rootDone = true
                result.append("<svg role=\"img\" aria-label=\"\(label)\" " + line.dropFirst(5))
                continue
            }
            guard line.hasPrefix("<title>"), line.hasSuffix("</title>") else {
                result.append(line)
                continue
            }
            if !graphTitleDone {
                graphTitleDone = true
                result.append("<title>\(Markdown.escapeHTML(title))</title>")
                continue
            }
            // The tooltip of the element is on the `<a>` Graphviz writes on the next line.
            if index + 1 < lines.count, let tooltip = Self.attribute("xlink:title", in: lines[index + 1]), !tooltip.isEmpty {
                result.append("<title>\(tooltip)</title>")
            }
        }
        return result.joined(separator: "\n")
    }

    /// The raw (still XML-escaped) value of `name="…"` in `line`.
    static func attribute(_ name: String, in line: Substring) -> Substring? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return rest[..<end]
    }
}
