import SceneModel

/// The segue graph of a big model cut into parts that each lay out in bounded time.
///
/// Graphviz's `dot` has no bound on what big graphs cost: with `nslimit` the network simplex stops early, but
/// crossing minimisation and spline routing still grow about tenfold each time the graph doubles (1,435 edges:
/// 4 s; 2,862 edges: 40 s or more; docs/rendering.md). So a model past `sceneLimit` scenes or `edgeLimit` edges
/// gets an overview, one box per part with the segues between parts counted, and one graph per part.
///
/// Parts follow the app's structure. Scenes from several storyboards are first split by storyboard. Within that,
/// each scene hangs under its container (or the scene embedding it), and a scene outside every container under
/// the first scene that leads to it by a segue (breadth first from the initial scene, then in file order): pushed
/// and presented scenes go with the stack and the screen they come from. A subtree small enough is one part; a
/// bigger one is split into its root and a part per child subtree, recursively, so that a tab bar of 80 stacks
/// becomes 80 parts. Runs of single scenes side by side are grouped, so that the overview stays small too.
public struct SegueGraphPartition: Sendable {
    /// The most scenes drawn in one segue graph: about where the cross-linked synthetic model of
    /// docs/rendering.md reaches 1,000 edges.
    public static let sceneLimit = 700
    /// The most edges drawn in one segue graph: at 1,007 edges the hardest model measured lays out in about
    /// a second with `nslimit=2`; past it, cost grows faster than the graph.
    public static let edgeLimit = 1_000

    public struct Part: Sendable, Hashable {
        /// Unique within the model and safe in a file name: the root scene's id, or `storyboard-<name>`.
        public var id: String
        /// In words: "nav3 and the scenes it leads to", "the Settings storyboard", "12 scenes: a, b, c, …".
        public var title: String
        /// The part's scenes, in file order.
        public var scenes: [String]
        /// The part split off to make this one: the container whose children were too many for one graph.
        public var parent: Int?
    }

    /// The parts, each scene in exactly one, in the order the overview lists them.
    public let parts: [Part]
    /// The part of each scene, by index into `parts`.
    public let partOfScene: [String: Int]

    /// Whether `model`'s segue graph is too big to lay out as one graph.
    public static func needsParts(_ model: SceneModel, sceneLimit: Int = Self.sceneLimit, edgeLimit: Int = Self.edgeLimit) -> Bool {
        model.scenes.count > sceneLimit || SegueGraph.edgeCount(model) > edgeLimit
    }

    public init(model: SceneModel, sceneLimit: Int = Self.sceneLimit, edgeLimit: Int = Self.edgeLimit) {
        var builder = PartitionBuilder(model: model, sceneLimit: max(1, sceneLimit), edgeLimit: max(1, edgeLimit))
        parts = builder.build()
        var index: [String: Int] = [:]
        for (offset, part) in parts.enumerated() {
            for scene in part.scenes where index[scene] == nil { index[scene] = offset }
        }
        partOfScene = index
    }
}

private struct PartitionBuilder {
    let model: SceneModel
    let sceneLimit: Int
    let edgeLimit: Int
    /// Scene position by id (first occurrence).
    var position: [String: Int] = [:]
    /// The parent of each scene in the attachment forest.
    var parent: [Int: Int] = [:]
    var children: [Int: [Int]] = [:]
    var usedIDs: Set<String> = []

    init(model: SceneModel, sceneLimit: Int, edgeLimit: Int) {
        self.model = model
        self.sceneLimit = sceneLimit
        self.edgeLimit = edgeLimit
        for (offset, scene) in model.scenes.enumerated() where position[scene.id] == nil { position[scene.id] = offset }
    }

    mutating func build() -> [SegueGraphPartition.Part] {
        let scenes = model.scenes
        // Storyboards first, when the scenes come from several.
        var storyboards: [String] = []
        var byStoryboard: [String: [Int]] = [:]
        var withoutStoryboard: [Int] = []
        for offset in scenes.indices where position[scenes[offset].id] == offset {
            if let name = scenes[offset].origin?.storyboard {
                if byStoryboard[name] == nil { storyboards.append(name) }
                byStoryboard[name, default: []].append(offset)
            } else {
                withoutStoryboard.append(offset)
            }
        }
        var groups: [(name: String?, members: [Int])] = []
        if storyboards.count > 1 {
            groups = storyboards.map { ($0, byStoryboard[$0] ?? []) }
            if !withoutStoryboard.isEmpty { groups.append((nil, withoutStoryboard)) }
        } else {
            groups = [(nil, scenes.indices.filter { position[scenes[$0].id] == $0 })]
        }
        var parts: [SegueGraphPartition.Part] = []
        for group in groups {
            let members = Set(group.members)
            if let name = group.name, fits(group.members) {
                parts.append(part(id: "storyboard-" + Self.fileSafe(name), title: "the \(name) storyboard", group.members))
                continue
            }
            let roots = attach(members)
            parts += split(roots, offset: parts.count, parent: nil)
        }
        return parts
    }

    // MARK: Forest

