/// A template's tags, read as the template engine reads them, and the first thing in them the engine would reject,
/// choke on or render wrongly, with its position: checked before the engine parses a user's template, whose own
/// errors say neither where a section was opened nor which one, and which recurses on nested sections and
/// partials until the stack overflows.
///
/// Tags are found between the current delimiters (`{{` and `}}` until a set-delimiter tag `{{=<% %>=}}` changes
/// them, up to the end of the section it is in, as the engine scopes it); `{{{name}}}` ends with one more `}`;
/// comments (`!`) and settings (`%`) are skipped. A test holds the check to the engine on random templates.
/// What is checked:
/// - no `{{` is followed by a line break or ends the template, and the template does not end with the first
///   character of `{{`: the engine drops the first two without a word and fails on the third without a place;
/// - every tag is finished, and names something the engine can look up (letters, digits and `. - _ ? * ( )`);
///   an empty tag `{{}}` would print the whole context;
/// - sections (`#`, `^`, `$` and the inheriting partial `<`) close in order with the name they opened with, and
///   nest at most `sectionDepth` deep;
/// - partials name a template (checked by the caller from `partials`); dynamic partials (`{{>*name}}`), whose
///   template a page's data would choose, are refused;
/// - a template has at most `tagLimit` tags: the engine's parsing time grows with the square of a template's size
///   (about 2 s for 2,500 tags on the project's machine), and the built-in templates have fewer than 100.
struct TemplateStructure {
    struct Tag {
        /// The tag's kind: `#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`, or nil for a variable.
        var marker: Unicode.Scalar?
        /// What the tag names, trimmed (a variable, a section, a partial).
        var name: String
        var line: Int
        var column: Int
    }

    struct Problem: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// The deepest nesting of sections a template may have: the engine parses them recursively, and a few hundred
    /// levels overflow its stack.
    static let sectionDepth = 100
    /// The most tags a template may have.
    static let tagLimit = 1_000

    private(set) var tags: [Tag] = []
    /// The first problem, if any; the tags after it are not read.
    private(set) var problem: Problem?

    /// The partials (`>`) and inheriting partials (`<`) the template includes, with their positions.
    var partials: [Tag] { tags.filter { $0.marker == ">" || $0.marker == "<" } }

