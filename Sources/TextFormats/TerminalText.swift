/// Escaping for a terminal.
public enum TerminalText {
    /// Text as one line of terminal output: control characters (a line break, an escape sequence) are shown as
    /// escapes (`\n`, `\u{1B}`), so that text from a model can neither start a line that looks like another
    /// diagnostic nor drive the terminal.
    ///
    /// A line longer than `maximumLine` characters (a message quoting a 50 MB value, a path of 5,000 bytes) first
    /// has the middle of each word longer than `longestWord` left out, so that what the message says around a
    /// long value (its reason, its category) stays whole; if it is still too long, it keeps its start and its end
    /// (where a diagnostic's `[category]` is). Each cut says how many characters it left out.
    public static func line(_ text: String) -> String {
        // Most lines are short: their escaped form is at most this long.
        if text.unicodeScalars.count * 10 <= maximumLine { return escaped(text.unicodeScalars) }
        let scalars = Array(text.unicodeScalars)
        guard width(scalars[...]) > maximumLine else { return escaped(scalars) }
        if let cut = withLongWordsCut(scalars), width(cut[...]) <= maximumLine { return escaped(cut) }
        // Still too long (many words, or long words and more): the line's own start and end, each ending at a whole
        // character, and the count of the characters between them left out.
        var headEnd = 0, headWidth = 0
        while headEnd < scalars.count, headWidth + width(scalars[headEnd]) <= maximumLine - 200 {
            headWidth += width(scalars[headEnd])
            headEnd += 1
        }
        while headEnd > 0, headEnd < scalars.count, continuesCharacter(scalars[headEnd]) { headEnd -= 1 }
        var tailStart = scalars.count, tailWidth = 0
        while tailStart > headEnd, tailWidth + width(scalars[tailStart - 1]) <= 200 {
            tailWidth += width(scalars[tailStart - 1])
            tailStart -= 1
        }
        while tailStart < scalars.count, continuesCharacter(scalars[tailStart]) { tailStart += 1 }
        return escaped(scalars[..<headEnd]) + " … (\(NumberText.grouped(tailStart - headEnd)) characters left out) … "
            + escaped(scalars[tailStart...])
    }

    /// How many characters `scalar` takes once escaped: one, or its escape's length (`\n`, `\u{202E}`).
    private static func width(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0A, 0x0D, 0x09: 2
        case _ where isInvisibleControl(scalar): 4 + String(scalar.value, radix: 16).count
        default: 1
        }
    }

    private static func width(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + width($1) }
    }

    /// Whether `scalar` belongs to the character before it (a combining accent, a variation selector, a skin tone,
    /// a zero-width joiner or what it joins): a cut goes before it, not between them.
    private static func continuesCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// `scalars` with control characters shown as escapes.
    private static func escaped<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> String {
        var out = ""
        out.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case _ where isInvisibleControl(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Characters that change how text shows rather than showing: C0 and C1 controls, line and paragraph separators,
    /// and the bidirectional controls (U+202E can make a line read backwards).
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The longest line `line` prints whole, in characters (Unicode scalars).
    public static let maximumLine = 4_000

    /// The longest word (a run of characters without a space) a line too long keeps whole.
    static let longestWord = 1_000

    /// `scalars` with the middle of every word longer than `longestWord` replaced by the count of what was left out:
    /// its first 600 and last 200 characters stay (fewer, to end at a whole character). Nil when no word is that
    /// long.
    private static func withLongWordsCut(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var out: [Unicode.Scalar] = []
        var wordStart = 0
        var cut = false
        func endWord(at end: Int) {
            let length = end - wordStart
            if length > longestWord {
                // The first 600 and last 200 characters, each cut at a whole character.
                var headEnd = wordStart + 600
                while headEnd > wordStart, continuesCharacter(scalars[headEnd]) { headEnd -= 1 }
                var tailStart = end - 200
                while tailStart < end, continuesCharacter(scalars[tailStart]) { tailStart += 1 }
                out.append(contentsOf: scalars[wordStart..<headEnd])
                out.append(contentsOf: " … (\(NumberText.grouped(tailStart - headEnd)) characters left out) … ".unicodeScalars)
                out.append(contentsOf: scalars[tailStart..<end])
                cut = true
            } else {
                out.append(contentsOf: scalars[wordStart..<end])
            }
        }
        for index in scalars.indices where scalars[index] == " " {
            endWord(at: index)
            out.append(" ")
            wordStart = index + 1
        }
        endWord(at: scalars.count)
        return cut ? out : nil
    }
}
