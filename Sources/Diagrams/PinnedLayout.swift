import Foundation

/// Helpers of the diagrams laid out in Swift and pinned for `nop2` (sequence diagram, filmstrip).
/// Quoting itself is `DOTWriter.quoted`, the one escaping function of every diagram.
enum PinnedLayout {
    /// A number in DOT coordinates: at most two decimals, no trailing zeros, never `-0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// One line of a left-justified label: the inside of a quoted string, without the quotes.
    static func escapedLine(_ text: String) -> String {
        String(DOTWriter.quoted(text).dropFirst().dropLast())
    }
}
