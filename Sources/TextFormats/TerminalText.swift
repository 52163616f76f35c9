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
        if text.unicodeScalars.count > maximumLine {
            let scalars = withLongWordsCut(text.unicodeScalars)
            guard scalars.count > maximumLine else { return line(String(scalars)) }
            let head = String(String.UnicodeScalarView(scalars.prefix(maximumLine - 200)))
            let tail = String(String.UnicodeScalarView(scalars.suffix(200)))
            return line(head) + " … (\(NumberText.grouped(scalars.count - maximumLine)) characters left out) … " + line(tail)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
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
    /// its first 600 and last 200 characters stay.
    private static func withLongWordsCut(_ scalars: String.UnicodeScalarView) -> String.UnicodeScalarView {
        var out = String.UnicodeScalarView()
        var wordStart = scalars.startIndex
        var index = scalars.startIndex
        func endWord() {
            let word = scalars[wordStart..<index]
            let count = word.count
            if count > longestWord {
                out.append(contentsOf: word.prefix(600))
                out.append(contentsOf: " … (\(NumberText.grouped(count - 800)) characters left out) … ".unicodeScalars)
                out.append(contentsOf: word.suffix(200))
            } else {
                out.append(contentsOf: word)
            }
        }
        while index < scalars.endIndex {
            if scalars[index] == " " {
                endWord()
                out.append(" ")
                wordStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        endWord()
        return out
    }
}
