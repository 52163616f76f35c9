import SceneModel

/// The segue graph of a model: every scene a node, containers as clusters around
/// their children, relationship links, one edge per segue (unwinds drawn back to the
/// scenes implementing the action), an entry arrow to the initial scene and a legend.
///
/// Output is deterministic: scenes, clusters and edges come in file order, node
/// identifiers are generated (`n1` is the first scene of the file), attributes sorted.
public struct SegueGraph: Sendable {
    public struct Options: Sendable {
        /// Links for nodes and edges (`URL`); nil leaves them out.
        public var links: DocumentLinks?
        public var showsLegend: Bool
        public var direction: Direction
        /// The title above the graph; nil: "<model name> — segues".
        public var title: String?
        /// Draw one part of a partitioned graph: its scenes, with every other part a box its segues lead to and
        /// come from, linking to that part's graph. Nil: every scene.
        public var part: PartView?
        /// The scene the graph is about (a scene page's neighbourhood): outlined thick (`DiagramStyle.focusPenwidth`)
        /// and classed `focus`, where the site opens a graph too wide for its frame.
        public var focus: String?

        public init(links: DocumentLinks? = DocumentLinks(), showsLegend: Bool = true,
                    direction: Direction = .leftToRight, title: String? = nil, part: PartView? = nil, focus: String? = nil) {
            self.links = links
            self.showsLegend = showsLegend
            self.direction = direction
            self.title = title
            self.part = part
            self.focus = focus
        }
    }

    /// One part of a `SegueGraphPartition`, to draw with the other parts as boxes.
    public struct PartView: Sendable {
        public var partition: SegueGraphPartition
        /// The index of the part drawn.
        public var index: Int

        public init(partition: SegueGraphPartition, index: Int) {
            self.partition = partition
            self.index = index
        }

        func shows(_ scene: String) -> Bool { partition.partOfScene[scene] == index }
    }

    /// Graphviz's `rankdir`.
    public enum Direction: String, Sendable, Hashable {
        case leftToRight = "LR"
        case topToBottom = "TB"
    }

    public var model: SceneModel
    public var options: Options

    public init(model: SceneModel, options: Options = Options()) {
        self.model = model
        self.options = options
    }

    /// The DOT text.
    public var dot: String { graph().text }

    public func graph() -> DOTGraph {
        var builder = SegueGraphBuilder(model: model, options: options)
        return builder.build()
    }

    /// A graph with more edges than `denseEdgesPerScene` per scene drawn (and at least `denseEdgeMinimum`) is dense:
    /// crossing minimisation and spline routing grow with the edges' virtual nodes, not with the edge count that
    /// bounds a part (30 scenes that each present the 29 others, 870 edges, took 34 s; docs/rendering.md). Such
    /// a graph is a mesh that no layout makes readable: it is laid out by neato (`layout=neato`, no ranks and so
    /// no virtual nodes) with straight edges, without edge labels (each edge's tooltip still names its segue),
    /// container boxes or legend, which takes a fraction of a second where dot's time and memory grew without
    /// bound (60 scenes each presenting the others: 32 s and 500 MB with `mclimit=0.1` and straight edges; 100
    /// scenes: 7 minutes, 2 GB).
    static let denseEdgesPerScene = 8
    static let denseEdgeMinimum = 200

    /// Whether a graph of `edges` edges between `scenes` scenes is dense.
    static func isDense(edges: Int, scenes: Int) -> Bool {
        edges >= denseEdgeMinimum && edges > denseEdgesPerScene * scenes
    }