    init(text: String) {
        let scalars = Array(text.unicodeScalars)
        var open: [Unicode.Scalar] = ["{", "{"], close: [Unicode.Scalar] = ["}", "}"]
        var index = 0, line = 1, column = 1
        // Each open section with the delimiters that were current where it opened: the engine parses a section
        // with a copy of its parser state, so a delimiter change inside a section ends with it.
        var sections: [(tag: Tag, open: [Unicode.Scalar], close: [Unicode.Scalar])] = []
        var tags: [Tag] = []
        var found: Problem?
        func advance(to end: Int) {
            while index < end {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        func find(_ delimiter: [Unicode.Scalar], from start: Int) -> Int? {
            guard let first = delimiter.first, scalars.count >= delimiter.count else { return nil }
            var position = start
            while position <= scalars.count - delimiter.count {
                if scalars[position] == first, scalars[position..<position + delimiter.count].elementsEqual(delimiter) { return position }
                position += 1
            }
            return nil
        }
        func quoted(_ from: Int, _ to: Int) -> String {
            var text = String(String.UnicodeScalarView(scalars[from..<min(to, scalars.count)]))
            if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) + "…" }
            return text.count > 60 ? String(text.prefix(60)) + "…" : text
        }
        let openText = { String(String.UnicodeScalarView(open)) }, closeText = { String(String.UnicodeScalarView(close)) }
        while found == nil, let start = find(open, from: index) {
            advance(to: start)
            let tagLine = line, tagColumn = column
            func report(_ message: String) { found = Problem(message: message, line: tagLine, column: tagColumn) }
            let innerStart = start + open.count
            if innerStart < scalars.count, scalars[innerStart] == "\n" || scalars[innerStart] == "\r" {
                report("'\(openText())' is followed by a line break, which the template engine drops with it: a tag starts on the line of its '\(openText())'")
                break
            }
            guard let end = find(close, from: innerStart) else {
                report("the tag '\(quoted(start, scalars.count))' is not finished: no '\(closeText())' after it")
                break
            }
            var after = end + close.count
            var marker: Unicode.Scalar? = innerStart < end ? scalars[innerStart] : nil
            var inner = String(String.UnicodeScalarView(scalars[innerStart..<end]))
            switch marker {
            case "{":
                guard after < scalars.count, scalars[after] == "}" else {
                    report("the tag '\(quoted(start, after))' is not finished: a tag that opens with '\(openText()){' ends with '\(closeText())}'")
                    continue
                }
                after += 1
            case "#", "^", "/", ">", "<", "$", "&", "!", "%", "=":
                break
            default:
                marker = nil
            }
            if marker != nil { inner = String(inner.unicodeScalars.dropFirst()) }
            let name = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            let tagText = quoted(start, after)
            let tag = Tag(marker: marker, name: name, line: tagLine, column: tagColumn)
            switch marker {
            case "!", "%":
                break
            case "=":
                // `{{=<% %>=}}`: two delimiters apart, then `=`.
                let parts = name.hasSuffix("=") ? name.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }) : []
                guard parts.count == 2, !parts[1].contains("=") else {
                    report("the set-delimiter tag '\(tagText)' is malformed: it is written '\(openText())=<start> <end>=\(closeText())'")
                    continue
                }
                open = Array(parts[0].unicodeScalars)
                close = Array(parts[1].unicodeScalars)
            case ">", "<":
                if name.hasPrefix("*") {
                    report("the tag '\(tagText)' includes a template named by the page's data ('*'), which the docs do not support: name the template")
                    continue
                }
                if name.isEmpty || !name.unicodeScalars.allSatisfy(Self.partialNameCharacters.contains) {
                    report("the tag '\(tagText)' does not name a template (\(name.isEmpty ? "it is empty" : "a name is letters, digits and . - _ ? ( ) /"))")
                    continue
                }
                tags.append(tag)
                if marker == "<" { sections.append((tag, open, close)) }
            case "/":
                guard let (opened, openedWith, closedWith) = sections.popLast() else {
                    report("'\(tagText)' closes section '\(name)', but no section is open")
                    continue
                }
                guard opened.name == name else {
                    report("'\(tagText)' closes section '\(name)', but the open section is '\(opened.name)' (line \(opened.line), column \(opened.column)): close it first with '\(openText())/\(opened.name)\(closeText())'")
                    continue
                }
                tags.append(tag)
                (open, close) = (openedWith, closedWith)
            default:
                if name.isEmpty {
                    report("the tag '\(tagText)' names nothing (it would print the whole page's data); name a value, or '.' for the current item of a list")
                    continue
                }
                guard name.unicodeScalars.allSatisfy(Self.nameCharacters.contains) else {
                    report("the tag '\(tagText)' does not name a value: a name is letters, digits and . - _ ? * ( ), without spaces")
                    continue
                }
                tags.append(tag)
                if marker == "#" || marker == "^" || marker == "$" { sections.append((tag, open, close)) }
            }
            if sections.count > Self.sectionDepth {
                report("sections nested more than \(Self.sectionDepth) levels deep; a template may nest at most \(Self.sectionDepth)")
                continue
            }
            if tags.count > Self.tagLimit {
                report("the template has more than \(Self.tagLimit) tags, the most a template may have (the template engine's parsing time grows with the square of a template's size)")
                continue
            }
            advance(to: after)
        }
        // The engine reads a last character that could start a tag as an unfinished tag, and fails without a place.
        if found == nil, let last = scalars.last, last == open.first, index < scalars.count {
            advance(to: scalars.count - 1)
            found = Problem(message: "the template ends with '\(last)', which the template engine reads as the start of an unfinished tag: end it with a line break",
                            line: line, column: column)
        }
        if found == nil, let unclosed = sections.last?.tag {
            let marker = unclosed.marker.map { String($0) } ?? ""
            found = Problem(message: "section '\(openText())\(marker)\(unclosed.name)\(closeText())' is not closed: no '\(openText())/\(unclosed.name)\(closeText())' after it",
                              line: unclosed.line, column: unclosed.column)
        }
        self.tags = tags
        self.problem = found
    }

    /// What the engine reads as a variable or section name (with transforms: `reversed(list)`).
    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*".unicodeScalars)
    /// What the engine reads as a partial's name.
    static let partialNameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/".unicodeScalars)
}
