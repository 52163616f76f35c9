/// A Graphviz HTML-like label, built only from escaped text and known elements,
/// so user text can never open or close a tag.
public struct HTMLLabel: Hashable, Sendable {
    /// The markup between the label's outer `<` and `>`.
    public let markup: String

    private init(markup: String) { self.markup = markup }

    /// `&`, `<`, `>` and `"` replaced by entities, `\` doubled, control characters
    /// dropped: for text and attribute values.
    ///
    /// Graphviz expands `\N`, `\G` and the like inside HTML labels too (even when the
    /// backslash is written `&#92;`); a doubled backslash comes out as one.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\\": result += "\\\\"
            case "\t": result += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Plain text; line breaks become `<br/>`.
    public static func text(_ text: String) -> HTMLLabel {
        // "\r\n" is one Character, so this splits each kind of line break once.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return HTMLLabel(markup: lines.map { escape(String($0)) }.joined(separator: "<br/>"))
    }

    public static let empty = HTMLLabel(markup: "")

    /// A line break; `align` is `left`, `right` or `center` for the line it ends.
    public static func lineBreak(align: String? = nil) -> HTMLLabel {
        HTMLLabel(markup: "<br" + attributes(["align": align]) + "/>")
    }

    public static func bold(_ content: HTMLLabel) -> HTMLLabel { element("b", content) }
    public static func italic(_ content: HTMLLabel) -> HTMLLabel { element("i", content) }
    public static func underline(_ content: HTMLLabel) -> HTMLLabel { element("u", content) }

    public static func font(_ content: HTMLLabel, pointSize: Double? = nil, color: String? = nil, face: String? = nil) -> HTMLLabel {
        let size: String? = pointSize.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        return element("font", content, ["point-size": size, "color": color, "face": face])
    }

    /// A table; each row a list of cells. Attributes are Graphviz's (`border`, `cellspacing`, `bgcolor`, …).
    public static func table(_ rows: [[HTMLCell]], attributes: [String: String] = [:]) -> HTMLLabel {
        let body = rows.map { row in "<tr>" + row.map(\.markup).joined() + "</tr>" }.joined()
        return HTMLLabel(markup: "<table" + Self.attributes(attributes) + ">" + body + "</table>")
    }

    /// The labels one after another.
    public static func concatenation(_ parts: [HTMLLabel]) -> HTMLLabel {
        HTMLLabel(markup: parts.map(\.markup).joined())
    }

    public static func + (lhs: HTMLLabel, rhs: HTMLLabel) -> HTMLLabel {
        HTMLLabel(markup: lhs.markup + rhs.markup)
    }

    /// Text styling around `content`; nothing at all around nothing, since Graphviz rejects an empty
    /// `<b></b>` or `<font></font>` as a syntax error.
    private static func element(_ name: String, _ content: HTMLLabel, _ attributes: [String: String?] = [:]) -> HTMLLabel {
        guard !content.markup.isEmpty else { return .empty }
        return HTMLLabel(markup: "<\(name)" + Self.attributes(attributes) + ">" + content.markup + "</\(name)>")
    }

    /// ` a="1" b="2"`, sorted by name, nil values left out.
    fileprivate static func attributes(_ attributes: [String: String?]) -> String {
        attributes.keys.sorted().compactMap { name in
            attributes[name].flatMap { $0 }.map { " \(name)=\"\(escape($0))\"" }
        }.joined()
    }
}

/// One cell of an `HTMLLabel.table`.
public struct HTMLCell: Hashable, Sendable {
    public var content: HTMLLabel
    public var attributes: [String: String]

    public init(_ content: HTMLLabel, attributes: [String: String] = [:]) {
        self.content = content
        self.attributes = attributes
    }

    fileprivate var markup: String {
        "<td" + HTMLLabel.attributes(attributes.mapValues { Optional($0) }) + ">" + content.markup + "</td>"
    }
}
