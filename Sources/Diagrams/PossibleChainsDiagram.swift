import SceneModel

/// Every modal path the segues allow, drawn as a tree from the window's root: one node per distinct path prefix,
/// each edge labelled with the presentation style and the segue that presents.
public struct PossibleChainsDiagram: Sendable {
    /// Where nodes link to (the scenes' pages); nil leaves links out.
    public var links: DocumentLinks?

    public init(links: DocumentLinks? = DocumentLinks()) {
        self.links = links
    }

    public func dot(for model: SceneModel) -> String { graph(for: model).text }

    public func graph(for model: SceneModel) -> DOTGraph {
        let chains = model.possibleModalChains()
        var statements: [DOTStatement] = []
        if let root = chains.first?.root ?? model.initial?.value {
            var ids = DOTIDGenerator()
            var nodeIDs: [[String]: DOTID] = [:]
            func label(_ id: String) -> String {
                [id, model.scene(id)?.className].compactMap { $0 }.joined(separator: "\n")
            }
            func node(_ path: [String]) -> DOTID {
                if let existing = nodeIDs[path] { return existing }
                let id = ids.node()
                nodeIDs[path] = id
                let scene = path.last ?? root
                let isRoot = path.count == 1
                let colours = isRoot ? DiagramStyle.chainRoot : DiagramStyle.chainPresented
                var attributes: DOTAttributes = [
                    "id": .string("chain-\(id)"), "class": isRoot ? "root" : "presented",
                    "label": .string(isRoot ? "window root: " + label(scene) : label(scene)),
                    "fillcolor": .string(colours.fill), "color": .string(colours.stroke),
                    "tooltip": .string(path.joined(separator: " → ")),
                ]
                if let links { attributes["URL"] = .string(links.scene(scene)) }
                statements.append(.node(DOTNode(id, attributes)))
                return id
            }
            _ = node([root])
            var drawn: Set<[String]> = []
            for chain in chains {
                var path = [root]
                for link in chain.links {
                    let parent = node(path)
                    path.append(link.scene)
                    let child = node(path)
                    guard drawn.insert(path).inserted else { continue }
                    var attributes = DiagramStyle.presentation.edgeAttributes
                    attributes["class"] = "presentation"
                    // A segue with a label (an imported one's trigger, for a made-up identifier) is named by it, as
                    // in the segue graph; the tooltip keeps the identifier flows tap it by.
                    let from = model.segue(link.segue)?.label.map { "\(link.segue.scene):\n" + TextMetrics.wrap($0, width: DiagramStyle.segueLabelWidth).joined(separator: "\n") }
                    attributes["label"] = .string("\(link.style.rawValue)\nfrom \(from ?? link.segue.description)")
                    attributes["tooltip"] = .string("\(link.segue) presents \(link.scene) (\(link.style.rawValue))")
                    statements.append(.edge(DOTEdge(from: parent, to: child, attributes)))
                }
            }
        }
        return DOTGraph(
            id: DOTID(unchecked: "chains"),
            attributes: ["rankdir": "LR", "fontname": .string(DiagramStyle.fontName), "nodesep": "0.4", "ranksep": "0.7",
                         "id": "chains", "bgcolor": .string(DiagramStyle.background), "pad": "0.2"],
            nodeDefaults: ["shape": "box", "style": "rounded,filled", "fontname": .string(DiagramStyle.fontName), "fontsize": "10",
                           "fontcolor": .string(DiagramStyle.textColor)],
            edgeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": "9"],
            statements: statements
        )
    }
}
