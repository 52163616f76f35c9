import Diagrams
import SceneModel

/// The union of two segue graphs with each scene, segue and container link marked added, removed, changed
/// or unchanged. Large models keep only what changed, its neighbours and their containers.
public struct DiffGraph: Sendable, Hashable {
    public typealias Status = DiffStyle.Status

    public struct Node: Sendable, Hashable {
        /// The head's scene id (the base's for a removed scene).
        public var id: String
        public var kind: SceneKind
        public var title: String
        public var className: String
        public var status: Status
        /// `old → new` lines of a changed scene.
        public var details: [String]
    }

    public struct Edge: Sendable, Hashable {
        public var from: String
        public var to: String
        /// nil for a container's link to a child.
        public var segueKind: SegueKind?
        public var label: String
        public var status: Status
        /// The SVG id suffix: `segue-<scene>.<segue>[.<target>]` or `relationship-<container>.<child>`.
        public var key: String
    }

    public var title: String
    public private(set) var nodes: [Node]
    public private(set) var edges: [Edge]
    /// Scenes left out because the model is large and they are far from any change.
    public private(set) var omittedScenes: Int
    /// How many links around a change the graph reaches: the `context` asked for, or less when that graph
    /// would be larger than `sceneLimit` scenes or `linkLimit` links.
    public private(set) var context: Int
    /// Whether the changes alone are more than one diagram can show: the graph is then drawn as a box saying
    /// so (`nodes` and `edges` still hold what it would have shown); the text form lists every change.
    public private(set) var tooLargeToDraw: Bool

    /// Models with more scenes than this show only the changed part.
    public static let fullGraphLimit = 40
    /// The most scenes one diff graph draws. Its labelled edges make Graphviz's layout grow steeply:
    /// measured on this machine with every segue changed, 305 scenes and 441 links lay out in 0.9 s, 457 and
    /// 659 in 2.8 s, 609 and 878 in 4.8 s, 821 and 1,183 in about 2 minutes (docs/review.md).
    public static let sceneLimit = 300
    /// The most links (segues and container links) one diff graph draws; also under the 500 edges GitHub's
    /// Mermaid draws.
    public static let linkLimit = 450

    /// The diff graph of `diff`; above `fullGraphLimit` scenes, only the changed scenes, the scenes within
    /// `context` links of them and their containers, with less context if that is over the limits.
    /// An id as an SVG element's `id`: no spaces or parentheses (`List (before)` → `List-before`).
    static func fragment(_ id: String) -> String {
        String(id.replacingOccurrences(of: " (before)", with: "-before").map { $0 == " " || $0 == "(" || $0 == ")" ? "-" : $0 })
    }

    public init(diff: ModelDiff, base: SceneModel, head: SceneModel, context: Int = 1) {
        title = base.name == head.name || base.nameIsDerived || head.nameIsDerived
            ? "\(head.name) — navigation changes" : "\(base.name) → \(head.name) — navigation changes"
        var builder = DiffGraphBuilder(diff: diff, base: base, head: head)
        builder.build()
        nodes = builder.nodes
        edges = builder.edges
        omittedScenes = 0
        self.context = max(0, context)
        tooLargeToDraw = false
        guard nodes.count > Self.fullGraphLimit || edges.count > Self.linkLimit else { return }
        // Each scene's distance in links from the changes, found once; each context tried is then one filter.
        let distance = Self.distances(nodes: nodes, edges: edges)
        let deepest = distance.values.max() ?? 0
        let whole = (nodes: nodes, edges: edges)
        var level = min(self.context, deepest)
        while true {
            (nodes, edges) = whole
            keep(within: level, distance: distance)
            if nodes.count <= Self.sceneLimit && edges.count <= Self.linkLimit {
                // A context past the farthest scene reached shows the same graph: it was not lowered.
                if level < min(self.context, deepest) { self.context = level }
                return
            }
            guard level > 0 else { break }
            level -= 1
        }
        self.context = 0
        tooLargeToDraw = true
    }

