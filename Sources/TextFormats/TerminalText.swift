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
        let count = text.unicodeScalars.count
        guard count > maximumLine else { return escaped(text.unicodeScalars) }
        let scalars = Array(text.unicodeScalars)
        if let cut = withLongWordsCut(scalars), cut.count <= maximumLine { return escaped(cut) }
        // Still too long (many words, or long words and more): the line's own start and end, the count of the
        // characters between them left out.
        return escaped(scalars[..<(maximumLine - 200)]) + " … (\(NumberText.grouped(count - maximumLine)) characters left out) … "
            + escaped(scalars[(count - 200)...])
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
    /// its first 600 and last 200 characters stay. Nil when no word is that long.
    private static func withLongWordsCut(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var out: [Unicode.Scalar] = []
        var wordStart = 0
        var cut = false
        func endWord(at end: Int) {
            let length = end - wordStart
            if length > longestWord {
                out.append(contentsOf: scalars[wordStart..<(wordStart + 600)])
                out.append(contentsOf: " … (\(NumberText.grouped(length - 800)) characters left out) … ".unicodeScalars)
                out.append(contentsOf: scalars[(end - 200)..<end])
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