    /// Whether the graph of these edges is laid out as a dense one: dense as a whole; or holding a dense core (the
    /// nodes with more than twice `denseEdgesPerScene` edges, and the edges between them, dense by `isDense`: a
    /// mesh of 40 scenes inside an app of 300 kept the whole graph under 8 edges per scene, and dot ran 166 s before
    /// crashing); or needing more than `virtualNodeLimit` virtual nodes.
    static func isDense(edges: [(from: DOTID, to: DOTID)], scenes: Int) -> Bool {
        if isDense(edges: edges.count, scenes: scenes) { return true }
        guard edges.count >= denseEdgeMinimum else { return false }
        var degree: [DOTID: Int] = [:]
        for edge in edges where edge.from != edge.to {
            degree[edge.from, default: 0] += 1
            degree[edge.to, default: 0] += 1
        }
        let core = Set(degree.filter { $0.value > 2 * denseEdgesPerScene }.keys)
        let coreEdges = edges.filter { core.contains($0.from) && core.contains($0.to) }.count
        return isDense(edges: coreEdges, scenes: core.count) || estimatedVirtualNodes(edges) > virtualNodeLimit
    }

    /// Past this many virtual nodes (estimated), a graph is laid out as a dense one. Apps' graphs and the synthetic
    /// models measured need at most 2,500 (700 cross-linked scenes); a chain of 300 scenes each unwinding to the
    /// first needed 45,000, and dot took 45 s on it (its program crashed), neato 0.3 s.
    static let virtualNodeLimit = 20_000

