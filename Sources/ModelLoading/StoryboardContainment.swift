import SceneModel

/// Containment fix-ups for imported scenes.
enum StoryboardContainment {
    /// How much a parent is preferred to keep a shared child: lower is preferred.
    struct Rank: Comparable {
        var otherStoryboard: Bool
        var storyboard: String
        var file: Int
        var position: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.otherStoryboard ? 1 : 0, a.storyboard, a.file, a.position) < (b.otherStoryboard ? 1 : 0, b.storyboard, b.file, b.position)
        }
    }

    /// Gives every extra parent of a scene its own copy of it.
    ///
    /// A storyboard scene is a template: two container views embedding the same scene get two instances of it.
    /// The model has one parent per scene, so the parent `preferring` ranks first keeps the scene and every other
    /// parent points to a copy named after it (`ListViewController@tabs`, the parent's name without its storyboard)
    /// that keeps the original's origin. Copies are made for embed segues and container relationships alike,
    /// children included.
    static func separateSharedChildren(_ input: [Scene], preferring rank: (_ parent: String, _ child: String) -> Rank) -> [Scene] {
        var scenes = input
        var position: [String: Int] = [:]
        for (offset, scene) in scenes.enumerated() where position[scene.id] == nil { position[scene.id] = offset }
        var used = Set(scenes.map(\.id))
        var claimed: Set<String> = []
        /// For copies: the original scene ids of the copy and of every copy above it, to stop on containment cycles.
        var lineage: [String: Set<String>] = [:]
        var original: [String: String] = [:]

        // The preferred parent of every child that several parents hold.
        var preferred: [String: (parent: String, rank: Rank)] = [:]
        var parentCount: [String: Int] = [:]
        for scene in input {
            var seen: Set<String> = []
            let children = scene.containedScenes.map(\.value)
                + scene.segues.filter { $0.kind.value == .embed }.compactMap(\.destination?.value)
            for child in children where seen.insert(child).inserted {
                parentCount[child, default: 0] += 1
                let candidate = rank(scene.id, child)
                if let best = preferred[child], best.rank <= candidate { continue }
                preferred[child] = (scene.id, candidate)
            }
        }

        func claim(_ child: String, parent: String) -> String {
            guard let source = position[child] else { return child }
            let keeps = (parentCount[child] ?? 0) < 2 || preferred[child]?.parent == parent
            if keeps && original[parent] == nil && claimed.insert(child).inserted { return child }
            let root = original[child] ?? child
            var ancestors = lineage[parent] ?? []
            ancestors.insert(original[parent] ?? parent)
            if ancestors.contains(root) { return child }
            // The parent's name within its storyboard: everything after the storyboard's name.
            let parentName = parent.firstIndex(of: ".").map { String(parent[parent.index(after: $0)...]) } ?? parent
            var id = "\(root)@\(parentName)"
            var number = 2
            while used.contains(id) {
                id = "\(root)@\(parentName)-\(number)"
                number += 1
            }
            var copy = scenes[source]
            copy.id = id
            for index in copy.segues.indices { copy.segues[index].source = id }
            if copy.summary == nil {
                copy.summary = Scene.copySummary(of: root, in: parent)
            }
            used.insert(id)
            claimed.insert(id)
            original[id] = root
            lineage[id] = ancestors
            position[id] = scenes.count
            scenes.append(copy)
            return id
        }

        func claimAll(_ list: [Located<String>], parent: String) -> [Located<String>] {
            list.map { Located(claim($0.value, parent: parent), at: $0.location) }
        }

        var index = 0
        while index < scenes.count {
            var scene = scenes[index]
            let parent = scene.id
            if let root = scene.root { scene.root = Located(claim(root.value, parent: parent), at: root.location) }
            scene.tabs = claimAll(scene.tabs, parent: parent)
            if let primary = scene.primary { scene.primary = Located(claim(primary.value, parent: parent), at: primary.location) }
            if let supplementary = scene.supplementary {
                scene.supplementary = Located(claim(supplementary.value, parent: parent), at: supplementary.location)
            }
            if let secondary = scene.secondary { scene.secondary = Located(claim(secondary.value, parent: parent), at: secondary.location) }
            if let compact = scene.compact { scene.compact = Located(claim(compact.value, parent: parent), at: compact.location) }
            scene.pages = claimAll(scene.pages, parent: parent)
            scene.children = claimAll(scene.children, parent: parent)
            for segueIndex in scene.segues.indices where scene.segues[segueIndex].kind.value == .embed {
                if let destination = scene.segues[segueIndex].destination {
                    scene.segues[segueIndex].destination = Located(claim(destination.value, parent: parent), at: destination.location)
                }
            }
            scenes[index] = scene
            index += 1
        }
        return scenes
    }

    /// The first scene that no container holds and no embed segue targets, stand-ins for storyboard references last.
    static func firstRoot(of scenes: [Scene], standIns: Set<String> = []) -> String? {
        var held: Set<String> = []
        for scene in scenes {
            held.formUnion(scene.containedScenes.map(\.value))
            held.formUnion(scene.segues.filter { $0.kind.value == .embed }.compactMap(\.destination?.value))
        }
        let roots = scenes.filter { !held.contains($0.id) }
        return (roots.first { !standIns.contains($0.id) } ?? roots.first)?.id
    }
}
