/// The one place text is escaped for Markdown and for HTML, and the small Markdown subset of summaries turned
/// into HTML: the docs' templates and the pull-request comment of `scenograph diff` write user text only through
/// these functions. Every function here is linear in its input.
public enum Markdown {
    // MARK: - Markdown

    /// Text as Markdown that shows exactly that text, in a paragraph or a table cell: every character Markdown
    /// or a GFM table would interpret is escaped, line breaks (LF, CR, CRLF) become spaces so rows stay whole,
    /// and other control characters are dropped.
    public static func escape(_ text: String) -> String {
        // Most values (scene ids, paths, class names) need nothing: printable ASCII without a character escaped below.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !markdownSpecial[Int($0)] }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\" + String(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}": out += " "
            case _ where isControl(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text as an inline code span that shows exactly that text: fenced by more backticks than the longest run
    /// inside it, padded with a space where the text starts or ends with a backtick (or a space), line breaks
    /// as spaces. `inTable` also escapes `|`, which GFM splits cells on even inside code spans.
    public static func codeSpan(_ text: String, inTable: Bool = false) -> String {
        // Printable ASCII without backticks (or pipes in a table), not starting or ending with a space, needs
        // nothing but one backtick on each side.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            return !bytes.contains { $0 < 0x20 || $0 > 0x7E || $0 == UInt8(ascii: "`") || (inTable && $0 == UInt8(ascii: "|")) }
        }
        if plain == true { return "`" + text + "`" }
        var body = ""
        var longestRun = 0, run = 0
        for scalar in text.unicodeScalars {
            if scalar == "`" { run += 1; longestRun = max(longestRun, run) } else { run = 0 }
            switch scalar {
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}": body += " "
            case "|" where inTable: body += "\\|"
            case _ where isControl(scalar): continue
            default: body.unicodeScalars.append(scalar)
            }
        }
        if body.isEmpty { return "` `" }
        let fence = String(repeating: "`", count: longestRun + 1)
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || (body.hasPrefix(" ") && body.hasSuffix(" ") && body.contains { $0 != " " }) ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// A model's Markdown summary made safe to place in a Markdown page: Markdown syntax is kept, but raw HTML
    /// is shown as text (`<` and `>` escaped outside code) and a link whose target is not allowed
    /// (`javascript:`, `data:`, …) is shown as text.
    public static func sanitized(_ markdown: String) -> String {
        var out = ""
        out.reserveCapacity(markdown.utf8.count)
        let scalars = Array(markdown.unicodeScalars)
        var index = 0
        var codeFence = 0 // inside an inline code span of this many backticks
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "`" {
                var run = 0
                while index + run < scalars.count, scalars[index + run] == "`" { run += 1 }
                if codeFence == 0 { codeFence = run } else if codeFence == run { codeFence = 0 }
                out += String(repeating: "`", count: run)
                index += run
                continue
            }
            if codeFence == 0 {
                switch scalar {
                case "<": out += "&lt;"; index += 1; continue
                case ">": out += "&gt;"; index += 1; continue
                case "]" where index + 1 < scalars.count && scalars[index + 1] == "(":
                    // A link target: keep it only when allowed.
                    // Only the scheme matters, and a scheme is short: look at no more than its first characters.
                    var start = index + 2
                    while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
                    let head = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + 40)]))
                    if !isAllowedLink(String(head.prefix { $0 != ")" && $0 != "\n" })) {
                        out += "\\](" // no longer a link: the text stays readable
                        index += 2
                        continue
                    }
                default: break
                }
            }
            if isControl(scalar), scalar != "\n", scalar != "\t" { index += 1; continue }
            out.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
            index += 1
        }
        return out
    }

    /// Links from summaries may go to `http`, `https` and `mailto` targets, or be relative (no scheme).
    public static func isAllowedLink(_ target: String) -> Bool {
        let trimmed = target.drop { $0 == " " }
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        let beforeColon = trimmed[..<colon]
        // A colon after a slash, `?` or `#` is not a scheme separator: the link is relative.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        return ["http", "https", "mailto"].contains(beforeColon.lowercased())
    }

    /// The printable ASCII characters `escape` changes, by byte.
    private static let markdownSpecial: [Bool] = (0..<128).map { byte in
        "\\`*_[]|#~!<>&".utf8.contains(UInt8(byte))
    }

    // MARK: - HTML

    /// Text escaped as the template engine escapes `{{value}}` in HTML: `<`, `>`, `&`, `"` and `'` replaced by
    /// entities, character by character (a character is a grapheme: `<` followed by a combining mark is one
    /// character and stays as it is), everything else kept. Checked on bytes first: most values contain none
    /// of the five.
    public static func mustacheHTMLEscape(_ text: String) -> String {
        guard text.utf8.contains(where: isEntityByte) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            // A character of one scalar is one of the five exactly when that scalar is.
            if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, let entity = htmlEntity(scalar) {
                out += entity
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A type name as HTML text (escaped as `mustacheHTMLEscape`) with `<wbr>` where its words meet, so a narrow
    /// column breaks `PhotoLibraryViewController` as `PhotoLibrary` / `ViewController` instead of after
    /// whichever letter fills the line: before an upper-case letter that follows a lower-case letter or a digit
    /// (`Photo|Library`), before the last of a run of capitals that starts a word (`UI|Navigation`), and after
    /// `.` and `_`.
    public static func typeNameHTML(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count + 24)
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let humps = character.isUppercase && (previous.isLowercase || previous.isNumber)
                let acronymEnds = character.isUppercase && previous.isUppercase && next?.isLowercase == true
                if (humps || acronymEnds || previous == "." || previous == "_") && character != "." && character != "_" {
                    out += "<wbr>"
                }
            }
            // A character of one scalar is one of the five exactly when that scalar is (as `mustacheHTMLEscape`).
            if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, let entity = htmlEntity(scalar) {
                out += entity
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Whether a UTF-8 byte is one of the five characters below (no byte of a multi-byte sequence is).
    private static func isEntityByte(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }

    /// The entity of the five characters HTML text and attribute values escape, nil for any other.
    private static func htmlEntity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
    }

    /// `text` without the spaces and tabs at its ends, found in its bytes: walking characters backwards costs, for
    /// each one, the run of flags before it (regional indicators pair up from the run's start).
    public static func trimmingBlanks(_ text: Substring) -> String {
        let bytes = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first..<bytes.index(after: last)])
    }

    /// Text as HTML text or a quoted attribute value.
    public static func escapeHTML(_ text: String) -> String {
        // Printable ASCII without `&`, `<`, `>` or quotes (most titles, ids and paths) comes back as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !isEntityByte($0) }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let entity = htmlEntity(scalar) {
                out += entity
                continue
            }
            switch scalar {
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "\n"
            case _ where isControl(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Renders the Markdown subset used in model summaries to HTML: paragraphs, `-` lists,
    /// **strong**, *emphasis*, `code` and [links](url). Everything else is kept as escaped text;
    /// links to other than `http`, `https`, `mailto` or relative targets stay text.
    public static func html(_ markdown: String) -> String {
        var blocks: [String] = []
        var paragraph: [String] = []
        var list: [String] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append("<p>" + inline(paragraph.joined(separator: " ")) + "</p>") }
            if !list.isEmpty { blocks.append("<ul>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>") }
            paragraph = []
            list = []
        }
        for raw in markdown.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let line = Self.trimmingBlanks(raw)
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
    /// Linear: each search for a closing marker starts from a table of next positions.
    public static func inline(_ text: String) -> String {
        let chars = Array(text)
        let count = chars.count
        // next[c][i]: the first index ≥ i holding marker c, or count.
        func nextTable(_ marker: Character) -> [Int] {
            var table = Array(repeating: count, count: count + 1)
            var i = count - 1
            while i >= 0 {
                table[i] = chars[i] == marker ? i : table[i + 1]
                i -= 1
            }
            return table
        }
        let nextTick = nextTable("`"), nextStar = nextTable("*"), nextClose = nextTable("]"), nextParen = nextTable(")")
        // The first "**" at or after each index.
        var nextDouble = Array(repeating: count, count: count + 1)
        if count >= 2 {
            var i = count - 2
            while i >= 0 {
                nextDouble[i] = chars[i] == "*" && chars[i + 1] == "*" ? i : nextDouble[i + 1]
                i -= 1
            }
        }
        func render(_ start: Int, _ end: Int) -> String {
            var out = ""
            var i = start
            while i < end {
                let c = chars[i]
                if c == "`", nextTick[i + 1] < end {
                    let close = nextTick[i + 1]
                    out += "<code>" + escapeHTML(String(chars[(i + 1)..<close])) + "</code>"
                    i = close + 1
                } else if c == "*", i + 1 < end, chars[i + 1] == "*", nextDouble[i + 2] < end - 1 {
                    let close = nextDouble[i + 2]
                    out += "<strong>" + render(i + 2, close) + "</strong>"
                    i = close + 2
                } else if c == "*", nextStar[i + 1] < end {
                    let close = nextStar[i + 1]
                    out += "<em>" + render(i + 1, close) + "</em>"
                    i = close + 1
                } else if c == "[", nextClose[i + 1] < end, nextClose[i + 1] + 1 < end, chars[nextClose[i + 1] + 1] == "(",
                          nextParen[nextClose[i + 1] + 2] < end {
                    let close = nextClose[i + 1]
                    let paren = nextParen[close + 2]
                    let url = String(chars[(close + 2)..<paren])
                    if isAllowedLink(url) {
                        out += "<a href=\"\(escapeHTML(url))\">" + render(i + 1, close) + "</a>"
                    } else {
                        out += escapeHTML("[") + render(i + 1, close) + escapeHTML("](" + url + ")")
                    }
                    i = paren + 1
                } else {
                    out += escapeHTML(String(c))
                    i += 1
                }
            }
            return out
        }
        return render(0, count)
    }

    /// A fenced code block that no line of `text` can close: more backticks than any run inside it.
    public static func fence(_ text: String, language: String) -> String {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            if scalar == "`" { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let body = text.hasSuffix("\n") ? text : text + "\n"
        return fence + language + "\n" + body + fence + "\n"
    }

    /// A link target made one token: spaces, parentheses and angle brackets percent-encoded.
    public static func linkTarget(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            case _ where isControl(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: - Shared

    /// C0 and C1 control characters and DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` without its control characters other than tab, line feed and carriage return (what a model's text may
    /// not hold: the docs cannot show them); `text` itself, uncopied, when it has none, found in its bytes (DEL, or
    /// a C1 character's lead byte 0xC2 before 0x80–0x9F; a C0 one below 0x20).
    public static func removingControls(_ text: String) -> String {
        let bytes = text.utf8
        var previous: UInt8 = 0
        let has = bytes.contains { byte in
            defer { previous = byte }
            return (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte))
        }
        guard has else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isControl($0) || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        return String(scalars)
    }
}
