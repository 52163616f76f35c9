/// When a graph laid out in one direction is redrawn in another: the rule behind
/// `GraphvizRenderer.wideDirectionAttribute`.
///
/// A segue graph is laid out left to right, which suits most apps; but an app whose scenes hang in long chains
/// off a few roots comes out as a ribbon (one app of the storyboard corpus: 8,781 × 754 pt), which GitHub's
/// column shows at a tenth of its size. Such a layout is tried again top to bottom, and the second one kept when
/// it is clearly narrower (that app: 2,318 pt wide, almost four times the scale in the same column).
public enum WideLayout {
    /// The size of a layout, in points.
    public struct Size: Equatable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Wider than this, in points, a diagram is shown scaled down in GitHub's column: the 1,400 CSS px the
    /// sequence diagram's parts are kept within (`SequenceScript`), less Graphviz's padding.
    public static let readableWidth = 1_050.0
    /// A layout is a ribbon when it is more than this many times as wide as it is tall.
    public static let wideAspect = 2.0
    /// The other direction is kept when it is at most this share of the first layout's width: shown a third larger
    /// or more in the same column. However tall it comes out: a page scrolls down, and a diagram read top to bottom
    /// at its size is easier to follow than a ribbon shrunk to fit.
    public static let narrowerShare = 0.75

    /// The rule's figures, for the renderer's cache identifier: a render cached under another rule is not reused.
    public static var ruleIdentifier: String { "turned-\(readableWidth)-\(wideAspect)-\(narrowerShare)" }

    /// The values `rankdir` takes.
    static let directions: Set<String> = ["TB", "BT", "LR", "RL"]

    /// Whether a layout of `size` is worth laying out in the other direction.
    public static func isWide(_ size: Size) -> Bool {
        size.width > readableWidth && size.width > wideAspect * size.height
    }

    /// Whether the layout of `turned` size is to be kept instead of the wide one of `size`.
    public static func prefers(_ turned: Size, over size: Size) -> Bool {
        turned.width <= narrowerShare * size.width
    }

    /// The size of Graphviz's `bb` attribute, `"llx,lly,urx,ury"` in points; nil for any other text.
    public static func size(fromBoundingBox text: String) -> Size? {
        let numbers = text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return Size(width: abs(numbers[2] - numbers[0]), height: abs(numbers[3] - numbers[1]))
    }
}