    /// How many virtual nodes dot would make, roughly: each edge spans as many ranks as the longest path puts
    /// between its ends, once the edges that close a cycle (found depth first, nodes in order) are set aside.
    static func estimatedVirtualNodes(_ edges: [(from: DOTID, to: DOTID)]) -> Int {
        var index: [DOTID: Int] = [:]
        for edge in edges {
            if index[edge.from] == nil { index[edge.from] = index.count }
            if index[edge.to] == nil { index[edge.to] = index.count }
        }
        let count = index.count
        var next = Array(repeating: [Int](), count: count)
        for edge in edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            next[from].append(to)
        }
        // Depth first, without recursion: an edge to a node on the current path closes a cycle and is left out.
        var state = Array(repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
        var acyclic = Array(repeating: [Int](), count: count)
        for root in 0..<count where state[root] == 0 {
            var stack: [(node: Int, child: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.child < next[top.node].count {
                    stack[stack.count - 1].child += 1
                    let target = next[top.node][top.child]
                    if state[target] == 1 { continue }
                    acyclic[top.node].append(target)
                    if state[target] == 0 {
                        state[target] = 1
                        stack.append((target, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        // Longest-path ranks in topological order.
        var incoming = Array(repeating: 0, count: count)
        for targets in acyclic { for target in targets { incoming[target] += 1 } }
        var rank = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { incoming[$0] == 0 }
        while let node = ready.popLast() {
            for target in acyclic[node] {
                rank[target] = max(rank[target], rank[node] + 1)
                incoming[target] -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        var total = 0
        for edge in edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            total += abs(rank[from] - rank[to])
        }
        return total
    }

    /// How many edges the whole graph draws: the launch arrow, relationships, and one edge per segue (an unwind
    /// one per scene implementing its action). Counted from the model, without building the graph.
    public static func edgeCount(_ model: SceneModel) -> Int {
        model.scenes.reduce(model.initial == nil ? 0 : 1) { $0 + edgeCount(of: $1, in: model) }
    }

    /// The edges leaving `scene`: its relationships and its segues.
    public static func edgeCount(of scene: Scene, in model: SceneModel) -> Int {
        var count = scene.kind.isContainer ? scene.containedScenes.count : 0
        for segue in scene.segues {
            let kind = segue.kind.value
            if kind.effective == .unwind {
                count += max(1, model.scenesImplementing(unwindAction: segue.action?.value ?? "").count)
            } else if !(kind == .code && segue.call?.value == .dismiss) {
                count += 1
            }
        }
        return count
    }

    /// The catalogue name of a part's graph: `segues/<part id>`.
    public static func partDiagramName(_ part: String) -> String { "segues/" + part }

    static func sceneCount(_ count: Int) -> String { count == 1 ? "1 scene" : "\(count) scenes" }

    /// The SVG `id` of a scene's node.
    public static func nodeID(scene: String) -> String { "scene-" + scene }
    /// The SVG `id` of a container scene's cluster.
    public static func clusterID(scene: String) -> String { "container-" + scene }
    /// The SVG `id` of a segue's edge; unwind segues have one edge per target, `segue-<scene>.<segue>.<target>`.
    public static func edgeID(segue: Segue, target: String? = nil) -> String {
        "segue-" + segue.qualifiedID + (target.map { "." + $0 } ?? "")
    }
    /// The SVG `id` of a relationship link.
    public static func relationshipID(container: String, child: String) -> String { "relationship-\(container).\(child)" }

    /// How the segue graph and its overview draw scene boxes and arrows, unless a node or edge says otherwise.
    static let nodeDefaults: DOTAttributes = [
        "fontname": .string(DiagramStyle.fontName), "fontsize": "11", "fontcolor": .string(DiagramStyle.textColor),
        "margin": "0.14,0.07", "penwidth": "1.2",
    ]
    static let edgeDefaults: DOTAttributes = [
        "fontname": .string(DiagramStyle.fontName), "fontsize": "9", "arrowsize": "0.8",
    ]

    /// The launch arrow's dot and edge, pointing at the initial scene (or, in the overview, at its part).
    static func launchArrow(to initial: String) -> (marker: DOTAttributes, edge: DOTAttributes) {
        let tooltip = DOTValue.string("launch: the app starts with '\(initial)'")
        let marker: DOTAttributes = [
            "id": "initial", "class": "initial", "shape": "circle", "style": "filled",
            "fillcolor": .string(DiagramStyle.initial.color), "color": .string(DiagramStyle.initial.color),
            "width": "0.22", "height": "0.22", "fixedsize": "true", "label": "", "tooltip": tooltip,
        ]
        var edge = DiagramStyle.initial.edgeAttributes
        edge["id"] = "initial-edge"
        edge["class"] = "initial"
        edge["label"] = "launch"
        edge["tooltip"] = tooltip
        return (marker, edge)
    }
}

// MARK: - Building

private struct SegueGraphBuilder {
    let model: SceneModel
    let options: SegueGraph.Options
    var ids = DOTIDGenerator()
    /// The DOT node of each scene, assigned in file order.
    var nodes: [String: DOTID] = [:]
    /// The container scene whose cluster holds each scene; absent for top-level scenes.
    var placement: [String: String] = [:]
    var statements: [DOTStatement] = []
    var edges: [DOTStatement] = []
    /// Edge kinds drawn, for the legend.
    var usedSegueKinds: Set<SegueKind> = []
    var drawsRelationships = false
    /// The scenes drawn: all of them, or one part's.
    let shown: [Scene]
    /// The box of each other part drawn, by part index.
    var partNodes: [Int: DOTID] = [:]

    init(model: SceneModel, options: SegueGraph.Options) {
        self.model = model
        self.options = options
        self.shown = options.part.map { part in model.scenes.filter { part.shows($0.id) } } ?? model.scenes
    }

    mutating func build() -> DOTGraph {
        for scene in shown where nodes[scene.id] == nil { nodes[scene.id] = ids.node() }
        placeScenes()

        var emitted: Set<String> = []
        for scene in shown where placement[scene.id] == nil {
            if let statement = sceneStatement(scene, emitted: &emitted) { statements.append(statement) }
        }
        // Scenes caught in a containment cycle (an invalid model) are drawn at the top level.
        for scene in shown where !emitted.contains(scene.id) {
            emitted.insert(scene.id)
            statements.append(.node(sceneNode(scene)))
        }

        addInitialArrow()
        addRelationships()
        addSegues()
        addIncomingFromOtherParts()
        statements += edges
        let dense = SegueGraph.isDense(edges: edges.compactMap { statement -> (from: DOTID, to: DOTID)? in
            guard case .edge(let edge) = statement else { return nil }
            return (edge.from, edge.to)
        }, scenes: shown.count)
        if dense {
            // neato keeps no cluster together: a container's box would be drawn around wherever its members land,
            // over other scenes. The scenes are drawn loose (containment stays in the relationship arrows), and
            // without the legend, whose samples neato would scatter too; edges without their labels.
            statements = Self.withoutClusters(statements).map { statement in
                guard case .edge(var edge) = statement else { return statement }
                edge.attributes["label"] = nil
                return .edge(edge)
            }
        } else if options.showsLegend {
            statements.append(.subgraph(legend()))
        }

        let title = options.title ?? "\(model.name) — segues"
        var attributes: DOTAttributes = [
            "rankdir": .string(options.direction.rawValue),
            "fontname": .string(DiagramStyle.fontName), "fontsize": "18", "fontcolor": .string(DiagramStyle.textColor),
            "label": .string(title), "labelloc": "t", "labeljust": "l",
            "nodesep": "0.35", "ranksep": "0.7", "pad": "0.3", "newrank": "true",
            // At most 2 × nodes network-simplex iterations for the coordinates: a
            // 2,000-scene graph took 258 s without a limit, 44 s with it; graphs
            // that converge within the limit (the example) lay out unchanged.
            "nslimit": "2",
            "id": "segue-graph", "class": "segue-graph",
        ]
        if dense {
            attributes["layout"] = "neato"
            attributes["splines"] = "line"
            attributes["overlap"] = "false"
        } else if options.direction == .leftToRight {
            attributes[DiagramStyle.wideDirectionAttribute] = .string(SegueGraph.Direction.topToBottom.rawValue)
        }
        return DOTGraph(
            // The graph's name becomes the SVG's <title>.
            id: DOTID("segues") ?? .subgraph(0),
            attributes: attributes,
            nodeDefaults: SegueGraph.nodeDefaults,
            edgeDefaults: SegueGraph.edgeDefaults,
            statements: statements
        )
    }

    /// The statements with every subgraph's statements in its place, at the top level.
    static func withoutClusters(_ statements: [DOTStatement]) -> [DOTStatement] {
        statements.flatMap { statement -> [DOTStatement] in
            guard case .subgraph(let subgraph) = statement else { return [statement] }
            return withoutClusters(subgraph.statements)
        }
    }

    // MARK: Placement

    /// Puts each container's children in its cluster, and each embedded scene next to
    /// the scene embedding it (its view is inside that scene's view).
    mutating func placeScenes() {
        for scene in shown where scene.kind.isContainer {
            for child in scene.containedScenes where nodes[child.value] != nil && placement[child.value] == nil && child.value != scene.id {
                placement[child.value] = scene.id
            }
        }
        for scene in shown {
            for segue in scene.segues where segue.kind.value == .embed {
                guard let child = segue.destination?.value, nodes[child] != nil, placement[child] == nil, child != scene.id else { continue }
                if scene.kind.isContainer {
                    placement[child] = scene.id
                } else if let host = placement[scene.id] {
                    placement[child] = host
                }
            }
        }
    }

    /// Members of a container's cluster: its relationship children in container order, then embedded scenes in file order.
    func members(of container: Scene) -> [Scene] {
        let children = container.containedScenes.compactMap { model.scene($0.value) }.filter { placement[$0.id] == container.id }
        let childIDs = Set(children.map(\.id))
        let others = shown.filter { placement[$0.id] == container.id && !childIDs.contains($0.id) }
        var seen: Set<String> = []
        return (children + others).filter { seen.insert($0.id).inserted }
    }

    mutating func sceneStatement(_ scene: Scene, emitted: inout Set<String>) -> DOTStatement? {
        guard emitted.insert(scene.id).inserted else { return nil }
        guard scene.kind.isContainer else { return .node(sceneNode(scene)) }
        let cluster = ids.cluster()
        let style = DiagramStyle.scene(scene.kind)
        var body: [DOTStatement] = [.node(sceneNode(scene))]
        for member in members(of: scene) {
            if let statement = sceneStatement(member, emitted: &emitted) { body.append(statement) }
        }
        var attributes: DOTAttributes = [
            "id": .string(SegueGraph.clusterID(scene: scene.id)),
            "class": .string("container container-\(scene.kind.rawValue)"),
            "style": "rounded,filled", "fillcolor": .string(style.clusterFill), "color": .string(style.stroke),
            "penwidth": "1.2", "label": "", "margin": "12",
            "tooltip": .string(sceneTooltip(scene)),
        ]
        if let links = options.links { attributes["URL"] = .string(links.scene(scene.id)) }
        return .subgraph(DOTSubgraph(cluster, attributes, statements: body))
    }

    // MARK: Nodes

    func sceneNode(_ scene: Scene) -> DOTNode {
        var attributes = DiagramStyle.scene(scene.kind).nodeAttributes
        attributes["label"] = .html(sceneLabel(scene))
        attributes["id"] = .string(SegueGraph.nodeID(scene: scene.id))
        attributes["class"] = .string("scene scene-\(scene.kind.rawValue)" + (scene.id == model.initial?.value ? " initial" : "")
                                      + (scene.id == options.focus ? " focus" : ""))
        if scene.id == options.focus { attributes["penwidth"] = .number(DiagramStyle.focusPenwidth) }
        attributes["tooltip"] = .string(sceneTooltip(scene))
        if let links = options.links { attributes["URL"] = .string(links.scene(scene.id)) }
        // Invariant: every scene got a node id in build().
        return DOTNode(nodes[scene.id] ?? .node(0), attributes)
    }

    func sceneLabel(_ scene: Scene) -> HTMLLabel {
        // An empty title is no title: the node shows the id.
        let title = scene.title.flatMap { $0.isEmpty ? nil : $0 }
        var label = HTMLLabel.bold(.text(title ?? scene.id))
        var shown = [title ?? scene.id]
        if title != nil, title != scene.id {
            label = label + .lineBreak() + .font(.text(scene.id), pointSize: 9, color: DiagramStyle.secondaryTextColor)
            shown.append(scene.id)
        }
        // An imported scene is often named after its class: the name once is enough.
        if shown.contains(scene.className) { return label }
        return label + .lineBreak() + .font(.text(scene.className), pointSize: 9, color: DiagramStyle.secondaryTextColor)
    }

    func sceneTooltip(_ scene: Scene) -> String {
        var lines = ["\(scene.id): \(scene.className) (\(scene.kind.rawValue))"]
        if let summary = scene.summary { lines.append(summary.trimmingTrailingNewlines) }
        return lines.joined(separator: "\n")
    }

    // MARK: Edges

    mutating func addInitialArrow() {
        guard let initial = model.initial?.value, let target = nodes[initial] else { return }
        let start = ids.node()
        let launch = SegueGraph.launchArrow(to: initial)
        statements.append(.node(DOTNode(start, launch.marker)))
        var attributes = launch.edge
        if let links = options.links { attributes["URL"] = .string(links.scene(initial)) }
        edges.append(.edge(DOTEdge(from: start, to: target, attributes)))
    }


    mutating func addRelationships() {
        for container in model.scenes where container.kind.isContainer {
            let from: DOTID
            if let node = nodes[container.id] {
                from = node
            } else if options.part != nil, container.containedScenes.contains(where: { nodes[$0.value] != nil }), let box = partNode(of: container.id) {
                // A container in another part holding a scene of this one.
                from = box
            } else {
                continue
            }
            for (offset, child) in container.containedScenes.enumerated() {
                guard let to = nodes[child.value] ?? (nodes[container.id] != nil ? partNode(of: child.value) : nil) else { continue }
                drawsRelationships = true
                let role = relationshipRole(container, child: child.value, offset: offset)
                var attributes = DiagramStyle.relationship.edgeAttributes
                attributes["id"] = .string(SegueGraph.relationshipID(container: container.id, child: child.value))
                attributes["class"] = .string("relationship relationship-\(container.kind.rawValue)")
                attributes["label"] = .string(role)
                attributes["tooltip"] = .string("\(container.id) → \(child.value): \(role)")
                attributes["weight"] = "4"
                if let links = options.links { attributes["URL"] = .string(links.scene(container.id)) }
                edges.append(.edge(DOTEdge(from: from, to: to, attributes)))
            }
        }
    }

    func relationshipRole(_ container: Scene, child: String, offset: Int) -> String {
        switch container.kind {
        case .navigation: return "root"
        case .tabBar:
            let selected = container.tabs.count > 1 && container.selectedTab == child
            return "tab \(offset + 1)" + (selected ? " (selected)" : "")
        case .split:
            if container.primary?.value == child { return "primary" }
            if container.supplementary?.value == child { return "supplementary" }
            if container.compact?.value == child { return "compact" }
            return "secondary"
        case .page: return "page \(offset + 1)"
        case .container: return "child \(offset + 1)"
        case .content, .table, .collection: return "child"
        }
    }

    mutating func addSegues() {
        for scene in model.scenes {
            guard let from = nodes[scene.id] else { continue }
            for segue in scene.segues {
                let kind = segue.kind.value
                usedSegueKinds.insert(kind)
                if kind.effective == .unwind {
                    addUnwind(segue, from: from)
                    continue
                }
                // A dismiss in code leads to no scene; the scene's page lists it.
                if kind == .code, segue.call?.value == .dismiss { continue }
                let target = segue.destination?.value
                let to: DOTID
                if let target, let node = nodes[target] {
                    to = node
                } else if let target, let box = partNode(of: target) {
                    to = box
                } else {
                    to = unresolvedNode(segue, text: "no scene '\(target ?? "")'")
                }
                var attributes = segueAttributes(segue, target: nil)
                attributes["label"] = .string(segueLabel(segue))
                edges.append(.edge(DOTEdge(from: from, to: to, attributes)))
            }
        }
    }

    mutating func addUnwind(_ segue: Segue, from: DOTID) {
        let action = segue.action?.value ?? ""
        let targets = model.scenesImplementing(unwindAction: action)
        guard !targets.isEmpty else {
            let to = unresolvedNode(segue, text: "no scene implements \(action)(_:)")
            var attributes = segueAttributes(segue, target: "unresolved")
            attributes["label"] = .string(drawnName(segue))
            edges.append(.edge(DOTEdge(from: from, to: to, attributes)))
            return
        }
        for target in targets {
            guard let to = nodes[target.id] ?? partNode(of: target.id) else { continue }
            var attributes = segueAttributes(segue, target: target.id)
            attributes["label"] = .string("\(drawnName(segue))\n\(action)(_:)")
            edges.append(.edge(DOTEdge(from: to, to: from, attributes.drawnBackwards)))
        }
    }

    /// In a part's graph, the segues from other parts to its scenes, each from the box of the part it leaves.
    mutating func addIncomingFromOtherParts() {
        guard options.part != nil else { return }
        for scene in shown {
            guard let to = nodes[scene.id] else { continue }
            for segue in model.segues(reaching: scene.id) where nodes[segue.source] == nil {
                guard let from = partNode(of: segue.source) else { continue }
                let kind = segue.kind.value
                if kind == .code, segue.call?.value == .dismiss { continue }
                usedSegueKinds.insert(kind)
                let isUnwind = kind.effective == .unwind
                var attributes = segueAttributes(segue, target: isUnwind ? scene.id : nil)
                attributes["label"] = .string(isUnwind ? "\(drawnName(segue))\n\(segue.action?.value ?? "")(_:)" : segueLabel(segue))
                edges.append(.edge(isUnwind ? DOTEdge(from: to, to: from, attributes.drawnBackwards) : DOTEdge(from: from, to: to, attributes)))
            }
        }
    }

    /// In a part's graph, the box standing for the part that holds `scene`, added on first use; nil when the
    /// graph shows every scene or the scene is in no part.
    mutating func partNode(of scene: String) -> DOTID? {
        guard let view = options.part, let index = view.partition.partOfScene[scene], index != view.index,
              index < view.partition.parts.count else { return nil }
        if let node = partNodes[index] { return node }
        let part = view.partition.parts[index]
        let node = ids.node()
        partNodes[index] = node
        var attributes: DOTAttributes = [
            "id": .string("part-" + part.id), "class": "part",
            "shape": "box", "style": "rounded,dashed", "color": .string(DiagramStyle.secondaryTextColor),
            "label": .html(.bold(.text(part.title)) + .lineBreak() + .font(.text(SegueGraph.sceneCount(part.scenes.count)), pointSize: 9, color: DiagramStyle.secondaryTextColor)),
            "tooltip": .string("\(part.title): \(SegueGraph.sceneCount(part.scenes.count)), drawn in a graph of its own"),
        ]
        if let links = options.links { attributes["URL"] = .string(links.diagram(SegueGraph.partDiagramName(part.id))) }
        statements.append(.node(DOTNode(node, attributes)))
        return node
    }

    /// A note node for a segue whose target cannot be found.
    mutating func unresolvedNode(_ segue: Segue, text: String) -> DOTID {
        let id = ids.node()
        statements.append(.node(DOTNode(id, [
            "id": .string("unresolved-" + segue.qualifiedID), "class": "unresolved",
            "shape": "plaintext", "style": "", "fontcolor": .string(DiagramStyle.segue(.unwind).color),
            "label": .string(text), "tooltip": .string("\(segue.qualifiedID): \(text)"),
        ])))
        return id
    }

    func segueAttributes(_ segue: Segue, target: String?) -> DOTAttributes {
        let kind = segue.kind.value
        var attributes = DiagramStyle.segue(kind).edgeAttributes
        attributes["id"] = .string(SegueGraph.edgeID(segue: segue, target: target))
        attributes["class"] = .string("segue segue-\(kind.effective.rawValue)" + (kind.isDeprecated ? " deprecated segue-\(kind.rawValue)" : ""))
        attributes["tooltip"] = .string(segueTooltip(segue))
        if let links = options.links { attributes["URL"] = .string(links.segue(segue)) }
        return attributes
    }

    /// The segue's name as drawn: its label, else its identifier, in lines of at most `labelWidth` characters
    /// broken at spaces, so that an imported trigger (`Simplest table view example with sections cell
    /// selection`) does not stretch its arrow's label across the graph.
    func drawnName(_ segue: Segue) -> String {
        TextMetrics.wrap(segue.displayName, width: Self.labelWidth).joined(separator: "\n")
    }

    /// The longest line of a segue's name in the graph.
    static let labelWidth = DiagramStyle.segueLabelWidth

    /// The segue's name (its label, else its identifier), then what matters for its kind: the presentation style of
    /// modal segues, the class of custom ones.
    func segueLabel(_ segue: Segue) -> String {
        let kind = segue.kind.value
        var lines = [drawnName(segue) + (kind.isDeprecated ? " (\(kind.rawValue), deprecated)" : "")]
        if kind.effective == .custom, let className = segue.customClass { lines.append(className) }
        if kind == .code, let call = segue.call?.value {
            lines.append(call.signature)
            if let place = segue.codeLocation { lines.append(String(place.split(separator: "/").last ?? Substring(place))) }
        }
        switch segue.effectiveKind {
        case .present, .custom:
            lines.append(presentationStyle(segue).rawValue)
        case .popover:
            if let adaptive = segue.adaptivePresentationStyle { lines.append("popover, adapts to \(adaptive.rawValue)") }
        default:
            break
        }
        return lines.joined(separator: "\n")
    }

    /// The style a modal segue asks for: its own, else its destination's.
    func presentationStyle(_ segue: Segue) -> PresentationStyle {
        segue.modalPresentationStyle?.value
            ?? segue.destination.flatMap { model.scene($0.value) }?.modalPresentationStyle
            ?? .automatic
    }

    func segueTooltip(_ segue: Segue) -> String {
        let kind = segue.kind.value
        let target = kind.effective == .unwind ? "\(segue.action?.value ?? "?")(_:)" : (segue.destination?.value ?? "?")
        var lines = ["\(segue.qualifiedID): \(kind.rawValue)\(kind.isDeprecated ? " (deprecated, behaves as \(kind.effective.rawValue))" : "") → \(target)"]
        if kind == .embed {
            lines.append("fires when \(segue.source)'s view loads")
        } else if kind == .code {
            lines.append("code: \(segue.call?.value.signature ?? "?")" + (segue.codeLocation.map { " at \($0)" } ?? ""))
        } else {
            lines.append(segue.trigger.map { "trigger: \($0)" } ?? "manual: performed by code")
        }
        if segue.presents { lines.append("presentation: \(presentationStyle(segue).rawValue)") }
        if let anchor = segue.anchor { lines.append("anchor: \(anchor)") }
        if let guardCondition = segue.guardCondition { lines.append("guard: \(guardCondition.value)") }
        if let passes = segue.passes { lines.append("passes: \(passes)") }
        if let summary = segue.summary { lines.append(summary.trimmingTrailingNewlines) }
        return lines.joined(separator: "\n")
    }

    // MARK: Legend

    /// Samples of the scene kinds and link kinds this graph uses, as rows: a scene kind
    /// on the left, a link kind on its right.
    mutating func legend() -> DOTSubgraph {
        let sceneKinds = SceneKind.allCases.filter { kind in shown.contains { $0.kind == kind } }
        var links: [(name: String, style: DiagramStyle.LinkStyle, kind: String)] = []
        if drawsRelationships { links.append(("container child", DiagramStyle.relationship, "relationship")) }
        for kind in SegueKind.allCases where !kind.isDeprecated && usedSegueKinds.contains(kind) {
            links.append((kind.rawValue, DiagramStyle.segue(kind), kind.rawValue))
        }
        for kind in SegueKind.allCases where kind.isDeprecated && usedSegueKinds.contains(kind) {
            links.append(("\(kind.rawValue) (deprecated)", DiagramStyle.segue(kind), kind.rawValue))
        }

        var kindColumn: [DOTStatement] = []
        var kindNodes: [DOTID] = []
        for kind in sceneKinds {
            var attributes = DiagramStyle.scene(kind).nodeAttributes
            attributes["label"] = .string(kind.rawValue)
            attributes["id"] = .string("legend-scene-\(kind.rawValue)")
            attributes["class"] = .string("legend scene-\(kind.rawValue)")
            attributes["tooltip"] = .string("a \(kind.rawValue) scene (\(kind.defaultClass))")
            attributes["fontsize"] = "10"
            attributes["width"] = "1.1"
            let id = ids.node()
            kindNodes.append(id)
            kindColumn.append(.node(DOTNode(id, attributes)))
        }

        var tails: [DOTStatement] = []
        var heads: [DOTStatement] = []
        var rows: [DOTStatement] = []
        for (row, link) in links.enumerated() {
            let point: DOTAttributes = ["shape": "point", "width": "0.02", "height": "0.02", "label": "",
                                        "style": "invis", "class": "legend"]
            let tail = ids.node()
            let head = ids.node()
            tails.append(.node(DOTNode(tail, point)))
            heads.append(.node(DOTNode(head, point)))
            if row < kindNodes.count {
                // Keeps the link sample on the same row as the scene kind beside it.
                rows.append(.edge(DOTEdge(from: kindNodes[row], to: tail, ["style": "invis", "weight": "10"])))
            }
            var attributes = link.style.edgeAttributes
            attributes["label"] = .string(link.name)
            attributes["id"] = .string("legend-link-\(link.kind)")
            attributes["class"] = .string("legend link-\(link.kind)")
            attributes["tooltip"] = .string(link.name)
            attributes["weight"] = "10"
            rows.append(.edge(DOTEdge(from: tail, to: head, attributes)))
        }

        var body: [DOTStatement] = []
        if !kindColumn.isEmpty { body.append(.subgraph(DOTSubgraph(ids.subgraph(), ["rank": "same"], statements: kindColumn))) }
        if !links.isEmpty {
            body.append(.subgraph(DOTSubgraph(ids.subgraph(), ["rank": "same"], statements: tails)))
            body.append(.subgraph(DOTSubgraph(ids.subgraph(), ["rank": "same"], statements: heads)))
        }
        body += rows
        return DOTSubgraph(ids.cluster(), [
            "id": "legend", "class": "legend", "label": "Legend", "fontsize": "12",
            "style": "rounded", "color": "#D1D5DB", "margin": "12",
            // Arranged for left to right: a layout turned top to bottom leaves it out (the page shows the legend).
            DiagramStyle.omittedWhenTurnedAttribute: "true",
        ], statements: body)
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var result = self
        while result.last?.isNewline == true { result.removeLast() }
        return result
    }
}
