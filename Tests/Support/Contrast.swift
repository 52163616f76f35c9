import Foundation

/// WCAG 2.1 contrast between two `#RRGGBB` colours (1 to 21), for the checks that every diagram text colour
/// reads against white (AA asks for 4.5:1).
public enum Contrast {
    /// The relative luminance of `#RRGGBB` (or a few names Graphviz writes), nil for anything else.
    public static func luminance(_ colour: String) -> Double? {
        let named = ["black": "#000000", "white": "#FFFFFF"]
        let hex = named[colour.lowercased()] ?? colour
        guard hex.hasPrefix("#"), hex.count == 7, let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        func channel(_ shift: UInt32) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    /// The contrast ratio of `foreground` on `background`; nil when either is not a colour this understands.
    public static func ratio(_ foreground: String, on background: String = "#FFFFFF") -> Double? {
        guard let a = luminance(foreground), let b = luminance(background) else { return nil }
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
