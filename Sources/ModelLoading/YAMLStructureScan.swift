/// A pass over YAML text that follows libyaml's scanner closely enough to know where every collection
/// opens, without building anything: it finds nesting past `InputLimits.yamlDepth` before the
/// recursive composer sees the text, and it lists where the aliases are (the composed tree has lost that).
///
/// The decisions mirror libyaml 0.2.5's `scanner.c` (the copy Yams builds): the same token starts,
/// the same plain and quoted scalar ends, block scalar indentation, simple keys and indentation levels;
/// where libyaml reports a syntax error the scan stops, since libyaml opens nothing after its error.
struct YAMLStructureScan {
    /// A 1-based line and column in Unicode scalars, as Yams reports them.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// The first collection opener past the depth limit, if any.
    private(set) var tooDeep: Position?
    /// The deepest nesting seen (up to the first opener past the limit).
    private(set) var maximumDepth = 0
    /// Every alias (`*name`) with its position, in document order.
    private(set) var aliases: [(name: String, position: Position)] = []

    init(_ text: String, limit: Int = InputLimits.yamlDepth) {
        var scanner = Scanner(bytes: Array(text.utf8), limit: limit)
        scanner.run()
        tooDeep = scanner.tooDeep
        maximumDepth = scanner.maximumDepth
        aliases = scanner.aliases
    }

    // MARK: - Scanner

    private struct Scanner {
        let bytes: [UInt8]
        let limit: Int
        var tooDeep: Position?
        var maximumDepth = 0
        var aliases: [(name: String, position: Position)] = []

        // Cursor: byte offset, 1-based line, 0-based column in characters, character index (for the 1024 rule).
        var offset = 0
        var line = 1
        var column = 0
        var characterIndex = 0

        /// A block collection open at an indentation column (libyaml's `indents` stack).
        struct Level {
            var column: Int
            var isMapping: Bool
            /// A sequence whose dashes sit at the mapping's own column (`key:\n- item`).
            var hasIndentlessSequence: Bool
        }
        var levels: [Level] = []

        /// An open flow collection; in a sequence, whether the current entry is a single-pair mapping (`[a: b]`).
        struct Flow {
            var isSequence: Bool
            var hasPair = false
        }
        var flows: [Flow] = []
        var flowLevel: Int { flows.count }

        /// Where a key that has not met its colon yet may start (libyaml's simple keys, one per flow level).
        struct SimpleKey {
            var line: Int
            var column: Int
            var characterIndex: Int
            /// How many flow levels the key itself opens: `[a, [b]]:` lies inside the mapping it starts.
            var innerDepth = 0
        }
        var simpleKeys: [SimpleKey?] = [nil]
        var simpleKeyAllowed = true
        var stopped = false

        init(bytes: [UInt8], limit: Int) {
            self.bytes = bytes
            self.limit = limit
        }

        var depth: Int {
            levels.count + levels.filter(\.hasIndentlessSequence).count + flows.count + flows.filter(\.hasPair).count
        }
        var indent: Int { levels.last?.column ?? -1 }
        var here: Position { Position(line: line, column: column + 1) }

        // MARK: Characters

        @inline(__always) func byte(_ ahead: Int = 0) -> UInt8 {
            offset + ahead < bytes.count ? bytes[offset + ahead] : 0
        }

        var atEnd: Bool { offset >= bytes.count }

        /// The length in bytes of the line break at `ahead`, or 0: CR LF, CR, LF, NEL, LS, PS, as libyaml.
        func breakLength(_ ahead: Int = 0) -> Int {
            switch byte(ahead) {
            case 0x0D: return byte(ahead + 1) == 0x0A ? 2 : 1
            case 0x0A: return 1
            case 0xC2: return byte(ahead + 1) == 0x85 ? 2 : 0
            case 0xE2: return byte(ahead + 1) == 0x80 && (byte(ahead + 2) == 0xA8 || byte(ahead + 2) == 0xA9) ? 3 : 0
            default: return 0
            }
        }

        func isBlank(_ ahead: Int = 0) -> Bool { byte(ahead) == 0x20 || byte(ahead) == 0x09 }
        func isBreak(_ ahead: Int = 0) -> Bool { breakLength(ahead) > 0 }
        func isBlankOrEnd(_ ahead: Int = 0) -> Bool {
            guard offset + ahead < bytes.count else { return true }
            let b = bytes[offset + ahead]
            if b > 0x20 && b < 0x80 { return false }
            return b == 0 || b == 0x20 || b == 0x09 || isBreak(ahead)
        }
        func isBreakOrEnd(_ ahead: Int = 0) -> Bool { offset + ahead >= bytes.count || byte(ahead) == 0 || isBreak(ahead) }
        func `is`(_ character: Unicode.Scalar, _ ahead: Int = 0) -> Bool { UInt32(byte(ahead)) == character.value }

