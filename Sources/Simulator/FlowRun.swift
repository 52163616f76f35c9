import SceneModel

/// The mutable world of one flow: instances, containment, presentation layers, and the
/// events of the step being run. Pure: no I/O, and every iteration that reaches the
/// output is in a fixed order (arrays, never dictionary order).
struct FlowRun {
    let model: SceneModel
    let detail: Detail
    var environment: Environment
    var conditions: [String: Bool]

    /// Every instance ever created in the flow; an instance's index is its identity.
    var instances: [Instance] = []
    /// Layer 0 is the window's root; each presentation adds one.
    var layers: [Layer] = []
    /// Split view instances in creation order (environment changes visit them).
    var splits: [Int] = []
    /// Instances of each scene in creation order; dead ones are dropped lazily from the end.
    private var liveByScene: [String: [Int]] = [:]
    /// How many instances of each scene were created (names are never reused).
    private var counters: [String: Int] = [:]
    var byName: [String: Int] = [:]

    // The step being run.
    var events: [Event] = []
    var warnings: [String] = []
    /// Instances destroyed by the step, in `deinit` order.
    var doomed: [Int] = []
    /// Depth of the instantiation and view loading in progress: one more than the containment
    /// links below the outermost instance being created or loaded, so a model that passes
    /// `validate` never exceeds `SceneModel.maximumContainmentDepth + 1`.
    private var nesting = 0
    static var maximumNesting: Int { SceneModel.maximumContainmentDepth + 1 }

    init(model: SceneModel, detail: Detail, environment: Environment, conditions: [String: Bool]) {
        self.model = model
        self.detail = detail
        self.environment = environment
        self.conditions = conditions
    }

    var isFull: Bool { detail == .full }

    // MARK: - Events

    mutating func emit(_ receiver: Int, _ call: Call, argument: Event.Argument? = nil, segue: String? = nil,
                       destination: Int? = nil, result: Bool? = nil) {
        events.append(Event(receiver: instances[receiver].name, call: call.signature, kind: call.kind, argument: argument,
                            segue: segue, destination: destination.map { instances[$0].name }, result: result))
    }

    /// An event only reported at full detail.
    mutating func emitFull(_ receiver: Int, _ call: Call, argument: Int? = nil, segue: String? = nil) {
        guard isFull else { return }
        emit(receiver, call, argument: argument.map { .instance(instances[$0].name) }, segue: segue)
    }

    /// `perform()` on the segue object `S.G` (the receiver is the segue, not an instance).
    mutating func emitPerform(_ segue: String) {
        events.append(Event(receiver: segue, call: Call.perform.signature, kind: Call.perform.kind))
    }

    /// Takes the step's events and warnings, reporting `deinit` for what the step destroyed.
    mutating func finishStep(reportDeinit: Bool) -> (events: [Event], warnings: [String]) {
        if reportDeinit {
            for i in doomed { emit(i, .deinitialize) }
        }
        defer {
            events = []
            warnings = []
            doomed = []
        }
        return (events, warnings)
    }

    // MARK: - Instances

    /// The most recent instance of a scene that is still alive.
    mutating func live(_ scene: String) -> Int? {
        while let last = liveByScene[scene]?.last, !instances[last].alive {
            liveByScene[scene]?.removeLast()
        }
        return liveByScene[scene]?.last
    }

    /// The live instance of `scene`, or a flow error.
    mutating func requireLive(_ scene: String, _ role: String) throws -> Int {
        guard model.scene(scene) != nil else { throw FlowFailure("\(role): unknown scene '\(scene)'") }
        guard let i = live(scene) else {
            let ever = (counters[scene] ?? 0) > 0
            throw FlowFailure("\(role): no live instance of '\(scene)' (\(ever ? "every instance of it has been destroyed" : "it was never instantiated in this flow"))")
        }
        return i
    }

    private mutating func newInstance(of scene: Scene) -> Int {
        let count = (counters[scene.id] ?? 0) + 1
        counters[scene.id] = count
        let name = count == 1 ? scene.id : "\(scene.id)#\(count)"
        let index = instances.count
        instances.append(Instance(scene: scene, name: name))
        liveByScene[scene.id, default: []].append(index)
        byName[name] = index
        if scene.kind == .split { splits.append(index) }
        return index
    }

