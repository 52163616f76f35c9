import SceneModel

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
        /// For a stand-in of a long run of off-screen siblings: the instances it stands for, in order.
        public var standsFor: [String] = []

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
        /// For a stand-in of a long chain's middle: how many presented layers it stands for (`root` is unused).
        public var omitted: Int

        public init(root: Box, presenter: String? = nil, link: String? = nil) {
            self.root = root
            self.presenter = presenter
            self.link = link
            self.omitted = 0
        }

        /// The stand-in for `count` presented layers left out of a long chain.
        public static func omitted(_ count: Int) -> Layer {
            var layer = Layer(root: Box(instance: "… \(count) more presented view controller\(count == 1 ? "" : "s")", className: ""))
            layer.omitted = count
            return layer
        }
    }

    /// A chain longer than `ChainFrame.maximumLayers` keeps its first and last layers around one stand-in, so
    /// that a frame's size does not grow with the chain.
    public static let maximumLayers = 6

    /// A run of more than `maximumOffScreenRun` consecutive off-screen children of one container (the tabs not
    /// selected, the stack below the top) keeps its first and last child around one stand-in, so that a frame's
    /// width follows what is on screen rather than how many tabs the app has. Five: a phone's tab bar shows
    /// five tabs, and an app that fits in it is drawn whole.
    public static let maximumOffScreenRun = 5

    /// `children` with every run of more than `maximumOffScreenRun` off-screen children shortened to its first,
    /// a stand-in for the middle, and its last.
    public static func shortenedRuns(_ children: [Box]) -> [Box] {
        var result: [Box] = []
        var run: [Box] = []
        func flush() {
            if run.count > maximumOffScreenRun, let first = run.first, let last = run.last {
                let middle = run.dropFirst().dropLast().map(\.instance)
                result += [first, .standIn(for: Array(middle)), last]
            } else {
                result += run
            }
            run = []
        }
        for child in children {
            if child.isVisible {
                flush()
                result.append(child)
            } else {
                run.append(child)
            }
        }
        flush()
        return result
    }

    public var title: String
    public var layers: [Layer]

    public init(title: String, layers: [Layer]) {
        self.title = title
        self.layers = layers
    }
}


extension ChainFrame.Box {
    /// The stand-in for off-screen siblings left out of a frame: "… 17 more" over the first and last it stands for.
    public static func standIn(for instances: [String]) -> ChainFrame.Box {
        let span = instances.count > 1 ? "\(instances[0]) – \(instances[instances.count - 1])" : instances.first ?? ""
        var box = ChainFrame.Box(instance: "… \(instances.count) more", className: span)
        box.standsFor = instances
        return box
    }
}

/// Draws frames of presentation state for the `nop2` engine, left to right in rows that wrap at `maximumWidth`:
/// each layer as nested boxes (containers around their children, in container order), presented layers stacked
/// above their presenters with the style on the link, visible instances highlighted.
public struct ChainFilmstrip: Sendable {
    public var fontSize = 10.0
    /// Where instance boxes link to (their scene's page); nil leaves links out.
    public var links: DocumentLinks?
    /// Frames wrap into rows at this width (points), as a flow's sequence parts do.
    public var maximumWidth = SequencePart.maximumWidth

    public init(links: DocumentLinks? = nil) {
        self.links = links
    }

    public func dot(for frames: [ChainFrame], id: String = "filmstrip") -> String {
        graph(for: frames, id: id).text
    }

    public func graph(for frames: [ChainFrame], id: String = "filmstrip") -> DOTGraph {
        var writer = FilmstripWriter(fontSize: fontSize, links: links)
        return writer.write(frames, id: id, maximumWidth: maximumWidth)
    }
}

private struct FilmstripWriter {
    let fontSize: Double
    let links: DocumentLinks?
    var statements: [DOTStatement] = []
    var nodeCount = 0