    /// How many links each scene is from a change (0 for the changed scenes and the ends of changed links), by a
    /// breadth-first walk over links in both directions; scenes no walk reaches are absent.
    static func distances(nodes: [Node], edges: [Edge]) -> [String: Int] {
        var distance: [String: Int] = [:]
        var frontier: [String] = []
        func reach(_ id: String, _ value: Int) {
            guard distance[id] == nil else { return }
            distance[id] = value
            frontier.append(id)
        }
        for node in nodes where node.status != .unchanged { reach(node.id, 0) }
        for edge in edges where edge.status != .unchanged {
            reach(edge.from, 0)
            reach(edge.to, 0)
        }
        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var level = 0
        while !frontier.isEmpty {
            level += 1
            let current = frontier
            frontier = []
            for id in current {
                for next in neighbours[id] ?? [] { reach(next, level) }
            }
        }
        return distance
    }

    /// Keeps the scenes within `level` links of a change and the containers above them.
    private mutating func keep(within level: Int, distance: [String: Int]) {
        var kept = Set(distance.filter { $0.value <= level }.keys)
        // Containers above every kept scene, so each is shown where it lives.
        var parent: [String: String] = [:]
        for edge in edges where edge.segueKind == nil || edge.segueKind == .embed {
            if parent[edge.to] == nil { parent[edge.to] = edge.from }
        }
        for id in Array(kept) {
            var cursor = id
            var steps = 0
            while let up = parent[cursor], steps < 64 {
                kept.insert(up)
                cursor = up
                steps += 1
            }
        }
        let before = nodes.count
        nodes = nodes.filter { kept.contains($0.id) }
        edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        omittedScenes = before - nodes.count
    }

    /// What a graph too large to draw shows instead, in a box.
    public var tooLargeText: String {
        let scenes = nodes.count, links = edges.count
        return "the changes take \(scenes) scene\(scenes == 1 ? "" : "s") and \(links) link\(links == 1 ? "" : "s"): "
            + "too many for one diagram (at most \(Self.sceneLimit) scenes and \(Self.linkLimit) links)"
    }

    // MARK: - DOT

    /// The graph as typed DOT: user text only in escaped labels and tooltips.
    public func dotGraph() -> DOTGraph {
        var ids = DOTIDGenerator()
        var nodeIDs: [String: DOTID] = [:]
        var statements: [DOTStatement] = []
        if tooLargeToDraw {
            var label = HTMLLabel.text("")
            let text = "No diagram: " + tooLargeText + ". diff.txt lists every change."
            for (index, line) in TextMetrics.wrap(text, width: 60).enumerated() {
                label = index == 0 ? .text(line) : label + .lineBreak() + .text(line)
            }
            statements.append(.node(DOTNode(ids.node(), [
                "shape": "box", "style": "rounded,filled", "fillcolor": .string(DiffStyle.colors(.unchanged).fill),
                "color": .string(DiffStyle.colors(.unchanged).stroke), "fontcolor": .string(DiagramStyle.textColor),
                "label": .html(label),
                "id": "too-large", "class": "too-large",
            ])))
        }
        for node in nodes where !tooLargeToDraw {
            let id = ids.node()
            nodeIDs[node.id] = id
            let colors = DiffStyle.colors(node.status)
            let shape = DiagramStyle.scene(node.kind).shape
            var label = HTMLLabel.bold(.text(node.title))
            if node.title != node.id { label = label + .lineBreak() + .font(.text(node.id), pointSize: 9) }
            // A scene named after its class shows the name once.
            if node.className != node.title, node.className != node.id { label = label + .lineBreak() + .font(.text(node.className), pointSize: 9) }
            for line in node.details { label = label + .lineBreak() + .font(.text(line), pointSize: 9) }
            statements.append(.node(DOTNode(id, [
                "shape": .string(shape), "style": .string((shape == "box" ? "rounded,filled" : "filled") + (colors.dashed ? ",dashed" : "")),
                "fillcolor": .string(colors.fill), "color": .string(colors.stroke), "fontcolor": .string(colors.stroke),
                "penwidth": .number(colors.penwidth), "label": .html(label),
                "id": .string("scene-" + Self.fragment(node.id)), "class": .string("scene diff-\(node.status.rawValue)"),
                "tooltip": .string("\(node.id): \(node.status.rawValue)" + (node.details.isEmpty ? "" : "\n" + node.details.joined(separator: "\n"))),
            ])))
        }
        for edge in edges where !tooLargeToDraw {
            guard let from = nodeIDs[edge.from], let to = nodeIDs[edge.to] else { continue }
            let colors = DiffStyle.colors(edge.status)
            let base = edge.segueKind.map(DiagramStyle.segue) ?? DiagramStyle.relationship
            var attributes: DOTAttributes = [
                "color": .string(colors.stroke), "fontcolor": .string(colors.stroke),
                "style": .string(colors.dashed ? "dashed" : (edge.segueKind?.effective == .unwind ? "dotted" : "solid")),
                "penwidth": .number(edge.segueKind == nil ? 1 : colors.penwidth), "arrowhead": .string(base.arrowhead),
                "label": .string(edge.label), "id": .string(Self.fragment(edge.key)),
                "class": .string((edge.segueKind == nil ? "relationship" : "segue") + " diff-\(edge.status.rawValue)"),
                "tooltip": .string("\(edge.key): \(edge.status.rawValue)"),
            ]
            if let tail = base.arrowtail {
                attributes["arrowtail"] = .string(tail)
                attributes["dir"] = "both"
            }
            if edge.segueKind == nil { attributes["constraint"] = "true" }
            // Unwinds written from where they return, as the segue graph writes them (`constraint=false` crashed
            // Graphviz 2.43 on some valid models).
            statements.append(.edge(edge.segueKind?.effective == .unwind
                ? DOTEdge(from: to, to: from, attributes.drawnBackwards) : DOTEdge(from: from, to: to, attributes)))
        }
        if !tooLargeToDraw { statements.append(.subgraph(legend(&ids))) }
        var title = self.title
        if omittedScenes > 0, !tooLargeToDraw { title += " (\(omittedScenes) unchanged scene\(omittedScenes == 1 ? "" : "s") far from the changes left out)" }
        return DOTGraph(
            id: DOTID("diff") ?? .subgraph(0),
            attributes: [
                "rankdir": "LR", "fontname": .string(DiagramStyle.fontName), "fontsize": "16",
                "fontcolor": .string(DiagramStyle.textColor), "label": .string(title), "labelloc": "t", "labeljust": "l",
                "nodesep": "0.35", "ranksep": "0.7", "pad": "0.3", "id": "diff-graph", "class": "diff-graph",
                // A ribbon is laid out top to bottom instead (docs/rendering.md); the legend, a chain of boxes,
                // reads as well as a column.
                DiagramStyle.wideDirectionAttribute: "TB",
            ],
            nodeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": "11", "margin": "0.14,0.07"],
            edgeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": "9", "arrowsize": "0.8"],
            statements: statements)
    }

