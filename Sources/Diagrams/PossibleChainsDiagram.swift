import SceneModel

/// Every modal path the segues allow, drawn as a tree from the window's root: one node per distinct path prefix,
/// each edge labelled with the presentation style and the segue that presents.
public struct PossibleChainsDiagram: Sendable {
    /// Where nodes link to: the scenes' pages.
    public var links: DocumentLinks

    public init(links: DocumentLinks = DocumentLinks()) {
        self.links = links
    }

    public func dot(for model: SceneModel) -> String {
        let chains = model.possibleModalChains()
        var lines: [String] = []
        func emit(_ line: String) { lines.append("  " + line) }
        emit("graph [rankdir=LR, fontname=\"Helvetica\", nodesep=0.4, ranksep=0.7, id=\"chains\", bgcolor=\"white\", pad=\"0.2\"];")
        emit("node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, fillcolor=\"#f8fafc\", color=\"#64748b\"];")
        emit("edge [fontname=\"Helvetica\", fontsize=9, color=\"#c2410c\", fontcolor=\"#9a3412\", penwidth=1.4];")
        guard let root = chains.first?.root ?? model.initial?.value else {
            return "digraph chains {\n" + lines.joined(separator: "\n") + "\n}\n"
        }
        var nodeIDs: [[String]: String] = [:]
        func label(_ id: String) -> String {
            let scene = model.scene(id)
            return [id, scene?.className].compactMap { $0 }.joined(separator: "\n")
        }
        func node(_ path: [String], role: String) -> String {
            if let existing = nodeIDs[path] { return existing }
            let id = "n\(nodeIDs.count + 1)"
            nodeIDs[path] = id
            let scene = path.last ?? root
            let title = path.count == 1 ? "window root: " + label(scene) : label(scene)
            let fill = path.count == 1 ? "#e2e8f0" : "#fff7ed"
            emit("\(id) [id=\"chain-\(id)\", class=\"\(role)\", label=\(DOTWriter.quoted(title)), fillcolor=\"\(fill)\", URL=\(DOTWriter.quoted(links.scene(scene))), tooltip=\(DOTWriter.quoted(scene))];")
            return id
        }
        _ = node([root], role: "root")
        var edges: Set<[String]> = []
        for chain in chains {
            var path = [root]
            for link in chain.links {
                let parent = node(path, role: "presented")
                path.append(link.scene)
                let child = node(path, role: "presented")
                guard edges.insert(path).inserted else { continue }
                emit("\(parent) -> \(child) [class=\"presentation\", label=\(DOTWriter.quoted("\(link.style.rawValue)\nfrom \(link.segue)")), tooltip=\(DOTWriter.quoted("\(link.segue) presents \(link.scene)"))];")
            }
        }
        return "digraph chains {\n" + lines.joined(separator: "\n") + "\n}\n"
    }
}
