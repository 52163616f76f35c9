/// Helpers of the diagrams laid out in Swift and pinned for `nop2` (sequence diagram, filmstrip).
/// Quoting itself is `DOTWriter.quoted`, the one escaping function of every diagram.
enum PinnedLayout {
    /// A number in DOT coordinates: at most two decimals, no trailing zeros, never `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// One line of a left-justified label: the inside of a quoted string, without the quotes.
    static func escapedLine(_ text: String) -> String {
        String(DOTWriter.quoted(text).dropFirst().dropLast())
    }
}
