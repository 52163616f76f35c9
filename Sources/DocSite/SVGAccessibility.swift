import TextFormats
/// Makes a Graphviz SVG say what it shows: the root `<svg>` gets `role="img"` and an `aria-label`, the graph's
/// `<title>` becomes the diagram's title, and each node's, edge's and cluster's `<title>` (Graphviz writes the
/// generated DOT id there: `n12`, `p1t->p4t`, `cluster1`) becomes its tooltip, or is dropped when it has none.
///
/// Graphviz 2.43 has no attribute for these titles and DOT identifiers are never user text, so this is the one
/// rewrite of rendered SVG: it only touches `<title>` elements and the root tag, never links, and it is linear.
/// It works on the bytes line by line: every marker it looks for is ASCII.
public enum SVGAccessibility {
    public static func label(_ svg: String, title: String, description: String) -> String {
        String(decoding: label(Array(svg.utf8), title: title, description: description), as: UTF8.self)
    }

    public static func label(_ svg: [UInt8], title: String, description: String) -> [UInt8] {
        let label = Markdown.escapeHTML(description.isEmpty ? title : "\(title): \(description)")
        var result: [UInt8] = []
        result.reserveCapacity(svg.count + label.utf8.count + 64)
        let bytes = svg[...]
        // Everything up to `copied` is in `result`; only the root tag and the title lines change, so the text
        // between them is copied in one piece each.
        var copied = 0
        var root = svg.starts(with: svgOpen) ? 0 : ByteSearch.firstLine(startingWith: svgOpen, in: bytes)
        var graphTitleDone = false
        var from = 0
        while true {
            // The first title is the graph's, replaced and never dropped, so a title on the first line needs no line
            // break before it.
            let titleLine = from == 0 && svg.starts(with: titleOpen) ? 0 : ByteSearch.firstLine(startingWith: titleOpen, in: bytes[from...])
            if let start = root, start < titleLine ?? svg.count {
                result.append(contentsOf: bytes[copied..<start])
                result.append(contentsOf: "<svg role=\"img\" aria-label=\"\(label)\" ".utf8)
                copied = start + svgOpen.count
                root = nil
            }
            guard let start = titleLine else { break }
            let end = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: start)
            from = end
            let line = bytes[start..<end]
            guard line.count >= titleOpen.count + titleClose.count, line.suffix(titleClose.count).elementsEqual(titleClose) else { continue }
            if !graphTitleDone {
                graphTitleDone = true
                result.append(contentsOf: bytes[copied..<start])
                result.append(contentsOf: "<title>\(Markdown.escapeHTML(title))</title>".utf8)
            } else if end < svg.count, let tooltip = attribute(xlinkTitle, in: bytes[(end + 1)..<ByteSearch.firstIndex(of: 0x0A, in: bytes, from: end + 1)]),
                      !tooltip.isEmpty {
                // The tooltip of the element is on the `<a>` Graphviz writes on the next line.
                result.append(contentsOf: bytes[copied..<start])
                result.append(contentsOf: titleOpen)
                result.append(contentsOf: tooltip)
                result.append(contentsOf: titleClose)
            } else {
                // Dropped with the line break before it.
                result.append(contentsOf: bytes[copied..<(start - 1)])
            }
            copied = end
        }
        result.append(contentsOf: bytes[copied...])
        return result
    }

    /// `label` one line at a time, appending every line: slower, and the reference its tests compare it with.
    static func labelByLines(_ svg: [UInt8], label: String, title: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(svg.count + label.utf8.count + 64)
        var rootDone = false
        var graphTitleDone = false
        var wroteLine = false
        func emit(_ line: ArraySlice<UInt8>) {
            if wroteLine { result.append(0x0A) }
            result.append(contentsOf: line)
            wroteLine = true
        }
        let bytes = svg[...]
        var line = nextLine(bytes, from: bytes.startIndex)
        while let current = line {
            let next = current.upperBound < bytes.endIndex ? nextLine(bytes, from: current.upperBound + 1) : nil
            let text = bytes[current]
            if !rootDone, text.starts(with: Self.svgOpen) {
                rootDone = true
                emit(ArraySlice(Array("<svg role=\"img\" aria-label=\"\(label)\" ".utf8)) + text.dropFirst(5))
            } else if text.starts(with: Self.titleOpen), text.count >= Self.titleOpen.count + Self.titleClose.count,
                      text.suffix(Self.titleClose.count).elementsEqual(Self.titleClose) {
                if !graphTitleDone {
                    graphTitleDone = true
                    emit(ArraySlice(Array("<title>\(Markdown.escapeHTML(title))</title>".utf8)))
                } else if let next, let tooltip = attribute(Self.xlinkTitle, in: bytes[next]), !tooltip.isEmpty {
                    // The tooltip of the element is on the `<a>` Graphviz writes on the next line.
                    emit(ArraySlice(Self.titleOpen + Array(tooltip) + Self.titleClose))
                }
            } else {
                emit(text)
            }
            line = next
        }
        return result
    }

    private static let svgOpen = Array("<svg ".utf8)
    private static let titleOpen = Array("<title>".utf8)
    private static let titleClose = Array("</title>".utf8)
    private static let xlinkTitle = Array(" xlink:title=\"".utf8)

    /// The range of the line starting at `start` (without its line feed); nil past the end.
    private static func nextLine(_ bytes: ArraySlice<UInt8>, from start: Int) -> Range<Int>? {
        guard start <= bytes.endIndex else { return nil }
        return start..<ByteSearch.firstIndex(of: 0x0A, in: bytes, from: start)
    }

    /// The raw (still XML-escaped) value of the attribute whose ` name="` is `marker`, in `line`.
    private static func attribute(_ marker: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let index = ByteSearch.firstIndex(of: marker, in: line) else { return nil }
        let valueStart = index + marker.count
        guard let end = line[valueStart...].firstIndex(of: 0x22) else { return nil }
        return line[valueStart..<end]
    }
}
