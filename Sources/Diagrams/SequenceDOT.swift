
import Foundation

/// DOT text helpers of the sequence layout.
enum SequenceDOT {
    /// A DOT quoted string: escapes `"` and `\` and turns newlines into `\n` (centred lines).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A number in DOT coordinates: at most two decimals, no trailing zeros, never `-0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `key=value` pairs in key order, values quoted.
    static func attributes(_ pairs: [String: String]) -> String {
        pairs.keys.sorted().map { "\($0)=\(quoted(pairs[$0] ?? ""))" }.joined(separator: ", ")
    }
}

extension SequenceDOT {
    /// One line of a left-justified label: the inside of a quoted string, without the quotes.
    static func escapedLine(_ text: String) -> String {
        String(quoted(text).dropFirst().dropLast())
    }
}