    /// Instantiates a scene as a storyboard does (uikit-semantics §2 "Instantiation"):
    /// `init(coder:)`, then the relationship children depth first (each followed by its
    /// `willMove`/`didMove(toParent:)`), then `awakeFromNib()`.
    mutating func instantiate(_ sceneID: String) throws -> Int {
        guard let scene = model.scene(sceneID) else { throw FlowFailure("unknown scene '\(sceneID)'") }
        // A validated model has no containment cycle; a model built in code might.
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else {
            throw FlowFailure("instantiating '\(sceneID)' nests containers more than \(SceneModel.maximumContainmentDepth) deep (a containment cycle?)")
        }
        let i = newInstance(of: scene)
        emit(i, .initCoder)
        switch scene.kind {
        case .navigation:
            if let root = scene.root {
                let child = try instantiate(root.value)
                instances[i].stack = [child]
                adopt(child, by: i)
            }
        case .tabBar:
            for tab in scene.tabs {
                let child = try instantiate(tab.value)
                instances[i].tabs.append(child)
                adopt(child, by: i)
                if tab.value == scene.selectedTab { instances[i].selected = child }
            }
        case .split:
            try instantiateColumns(of: i)
        case .page:
            if let first = scene.pages.first {
                let child = try instantiate(first.value)
                instances[i].page = child
                adopt(child, by: i)
            }
        case .container:
            for entry in scene.children {
                let child = try instantiate(entry.value)
                instances[i].children.append(child)
                adopt(child, by: i)
            }
        case .content, .table, .collection:
            break
        }
        emit(i, .awakeFromNib)
        return i
    }

    /// Makes `child` a child of `parent` during instantiation: `willMove` then `didMove(toParent:)`.
    private mutating func adopt(_ child: Int, by parent: Int) {
        instances[child].parent = parent
        emit(child, .willMove, argument: .instance(instances[parent].name))
        emit(child, .didMove, argument: .instance(instances[parent].name))
    }

    /// A split's columns. In compact width the split is created collapsed (§9): with
    /// `collapse: secondary` and a navigation primary, the supplementary and the secondary
    /// are pushed onto the primary's stack (they move straight to it); otherwise they are
    /// instantiated and discarded. (L: the collapse happens as part of instantiation.)
    private mutating func instantiateColumns(of split: Int) throws {
        let scene = instances[split].scene
        guard let primaryScene = scene.primary else { return }
        let primary = try instantiate(primaryScene.value)
        instances[split].primary = primary
        adopt(primary, by: split)
        var others: [(column: SplitColumn, scene: String)] = []
        if scene.splitStyle == .tripleColumn, let supplementary = scene.supplementary { others.append((.supplementary, supplementary.value)) }
        if let secondary = scene.secondary { others.append((.secondary, secondary.value)) }
        let collapsed = environment.width == .compact
        instances[split].collapsed = collapsed
        if Rules.showsCompactColumn(scene), let compactScene = scene.compact {
            // Every relationship is instantiated and stays a child of the split; in compact
            // width the compact child is shown instead of the columns (§9).
            for other in others {
                let child = try instantiate(other.scene)
                setColumn(other.column, of: split, to: child)
                adopt(child, by: split)
            }
            let compactChild = try instantiate(compactScene.value)
            instances[split].compactChild = compactChild
            adopt(compactChild, by: split)
            return
        }
        let ontoPrimary = collapsed && Rules.collapsesOntoPrimary(scene, primaryKind: instances[primary].kind)
        if collapsed, instances[primary].kind == .navigation { instances[split].ownDepth = instances[primary].stack.count }
        for other in others {
            let child = try instantiate(other.scene)
            if !collapsed {
                setColumn(other.column, of: split, to: child)
                adopt(child, by: split)
            } else if ontoPrimary {
                instances[primary].stack.append(child)
                adopt(child, by: primary)
            } else {
                destroy(child)
            }
        }
    }

    enum SplitColumn { case primary, supplementary, secondary }

    mutating func setColumn(_ column: SplitColumn, of split: Int, to child: Int?) {
        switch column {
        case .primary: instances[split].primary = child
        case .supplementary: instances[split].supplementary = child
        case .secondary: instances[split].secondary = child
        }
    }