    private func legend(_ ids: inout DOTIDGenerator) -> DOTSubgraph {
        var body: [DOTStatement] = []
        var previous: DOTID?
        for status in Status.allCases {
            let colors = DiffStyle.colors(status)
            let id = ids.node()
            body.append(.node(DOTNode(id, [
                "shape": "box", "style": .string("rounded,filled" + (colors.dashed ? ",dashed" : "")),
                "fillcolor": .string(colors.fill), "color": .string(colors.stroke), "fontcolor": .string(colors.stroke),
                "penwidth": .number(colors.penwidth), "label": .string(colors.legend), "fontsize": "10",
                "id": .string("legend-\(status.rawValue)"), "class": .string("legend diff-\(status.rawValue)"),
            ])))
            if let previous { body.append(.edge(DOTEdge(from: previous, to: id, ["style": "invis"]))) }
            previous = id
        }
        return DOTSubgraph(ids.cluster(), [
            "id": "legend", "class": "legend", "label": "Legend", "fontsize": "12", "style": "rounded", "color": "#D1D5DB", "margin": "10",
        ], statements: body)
    }

    // MARK: - Mermaid

    /// The graph as a Mermaid flowchart, with the same colours as `classDef`s and `linkStyle`s.
    public func mermaid() -> MermaidFlowchart {
        var chart = MermaidFlowchart(direction: .leftToRight)
        if tooLargeToDraw {
            _ = chart.addNode(label: "No diagram: " + tooLargeText, shape: .rounded, className: nil)
            return chart
        }
        for status in Status.allCases where nodes.contains(where: { $0.status == status }) {
            chart.define(DiffStyle.mermaidClass(status))
        }
        var ids: [String: String] = [:]
        for node in nodes {
            var lines = [node.title]
            if node.title != node.id { lines.append(node.id) }
            lines += node.details
            ids[node.id] = chart.addNode(label: lines.joined(separator: "\n"), shape: node.kind.isContainer ? .subroutine : .rounded,
                                         className: node.status.rawValue)
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let colors = DiffStyle.colors(edge.status)
            var css = "stroke:\(colors.stroke),stroke-width:\(MermaidText.number(edge.segueKind == nil ? 1 : colors.penwidth))px"
            if colors.dashed { css += ",stroke-dasharray:6 4" }
            let line: MermaidFlowchart.Line = edge.segueKind?.effective == .unwind ? .dotted : .solid
            chart.addEdge(.init(from: from, to: to, label: edge.label.isEmpty ? nil : edge.label, line: line,
                                end: edge.segueKind == nil ? .none : .arrow, style: css))
        }
        return chart
    }
}