    init(fontSize: Double, links: DocumentLinks?) {
        self.fontSize = fontSize
        self.links = links
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
            let lines = [box.className, box.caption ?? ""].filter { !$0.isEmpty }.count
            return Size(width: leafWidth(box), height: leafHeight + 11 * Double(lines - 1))
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

    mutating func nextNode() -> DOTID {
        nodeCount += 1
        return DOTID(unchecked: "b\(nodeCount)")
    }

    /// An invisible point, an end of a pinned edge.
    func point(_ id: DOTID, x: Double, y: Double) -> DOTStatement {
        .node(DOTNode(id, ["shape": "point", "style": "invis", "width": "0", "pos": .pinned(x: x, y: y)]))
    }

    /// Emits `box` with its top-left corner at (x, top) in top-down coordinates; returns its size.
    @discardableResult
    mutating func place(_ box: ChainFrame.Box, x: Double, top: Double, height total: Double, frame: Int,
                        centres: inout [String: (x: Double, top: Double, bottom: Double)]) -> Size {
        let size = measure(box)
        guard box.standsFor.isEmpty else {
            placeStandIn(box, size: size, x: x, top: top, height: total, frame: frame)
            return size
        }
        let node = nextNode()
        let centreX = x + size.width / 2
        let centreY = total - (top + size.height / 2)
        let hasChildren = box.isContainer && !box.children.isEmpty
        let colours = DiagramStyle.instanceBox(visible: box.isVisible, container: hasChildren)
        var attributes: DOTAttributes = [
            "id": .string("f\(frame)-\(node)"),
            "class": .string("instance" + (box.isVisible ? " visible" : "") + (box.isContainer ? " container" : "")),
            "shape": "box", "style": "rounded,filled", "fillcolor": .string(colours.fill), "color": .string(colours.stroke),
            "penwidth": .number(colours.penwidth), "fixedsize": "true",
            "width": .points(size.width / 72), "height": .points(size.height / 72),
            "tooltip": .string(box.instance + (box.isVisible ? " (on screen)" : "")),
            "pos": .pinned(x: centreX, y: centreY),
        ]
        if let links { attributes["URL"] = .string(links.scene(Identifier.scene(ofInstance: box.instance))) }
        if hasChildren {
            attributes["labelloc"] = "t"
            attributes["margin"] = "0.06,0.07"
            attributes["fontsize"] = .number(fontSize - 1)
            attributes["label"] = .string(containerTitle(box))
            statements.append(.node(DOTNode(node, attributes)))
            var childX = x + padding
            let childTop = top + padding + titleHeight
            for child in box.children {
                let childSize = place(child, x: childX, top: childTop, height: total, frame: frame, centres: &centres)
                childX += childSize.width + gap
            }
        } else {
            attributes["label"] = .string([box.instance, box.className, box.caption].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n"))
            statements.append(.node(DOTNode(node, attributes)))
        }
        centres[box.instance] = (centreX, top, top + size.height)
        return size
    }

    /// Places the stand-in for a run of off-screen siblings, its tooltip naming them.
    mutating func placeStandIn(_ box: ChainFrame.Box, size: Size, x: Double, top: Double, height total: Double, frame: Int) {
        let named = box.standsFor.prefix(12).joined(separator: ", ") + (box.standsFor.count > 12 ? ", …" : "")
        let node = nextNode()
        placeDashed(node, id: "f\(frame)-\(node)", label: box.instance + "\n" + box.className,
                    tooltip: "\(box.standsFor.count) off screen: \(named)", size: size, x: x, top: top, height: total)
    }

    /// Places an omitted-layers stand-in.
    mutating func placeOmitted(_ layer: ChainFrame.Layer, x: Double, top: Double, height total: Double, frame: Int) {
        placeDashed(nextNode(), id: "f\(frame)-omitted", label: layer.root.instance, tooltip: layer.root.instance,
                    size: measure(layer.root), x: x, top: top, height: total)
    }

    /// A stand-in for what a frame leaves out: a plain dashed box without link.
    mutating func placeDashed(_ node: DOTID, id: String, label: String, tooltip: String, size: Size, x: Double, top: Double, height total: Double) {
        statements.append(.node(DOTNode(node, [
            "id": .string(id), "class": "omitted", "shape": "box", "style": "rounded,dashed",
            "color": .string(DiagramStyle.frame.stroke), "fixedsize": "true",
            "width": .points(size.width / 72), "height": .points(size.height / 72),
            "label": .string(label), "tooltip": .string(tooltip),
            "pos": .pinned(x: x + size.width / 2, y: total - (top + size.height / 2)),
        ])))
    }

    mutating func write(_ frames: [ChainFrame], id: String, maximumWidth: Double) -> DOTGraph {
        // Pass 1: measure every frame; layers stack upward, each shifted right like a card on a pile.
        let layerGap = 34.0, frameGap = 26.0, frameTitle = 22.0, margin = 16.0, shift = 26.0
        struct FramePlan { var layerSizes: [Size]; var width: Double; var height: Double; var x = 0.0; var top = 0.0 }
        var plans: [FramePlan] = []
        for frame in frames {
            let sizes = frame.layers.map { measure($0.root) }
            let width = sizes.enumerated().map { Double($0.offset) * shift + $0.element.width }.max() ?? 100
            let linkWidth = frame.layers.compactMap { $0.link.map { TextMetrics.width($0, fontSize: fontSize - 1) + 40 } }.max() ?? 0
            let height = sizes.map(\.height).reduce(0, +) + layerGap * Double(max(0, sizes.count - 1)) + frameTitle + 2 * padding
            plans.append(FramePlan(layerSizes: sizes, width: max(width + linkWidth, TextMetrics.width(frame.title, fontSize: fontSize + 1) + 20) + 2 * padding, height: height))
        }
        // Frames left to right, wrapping into a new row where the next frame would pass `maximumWidth`.
        var x = margin, top = margin, rowHeight = 0.0, widest = 0.0
        for index in plans.indices {
            if x > margin, x + plans[index].width + margin > maximumWidth {
                x = margin
                top += rowHeight + frameGap
                rowHeight = 0
            }
            plans[index].x = x
            plans[index].top = top
            x += plans[index].width + frameGap
            rowHeight = max(rowHeight, plans[index].height)
            widest = max(widest, x - frameGap + margin)
        }
        let totalWidth = max(widest, 100)
        let totalHeight = top + rowHeight + margin

        statements = [point(DOTID(unchecked: "corner0"), x: 0, y: 0), point(DOTID(unchecked: "corner1"), x: totalWidth, y: totalHeight)]

        // Pass 2: place each frame; inside a frame, the window root layer at the bottom.
        for (index, frame) in frames.enumerated() {
            let plan = plans[index]
            let top = plan.top
            statements.append(.node(DOTNode(DOTID(unchecked: "frame\(index)"), [
                "id": .string("frame-\(index)"), "class": "frame", "shape": "box", "style": "filled",
                "fillcolor": .string(DiagramStyle.frame.fill), "color": .string(DiagramStyle.frame.stroke), "fixedsize": "true",
                "width": .points(plan.width / 72), "height": .points(plan.height / 72), "labelloc": "t",
                "fontsize": .number(fontSize + 1), "label": .lines([frame.title], .left), "tooltip": .string(frame.title),
                "pos": .pinned(x: plan.x + plan.width / 2, y: totalHeight - (top + plan.height / 2)),
            ])))
            var centres: [String: (x: Double, top: Double, bottom: Double)] = [:]
            var layerBottom = top + plan.height - padding
            for (layerIndex, layer) in frame.layers.enumerated() {
                let size = plan.layerSizes[layerIndex]
                let layerTop = layerBottom - size.height
                let layerX = plan.x + padding + Double(layerIndex) * shift
                if layer.omitted > 0 {
                    placeOmitted(layer, x: layerX, top: layerTop, height: totalHeight, frame: index)
                } else {
                    place(layer.root, x: layerX, top: layerTop, height: totalHeight, frame: index, centres: &centres)
                }
                layerBottom = layerTop - layerGap
            }
            // Links: from the presenter's top edge up to the presented layer's bottom edge.
            for (layerIndex, layer) in frame.layers.enumerated() where layerIndex > 0 {
                guard let presenter = layer.presenter, let from = centres[presenter], let to = centres[layer.root.instance] else { continue }
                let fromName = nextNode(), toName = nextNode()
                let startY = totalHeight - from.top, endY = totalHeight - to.bottom
                let x1 = from.x, x2 = to.x
                statements.append(point(fromName, x: x1, y: startY))
                statements.append(point(toName, x: x2, y: endY))
                let tipY = endY - 1
                let endSplineY = tipY - 6
                let middle = startY + (endSplineY - startY) / 2
                let spline = "e,\(DOTWriter.number(x2)),\(DOTWriter.number(tipY)) " + [(x1, startY), (x1, middle), (x2, middle), (x2, endSplineY)]
                    .map { DOTWriter.number($0.0) + "," + DOTWriter.number($0.1) }.joined(separator: " ")
                let text = layer.link ?? ""
                let labelX = max(x1, x2) + 8 + TextMetrics.width(text, fontSize: fontSize - 1) / 2
                var attributes = DiagramStyle.presentation.edgeAttributes
                attributes["id"] = .string("f\(index)-present-\(layerIndex)")
                attributes["class"] = "presentation"
                attributes["label"] = .string(text)
                attributes["tooltip"] = .string("\(presenter) presents \(layer.root.instance)" + (text.isEmpty ? "" : ": \(text)"))
                attributes["pos"] = .string(spline)
                attributes["lp"] = .string(DOTWriter.number(labelX) + "," + DOTWriter.number((startY + endY) / 2))
                statements.append(.edge(DOTEdge(from: fromName, to: toName, attributes)))
            }
        }
        return DOTGraph(
            id: DOTID(unchecked: "filmstrip"),
            attributes: ["bgcolor": .string(DiagramStyle.background), "outputorder": "nodesfirst", "splines": "true",
                         "id": .string(id), "pad": "0.2"],
            nodeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": .number(fontSize), "fontcolor": .string(DiagramStyle.textColor),
                           "margin": "0.04,0.02"],
            edgeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": .number(fontSize - 1), "arrowsize": "0.7"],
            statements: statements
        )
    }
}
