import Mustache

/// Escaping for text placed into GitHub-flavoured Markdown (paragraphs and table cells).
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { Markdown.escape(text) }
}

enum Markdown {
    static let contentTypeName = "MARKDOWN"

    /// Registers the Markdown content type with the template engine once.
    static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: contentTypeName)
        return true
    }()

    /// Escapes characters that Markdown would interpret; newlines become spaces so table rows stay whole.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#": out += "\\\(character)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Renders the Markdown subset used in model summaries to HTML: paragraphs, `-` lists,
    /// **strong**, *emphasis*, `code` and [links](url). Everything else is kept as escaped text.
    static func html(_ markdown: String) -> String {
        var blocks: [String] = []
        var paragraph: [String] = []
        var list: [String] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append("<p>" + paragraph.map(inline).joined(separator: " ") + "</p>") }
            if !list.isEmpty { blocks.append("<ul>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>") }
            paragraph = []
            list = []
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flush()
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                if !paragraph.isEmpty { flush() }
                list.append(String(line.dropFirst(2)))
            } else {
                if !list.isEmpty { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return blocks.joined(separator: "\n")
    }

    /// Inline Markdown to HTML; text is escaped first, so the markers are the only markup produced.
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                out += "<code>" + escapeHTML(String(rest[rest.index(after: rest.startIndex)..<end])) + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                out += "<strong>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = rest[end.upperBound...]
            } else if first == "*", let end = rest.dropFirst().firstIndex(of: "*") {
                out += "<em>" + inline(String(rest[rest.index(after: rest.startIndex)..<end])) + "</em>"
                rest = rest[rest.index(after: end)...]
            } else if first == "[", let close = rest.firstIndex(of: "]"),
                      rest[rest.index(after: close)...].hasPrefix("("),
                      let paren = rest[close...].firstIndex(of: ")") {
                let label = String(rest[rest.index(after: rest.startIndex)..<close])
                let url = String(rest[rest.index(close, offsetBy: 2)..<paren])
                out += "<a href=\"\(escapeHTML(url))\">" + inline(label) + "</a>"
                rest = rest[rest.index(after: paren)...]
            } else {
                out += escapeHTML(String(first))
                rest = rest.dropFirst()
            }
        }
        return out
    }
}