// MARK: - Building

struct DiffGraphBuilder {
    let diff: ModelDiff
    let base: SceneModel
    let head: SceneModel
    var nodes: [DiffGraph.Node] = []
    var edges: [DiffGraph.Edge] = []

    init(diff: ModelDiff, base: SceneModel, head: SceneModel) {
        self.diff = diff
        self.base = base
        self.head = head
    }

    func mapped(_ id: String) -> String { diff.headName(ofBase: id) }

    mutating func build() {
        var sceneChanges: [String: ModelDiff.SceneChange] = [:]
        for change in diff.scenes where sceneChanges[change.id] == nil { sceneChanges[change.id] = change }
        let changedContainers = Set(diff.containment.map(\.container))
        for scene in head.scenes {
            let change = sceneChanges[scene.id]
            var status: DiffGraph.Status = .unchanged
            var details: [String] = []
            switch change?.change {
            case .added?: status = .added
            case .renamed? where change?.withStoryboard == true:
                // Renamed with its storyboard file: the same scene, drawn as unchanged (a whole storyboard in amber,
                // or twenty labels spelling out the old names, would bury the changes); the storyboard's row says it.
                break
            case .renamed?:
                status = .changed
                details.append("renamed: \(change?.oldID ?? "?") → \(scene.id)")
            case .changed?: status = .changed
            default: break
            }
            details += (change?.properties ?? []).map(\.text)
            if changedContainers.contains(scene.id) {
                if status == .unchanged { status = .changed }
                details += diff.containment.filter { $0.container == scene.id }.map(\.description)
            }
            nodes.append(.init(id: scene.id, kind: scene.kind, title: scene.title ?? scene.id, className: scene.className,
                               status: status, details: Self.shorten(details)))
        }
        for change in diff.scenes where change.change == .removed {
            let scene = base.scene(change.oldID ?? change.id)
            nodes.append(.init(id: change.id, kind: change.kind, title: scene?.title ?? change.id, className: change.className,
                               status: .removed, details: []))
        }
        addRelationships()
        addSegues()
    }

    /// At most four detail lines, each at most 60 characters, so nodes stay readable.
    static func shorten(_ lines: [String]) -> [String] {
        var kept = lines.prefix(4).map(shortened)
        if lines.count > 4 { kept[3] = "+\(lines.count - 3) more changes" }
        return kept
    }

    /// A line within 60 characters; `key: old → new` is cut on each side of the arrow, so that the new value shows.
    static func shortened(_ line: String) -> String {
        guard line.count > 60 else { return line }
        if let arrow = line.range(of: " → ") {
            let before = line[..<arrow.lowerBound], after = line[arrow.upperBound...]
            let room = 57 - min(before.count, 28)
            func cut(_ text: Substring, _ length: Int) -> String { text.count > length ? String(text.prefix(length - 1)) + "…" : String(text) }
            return cut(before, max(28, 57 - after.count)) + " → " + cut(after, max(room, 20))
        }
        return String(line.prefix(59)) + "…"
    }

    mutating func addRelationships() {
        func links(_ model: SceneModel, mapping: (String) -> String) -> [(container: String, child: String)] {
            model.scenes.filter(\.kind.isContainer).flatMap { container in
                container.containedScenes.map { (mapping(container.id), mapping($0.value)) }
            }
        }
        let headLinks = links(head) { $0 }
        let baseLinks = links(base, mapping: mapped)
        let headKeys = Set(headLinks.map { "\($0.container)>\($0.child)" })
        let baseKeys = Set(baseLinks.map { "\($0.container)>\($0.child)" })
        for link in headLinks {
            edges.append(.init(from: link.container, to: link.child, segueKind: nil, label: "",
                               status: baseKeys.contains("\(link.container)>\(link.child)") ? .unchanged : .added,
                               key: "relationship-\(link.container).\(link.child)"))
        }
        for link in baseLinks where !headKeys.contains("\(link.container)>\(link.child)") {
            edges.append(.init(from: link.container, to: link.child, segueKind: nil, label: "", status: .removed,
                               key: "relationship-\(link.container).\(link.child)"))
        }
    }

