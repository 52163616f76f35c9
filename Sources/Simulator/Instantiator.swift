import SceneModel

/// Creates instances as a storyboard does and loads their views (uikit-semantics §2
/// "Instantiation" and "Loading"), adding them to a world and reporting their callbacks in
/// a step log.
struct Instantiator {
    let model: SceneModel
    /// The environment the instances are created in: a split created in compact width is
    /// created collapsed.
    let environment: Environment

    /// The deepest instantiation and view loading in progress: one more than the containment
    /// links below the outermost instance being created or loaded, so a model that passes
    /// `validate` never exceeds `SceneModel.maximumContainmentDepth + 1`.
    static var maximumNesting: Int { SceneModel.maximumContainmentDepth + 1 }

    /// Instantiates a scene as a storyboard does: `init(coder:)`, then the relationship
    /// children depth first (each followed by its `willMove`/`didMove(toParent:)`), then
    /// `awakeFromNib()`. `nesting` counts this call among those in progress.
    func instantiate(_ sceneID: String, in world: inout World, log: inout StepLog, nesting: Int = 1) throws -> Int {
        guard let scene = model.scene(sceneID) else { throw FlowFailure("unknown scene '\(sceneID)'") }
        // A validated model has no containment cycle; a model built in code might.
        guard nesting <= Self.maximumNesting else {
            throw FlowFailure("instantiating '\(sceneID)' nests containers more than \(SceneModel.maximumContainmentDepth) deep (a containment cycle?)")
        }
        let i = world.add(scene)
        log.emit(i, .initCoder, in: world)
        switch scene.kind {
        case .navigation:
            if let root = scene.root {
                let child = try instantiate(root.value, in: &world, log: &log, nesting: nesting + 1)
                world.instances[i].stack = [child]
                adopt(child, by: i, in: &world, log: &log)
            }
        case .tabBar:
            for tab in scene.tabs {
                let child = try instantiate(tab.value, in: &world, log: &log, nesting: nesting + 1)
                world.instances[i].tabs.append(child)
                adopt(child, by: i, in: &world, log: &log)
                if tab.value == scene.selectedTab { world.instances[i].selected = child }
            }
        case .split:
            try instantiateColumns(of: i, in: &world, log: &log, nesting: nesting)
        case .page:
            if let first = scene.pages.first {
                let child = try instantiate(first.value, in: &world, log: &log, nesting: nesting + 1)
                world.instances[i].page = child
                adopt(child, by: i, in: &world, log: &log)
            }
        case .container:
            for entry in scene.children {
                let child = try instantiate(entry.value, in: &world, log: &log, nesting: nesting + 1)
                world.instances[i].children.append(child)
                adopt(child, by: i, in: &world, log: &log)
            }
        case .content, .table, .collection:
            break
        }
        log.emit(i, .awakeFromNib, in: world)
        return i
    }

    /// Makes `child` a child of `parent` during instantiation: `willMove` then `didMove(toParent:)`.
    private func adopt(_ child: Int, by parent: Int, in world: inout World, log: inout StepLog) {
        world.instances[child].parent = parent
        log.emit(child, .willMove, in: world, argument: .instance(world.name(parent)))
        log.emit(child, .didMove, in: world, argument: .instance(world.name(parent)))
    }

    /// A split's columns. In compact width the split is created collapsed (§9): with
    /// `collapse: secondary` and a navigation primary, the supplementary and the secondary
    /// are pushed onto the primary's stack (they move straight to it); otherwise they are
    /// instantiated and discarded. (L: the collapse happens as part of instantiation.)
    private func instantiateColumns(of split: Int, in world: inout World, log: inout StepLog, nesting: Int) throws {
        let scene = world.instances[split].scene
        guard let primaryScene = scene.primary else { return }
        let primary = try instantiate(primaryScene.value, in: &world, log: &log, nesting: nesting + 1)
        world.instances[split].primary = primary
        adopt(primary, by: split, in: &world, log: &log)
        var others: [(column: World.SplitColumn, scene: String)] = []
        if Rules.splitStyle(scene, in: environment) == .tripleColumn, let supplementary = scene.supplementary { others.append((.supplementary, supplementary.value)) }
        if let secondary = scene.secondary { others.append((.secondary, secondary.value)) }
        let collapsed = environment.width == .compact
        world.instances[split].collapsed = collapsed
        if Rules.showsCompactColumn(scene, in: environment), let compactScene = scene.compact {
            // Every relationship is instantiated and stays a child of the split; in compact
            // width the compact child is shown instead of the columns (§9).
            for other in others {
                let child = try instantiate(other.scene, in: &world, log: &log, nesting: nesting + 1)
                world.setColumn(other.column, of: split, to: child)
                adopt(child, by: split, in: &world, log: &log)
            }
            let compactChild = try instantiate(compactScene.value, in: &world, log: &log, nesting: nesting + 1)
            world.instances[split].compactChild = compactChild
            adopt(compactChild, by: split, in: &world, log: &log)
            return
        }
        let ontoPrimary = collapsed && Rules.collapsesOntoPrimary(scene, primaryKind: world.instances[primary].kind)
        if collapsed, world.instances[primary].kind == .navigation { world.instances[split].ownDepth = world.instances[primary].stack.count }
        for other in others {
            let child = try instantiate(other.scene, in: &world, log: &log, nesting: nesting + 1)
            if !collapsed {
                world.setColumn(other.column, of: split, to: child)
                adopt(child, by: split, in: &world, log: &log)
            } else if ontoPrimary {
                world.instances[primary].stack.append(child)
                adopt(child, by: primary, in: &world, log: &log)
            } else {
                log.destroy(child, in: &world)
            }
        }
    }

    /// Loads a view (uikit-semantics §2 "Loading"): each embed segue in order instantiates
    /// its child, calls the parent's `prepare(for:sender:)`, and moves the child in with its
    /// own view loaded; then the parent's `viewDidLoad()`. `nesting` counts this call among
    /// those in progress.
    func loadView(_ i: Int, in world: inout World, log: inout StepLog, nesting: Int = 1) throws {
        guard !world.instances[i].viewLoaded else { return }
        guard nesting <= Self.maximumNesting else {
            throw FlowFailure("loading '\(world.name(i))' embeds view controllers more than \(SceneModel.maximumContainmentDepth) deep (an embedding cycle?)")
        }
        world.instances[i].viewLoaded = true
        for segue in world.instances[i].scene.segues where segue.kind.value == .embed {
            guard let destination = segue.destination else { continue }
            let child = try instantiate(destination.value, in: &world, log: &log, nesting: nesting + 1)
            log.emit(i, .prepare, in: world, segue: segue.qualifiedID, destination: child)
            world.instances[child].parent = i
            world.instances[i].embedded.append(child)
            log.emit(child, .willMove, in: world, argument: .instance(world.name(i)))
            try loadView(child, in: &world, log: &log, nesting: nesting + 1)
            log.emit(child, .didMove, in: world, argument: .instance(world.name(i)))
        }
        log.emit(i, .viewDidLoad, in: world)
    }
}
