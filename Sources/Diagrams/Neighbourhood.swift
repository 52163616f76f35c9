import SceneModel

extension SceneModel {
    /// The part of the model around scene `id`, for its page's diagram: the scene, the scenes its segues lead to
    /// and come from (unwinds included), its children, and the containers above all of these. Only segues that
    /// touch the scene are kept; containers keep only the children that are in the neighbourhood.
    public func neighbourhood(of id: String) -> SceneModel {
        guard let focus = scene(id) else { return SceneModel(path: path, name: name) }
        var members: Set<String> = [id]
        func touches(_ segue: Segue) -> Bool {
            if segue.source == id || segue.destination?.value == id { return true }
            if segue.kind.value == .unwind, let action = segue.action?.value, focus.implementsUnwind(action) { return true }
            return false
        }
        // Only the segues that can touch the scene: its own and those reaching it (looked up, not searched).
        for segue in focus.segues + segues(reaching: id) where touches(segue) {
            members.insert(segue.source)
            if let target = segue.destination?.value { members.insert(target) }
            if segue.source == id, segue.kind.value == .unwind, let action = segue.action?.value {
                members.formUnion(scenesImplementing(unwindAction: action).map(\.id))
            }
        }
        members.formUnion(focus.containedScenes.map(\.value))
        // The containers above every member, so that each is drawn where it lives.
        for member in Array(members) {
            var cursor = member
            var guardCount = 0
            while let parent = container(of: cursor)?.id ?? embedder(of: cursor)?.scene.id, guardCount < 64 {
                members.insert(parent)
                cursor = parent
                guardCount += 1
            }
        }
        var part = self
        part.flows = []
        part.initial = initial.flatMap { members.contains($0.value) ? $0 : nil }
        part.replaceScenes(scenes(among: members).map { scene in
            var scene = scene
            let keep: (Located<String>) -> Bool = { members.contains($0.value) }
            scene.root = scene.root.flatMap { keep($0) ? $0 : nil }
            scene.tabs = scene.tabs.filter(keep)
            scene.selected = scene.selected.flatMap { keep($0) ? $0 : nil }
            scene.primary = scene.primary.flatMap { keep($0) ? $0 : nil }
            scene.secondary = scene.secondary.flatMap { keep($0) ? $0 : nil }
            scene.supplementary = scene.supplementary.flatMap { keep($0) ? $0 : nil }
            scene.compact = scene.compact.flatMap { keep($0) ? $0 : nil }
            scene.pages = scene.pages.filter(keep)
            scene.children = scene.children.filter(keep)
            scene.segues = scene.segues.filter { segue in
                touches(segue) || (segue.kind.value == .embed && segue.destination.map(keep) == true)
            }
            return scene
        })
        return part
    }
}
