import SceneModel

/// The overview of a partitioned segue graph: one box per part, linking to the part's own graph, and one arrow
/// per pair of parts that segues or container relationships connect, labelled with how many of each kind.
///
/// Deterministic like the segue graph: parts in partition order, arrows ordered by their parts, counts by kind in
/// the style table's order.
public struct SegueGraphOverview: Sendable {
    public var model: SceneModel
    public var partition: SegueGraphPartition
    public var links: DocumentLinks?

    public init(model: SceneModel, partition: SegueGraphPartition, links: DocumentLinks? = DocumentLinks()) {
        self.model = model
        self.partition = partition
        self.links = links
    }

    /// What connects one part to another: segues counted by kind, and container relationships.
    struct Connection {
        var segues: [SegueKind: Int] = [:]
        var relationships = 0
        var total: Int { segues.values.reduce(relationships, +) }
    }

    /// The connections between parts, by (from, to) part index.
    func connections() -> [Int: [Int: Connection]] {
        var result: [Int: [Int: Connection]] = [:]
        let partOf = partition.partOfScene
        for scene in model.scenes {
            guard let from = partOf[scene.id] else { continue }
            if scene.kind.isContainer {
                for child in scene.containedScenes {
                    guard let to = partOf[child.value], to != from else { continue }
                    result[from, default: [:]][to, default: Connection()].relationships += 1
                }
            }
            for segue in scene.segues {
                let kind = segue.kind.value.effective
                let targets: [String]
                if kind == .unwind {
                    targets = model.scenesImplementing(unwindAction: segue.action?.value ?? "").map(\.id)
                } else {
                    targets = segue.destination.map { [$0.value] } ?? []
                }
                for target in targets {
                    guard let to = partOf[target], to != from else { continue }
                    result[from, default: [:]][to, default: Connection()].segues[kind, default: 0] += 1
                }
            }
        }
        return result
    }

    public func graph() -> DOTGraph {
        var ids = DOTIDGenerator()
        var statements: [DOTStatement] = []
        var nodes: [DOTID] = []
        for part in partition.parts {
            let node = ids.node()
            nodes.append(node)
            let root = part.scenes.count == 1 ? model.scene(part.scenes[0]) : nil
            var attributes = DiagramStyle.scene(root?.kind ?? .container).nodeAttributes
            attributes["shape"] = "box"
            attributes["style"] = "rounded,filled"
            attributes["id"] = .string("part-" + part.id)
            attributes["class"] = "part"
            attributes["label"] = .html(.bold(.text(part.title)) + .lineBreak()
                + .font(.text(SegueGraph.sceneCount(part.scenes.count)), pointSize: 9, color: DiagramStyle.secondaryTextColor))
            attributes["tooltip"] = .string("\(part.title): \(SegueGraph.sceneCount(part.scenes.count)); its graph shows them with their segues")
            if let links { attributes["URL"] = .string(links.diagram(SegueGraph.partDiagramName(part.id))) }
            statements.append(.node(DOTNode(node, attributes)))
        }
        if let initial = model.initial?.value, let part = partition.partOfScene[initial] {
            let start = ids.node()
            let launch = SegueGraph.launchArrow(to: initial)
            statements.append(.node(DOTNode(start, launch.marker)))
            statements.append(.edge(DOTEdge(from: start, to: nodes[part], launch.edge)))
        }
        let all = connections()
        for from in all.keys.sorted() {
            guard let targets = all[from] else { continue }
            for to in targets.keys.sorted() {
                guard let connection = targets[to] else { continue }
                statements.append(.edge(DOTEdge(from: nodes[from], to: nodes[to], edgeAttributes(connection, from: from, to: to))))
            }
        }
        let title = "\(model.name) — segues, in \(partition.parts.count) parts"
        return DOTGraph(
            id: DOTID("segues") ?? .subgraph(0),
            attributes: [
                "rankdir": "LR",
                "fontname": .string(DiagramStyle.fontName), "fontsize": "18", "fontcolor": .string(DiagramStyle.textColor),
                "label": .string(title), "labelloc": "t", "labeljust": "l",
                "nodesep": "0.35", "ranksep": "0.9", "pad": "0.3", "newrank": "true", "nslimit": "2",
                "id": "segue-graph", "class": "segue-graph overview",
                DiagramStyle.wideDirectionAttribute: .string(SegueGraph.Direction.topToBottom.rawValue),
            ],
            nodeDefaults: SegueGraph.nodeDefaults,
            edgeDefaults: SegueGraph.edgeDefaults,
            statements: statements
        )
    }

    /// An arrow between two parts: the style of its one kind (a neutral line when it mixes kinds), its counts as
    /// label and tooltip, and a link to the graph of the part it leaves, where each segue is drawn.
    func edgeAttributes(_ connection: Connection, from: Int, to: Int) -> DOTAttributes {
        let kinds = SegueKind.allCases.filter { connection.segues[$0] != nil }
        var counts: [String] = []
        if connection.relationships > 0 { counts.append("\(connection.relationships) container child") }
        for kind in kinds {
            counts.append("\(connection.segues[kind] ?? 0) \(kind.rawValue)")
        }
        var attributes: DOTAttributes
        if connection.relationships > 0, kinds.isEmpty {
            attributes = DiagramStyle.relationship.edgeAttributes
        } else if connection.relationships == 0, kinds.count == 1, let kind = kinds.first {
            attributes = DiagramStyle.segue(kind).edgeAttributes
        } else {
            attributes = ["color": .string(DiagramStyle.secondaryTextColor), "fontcolor": .string(DiagramStyle.secondaryTextColor)]
        }
        let source = partition.parts[from], target = partition.parts[to]
        attributes["id"] = .string("parts-\(source.id)-\(target.id)")
        attributes["class"] = "part-link"
        attributes["tooltip"] = .string("\(source.title) → \(target.title): " + counts.joined(separator: ", "))
        attributes["penwidth"] = .number(min(4, 1 + Double(connection.total).squareRoot() / 3))
        // Parts rank by how they were split (a container, then its children's parts); segues between parts of
        // the same level, and unwinds, go across or back: letting them rank parts would stretch or fold the overview.
        // Their counts are external labels: Graphviz 2.43 frees the label nodes of such flat edges twice when the
        // layout is freed (a crash in the worker, memory corruption in a long run; cf. Graphviz's bug on
        // constraint=false and flat edges, MOTHBALLED-graphviz#1169).
        let label = DOTValue.string(counts.joined(separator: "\n"))
        if partition.parts[to].parent != from {
            attributes["constraint"] = "false"
            attributes["xlabel"] = label
        } else {
            attributes["label"] = label
        }
        if let links { attributes["URL"] = .string(links.diagram(SegueGraph.partDiagramName(source.id))) }
        return attributes
    }
}