    /// Hangs every member under its container, else under the first member leading to it; returns the roots.
    mutating func attach(_ members: Set<Int>) -> [Int] {
        let scenes = model.scenes
        func structuralParent(_ offset: Int) -> Int? {
            let id = scenes[offset].id
            let parentID = model.container(of: id)?.id ?? model.embedder(of: id)?.scene.id
            guard let parentID, let parentOffset = position[parentID], members.contains(parentOffset), parentOffset != offset else { return nil }
            return parentOffset
        }
        var structural: [Int: Int] = [:]
        var structuralChildren: [Int: [Int]] = [:]
        for offset in members.sorted() {
            guard let up = structuralParent(offset) else { continue }
            // A containment cycle (an invalid model) is cut where it closes.
            var cursor: Int? = up
            var cyclic = false
            var steps = 0
            while let current = cursor, steps <= members.count {
                if current == offset { cyclic = true; break }
                cursor = structural[current]
                steps += 1
            }
            if cyclic { continue }
            structural[offset] = up
            structuralChildren[up, default: []].append(offset)
        }
        func top(_ offset: Int) -> Int {
            var current = offset
            var steps = 0
            while let up = structural[current], steps <= members.count {
                current = up
                steps += 1
            }
            return current
        }
        // Breadth first over segues, from the initial scene's top then every other top in file order.
        var attached: [Int: Int] = [:]
        var visited: Set<Int> = []
        var roots: [Int] = []
        var seeds = members.filter { structural[$0] == nil }.sorted()
        if let initial = model.initial?.value, let offset = position[initial], members.contains(offset) {
            let first = top(offset)
            seeds.removeAll { $0 == first }
            seeds.insert(first, at: 0)
        }
        for seed in seeds where !visited.contains(seed) {
            roots.append(seed)
            visited.insert(seed)
            var queue = [seed]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for child in structuralChildren[current] ?? [] where visited.insert(child).inserted {
                    queue.append(child)
                }
                for segue in scenes[current].segues where segue.kind.value != .unwind && segue.kind.value != .embed {
                    guard let target = segue.destination?.value, let offset = position[target], members.contains(offset) else { continue }
                    let targetTop = top(offset)
                    guard visited.insert(targetTop).inserted else { continue }
                    attached[targetTop] = current
                    queue.append(targetTop)
                }
            }
        }
        for offset in members.sorted() {
            guard let up = structural[offset] ?? attached[offset] else { continue }
            parent[offset] = up
            children[up, default: []].append(offset)
        }
        return roots
    }

    /// Every scene of the subtree at `root`, in file order.
    func subtree(_ root: Int) -> [Int] {
        var result: [Int] = []
        var stack = [root]
        while let current = stack.popLast() {
            result.append(current)
            stack += children[current] ?? []
        }
        return result.sorted()
    }

    /// Whether the scenes fit in one graph: few enough scenes, and few enough edges leaving them.
    func fits(_ members: [Int]) -> Bool {
        guard members.count <= sceneLimit else { return false }
        var edges = 0
        for offset in members {
            edges += SegueGraph.edgeCount(of: model.scenes[offset], in: model)
            if edges > edgeLimit { return false }
        }
        return true
    }

    // MARK: Parts

    /// Parts for the subtrees at `roots`, in order: whole where they fit, else split. `offset` is the index the
    /// first part will have; `parent` the index of the part these subtrees were split from.
    mutating func split(_ roots: [Int], offset: Int, parent: Int?) -> [SegueGraphPartition.Part] {
        var parts: [SegueGraphPartition.Part] = []
        var loose: [Int] = []
        func add(_ part: SegueGraphPartition.Part) {
            var part = part
            part.parent = parent
            parts.append(part)
        }
        func flushLoose() {
            var run: [Int] = []
            for offset in loose {
                if run.count == sceneLimit {
                    add(group(run))
                    run = []
                }
                run.append(offset)
            }
            if run.count == 1, let only = run.first {
                add(part(id: model.scenes[only].id, title: model.scenes[only].id, [only]))
            } else if !run.isEmpty {
                add(group(run))
            }
            loose = []
        }
        for root in roots {
            let members = subtree(root)
            if members.count == 1, !model.scenes[root].kind.isContainer {
                loose.append(root)
                continue
            }
            flushLoose()
            if fits(members) {
                let id = model.scenes[root].id
                add(part(id: id, title: members.count == 1 ? id : "\(id) and the scenes it leads to", members))
            } else {
                let id = model.scenes[root].id
                add(part(id: id, title: id, [root]))
                let index = offset + parts.count - 1
                parts += split(children[root] ?? [], offset: offset + parts.count, parent: index)
            }
        }
        flushLoose()
        return parts
    }

    mutating func group(_ members: [Int]) -> SegueGraphPartition.Part {
        let names = members.prefix(3).map { model.scenes[$0].id }
        let first = model.scenes[members[0]].id
        return part(id: first + "-and-\(members.count - 1)-more", title: "\(members.count) scenes: " + names.joined(separator: ", ") + (members.count > 3 ? ", …" : ""), members)
    }

    mutating func part(id: String, title: String, _ members: [Int]) -> SegueGraphPartition.Part {
        var unique = id
        var counter = 2
        while !usedIDs.insert(unique).inserted {
            unique = "\(id)-\(counter)"
            counter += 1
        }
        return SegueGraphPartition.Part(id: unique, title: title, scenes: members.sorted().map { model.scenes[$0].id }, parent: nil)
    }

    /// Letters, digits, `-` and `_` kept, anything else `-`.
    static func fileSafe(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_") ? Character(scalar) : "-"
        })
    }
}
