import Diagrams
import Foundation

/// The look of each kind of change, in the diff graph's DOT and Mermaid alike: one row per status.
///
/// Text colours have at least 4.5:1 contrast on white and on their fill (tested), so labels stay readable.
public enum DiffStyle {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case added, removed, changed, unchanged
    }

    public struct Colors: Sendable, Hashable {
        /// Lines, borders and label text.
        public var stroke: String
        /// Node background.
        public var fill: String
        /// Removed things are drawn dashed.
        public var dashed: Bool
        public var penwidth: Double
        /// How the legend names it.
        public var legend: String
    }

    public static func colors(_ status: Status) -> Colors {
        switch status {
        case .added: Colors(stroke: "#15803D", fill: "#F0FDF4", dashed: false, penwidth: 2.2, legend: "added (green)")
        case .removed: Colors(stroke: "#B91C1C", fill: "#FEF2F2", dashed: true, penwidth: 2.2, legend: "removed (red, dashed)")
        case .changed: Colors(stroke: "#B45309", fill: "#FFFBEB", dashed: false, penwidth: 2.2, legend: "changed (amber, old → new)")
        case .unchanged: Colors(stroke: "#6B7280", fill: "#F9FAFB", dashed: false, penwidth: 1, legend: "unchanged (grey)")
        }
    }

    /// The Mermaid class of nodes of `status`.
    public static func mermaidClass(_ status: Status) -> MermaidFlowchart.ClassDefinition {
        let c = colors(status)
        return .init(name: status.rawValue, fill: c.fill, stroke: c.stroke, textColor: c.stroke, dashed: c.dashed, strokeWidth: c.penwidth)
    }

    /// WCAG contrast ratio of two `#RRGGBB` colours (1…21).
    public static func contrast(_ a: String, _ b: String) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 else { return 0 }
        func channel(_ i: Int) -> Double {
            let value = Double(Int(String(digits[i..<i + 2]), radix: 16) ?? 0) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }
}
