/// A template's tags, read as the template engine reads them, and the first thing in them the engine would reject,
/// choke on or render wrongly, with its position: checked before the engine parses a user's template, whose own
/// errors say neither where a section was opened nor which one, and which recurses on nested sections and
/// partials until the stack overflows.
///
/// The text is read as the engine reads it: by character (a brace followed by a combining mark is no brace), tags
/// between the current delimiters (`{{` and `}}` until a set-delimiter tag `{{=<% %>=}}` changes them, up to the
/// end of the section it is in, as the engine scopes it), each tag's name read as the engine reads it (spaces,
/// the name's characters, spaces, the closing delimiter), a comment up to the first closing delimiter the engine's
/// search finds. A test holds the check to the engine on random templates. What is checked:
/// - every tag is finished and names what the engine can look up (letters, digits and `. - _ ? *`); the engine's
///   transforms (`{{reversed(list)}}`) are refused: they walk dictionaries in hash order, and nested ones
///   overflow its stack;
/// - a tag names something: `{{}}`, and `{{.}}` outside any section, would print the whole page's data;
/// - no `{{` is followed by a line break or ends the template, and no first character of `{{` comes too near the
///   end for a whole `{{`: the engine drops the first two without a word and fails on the third without a place;
/// - sections (`#`, `^`) close in order with the name they opened with, and nest at most `sectionDepth` deep;
/// - partials (`>`) name a template (checked by the caller from `partials`); a partial named by the page's data
///   (`{{>*name}}`) and template inheritance (`{{<parent}}`, `{{$block}}`) are refused: the engine recurses
///   without end on a block that expands itself;
/// - delimiters are at most `delimiterLength` printable characters;
/// - the engine's reading time stays bounded: at each tag and each stray first character of `{{` (`{` in CSS) it
///   measures the rest of the text, so the sum of those rests, in UTF-8 bytes, is at most `readingBudget` (a
///   template without tags is given to the engine so that it reads none: `TemplateSources.engineText`).
///
/// Positions are those of the project's other diagnostics: lines end at line feeds, columns count Unicode scalars.
struct TemplateStructure {
    struct Tag {
        /// The tag's kind: `#`, `^`, `/`, `>`, `&`, `{`, or nil for a variable.
        var marker: Character?
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
    /// The most UTF-8 bytes the engine may measure while parsing a template: the rest of the text at each tag and
    /// each stray first character of the opening delimiter. About 2 s on the project's machine for the slowest
    /// text measured (combining marks, 2.6e-8 s a byte); ASCII reads three times faster.
    static let readingBudget = 80_000_000
    /// The longest delimiter a set-delimiter tag may set (the check looks for it at every character).
    static let delimiterLength = 10

    private(set) var tags: [Tag] = []
    /// The first problem, if any; the tags after it are not read.
    private(set) var problem: Problem?
    /// Whether the template has no tag at all: its text is the page as it is.
    private(set) var isPlainText = false

    /// The partials (`>`) the template includes, with their positions.
    var partials: [Tag] { tags.filter { $0.marker == ">" } }

    /// The sections (`#`) the template opens, with their positions.
    var sections: [Tag] { tags.filter { $0.marker == "#" } }

