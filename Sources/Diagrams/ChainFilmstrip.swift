/// The presentation state after one step: the window's root layer and every presented layer above it.
public struct ChainFrame: Sendable, Hashable {
    /// A view controller instance and, for containers, its children.
    public struct Box: Sendable, Hashable {
        public var instance: String
        public var className: String
        public var isContainer: Bool
        /// E.g. "top of stack", "selected", "collapsed", "secondary".
        public var caption: String?
        /// Whether the instance's view is on screen (in UIKit's appearance sense).
        public var isVisible: Bool
        public var children: [Box]

        public init(instance: String, className: String, isContainer: Bool = false, caption: String? = nil,
                    isVisible: Bool = false, children: [Box] = []) {
            self.instance = instance
            self.className = className
            self.isContainer = isContainer
            self.caption = caption
            self.isVisible = isVisible
            self.children = children
        }
    }

    public struct Layer: Sendable, Hashable {
        public var root: Box
        /// For presented layers: the presenting instance, and how (e.g. "pageSheet · coverVertical, from photo").
        public var presenter: String?
        public var link: String?

        public init(root: Box, presenter: String? = nil, link: String? = nil) {
            self.root = root
            self.presenter = presenter
            self.link = link
        }
    }

    public var title: String
    public var layers: [Layer]

    public init(title: String, layers: [Layer]) {
        self.title = title
        self.layers = layers
    }
}

/// Draws frames of presentation state, top to bottom, for the `nop2` engine: each layer as nested boxes
/// (containers around their children, in container order), presented layers stacked above their presenters
/// with the style on the link, visible instances highlighted.
public struct ChainFilmstrip: Sendable {
    public var fontName = "Helvetica"
    public var fontSize = 10.0

    public init() {}

    public func dot(for frames: [ChainFrame], id: String = "filmstrip") -> String {
        var writer = FilmstripWriter(fontName: fontName, fontSize: fontSize)
        return writer.write(frames, id: id)
    }
}

private struct FilmstripWriter {
    let fontName: String
    let fontSize: Double
    var lines: [String] = []
    var nodeCount = 0

    init(fontName: String, fontSize: Double) {
        self.fontName = fontName
        self.fontSize = fontSize
    }

    // MARK: Measuring

    let padding = 8.0
    let gap = 8.0
    let titleHeight = 19.0
    let leafHeight = 34.0

    struct Size { var width: Double; var height: Double }

    func leafWidth(_ box: ChainFrame.Box) -> Double {
        let texts = [box.instance, box.className, box.caption ?? ""]
        return max(80, (texts.map { TextMetrics.width($0, fontSize: fontSize) }.max() ?? 0) + 14)
    }

    func measure(_ box: ChainFrame.Box) -> Size {
        guard box.isContainer, !box.children.isEmpty else {
            return Size(width: leafWidth(box), height: leafHeight + (box.caption == nil ? 0 : 11))
        }
        let sizes = box.children.map(measure)
        let titleWidth = TextMetrics.width(containerTitle(box), fontSize: fontSize) + 2 * padding
        let width = max(titleWidth, sizes.map(\.width).reduce(0, +) + gap * Double(sizes.count - 1) + 2 * padding)
        let height = (sizes.map(\.height).max() ?? 0) + titleHeight + 2 * padding
        return Size(width: width, height: height)
    }

    func containerTitle(_ box: ChainFrame.Box) -> String {
        "\(box.instance) · \(box.className)" + (box.caption.map { " · \($0)" } ?? "")
    }

    // MARK: Emission

    func n(_ value: Double) -> String { PinnedLayout.number(value) }

    mutating func emit(_ line: String) { lines.append("  " + line) }

    mutating func nextNode() -> String {
        nodeCount += 1
        return "b\(nodeCount)"
    }