        /// Letters, digits, `_` and `-`: anchor names and tag handles.
        func isAlphanumeric(_ ahead: Int = 0) -> Bool {
            let b = byte(ahead)
            return (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F || b == 0x2D
        }

        /// Moves past one character (a line break counts as one and starts the next line).
        mutating func advance() {
            guard !atEnd else { return }
            let lead = bytes[offset]
            // Most characters are printable ASCII: no line break to look for.
            if lead >= 0x20 && lead < 0x80 {
                offset += 1
                column += 1
                characterIndex += 1
                return
            }
            let length = breakLength()
            if length > 0 {
                offset += length
                line += 1
                column = 0
            } else {
                offset += lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                column += 1
            }
            characterIndex += 1
        }

        mutating func advance(_ count: Int) {
            for _ in 0..<count { advance() }
        }

        func isDocumentIndicator() -> Bool {
            column == 0 && ((`is`("-") && `is`("-", 1) && `is`("-", 2)) || (`is`(".") && `is`(".", 1) && `is`(".", 2)))
                && isBlankOrEnd(3)
        }

        // MARK: Nesting

        /// Checks the depth after an opener, with `inner` levels already open inside it.
        mutating func opened(at position: Position, inner: Int = 0) {
            maximumDepth = max(maximumDepth, depth + inner)
            if depth + inner > limit {
                tooDeep = position
                stopped = true
            }
        }

        /// libyaml's `roll_indent`: a block collection starts when its first key or dash sits right of the current one.
        mutating func rollIndent(column: Int, mapping: Bool, at position: Position) {
            guard flowLevel == 0 else { return }
            if indent < column {
                levels.append(Level(column: column, isMapping: mapping, hasIndentlessSequence: false))
                opened(at: position)
            } else if indent == column, var level = levels.last {
                // Not a new block collection for the scanner, but one for the parser: a dash at a mapping's own
                // column opens an indentless sequence, which the next key at that column ends.
                if !mapping && level.isMapping && !level.hasIndentlessSequence {
                    level.hasIndentlessSequence = true
                    levels[levels.count - 1] = level
                    opened(at: position)
                } else if mapping && level.hasIndentlessSequence {
                    level.hasIndentlessSequence = false
                    levels[levels.count - 1] = level
                }
            }
        }

        mutating func unrollIndent(to column: Int) {
            guard flowLevel == 0 else { return }
            while indent > column { levels.removeLast() }
        }

        mutating func saveSimpleKey() {
            if simpleKeyAllowed { simpleKeys[flowLevel] = SimpleKey(line: line, column: column, characterIndex: characterIndex) }
        }

        mutating func removeSimpleKey() {
            simpleKeys[flowLevel] = nil
        }

        /// A single-pair mapping starts in the current flow sequence entry (`[a: b]`, `[? a]`).
        mutating func openPair(at position: Position) {
            guard let top = flows.last, top.isSequence, !top.hasPair else { return }
            flows[flows.count - 1].hasPair = true
            opened(at: position)
        }

        // MARK: Tokens

        mutating func run() {
            while !stopped {
                scanToNextToken()
                for (level, key) in simpleKeys.enumerated() {
                    if let key, key.line < line || key.characterIndex + 1024 < characterIndex { simpleKeys[level] = nil }
                }
                unrollIndent(to: column)
                if atEnd || byte() == 0 { return }
                if column == 0 && `is`("%") {
                    // A directive: libyaml reads it to the end of its line.
                    unrollIndent(to: -1)
                    removeSimpleKey()
                    simpleKeyAllowed = false
                    while !isBreakOrEnd() { advance() }
                    continue
                }
                if isDocumentIndicator() {
                    unrollIndent(to: -1)
                    removeSimpleKey()
                    simpleKeyAllowed = false
                    advance(3)
                    continue
                }
                fetchToken()
            }
        }

        /// Skips spaces, comments and line breaks (tabs only where libyaml skips them).
        mutating func scanToNextToken() {
            while true {
                if column == 0 && byte() == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF { advance() }
                while `is`(" ") || ((flowLevel > 0 || !simpleKeyAllowed) && `is`("\t")) { advance() }
                if `is`("#") {
                    while !isBreakOrEnd() { advance() }
                }
                guard isBreak() else { return }
                advance()
                if flowLevel == 0 { simpleKeyAllowed = true }
            }
        }

        mutating func fetchToken() {
            let position = here
            switch byte() {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                saveSimpleKey()
                flows.append(Flow(isSequence: `is`("[")))
                simpleKeys.append(nil)
                for level in 0..<flowLevel {
                    if var key = simpleKeys[level] {
                        key.innerDepth = max(key.innerDepth, flowLevel - level)
                        simpleKeys[level] = key
                    }
                }
                opened(at: position)
                simpleKeyAllowed = true
                advance()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                removeSimpleKey()
                if !flows.isEmpty {
                    flows.removeLast()
                    simpleKeys.removeLast()
                }
                simpleKeyAllowed = false
                advance()
            case UInt8(ascii: ","):
                removeSimpleKey()
                if !flows.isEmpty { flows[flows.count - 1].hasPair = false }
                simpleKeyAllowed = true
                advance()
            case UInt8(ascii: "-") where isBlankOrEnd(1):
                if flowLevel == 0 {
                    guard simpleKeyAllowed else { return stop() }
                    rollIndent(column: column, mapping: false, at: position)
                }
                removeSimpleKey()
                simpleKeyAllowed = true
                advance()
            case UInt8(ascii: "?") where flowLevel > 0 || isBlankOrEnd(1):
                if flowLevel == 0 {
                    guard simpleKeyAllowed else { return stop() }
                    rollIndent(column: column, mapping: true, at: position)
                } else {
                    openPair(at: position)
                }
                removeSimpleKey()
                simpleKeyAllowed = flowLevel == 0
                advance()
            case UInt8(ascii: ":") where flowLevel > 0 || isBlankOrEnd(1):
                fetchValue()
            case UInt8(ascii: "*"), UInt8(ascii: "&"):
                let isAlias = `is`("*")
                saveSimpleKey()
                simpleKeyAllowed = false
                let name = scanAnchor()
                if isAlias { aliases.append((name, position)) }
            case UInt8(ascii: "!"):
                saveSimpleKey()
                simpleKeyAllowed = false
                scanTag()
            case UInt8(ascii: "|"), UInt8(ascii: ">"):
                guard flowLevel == 0 else { return stop() }
                removeSimpleKey()
                simpleKeyAllowed = true
                scanBlockScalar()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                saveSimpleKey()
                simpleKeyAllowed = false
                scanQuotedScalar(single: `is`("'"))
            default:
                guard startsPlainScalar() else { return stop() }
                saveSimpleKey()
                simpleKeyAllowed = false
                scanPlainScalar()
            }
        }

        mutating func stop() { stopped = true }

        /// libyaml's `fetch_value`: a colon makes the simple key before it a mapping key; in the block context,
        /// without one, the colon itself starts the mapping.
        mutating func fetchValue() {
            if let key = simpleKeys[flowLevel] {
                let start = Position(line: key.line, column: key.column + 1)
                if flowLevel == 0 {
                    rollIndent(column: key.column, mapping: true, at: start)
                } else {
                    openPair(at: start)
                }
                // The key's own collections, counted when they opened, turn out to lie one mapping deeper.
                if !stopped && key.innerDepth > 0 { opened(at: start, inner: key.innerDepth) }
                simpleKeys[flowLevel] = nil
                simpleKeyAllowed = false
            } else if flowLevel == 0 {
                guard simpleKeyAllowed else { return stop() }
                rollIndent(column: column, mapping: true, at: here)
                simpleKeyAllowed = true
            } else {
                simpleKeyAllowed = false
            }
            advance()
        }

        func startsPlainScalar() -> Bool {
            if !isBlankOrEnd() && !ByteSet.indicators.contains(byte()) { return true }
            if `is`("-") && !isBlank(1) { return true }
            return flowLevel == 0 && (`is`("?") || `is`(":")) && !isBlankOrEnd(1)
        }

        /// Reads an anchor or alias and returns its name.
        mutating func scanAnchor() -> String {
            advance()
            let start = offset
            while isAlphanumeric() { advance() }
            if offset == start || !(isBlankOrEnd() || ByteSet.afterAnchor.contains(byte())) { stop() }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        mutating func scanTag() {
            advance()
            if `is`("<") {
                advance()
                while isURICharacter(verbatim: true) { advance() }
                guard `is`(">") else { return stop() }
                advance()
            } else {
                while isAlphanumeric() { advance() }
                if `is`("!") { advance() }
                while isURICharacter(verbatim: false) { advance() }
            }
            if !isBlankOrEnd() && !(flowLevel > 0 && `is`(",")) { stop() }
        }

        func isURICharacter(verbatim: Bool) -> Bool {
            if isAlphanumeric() || ByteSet.uri.contains(byte()) { return true }
            return verbatim && ByteSet.flowSequenceAndEntry.contains(byte())
        }

        mutating func scanQuotedScalar(single: Bool) {
            let quote = byte()
            advance()
            while true {
                if isDocumentIndicator() || atEnd || byte() == 0 { return stop() }
                while !isBlankOrEnd() {
                    if single && `is`("'") && `is`("'", 1) {
                        advance(2)
                    } else if byte() == quote {
                        advance()
                        return
                    } else if !single && `is`("\\") {
                        // An escape, or an escaped line break that joins the next line.
                        advance(2)
                    } else {
                        advance()
                    }
                }
                while isBlank() || isBreak() { advance() }
            }
        }

        mutating func scanPlainScalar() {
            let minimumColumn = indent + 1
            var leadingBlanks = false
            while true {
                if isDocumentIndicator() || `is`("#") { break }
                let inFlow = flowLevel > 0
                while !isBlankOrEnd() {
                    let current = bytes[offset]
                    if current == UInt8(ascii: ":") {
                        if isBlankOrEnd(1) { break }
                        if inFlow && (`is`("?", 1) || ByteSet.flowIndicators.contains(byte(1))) { return stop() }
                    } else if inFlow && ByteSet.flowIndicators.contains(current) {
                        break
                    }
                    advance()
                    leadingBlanks = false
                }
                guard isBlank() || isBreak() else { break }
                while isBlank() || isBreak() {
                    if isBlank() {
                        if leadingBlanks && column < minimumColumn && `is`("\t") { return stop() }
                    } else {
                        leadingBlanks = true
                    }
                    advance()
                }
                if flowLevel == 0 && column < minimumColumn { break }
            }
            if leadingBlanks { simpleKeyAllowed = true }
        }

        mutating func scanBlockScalar() {
            advance()
            var increment = 0
            if `is`("+") || `is`("-") {
                advance()
                if (0x30...0x39).contains(byte()) {
                    guard !`is`("0") else { return stop() }
                    increment = Int(byte() - 0x30)
                    advance()
                }
            } else if (0x30...0x39).contains(byte()) {
                guard !`is`("0") else { return stop() }
                increment = Int(byte() - 0x30)
                advance()
                if `is`("+") || `is`("-") { advance() }
            }
            while isBlank() { advance() }
            if `is`("#") {
                while !isBreakOrEnd() { advance() }
            }
            guard isBreakOrEnd() else { return stop() }
            if isBreak() { advance() }
            var contentIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
            guard scanBlockScalarBreaks(&contentIndent) else { return stop() }
            while column == contentIndent && !atEnd && byte() != 0 {
                while !isBreakOrEnd() { advance() }
                if isBreak() { advance() }
                guard scanBlockScalarBreaks(&contentIndent) else { return stop() }
            }
        }

        /// Skips the indentation and empty lines before a block scalar's next line; finds the indentation when not yet known.
        mutating func scanBlockScalarBreaks(_ contentIndent: inout Int) -> Bool {
            var maximumIndent = 0
            while true {
                while (contentIndent == 0 || column < contentIndent) && `is`(" ") { advance() }
                maximumIndent = max(maximumIndent, column)
                if (contentIndent == 0 || column < contentIndent) && `is`("\t") { return false }
                guard isBreak() else { break }
                advance()
            }
            if contentIndent == 0 {
                contentIndent = max(maximumIndent, indent + 1, 1)
            }
            return true
        }
    }
}

/// A set of ASCII bytes, for the scanner's character classes.
private struct ByteSet: Sendable {
    private var members = [Bool](repeating: false, count: 256)

    init(_ characters: String) {
        for byte in characters.utf8 { members[Int(byte)] = true }
    }

    func contains(_ byte: UInt8) -> Bool { members[Int(byte)] }

    /// Characters that cannot start a plain scalar (some can when a non-space follows).
    static let indicators = ByteSet("-?:,[]{}#&*!|>'\"%@`")
    /// What may follow an anchor or alias name.
    static let afterAnchor = ByteSet("?:,]}%@`")
    /// Tag characters besides letters and digits.
    static let uri = ByteSet(";/?:@&=+$.%!~*'()")
    /// Tag characters allowed only in a verbatim tag `!<…>`.
    static let flowSequenceAndEntry = ByteSet(",[]")
    static let flowIndicators = ByteSet(",[]{}")
}