    /// `isPartial`: a partial (`_NAME`) may print `{{.}}` outside a section of its own, for the list item of the
    /// section it is included in.
    init(text: String, isPartial: Bool = false) {
        let characters = Array(text)
        let count = characters.count
        var open: [Character] = ["{", "{"], close: [Character] = ["}", "}"]
        var index = 0, line = 1, column = 1
        // Each open section with the delimiters that were current where it opened: the engine parses a section
        // with a copy of its parser state, so a delimiter change inside a section ends with it.
        var sections: [(tag: Tag, open: [Character], close: [Character])] = []
        var tags: [Tag] = []
        var found: Problem?
        var tagCount = 0
        // UTF-8 bytes from each character to the end: what the engine measures at a tag or a stray first character.
        var rest = [Int](repeating: 0, count: count + 1)
        for position in stride(from: count - 1, through: 0, by: -1) { rest[position] = rest[position + 1] + characters[position].utf8.count }
        var reading = 0
        var overBudget: (line: Int, column: Int)?
        func measure(at position: Int) {
            reading += rest[position]
            if reading > Self.readingBudget, overBudget == nil {
                advance(to: position)
                overBudget = (line, column)
            }
        }
        func advance(to end: Int) {
            while index < end {
                if characters[index].unicodeScalars.contains("\n") { line += 1; column = 1 } else { column += characters[index].unicodeScalars.count }
                index += 1
            }
        }
        func starts(_ delimiter: [Character], at position: Int) -> Bool {
            position + delimiter.count <= count && characters[position..<position + delimiter.count].elementsEqual(delimiter)
        }
        func skipWhitespace(_ position: inout Int) {
            while position < count, characters[position].isWhitespace { position += 1 }
        }
        func written(_ delimiter: [Character]) -> String { String(delimiter) }
        func quoted(_ from: Int, _ to: Int) -> String {
            var quoted = String(characters[from..<min(max(from, to), count)])
            if let newline = quoted.firstIndex(where: \.isNewline) { quoted = String(quoted[..<newline]) + "…" }
            return quoted.count > 60 ? String(quoted.prefix(60)) + "…" : quoted
        }
        scan: while found == nil {
            // The text up to the next tag: the engine tries a whole opening delimiter at each of its first characters.
            var start = index
            while start < count, !(characters[start] == open[0] && starts(open, at: start)) {
                if characters[start] == open[0] {
                    measure(at: start)
                    // (A template without tags gets delimiters it does not hold: `TemplateSources.engineText`.)
                    if start + open.count > count, tagCount > 0 {
                        advance(to: start)
                        found = Problem(message: "the template ends with '\(quoted(start, count))', which the template engine reads as the start of an unfinished tag: end it with a line break",
                                        line: line, column: column)
                        break scan
                    }
                }
                start += 1
            }
            guard start < count else { break }
            measure(at: start)
            advance(to: start)
            tagCount += 1
            let tagLine = line, tagColumn = column
            func report(_ message: String) { found = Problem(message: message, line: tagLine, column: tagColumn) }
            var position = start + open.count
            guard position < count else {
                report("the tag '\(written(open))' is not finished: the template ends after it")
                break
            }
            if characters[position].isNewline {
                report("'\(written(open))' is followed by a line break, which the template engine drops with it: a tag starts on the line of its '\(written(open))'")
                break
            }
            let marker: Character? = "#^/>&{!%=<$".contains(characters[position]) ? characters[position] : nil
            if marker != nil { position += 1 }
            // A name as the engine reads one: spaces, the name's characters, spaces, then the closing delimiter.
            func name(_ allowed: Set<Character>) -> String? {
                skipWhitespace(&position)
                let first = position
                while position < count, allowed.contains(characters[position]) { position += 1 }
                let name = String(characters[first..<position])
                skipWhitespace(&position)
                guard starts(close, at: position) else { return nil }
                position += close.count
                return name
            }
            // The tag as written: up to its first closing delimiter, if there is one.
            func wholeTag() -> (text: String, finished: Bool) {
                var end = start + open.count
                while end < count, !starts(close, at: end) { end += 1 }
                return (quoted(start, end < count ? end + close.count : count), end < count)
            }
            func unreadable(_ what: String) {
                let tag = wholeTag()
                report(tag.finished ? "the tag '\(tag.text)' does not name \(what)" : "the tag '\(tag.text)' is not finished: no '\(written(close))' after it")
            }
            switch marker {
            case "!":
                // The engine's search for the end of a comment forgets a partial match without looking again
                // where it failed (`%%>` is not found in `%%%>`): the same search, so the comment ends where it does.
                var matched = 0, end: Int?
                while position < count {
                    if characters[position] == close[matched] {
                        matched += 1
                        if matched == close.count { end = position + 1; break }
                    } else {
                        matched = 0
                    }
                    position += 1
                }
                guard let end else {
                    report("the comment '\(quoted(start, count))' is not finished: the template engine finds no '\(written(close))' after it")
                    break scan
                }
                position = end
            case "%":
                // `{{% CONTENT_TYPE: HTML}}`
                skipWhitespace(&position)
                let setting = Self.read(in: Self.settingCharacters, characters, &position)
                skipWhitespace(&position)
                guard setting == "CONTENT_TYPE", position < count, characters[position] == ":" else {
                    report("the setting '\(wholeTag().text)' is not one the template engine knows: the docs' templates set '\(written(open))% CONTENT_TYPE: MARKDOWN\(written(close))', HTML or TEXT")
                    break scan
                }
                position += 1
                skipWhitespace(&position)
                let value = Self.read(in: Self.settingCharacters, characters, &position)
                skipWhitespace(&position)
                guard ["MARKDOWN", "HTML", "TEXT"].contains(value), starts(close, at: position) else {
                    report("the content type in '\(wholeTag().text)' is not MARKDOWN, HTML or TEXT")
                    break scan
                }
                position += close.count
            case "=":
                // `{{=<% %>=}}` as the engine reads it: spaces, the opening delimiter up to a space, spaces, the
                // closing one up to `=` or a space, spaces, `=`, then the current closing delimiter.
                skipWhitespace(&position)
                let newOpen = position
                while position < count, !characters[position].isWhitespace { position += 1 }
                let openEnd = position
                skipWhitespace(&position)
                let newClose = position
                while position < count, characters[position] != "=", !characters[position].isWhitespace { position += 1 }
                let closeEnd = position
                skipWhitespace(&position)
                guard openEnd > newOpen, closeEnd > newClose, position < count, characters[position] == "=", starts(close, at: position + 1) else {
                    report("the set-delimiter tag '\(wholeTag().text)' is malformed: it is written '\(written(open))=<start> <end>=\(written(close))'")
                    break scan
                }
                let delimiters = characters[newOpen..<openEnd] + characters[newClose..<closeEnd]
                guard openEnd - newOpen <= Self.delimiterLength, closeEnd - newClose <= Self.delimiterLength,
                      delimiters.allSatisfy({ character in character.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace } }) else {
                    report("the set-delimiter tag '\(wholeTag().text)' sets a delimiter longer than \(Self.delimiterLength) characters or holding a control character")
                    break scan
                }
                position += 1 + close.count
                open = Array(characters[newOpen..<openEnd])
                close = Array(characters[newClose..<closeEnd])
            case "<", "$":
                report("the tag '\(wholeTag().text)' starts template inheritance (parents and blocks), which the docs do not support: include partials with '\(written(open))> name\(written(close))'")
                break scan
            case ">":
                skipWhitespace(&position)
                if position < count, characters[position] == "*" {
                    report("the tag '\(wholeTag().text)' includes a template named by the page's data ('*'), which the docs do not support: name the template")
                    break scan
                }
                guard let partial = name(Self.partialNameCharacters), !partial.isEmpty else {
                    unreadable("a template (a name is letters, digits and . - _ ? ( ) /)")
                    break scan
                }
                tags.append(Tag(marker: marker, name: partial, line: tagLine, column: tagColumn))
            default:
                guard let value = name(Self.nameCharacters) else {
                    unreadable("a value: a name is letters, digits and . - _ ? * ( ), without spaces")
                    break scan
                }
                if marker == "{" {
                    guard position < count, characters[position] == "}" else {
                        report("the tag '\(quoted(start, position))' is not finished: a tag that opens with '\(written(open)){' ends with '\(written(close))}'")
                        break scan
                    }
                    position += 1
                }
                let tag = Tag(marker: marker, name: value, line: tagLine, column: tagColumn)
                if value.contains("(") || value.contains(")") {
                    report("the tag '\(quoted(start, position))' applies a transform ('name(value)'), which the docs do not support: transforms walk lists and dictionaries in an order that changes from run to run")
                    break scan
                }
                if value.isEmpty || (value == "." && sections.isEmpty && marker != "/" && !isPartial) {
                    report("the tag '\(quoted(start, position))' names nothing (it would print the whole page's data); name a value, or '.' for the current item of a list")
                    break scan
                }
                if marker == "/" {
                    guard let (opened, openedWith, closedWith) = sections.popLast() else {
                        report("'\(quoted(start, position))' closes section '\(value)', but no section is open")
                        break scan
                    }
                    guard opened.name == value else {
                        report("'\(quoted(start, position))' closes section '\(value)', but the open section is '\(opened.name)' (line \(opened.line), column \(opened.column)): close it first with '\(written(open))/\(opened.name)\(written(close))'")
                        break scan
                    }
                    (open, close) = (openedWith, closedWith)
                } else if marker == "#" || marker == "^" {
                    sections.append((tag, open, close))
                    if sections.count > Self.sectionDepth {
                        report("sections nested more than \(Self.sectionDepth) levels deep; a template may nest at most \(Self.sectionDepth)")
                        break scan
                    }
                }
                tags.append(tag)
            }
            advance(to: position)
        }
        if found == nil, tagCount > 0, let overBudget {
            found = Problem(message: "from here on, the template is too long for the template engine to read in bounded time (at each of its \(tagCount) tags and each '\(open[0])' it measures the rest of the text): shorten it",
                            line: overBudget.line, column: overBudget.column)
        }
        if found == nil, let (unclosed, openedWith, closedWith) = sections.last {
            let marker = unclosed.marker.map { String($0) } ?? ""
            found = Problem(message: "section '\(written(openedWith))\(marker)\(unclosed.name)\(written(closedWith))' is not closed: no '\(written(openedWith))/\(unclosed.name)\(written(closedWith))' after it",
                            line: unclosed.line, column: unclosed.column)
        }
        self.tags = tags
        self.problem = found
        self.isPlainText = found == nil && tagCount == 0
    }

    /// Reads the characters of `allowed` from `position` on.
    private static func read(in allowed: Set<Character>, _ characters: [Character], _ position: inout Int) -> String {
        let first = position
        while position < characters.count, allowed.contains(characters[position]) { position += 1 }
        return String(characters[first..<position])
    }

    /// What the engine reads as a variable or section name (with transforms: `reversed(list)`).
    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    /// What the engine reads as a partial's name.
    static let partialNameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")
    /// What the engine reads as a setting's name or value.
    static let settingCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
}