    /// Emits `box` with its top-left corner at (x, top) in top-down coordinates; returns the node name and centre.
    @discardableResult
    mutating func place(_ box: ChainFrame.Box, x: Double, top: Double, height total: Double, frame: Int,
                        centres: inout [String: (x: Double, top: Double, bottom: Double)]) -> Size {
        let size = measure(box)
        let node = nextNode()
        let centreX = x + size.width / 2
        let centreY = total - (top + size.height / 2)
        let visibleColour = box.isVisible ? "#15803d" : "#94a3b8"
        let penWidth = box.isVisible ? "1.6" : "1"
        let classes = "instance" + (box.isVisible ? " visible" : "") + (box.isContainer ? " container" : "")
        if box.isContainer, !box.children.isEmpty {
            emit("\(node) [id=\"f\(frame)-\(node)\", class=\"\(classes)\", shape=box, style=\"rounded,filled\", fillcolor=\"\(box.isVisible ? "#eff6ff" : "#f8fafc")\", color=\"\(visibleColour)\", penwidth=\(penWidth), fixedsize=true, width=\(n(size.width / 72)), height=\(n(size.height / 72)), labelloc=t, margin=\"0.06,0.07\", fontsize=\(n(fontSize - 1)), label=\(DOTWriter.quoted(containerTitle(box))), tooltip=\(DOTWriter.quoted(box.instance)), pos=\"\(n(centreX)),\(n(centreY))!\"];")
            var childX = x + padding
            let childTop = top + padding + titleHeight
            for child in box.children {
                let childSize = place(child, x: childX, top: childTop, height: total, frame: frame, centres: &centres)
                childX += childSize.width + gap
            }
        } else {
            let fill = box.isVisible ? "#dcfce7" : "#f1f5f9"
            let text = [box.instance, box.className, box.caption].compactMap { $0 }.joined(separator: "\n")
            emit("\(node) [id=\"f\(frame)-\(node)\", class=\"\(classes)\", shape=box, style=\"rounded,filled\", fillcolor=\"\(fill)\", color=\"\(visibleColour)\", penwidth=\(penWidth), fixedsize=true, width=\(n(size.width / 72)), height=\(n(size.height / 72)), label=\(DOTWriter.quoted(text)), tooltip=\(DOTWriter.quoted(box.instance)), pos=\"\(n(centreX)),\(n(centreY))!\"];")
        }
        centres[box.instance] = (centreX, top, top + size.height)
        return size
    }

    mutating func write(_ frames: [ChainFrame], id: String) -> String {
        // Pass 1: measure every frame; layers stack upward, each shifted right like a card on a pile.
        let layerGap = 34.0, frameGap = 26.0, frameTitle = 22.0, margin = 16.0, shift = 26.0
        struct FramePlan { var layerSizes: [Size]; var width: Double; var height: Double }
        var plans: [FramePlan] = []
        for frame in frames {
            let sizes = frame.layers.map { measure($0.root) }
            let width = sizes.enumerated().map { Double($0.offset) * shift + $0.element.width }.max() ?? 100
            let linkWidth = frame.layers.compactMap { $0.link.map { TextMetrics.width($0, fontSize: fontSize - 1) + 40 } }.max() ?? 0
            let height = sizes.map(\.height).reduce(0, +) + layerGap * Double(max(0, sizes.count - 1)) + frameTitle + 2 * padding
            plans.append(FramePlan(layerSizes: sizes, width: max(width + linkWidth, TextMetrics.width(frame.title, fontSize: fontSize + 1) + 20) + 2 * padding, height: height))
        }
        let totalWidth = (plans.map(\.width).max() ?? 100) + 2 * margin
        let totalHeight = plans.map(\.height).reduce(0, +) + frameGap * Double(max(0, plans.count - 1)) + 2 * margin

        lines = []
        emit("graph [bgcolor=\"white\", outputorder=\"nodesfirst\", splines=\"true\", id=\(DOTWriter.quoted(id)), pad=\"0.2\"];")
        emit("node [fontname=\(DOTWriter.quoted(fontName)), fontsize=\(n(fontSize)), margin=\"0.04,0.02\"];")
        emit("edge [fontname=\(DOTWriter.quoted(fontName)), fontsize=\(n(fontSize - 1)), arrowsize=\"0.7\", color=\"#c2410c\", fontcolor=\"#9a3412\"];")
        emit("corner0 [shape=point, style=invis, width=0, pos=\"0,0!\"];")
        emit("corner1 [shape=point, style=invis, width=0, pos=\"\(n(totalWidth)),\(n(totalHeight))!\"];")

        // Pass 2: place frames top to bottom; inside a frame, the window root layer at the bottom.
        var top = margin
        for (index, frame) in frames.enumerated() {
            let plan = plans[index]
            let frameWidth = totalWidth - 2 * margin
            emit("frame\(index) [id=\"frame-\(index)\", class=\"frame\", shape=box, style=\"filled\", fillcolor=\"#ffffff\", color=\"#cbd5e1\", fixedsize=true, width=\(n(frameWidth / 72)), height=\(n(plan.height / 72)), labelloc=t, fontsize=\(n(fontSize + 1)), label=\"\(PinnedLayout.escapedLine(frame.title))\\l\", pos=\"\(n(margin + frameWidth / 2)),\(n(totalHeight - (top + plan.height / 2)))!\"];")
            var centres: [String: (x: Double, top: Double, bottom: Double)] = [:]
            var layerBottom = top + plan.height - padding
            var layerTops: [Double] = []
            for (layerIndex, layer) in frame.layers.enumerated() {
                let size = plan.layerSizes[layerIndex]
                let layerTop = layerBottom - size.height
                place(layer.root, x: margin + padding + Double(layerIndex) * shift, top: layerTop, height: totalHeight, frame: index, centres: &centres)
                layerTops.append(layerTop)
                layerBottom = layerTop - layerGap
            }
            // Links: from the presenter's top edge up to the presented layer's bottom edge.
            for (layerIndex, layer) in frame.layers.enumerated() where layerIndex > 0 {
                guard let presenter = layer.presenter, let from = centres[presenter], let to = centres[layer.root.instance] else { continue }
                let fromName = nextNode(), toName = nextNode()
                let startY = totalHeight - from.top, endY = totalHeight - to.bottom
                let x1 = from.x, x2 = to.x
                emit("\(fromName) [shape=point, style=invis, width=0, pos=\"\(n(x1)),\(n(startY))!\"];")
                emit("\(toName) [shape=point, style=invis, width=0, pos=\"\(n(x2)),\(n(endY))!\"];")
                let tipY = endY - 1
                let endSplineY = tipY - 6
                let spline = "e,\(n(x2)),\(n(tipY)) \(n(x1)),\(n(startY)) \(n(x1)),\(n(startY + (endSplineY - startY) / 2)) \(n(x2)),\(n(startY + (endSplineY - startY) / 2)) \(n(x2)),\(n(endSplineY))"
                let text = layer.link ?? ""
                let labelX = max(x1, x2) + 8 + TextMetrics.width(text, fontSize: fontSize - 1) / 2
                emit("\(fromName) -> \(toName) [id=\"f\(index)-present-\(layerIndex)\", class=\"presentation\", label=\(DOTWriter.quoted(text)), pos=\"\(spline)\", lp=\"\(n(labelX)),\(n((startY + endY) / 2))\"];")
            }
            top += plan.height + frameGap
        }
        return "digraph filmstrip {\n" + lines.joined(separator: "\n") + "\n}\n"
    }
}
