/// Escaping for a terminal.
public enum TerminalText {
    /// Text as one line of terminal output: control characters (a line break, an escape sequence) are shown as
    /// escapes (`\n`, `\u{1B}`), so that text from a model can neither start a line that looks like another
    /// diagnostic nor drive the terminal.
    ///
    /// A line longer than `maximumLine` characters (a message quoting a 50 MB value) keeps its start and its end
    /// (where a diagnostic's `[category]` is), with the count of what was left out between them.
    public static func line(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if scalars.count > maximumLine {
            let head = String(String.UnicodeScalarView(scalars.prefix(maximumLine - 200)))
            let tail = String(String.UnicodeScalarView(scalars.suffix(200)))
            return line(head) + " … (\(scalars.count - maximumLine) characters left out) … " + line(tail)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
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
}
