import Foundation
import TextFormats
import SceneModel
import Yams

/// A YAML/JSON node with its position, detached from the parser.
struct ConfigNode: Sendable {
    enum Content: Sendable {
        /// A scalar's text; `plain` is false for quoted and block scalars.
        case scalar(String, plain: Bool)
        case mapping([MappingEntry])
        case sequence([ConfigNode])
    }

    struct MappingEntry: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var keyIsScalar: Bool
        var value: ConfigNode
        /// False for a quoted key: its text starts a column after its place.
        var keyIsPlain = true

        /// A look-alike character in the key (a key is a name: any of them; see `LookAlikes`), and where it would be
        /// if the key is written on one line as it reads (checked against the file before it is used: `DecodingContext.isWritten`).
        var lookAlike: (found: LookAlikes.Found, location: SourceLocation)? {
            guard keyIsScalar, let found = LookAlikes.first(in: key) else { return nil }
            var location = keyLocation
            location.column += found.offset + (keyIsPlain ? 0 : 1)
            return (found, location)
        }
    }

    var content: Content
    var location: SourceLocation

    /// A plain `null`, `~` or empty scalar.
    var isNull: Bool {
        if case .scalar(let text, true) = content { return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" }
        return false
    }

    /// The node with every location in it (its own, its keys', its children's) moved by `move`.
    func withLocations(_ move: (SourceLocation) -> SourceLocation) -> ConfigNode {
        var node = self
        node.location = move(location)
        switch content {
        case .scalar: break
        case .mapping(let entries):
            node.content = .mapping(entries.map { entry in
                var entry = entry
                entry.keyLocation = move(entry.keyLocation)
                entry.value = entry.value.withLocations(move)
                return entry
            })
        case .sequence(let items):
            node.content = .sequence(items.map { $0.withLocations(move) })
        }
        return node
    }

    /// A look-alike character standing where YAML's structure would be in the node's text (`class:` and a no-break
    /// space: see `LookAlikes`), and where it would be if the text is written on one line as it reads (the place is
    /// checked against the file before it is used: `DecodingContext.isWritten`).
    var lookAlike: (found: LookAlikes.Found, location: SourceLocation)? {
        guard case .scalar(let text, let plain) = content, let found = LookAlikes.firstStructural(in: text.unicodeScalars) else { return nil }
        var place = location
        place.column += found.offset + (plain ? 0 : 1)
        return (found, place)
    }

    /// How the node is described in messages: "a mapping", "a list", "'text'".
    var kindDescription: String {
        switch content {
        case .scalar(let text, _):
            // A long text (a file that is no model, read as one value) is cut: the message stays a line.
            let shown = text.count > 120 ? String(text.prefix(100)) + "…" : text
            return isNull ? "nothing" : "'\(shown)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// Parses YAML (and JSON, which is read as YAML flow style) into `ConfigNode`s.
enum ConfigParser {
    /// The document's root, or a diagnostic with the parser's position.
    static func parse(_ text: String, file: String) -> Result<ConfigNode?, Diagnostic> {
        var source = text
        if file.lowercased().hasSuffix(".json") {
            // Tabs are legal JSON whitespace but not YAML indentation; inside JSON strings they must be escaped,
            // so replacing them one for one keeps every column.
            source = source.replacingOccurrences(of: "\t", with: " ")
            // JSON writes a character past U+FFFF as two escapes (Python's json does so for every emoji), which
            // libyaml refuses; YAML's one escape for it is two characters shorter, and positions are moved back.
            let joined = SurrogatePairs(source)
            if !joined.shifts.isEmpty {
                return parseSource(joined.text, file: file).map { node in node.map { joined.restore($0) } }.mapError { joined.restore($0) }
            }
        }
        return parseSource(source, file: file)
    }

    private static func parseSource(_ source: String, file: String) -> Result<ConfigNode?, Diagnostic> {
        if let marker = ConflictMarker.find(in: source) {
            return .failure(.error("merge conflict marker '\(marker.text)' found; resolve the conflict first",
                                   at: SourceLocation(file: file, line: marker.line, column: 1), category: .syntax))
        }
        // Yams composes recursively: nesting past the limit must be refused before it reads the text.
        let structure = YAMLStructureScan(source)
        if let opener = structure.tooDeep {
            return .failure(.error("lists and mappings nested more than \(InputLimits.yamlDepth) levels deep; a model may nest at most \(InputLimits.yamlDepth)",
                                   at: SourceLocation(file: file, line: opener.line, column: opener.column), category: .limit))
        }
        let breaks = YAMLLineBreaks(source)
        do {
            guard let node = try Yams.compose(yaml: source) else { return .success(nil) }
            var converter = Converter(file: file, aliases: structure.aliases)
            return .success(breaks.restore(try converter.convert(node, depth: 1, parent: SourceLocation(file: file, line: 1, column: 1))))
        } catch let diagnostic as Diagnostic {
            return .failure(breaks.restore(diagnostic))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, file: file, text: source, breaks: breaks))
        } catch {
            return .failure(.error("cannot read YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1), category: .syntax))
        }
    }

    /// 1-based line and column (in Unicode scalars) of a UTF-8 byte offset.
    /// The line and column (in Unicode scalars, as every position is) of the character `offset` characters from
    /// the start of `text`.
    static func linePosition(ofCharacterOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        let end = text.index(text.startIndex, offsetBy: max(0, offset), limitedBy: text.endIndex) ?? text.endIndex
        var line = 1, column = 1
        for scalar in text.unicodeScalars[..<end] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// Where the first double-quoted string that a line break interrupts starts (1-based, in scalars), if it starts
    /// before `mark`: JSON text, whose strings end on their line.
    /// Lines are libyaml's (in the places its marks use); only a line end as written (not NEL, LS or PS, which
    /// JSON's strings may hold) ends a string's line.
    private static func firstStringSpanningLines(_ lines: [(scalars: [Unicode.Scalar], endsLine: Bool)], before mark: Mark) -> (line: Int, column: Int)? {
        var open: (line: Int, column: Int)?
        var escaped = false
        for (index, line) in lines.enumerated() where index < mark.line {
            for (column, scalar) in line.scalars.enumerated() {
                if let _ = open {
                    if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { open = nil }
                } else if scalar == "\"" {
                    open = (index + 1, column + 1)
                }
            }
            if let open, line.endsLine { return open }
        }
        return nil
    }

    fileprivate static func location(_ mark: Mark?, file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// `breaks` puts libyaml's places (its lines end at NEL, LS and PS too) on the lines as written.
    private static func diagnostic(for error: YamlError, file: String, text: String, breaks: YAMLLineBreaks) -> Diagnostic {
        // A model in JSON is read by the YAML parser (JSON is YAML); its errors say JSON.
        let language = file.lowercased().hasSuffix(".json") ? "JSON" : "YAML"
        func positioned(_ context: YamlError.Context?, _ problem: String, _ mark: Mark) -> Diagnostic {
            // The text's lines as libyaml counts them, in scalars, which its columns count.
            let lines = YAMLLineBreaks.libyamlLines(text)
            // libyaml places the end of the text on a line after the last one when the text does not end with a line
            // break (a truncated file): such a place is the end of the last line. Then on the lines as written.
            func place(_ mark: Mark) -> (line: Int, column: Int) {
                var place = SourceLocation(file: file, line: mark.line, column: mark.column)
                if mark.line > lines.count, let last = lines.last {
                    place = SourceLocation(file: file, line: lines.count, column: last.count + 1)
                }
                let restored = breaks.restore(place)
                return (restored.line, restored.column)
            }
            func at(_ mark: Mark) -> SourceLocation {
                let (line, column) = place(mark)
                return SourceLocation(file: file, line: line, column: column)
            }
            let line = mark.line >= 1 && mark.line <= lines.count ? lines[mark.line - 1] : []
            // JSON's strings end on their line; YAML's quoted text may go on to the next, so an unclosed one is read
            // on until the next quote, and the error comes lines later. The first string that spans lines is it.
            if language == "JSON", let start = firstStringSpanningLines(YAMLLineBreaks.libyamlLinesAndEnds(text), before: mark) {
                return .error("invalid JSON: the string that starts here is not closed on its line (a JSON string cannot span lines)",
                              at: breaks.restore(SourceLocation(file: file, line: start.line, column: start.column)), category: .syntax)
            }
            // The escape as written, at its backslash (libyaml's place).
            if problem.contains("found unknown escape character"), mark.column >= 1, mark.column < line.count, line[mark.column - 1] == "\\" {
                let escape = "\\" + String(line[mark.column])
                let known = language == "JSON" ? "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX" : "\\\" \\\\ \\n \\t \\uXXXX and the others of YAML"
                return .error("invalid \(language): unknown escape '\(escape)' in quoted text (the escapes are \(known); write a backslash as '\\\\')",
                              at: at(mark), category: .syntax)
            }
            // An alias is named, with what it needs.
            if problem.contains("found undefined alias"), mark.column >= 1, mark.column <= line.count, line[mark.column - 1] == "*" {
                let name = String(String.UnicodeScalarView(line[mark.column...].prefix { !" \t,[]{}".unicodeScalars.contains($0) }))
                return .error("invalid \(language): alias '*\(name)' refers to no anchor '&\(name)' written before it (an alias cannot stand for the value it is inside)",
                              at: at(mark), category: .syntax)
            }
            if problem.contains("cannot start any token"), mark.column >= 1, mark.column <= line.count, line[mark.column - 1] == "\t" {
                return .error("invalid \(language): a tab character; YAML indents with spaces only", at: at(mark), category: .syntax)
            }
            // A character that looks like YAML's structure but is text to it (a no-break space after a colon, a
            // full-width colon) is the likely cause of an error no rule below explains; it is named where it is: on
            // the line where the parser gave up, before its place, or, for a key without its ':', on the key's line.
            func lookAlike(_ context: YamlError.Context?) -> Diagnostic? {
                var candidates: [(line: Int, scalars: ArraySlice<Unicode.Scalar>)] = []
                if mark.line >= 1, mark.line <= lines.count { candidates.append((mark.line, lines[mark.line - 1].prefix(max(0, mark.column)))) }
                if let context, problem.contains("could not find expected ':'"), context.mark.line >= 1, context.mark.line <= lines.count,
                   context.mark.line != mark.line {
                    candidates.append((context.mark.line, lines[context.mark.line - 1][...]))
                }
                for (lineNumber, scalars) in candidates {
                    if let found = LookAlikes.firstStructural(in: scalars) {
                        let restored = breaks.restore(SourceLocation(file: file, line: lineNumber, column: found.offset + 1))
                        return .error("invalid \(language): \(found.description) (\(problem) at \(place(mark).line):\(place(mark).column))",
                                      at: restored, category: .syntax)
                    }
                }
                return nil
            }
            if problem.contains("another document") {
                return .error("invalid \(language): a second document starts here; a model file holds one document (remove this '---' and what follows, or move it to a file of its own)",
                              at: at(mark), category: .syntax)
            }
            if problem.contains("mapping values are not allowed") {
                // Either a value holding ': ' (the line has a key before it), or a key indented deeper than its siblings.
                let before = String(String.UnicodeScalarView(line.prefix(max(0, mark.column - 1))))
                let hint = before.count > 1_024 && !before.contains(": ")
                    ? "a plain key is at most 1,024 characters; write a longer one as an explicit key ('? key')"
                    : before.trimmingCharacters(in: .whitespaces).contains(": ")
                    ? "a value that holds ': ' must be quoted (key: \"text: more\")"
                    : "this key is indented deeper than the keys before it; line it up with them"
                return .error("invalid \(language): \(problem); \(hint)", at: at(mark), category: .syntax)
            }
            guard let context else { return lookAlike(nil) ?? .error("invalid \(language): \(problem)", at: at(mark), category: .syntax) }
            // An escape of no character (half of a surrogate pair alone, past U+10FFFF) is said as such, where it is,
            // not as the quoted text it stands in being "never closed".
            if problem.contains("invalid Unicode character escape code") {
                // libyaml's place is past `\u`: the escape starts at its backslash.
                var place = at(mark)
                var written = ""
                if mark.column >= 3, mark.column - 3 < line.count, line[mark.column - 3] == "\\" {
                    place.column -= 2
                    // The escape as written: its backslash, its letter and up to eight hexadecimal digits.
                    let digits = line[(mark.column - 1)...].prefix(line[mark.column - 2] == "U" ? 8 : 4).prefix { $0.properties.isASCIIHexDigit }
                    written = "'" + String(String.UnicodeScalarView(line[(mark.column - 3)..<(mark.column - 1)] + digits)) + "': "
                }
                return .error("invalid \(language): \(written)an escape that is no Unicode character (half of a surrogate pair alone, such as \\ud800, or a value past \\U0010FFFF)",
                              at: place, category: .syntax)
            }
            // libyaml gives up where the text stops making sense; an unclosed quote is where it was opened, so that
            // is where the error is placed, with where the parser gave up. (An unclosed bracket's context is not as
            // sure a place: a missing inner '}' leaves the outermost mapping unclosed.)
            if context.text.contains("quoted scalar"), context.mark.line != mark.line || context.mark.column != mark.column {
                return .error("invalid \(language): the quoted text that starts here is never closed (\(problem) at \(place(mark).line):\(place(mark).column))",
                              at: at(context.mark), category: .syntax)
            }
            return lookAlike(context) ?? .error("invalid \(language): \(problem) \(context.text) (started at \(place(context.mark).line):\(place(context.mark).column))",
                                                at: at(mark), category: .syntax)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _):
            return positioned(context, problem, mark)
        case .parser(let context, let problem, let mark, _):
            return positioned(context, problem, mark)
        case .reader(let problem, let offset, let value, _):
            // Yams gives the place as a count of characters (grapheme clusters) from the start of the text.
            let position = linePosition(ofCharacterOffset: offset ?? 0, in: text)
            // A byte below 0x80 is a byte of the file; above, a character libyaml decoded (U+FFFE, U+0085 in places).
            let hex = String(value, radix: 16, uppercase: true)
            let what = value < 0x80 ? "byte 0x\(String(value, radix: 16))" : "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return .error("invalid \(language): \(problem) (\(what))",
                          at: SourceLocation(file: file, line: position.line, column: position.column), category: .syntax)
        case .composer(let context, let problem, let mark, _):
            return positioned(context, problem, mark)
        case .dataCouldNotBeDecoded:
            return .error("the file is not valid UTF-8", at: SourceLocation(file: file, line: 1, column: 1), category: .syntax)
        default:
            return .error("invalid \(language): \(error)", at: SourceLocation(file: file, line: 1, column: 1), category: .syntax)
        }
    }
}

/// Turns Yams nodes into `ConfigNode`s, expanding aliases within `InputLimits`.
///
/// Yams shares an anchored node with every alias of it, so composing is cheap; the copies are made here,
/// and here they are counted. An alias node keeps the position of its anchor, not its own: it is recognised
/// by that position going back in the document (nodes are visited in document order, and every anchor comes
/// before its aliases), and its own position is the next one the structure scan found.
private struct Converter {
    let file: String
    let aliases: [(name: String, position: YAMLStructureScan.Position)]
    private var aliasesPassed = 0
    /// Nodes copied by aliases so far.
    private var aliasNodes = 0
    /// Bytes of text copied by aliases so far.
    private var aliasBytes = 0
    /// The alias being expanded, with where it is written.
    private var expanding: (name: String, location: SourceLocation)?
    /// The last node visited outside aliases: its position and kind.
    private var last: (line: Int, column: Int, kind: Int)?

    init(file: String, aliases: [(name: String, position: YAMLStructureScan.Position)]) {
        self.file = file
        self.aliases = aliases
    }

    /// YAML's merge keys (`<<: *base`, `<<: [*a, *b]`): the keys of the mappings merged, in place of the merge key,
    /// except those the mapping writes itself or an earlier merged mapping gave (YAML's precedence). Each merged key
    /// keeps its place in the anchor it comes from.
    static func merged(_ entries: [ConfigNode.MappingEntry], merges: Set<Int>) throws -> [ConfigNode.MappingEntry] {
        guard !merges.isEmpty else { return entries }
        var taken = Set(entries.indices.filter { !merges.contains($0) }.map { entries[$0].key })
        var result: [ConfigNode.MappingEntry] = []
        for (index, entry) in entries.enumerated() {
            guard merges.contains(index) else {
                result.append(entry)
                continue
            }
            let sources: [ConfigNode]
            if case .sequence(let items) = entry.value.content { sources = items } else { sources = [entry.value] }
            for source in sources {
                guard case .mapping(let merged) = source.content else {
                    throw Diagnostic.error("a merge key ('<<') takes a mapping, such as an alias of one ('<<: *base'), or a list of them; not \(source.kindDescription)",
                                           at: source.location, category: .modelFormat)
                }
                for item in merged where taken.insert(item.key).inserted { result.append(item) }
            }
        }
        return result
    }

    mutating func convert(_ node: Node, depth: Int, parent: SourceLocation) throws -> ConfigNode {
        let here = ConfigParser.location(node.mark, file: file)
        var entersAlias = false
        if expanding == nil {
            if isRepeated(node) {
                let alias = aliasesPassed < aliases.count ? aliases[aliasesPassed] : nil
                aliasesPassed += 1
                expanding = (alias.map { "*\($0.name)" } ?? "an alias",
                             alias.map { SourceLocation(file: file, line: $0.position.line, column: $0.position.column) } ?? parent)
                entersAlias = true
            } else if let mark = node.mark {
                last = (mark.line, mark.column, Self.kind(of: node))
            }
        }
        defer { if entersAlias { expanding = nil } }
        if let expanding {
            aliasNodes += 1
            if aliasNodes > InputLimits.yamlAliasNodes {
                throw Diagnostic.error("alias '\(expanding.name)' takes the copies made by aliases past \(InputLimits.yamlAliasNodes) nodes, the most a model may have",
                                       at: expanding.location, category: .limit)
            }
        }
        // A value is not a level: a list nested 100 deep may hold values, as the structure scan counts it.
        var isValue = false
        if case .scalar = node { isValue = true }
        if depth > InputLimits.yamlDepth, !isValue {
            let place = expanding.map { "alias '\($0.name)' nests" } ?? "nested"
            throw Diagnostic.error("\(place) lists and mappings more than \(InputLimits.yamlDepth) levels deep; a model may nest at most \(InputLimits.yamlDepth)",
                                   at: expanding?.location ?? here, category: .limit)
        }
        switch node {
        case .scalar(let scalar):
            let bytes = scalar.string.utf8.count
            if bytes > InputLimits.yamlScalarBytes {
                throw Diagnostic.error("a value of \(NumberText.grouped(bytes)) bytes, more than the \(NumberText.grouped(InputLimits.yamlScalarBytes)) a model's value may have",
                                       at: expanding?.location ?? here, category: .limit)
            }
            if let expanding {
                aliasBytes += bytes
                if aliasBytes > InputLimits.yamlAliasBytes {
                    throw Diagnostic.error("alias '\(expanding.name)' takes the text copied by aliases past \(InputLimits.yamlAliasBytes) bytes, the most a model may have",
                                           at: expanding.location, category: .limit)
                }
            }
            return ConfigNode(content: .scalar(scalar.string, plain: scalar.style == .plain), location: here)
        case .mapping(let mapping):
            var entries: [ConfigNode.MappingEntry] = []
            var merges: Set<Int> = []
            for (key, value) in mapping {
                let keyText: String
                let isScalar: Bool
                var isPlain = true
                if case .scalar(let scalar) = key {
                    keyText = scalar.string
                    isScalar = true
                    isPlain = scalar.style == .plain
                    if keyText == "<<", scalar.style == .plain { merges.insert(entries.count) }
                    // A key is a value too (an identifier that every diagram repeats): the same limits.
                    let bytes = keyText.utf8.count
                    if bytes > InputLimits.yamlScalarBytes {
                        throw Diagnostic.error("a key of \(NumberText.grouped(bytes)) bytes, more than the \(NumberText.grouped(InputLimits.yamlScalarBytes)) a model's value may have",
                                               at: expanding?.location ?? ConfigParser.location(key.mark, file: file), category: .limit)
                    }
                    if let expanding {
                        aliasBytes += bytes
                        if aliasBytes > InputLimits.yamlAliasBytes {
                            throw Diagnostic.error("alias '\(expanding.name)' takes the text copied by aliases past \(InputLimits.yamlAliasBytes) bytes, the most a model may have",
                                                   at: expanding.location, category: .limit)
                        }
                    }
                } else {
                    keyText = "<complex key>"
                    isScalar = false
                }
                entries.append(ConfigNode.MappingEntry(key: keyText, keyLocation: ConfigParser.location(key.mark, file: file),
                                                       keyIsScalar: isScalar, value: try convert(value, depth: depth + 1, parent: here),
                                                       keyIsPlain: isPlain))
            }
            return ConfigNode(content: .mapping(try Self.merged(entries, merges: merges)), location: here)
        case .sequence(let sequence):
            var items: [ConfigNode] = []
            for item in sequence { items.append(try convert(item, depth: depth + 1, parent: here)) }
            return ConfigNode(content: .sequence(items), location: here)
        }
    }

    /// Whether `node` starts no later than the last node visited: then it is an anchor's node met again through an alias.
    /// (A block mapping starts where its first key does, but keys are not visited here, and kinds differ.)
    private func isRepeated(_ node: Node) -> Bool {
        guard let mark = node.mark, let last else { return false }
        if (mark.line, mark.column) < (last.line, last.column) { return true }
        return (mark.line, mark.column) == (last.line, last.column) && Self.kind(of: node) == last.kind
    }

    private static func kind(of node: Node) -> Int {
        switch node {
        case .scalar: 0
        case .mapping: 1
        case .sequence: 2
        }
    }
}

/// libyaml ends a line at U+0085 (NEL), U+2028 and U+2029 as well as at `\n`, `\r\n` and `\r` (YAML 1.1), even
/// inside a quoted string or a comment; editors, git and GitHub's annotations do not, so every position after one
/// was a line too far down. The parser's positions are put back on the lines as written, a column counting the
/// scalars before it on its line.
struct YAMLLineBreaks {
    /// For each of libyaml's lines (index: its line - 1), the line as written and the scalars before it there; empty
    /// when the text has none of the three characters.
    private var starts: [(line: Int, offset: Int)] = []

    init(_ text: String) {
        guard Self.mayHoldExtraBreaks(text) else { return }
        var line = 1, offset = 0
        for libyamlLine in Self.libyamlLinesAndEnds(text) {
            starts.append((line, offset))
            if libyamlLine.endsLine {
                line += 1
                offset = 0
            } else {
                // NEL, LS or PS: the next of libyaml's lines goes on with this line as written, after the character.
                offset += libyamlLine.scalars.count + 1
            }
        }
    }

    /// Whether the UTF-8 of `text` holds NEL (C2 85), LS or PS (E2 80 A8/A9): the common text is let through at once.
    private static func mayHoldExtraBreaks(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if (previous == 0xC2 && byte == 0x85) || (beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9)) {
                return true
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// The lines of `text` as libyaml counts them (ending at `\n`, `\r\n`, `\r`, NEL, LS, PS), as scalars.
    static func libyamlLines(_ text: String) -> [[Unicode.Scalar]] {
        libyamlLinesAndEnds(text).map(\.scalars)
    }

    /// libyaml's lines, each with whether a line end of the file as written (`\n`, `\r\n`, `\r`) ends it rather
    /// than NEL, LS or PS.
    static func libyamlLinesAndEnds(_ text: String) -> [(scalars: [Unicode.Scalar], endsLine: Bool)] {
        var lines: [(scalars: [Unicode.Scalar], endsLine: Bool)] = [([], false)]
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where afterCR: break
            case 0x0A, 0x0D:
                lines[lines.count - 1].endsLine = true
                lines.append(([], false))
            case 0x85, 0x2028, 0x2029: lines.append(([], false))
            default: lines[lines.count - 1].scalars.append(scalar)
            }
            afterCR = scalar.value == 0x0D
        }
        return lines
    }

    func restore(_ location: SourceLocation) -> SourceLocation {
        guard location.line >= 1, location.line <= starts.count else { return location }
        let start = starts[location.line - 1]
        var restored = location
        restored.line = start.line
        restored.column = start.offset + location.column
        return restored
    }

    func restore(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !starts.isEmpty else { return diagnostic }
        var restored = diagnostic
        restored.location = restore(diagnostic.location)
        return restored
    }

    func restore(_ node: ConfigNode?) -> ConfigNode? {
        guard !starts.isEmpty, let node else { return node }
        return node.withLocations(restore)
    }
}

/// JSON's escaped surrogate pairs (`\ud83d\udcf7`) rewritten as YAML's escape for the same character (`\U0001f4f7`),
/// with where each rewrite shortened a line, to put positions back where the file has them.
struct SurrogatePairs {
    var text: String
    /// Per line: the column (in the rewritten text) after each rewrite, and the characters it took out.
    var shifts: [Int: [(column: Int, removed: Int)]] = [:]

    init(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        func hex(_ start: Int) -> UInt32? {
            guard start + 4 <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[start..<start + 4] {
                guard let digit = Int(String(scalar), radix: 16) else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }
        guard source.contains("\\u") || source.contains("\\U") else {
            text = source
            return
        }
        var out = String.UnicodeScalarView()
        var line = 1, column = 1, index = 0, backslashes = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // `\ud83d\udcf7` after an even number of backslashes: an escape, not text.
            if scalar == "\\", backslashes % 2 == 0, index + 11 < scalars.count, scalars[index + 1] == "u",
               scalars[index + 6] == "\\", scalars[index + 7] == "u",
               let high = hex(index + 2), let low = hex(index + 8), (0xD800...0xDBFF).contains(high), (0xDC00...0xDFFF).contains(low) {
                let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                let escape = "\\U" + String(repeating: "0", count: 8 - String(code, radix: 16).count) + String(code, radix: 16)
                out.append(contentsOf: escape.unicodeScalars)
                column += 10
                shifts[line, default: []].append((column, 2))
                index += 12
                backslashes = 0
                continue
            }
            out.append(scalar)
            backslashes = scalar == "\\" ? backslashes + 1 : 0
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        text = String(out)
    }

    /// `location` in the file as written.
    func restore(_ location: SourceLocation) -> SourceLocation {
        var restored = location
        if let rewrites = shifts[location.line] {
            restored.column += rewrites.filter { $0.column <= location.column }.reduce(0) { $0 + $1.removed }
        }
        return restored
    }

    func restore(_ diagnostic: Diagnostic) -> Diagnostic {
        var restored = diagnostic
        restored.location = restore(diagnostic.location)
        return restored
    }

    func restore(_ node: ConfigNode) -> ConfigNode {
        node.withLocations(restore)
    }
}
