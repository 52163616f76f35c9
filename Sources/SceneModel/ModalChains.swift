/// One possible stack of modal presentations: the window's root, then each scene a modal segue presents on top.
public struct ModalChain: Sendable, Hashable {
    public struct Link: Sendable, Hashable {
        /// The presented scene.
        public var scene: String
        /// The segue that presents it, as `source.segue`.
        public var segue: SegueReference
        /// The declared style (segue's, else the destination's); resolution by device happens in the simulator.
        public var style: PresentationStyle
    }

    public var root: String
    public var links: [Link]

    /// The scenes in order, root first.
    public var scenes: [String] { [root] + links.map(\.scene) }
}

extension SceneModel {
    /// Scenes that share a presentation layer with `root`: its containment subtree, embedded children,
    /// and what non-modal segues (show, push, showDetail) lead to inside it, in file order.
    public func layerScenes(from root: String) -> [String] {
        var seen: Set<String> = [root]
        var order = [root]
        var index = 0
        while index < order.count {
            defer { index += 1 }
            guard let scene = scene(order[index]) else { continue }
            let next = scene.containedScenes.map(\.value)
                + scene.segues.filter { !$0.presents && $0.kind.value != .unwind }.compactMap(\.destination?.value)
            for id in next where self.scene(id) != nil && seen.insert(id).inserted {
                order.append(id)
            }
        }
        return order
    }

    /// Every maximal chain of modal segues from the initial scene, without repeating a scene, in file order.
    /// Stops after `limit` chains so that densely connected models stay cheap.
    public func possibleModalChains(limit: Int = 200, maxDepth: Int = 8) -> [ModalChain] {
        guard let root = initial?.value, scene(root) != nil else { return [] }
        var chains: [ModalChain] = []
        func extend(_ chain: ModalChain, layerRoot: String) {
            guard chains.count < limit else { return }
            var grew = false
            if chain.links.count < maxDepth {
                for id in layerScenes(from: layerRoot) {
                    guard let source = scene(id) else { continue }
                    for segue in source.segues where segue.presents {
                        guard let target = segue.destination?.value, let destination = scene(target),
                              !chain.scenes.contains(target) else { continue }
                        let style = segue.modalPresentationStyle?.value
                            ?? (segue.kind.value == .popover ? .popover : destination.modalPresentationStyle)
                        var next = chain
                        next.links.append(.init(scene: target, segue: SegueReference(scene: id, segue: segue.id), style: style))
                        grew = true
                        extend(next, layerRoot: target)
                    }
                }
            }
            if !grew, !chain.links.isEmpty, chains.count < limit { chains.append(chain) }
        }
        extend(ModalChain(root: root, links: []), layerRoot: root)
        return chains
    }
}