    /// The scenes a segue leads to: its destination, or the scenes implementing its unwind action.
    func targets(_ segue: Segue, in model: SceneModel, mapping: (String) -> String) -> [String] {
        if segue.kind.value.effective == .unwind {
            return model.scenesImplementing(unwindAction: segue.action?.value ?? "").map { mapping($0.id) }
        }
        return segue.destination.map { [mapping($0.value)] } ?? []
    }

    mutating func addSegues() {
        var changes: [String: ModelDiff.SegueChange] = [:]
        for change in diff.segues where changes[change.id] == nil { changes[change.id] = change }
        // Base segues under the head's names (renamed ones under their new name).
        var renamedFrom: [String: String] = [:]
        for change in diff.segues where change.change == .renamed { if let old = change.oldID { renamedFrom[old] = change.id } }
        var baseSegues: [String: Segue] = [:]
        let removedSegues = Set(diff.segues.filter { $0.change == .removed }.map { $0.oldID ?? $0.id })
        for segue in base.allSegues where !removedSegues.contains(segue.qualifiedID) {
            let key = renamedFrom[segue.qualifiedID] ?? "\(mapped(segue.source)).\(segue.id)"
            if baseSegues[key] == nil { baseSegues[key] = segue }
        }
        var drawn: Set<String> = []
        for segue in head.allSegues {
            let key = segue.qualifiedID
            guard drawn.insert(key).inserted else { continue }
            let change = changes[key]
            let newTargets = targets(segue, in: head) { $0 }
            let oldTargets = baseSegues[key].map { targets($0, in: base, mapping: mapped) } ?? []
            var label = MermaidSegueGraph.label(segue, in: head)
            let status: DiffGraph.Status
            switch change?.change {
            case .added?: status = .added
            case .changed?:
                status = .changed
                label += "\n" + Self.shorten((change?.properties ?? []).map(\.text)).joined(separator: "\n")
            case .renamed?:
                status = .changed
                label += "\nrenamed: \(change?.oldID ?? "?") → \(key)"
                if let properties = change?.properties, !properties.isEmpty { label += "\n" + Self.shorten(properties.map(\.text)).joined(separator: "\n") }
            default: status = .unchanged
            }
            for target in newTargets {
                let edgeStatus: DiffGraph.Status = status == .unchanged && !oldTargets.contains(target) ? .added : status
                edges.append(.init(from: segue.source, to: target, segueKind: segue.kind.value, label: label, status: edgeStatus,
                                   key: "segue-\(key)" + (segue.kind.value.effective == .unwind ? ".\(target)" : "")))
            }
            if let old = baseSegues[key] {
                for target in oldTargets where !newTargets.contains(target) {
                    edges.append(.init(from: mapped(old.source), to: target, segueKind: old.kind.value, label: MermaidSegueGraph.label(old, in: base),
                                       status: .removed, key: "segue-\(key).was-\(target)"))
                }
            }
        }
        // Found by id, not by a walk over every segue for each removed one (thousands removed at once).
        var baseSegueByID: [String: Segue] = [:]
        for segue in base.allSegues where baseSegueByID[segue.qualifiedID] == nil { baseSegueByID[segue.qualifiedID] = segue }
        for change in diff.segues where change.change == .removed {
            guard let segue = baseSegueByID[change.oldID ?? change.id] else { continue }
            for target in targets(segue, in: base, mapping: mapped) {
                edges.append(.init(from: mapped(segue.source), to: target, segueKind: segue.kind.value,
                                   label: MermaidSegueGraph.label(segue, in: base), status: .removed,
                                   key: "segue-\(change.id)" + (segue.kind.value.effective == .unwind ? ".\(target)" : "")))
            }
        }
        // Edges whose ends are not drawn (an unresolved destination) are left out.
        let ids = Set(nodes.map(\.id))
        edges = edges.filter { ids.contains($0.from) && ids.contains($0.to) }
    }
}