    /// Marks `i` and its descendants dead and queues their `deinit`, parents before children.
    mutating func destroy(_ i: Int) {
        for member in subtree(of: i) where instances[member].alive {
            instances[member].alive = false
            doomed.append(member)
        }
    }

    func condition(_ name: String) -> Bool { conditions[name] ?? true }

    // MARK: - Views

    /// Loads a view (uikit-semantics §2 "Loading"): each embed segue in order instantiates
    /// its child, calls the parent's `prepare(for:sender:)`, and moves the child in with its
    /// own view loaded; then the parent's `viewDidLoad()`.
    mutating func loadView(_ i: Int) throws {
        guard !instances[i].viewLoaded else { return }
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else {
            throw FlowFailure("loading '\(instances[i].name)' embeds view controllers more than \(SceneModel.maximumContainmentDepth) deep (an embedding cycle?)")
        }
        instances[i].viewLoaded = true
        for segue in instances[i].scene.segues where segue.kind.value == .embed {
            guard let destination = segue.destination else { continue }
            let child = try instantiate(destination.value)
            emit(i, .prepare, segue: segue.qualifiedID, destination: child)
            instances[child].parent = i
            instances[i].embedded.append(child)
            emit(child, .willMove, argument: .instance(instances[i].name))
            try loadView(child)
            emit(child, .didMove, argument: .instance(instances[i].name))
        }
        emit(i, .viewDidLoad)
    }

    // MARK: - Transitions (uikit-semantics §2)

    /// Reports one transition whose state change has been applied: containment `willMove`
    /// callbacks, the incoming instance's view loading, the appearance phases in the
    /// transition's order, then the `didMove` callbacks. `before` is the visible set before
    /// the change.
    mutating func finishTransition(_ kind: Rules.TransitionKind, before: [Int], moves: Moves, incoming: Int?) throws {
        for removed in moves.removed {
            emit(removed, .willMove, argument: .null)
        }
        for added in moves.added {
            if moves.moved.contains(added.child) { emit(added.child, .didMove, argument: .null) }
            emit(added.child, .willMove, argument: .instance(instances[added.parent].name))
        }
        let beforeSet = Set(before)
        var after = visibleList()
        if let incoming, !instances[incoming].viewLoaded, after.contains(incoming) {
            try loadView(incoming)
            after = visibleList()
        }
        let afterSet = Set(after)
        let disappearing = before.filter { !afterSet.contains($0) }
        var appearing = after.filter { !beforeSet.contains($0) }
        let willPhaseCount = kind.phases.filter { $0 == .disappearingWill || $0 == .appearingWill }.count
        var willPhases = 0
        var laidOut = false
        for phase in kind.phases {
            switch phase {
            case .disappearingWill:
                for i in disappearing { emit(i, .viewWillDisappear) }
                willPhases += 1
            case .appearingWill:
                var k = 0
                while k < appearing.count {
                    let i = appearing[k]
                    if !instances[i].viewLoaded {
                        // A first appearance loads right before its own viewWillAppear; loading
                        // can embed children, which then appear after it.
                        try loadView(i)
                        appearing = visibleList().filter { !beforeSet.contains($0) }
                        k = appearing.firstIndex(of: i) ?? k
                    }
                    emit(i, .viewWillAppear)
                    k += 1
                }
                willPhases += 1
            case .disappearingDid:
                for i in disappearing { emit(i, .viewDidDisappear) }
            case .appearingDid:
                for i in appearing { emit(i, .viewDidAppear) }
            }
            if isFull, !laidOut, willPhases == willPhaseCount {
                // Full detail: once every will-phase is over, the appearing views are in the
                // hierarchy and laid out (L: placement).
                laidOut = true
                for i in appearing {
                    if Rules.reportsViewIsAppearing(ios: environment.ios) { emitFull(i, .viewIsAppearing) }
                    emitFull(i, .viewWillLayoutSubviews)
                    emitFull(i, .viewDidLayoutSubviews)
                }
            }
        }
        for removed in moves.removed {
            emit(removed, .didMove, argument: .null)
        }
        for added in moves.added {
            emit(added.child, .didMove, argument: .instance(instances[added.parent].name))
        }
    }
}
