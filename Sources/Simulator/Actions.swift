import SceneModel

extension FlowRun {
    // MARK: - Launch

    /// Step 0: the initial scene is instantiated, installed as the window's root and appears.
    mutating func launch() throws {
        guard let initial = model.initial?.value else { throw FlowFailure("launch: the model has no initial scene") }
        let root = try instantiate(initial)
        layers = [Layer(root: root, presenter: nil, source: nil, requested: .fullScreen, adaptive: nil,
                        style: .fullScreen, transition: .coverVertical)]
        instances[root].layer = 0
        try finishTransition(.launch, before: [], moves: Moves(), incoming: root)
    }

    // MARK: - Steps

    mutating func perform(_ action: StepAction) throws {
        switch action {
        case .tap(let ref):
            try runSegue(ref, tapped: true)
        case .perform(let ref):
            try runSegue(ref, tapped: false)
        case .show(let scene, let from):
            let caller = try callerInstance(from, role: "show")
            let shown = try instantiate(scene.value)
            try show(shown, from: caller)
        case .showDetail(let scene, let from):
            let caller = try callerInstance(from, role: "showDetail")
            let shown = try instantiate(scene.value)
            try showDetail(shown, from: caller)
        case .present(let scene, let from, let style, let transition):
            let caller = try callerInstance(from, role: "present")
            guard let target = model.scene(scene.value) else { throw FlowFailure("present: unknown scene '\(scene.value)'") }
            let presented = try instantiate(scene.value)
            try present(presented, from: caller,
                        requested: style?.value ?? target.modalPresentationStyle,
                        transition: transition?.value ?? target.modalTransitionStyle,
                        anchor: nil, adaptive: nil)
        case .push(let scene, let onto):
            let navigation: Int
            if let onto {
                navigation = try requireLive(onto.value, "push")
                guard instances[navigation].kind == .navigation else {
                    throw FlowFailure("push: '\(onto.value)' is a \(instances[navigation].kind.rawValue) scene, not a navigation controller")
                }
            } else {
                guard let visible = innermostNavigation(in: frontLayerSubtree(), needingBack: false) else {
                    throw FlowFailure("push: no navigation controller is on screen in the front-most layer; name one with 'onto:'")
                }
                navigation = visible
            }
            let pushed = try instantiate(scene.value)
            try push(pushed, onto: navigation)
        case .dismiss(let scene):
            try dismiss(try requireLive(scene.value, "dismiss"))
        case .back:
            try back()
        case .popToRoot(let scene):
            let navigation = try requireLive(scene.value, "popToRoot")
            guard instances[navigation].kind == .navigation else {
                throw FlowFailure("popToRoot: '\(scene.value)' is a \(instances[navigation].kind.rawValue) scene, not a navigation controller")
            }
            emitFull(navigation, .popToRoot)
            try pop(navigation, keeping: 1)
        case .selectTab(let scene):
            try selectTab(scene.value)
        case .swipePage(let direction):
            try swipePage(direction)
        case .swipeDown:
            try swipeDown()
        case .environment(let change):
            try changeEnvironment(change)
        case .set(let changes):
            for change in changes { conditions[change.name] = change.value }
        case .note, .expect:
            break
        }
    }

    /// `from:` when given, else the front-most content instance.
    private mutating func callerInstance(_ from: Located<String>?, role: String) throws -> Int {
        if let from { return try requireLive(from.value, role) }
        guard let visible = frontContent() else { throw FlowFailure("\(role): nothing is on screen") }
        return visible
    }

    // MARK: - Segues (uikit-semantics §3)

    mutating func runSegue(_ ref: SegueReference, tapped: Bool) throws {
        let verb = tapped ? "tap" : "perform"
        guard let sourceScene = model.scene(ref.scene) else { throw FlowFailure("\(verb): unknown scene '\(ref.scene)'") }
        guard let segue = sourceScene.segue(ref.segue) else {
            throw FlowFailure("\(verb): scene '\(ref.scene)' has no segue '\(ref.segue)'")
        }
        let source = try requireLive(ref.scene, verb)
        let kind = segue.kind.value
        if kind == .embed {
            throw FlowFailure("\(verb): '\(ref)' is an embed segue; it fires by itself when '\(ref.scene)' loads its view")
        }
        if tapped {
            if segue.isManual {
                throw FlowFailure("tap: segue '\(ref)' has no trigger (it is manual); only 'perform:' can fire it")
            }
            try requireTouchable(source, "tap: '\(ref)'")
            let result = segue.guardCondition.map { condition($0.value) } ?? true
            emit(source, .shouldPerformSegue, segue: segue.qualifiedID, result: result)
            guard result else { return }
        } else {
            emitFull(source, .performSegue, segue: segue.qualifiedID)
        }
        if kind == .unwind {
            try unwind(segue, from: source)
            return
        }
        guard let destinationID = segue.destination?.value else {
            throw FlowFailure("\(verb): segue '\(ref)' has no destination")
        }
        let destination = try instantiate(destinationID)
        emit(source, .prepare, segue: segue.qualifiedID, destination: destination)
        if kind == .custom || isFull {
            emitPerform(segue.qualifiedID)
        }
        let destinationScene = instances[destination].scene
        switch kind {
        case .show:
            try show(destination, from: source)
        case .push:
            guard let navigation = navigationController(of: source) else {
                throw FlowFailure("Push segues can only be used when the source controller is managed by an instance of UINavigationController ('\(ref)' from '\(instances[source].name)')")
            }
            try push(destination, onto: navigation)
        case .showDetail, .replace:
            try showDetail(destination, from: source)
        case .present, .modal, .custom:
            try present(destination, from: source,
                        requested: segue.modalPresentationStyle?.value ?? destinationScene.modalPresentationStyle,
                        transition: segue.modalTransitionStyle?.value ?? destinationScene.modalTransitionStyle,
                        anchor: segue.anchor, adaptive: segue.adaptivePresentationStyle)
        case .popover:
            try present(destination, from: source, requested: .popover,
                        transition: segue.modalTransitionStyle?.value ?? destinationScene.modalTransitionStyle,
                        anchor: segue.anchor, adaptive: segue.adaptivePresentationStyle)
        case .embed, .unwind:
            break
        }
    }

    /// A flow error unless the user can touch `i`: it is visible and no layer above its own
    /// blocks it (`blockingLayer(of:)`).
    private func requireTouchable(_ i: Int, _ what: String) throws {
        let name = instances[i].name
        guard visibleList().contains(i) else { throw FlowFailure("\(what): '\(name)' is not on screen") }
        if let blocking = blockingLayer(of: i) {
            let covering = "\(what): '\(name)' is covered by the presented '\(instances[blocking.root].name)' (\(blocking.style.rawValue))"
            if Rules.blocksOnlyContext(blocking.style), let context = blocking.presenter {
                throw FlowFailure("\(covering), which covers its context '\(instances[context].name)'")
            }
            throw FlowFailure("\(covering); only the front-most layer can be touched")
        }
    }

    // MARK: - show and showDetail (uikit-semantics §4)

    mutating func show(_ shown: Int, from caller: Int) throws {
        emitFull(caller, .show, argument: shown)
        for target in ancestry(of: caller) where Rules.overridesShow(instances[target].scene) {
            switch instances[target].kind {
            case .navigation:
                try push(shown, onto: target)
            case .split:
                if instances[target].collapsed {
                    try presentWithOwnStyles(shown, from: caller)
                } else {
                    try replaceColumn(column(of: caller, in: target), of: target, with: shown)
                }
            default:
                try swapLastChild(of: target, with: shown)
            }
            return
        }
        try presentWithOwnStyles(shown, from: caller)
    }

    mutating func showDetail(_ shown: Int, from caller: Int) throws {
        emitFull(caller, .showDetail, argument: shown)
        for target in ancestry(of: caller) where Rules.overridesShowDetail(instances[target].scene) {
            if instances[target].kind == .split {
                if !instances[target].collapsed {
                    try replaceColumn(.secondary, of: target, with: shown)
                } else if let compact = instances[target].compactChild {
                    try showDetailInCompactColumn(shown, from: caller, split: target, compact: compact)
                } else if let primary = instances[target].primary, instances[primary].kind == .navigation {
                    // The split forwards to its primary's `show`; a collapsed split's navigation
                    // primary accepts a navigation controller as the detail (Xcode's
                    // Master-Detail template), nested as one item of its stack.
                    try push(shown, onto: primary, nestingAllowed: true)
                } else {
                    try presentWithOwnStyles(shown, from: caller)
                }
            } else {
                try swapLastChild(of: target, with: shown)
            }
            return
        }
        try presentWithOwnStyles(shown, from: caller)
    }

    /// `showDetail` reaching a split that shows its compact column (§9, L): the navigation
    /// controller nearest the caller below the split pushes; else the compact child, if it is
    /// a navigation controller; else the shown view controller is presented.
    private mutating func showDetailInCompactColumn(_ shown: Int, from caller: Int, split: Int, compact: Int) throws {
        let below = ancestry(of: caller).prefix { $0 != split }
        if let navigation = below.first(where: { instances[$0].kind == .navigation }) {
            try push(shown, onto: navigation)
        } else if instances[compact].kind == .navigation {
            try push(shown, onto: compact)
        } else {
            try presentWithOwnStyles(shown, from: caller)
        }
    }

    /// The split column holding `caller` (the secondary when the caller is the split itself).
    private func column(of caller: Int, in split: Int) -> SplitColumn {
        let path = ancestry(of: caller)
        guard let position = path.firstIndex(of: split), position > 0 else { return .secondary }
        let child = path[position - 1]
        if child == instances[split].primary { return .primary }
        if child == instances[split].supplementary { return .supplementary }
        return .secondary
    }

    private mutating func presentWithOwnStyles(_ presented: Int, from caller: Int) throws {
        let scene = instances[presented].scene
        try present(presented, from: caller, requested: scene.modalPresentationStyle,
                    transition: scene.modalTransitionStyle, anchor: nil, adaptive: nil)
    }

    // MARK: - Containers

    /// Pushes `pushed` onto `navigation`. Pushing a navigation controller is a UIKit
    /// exception, unless `nestingAllowed` (a collapsed split's navigation primary taking a
    /// navigation controller as its detail, uikit-semantics §4).
    mutating func push(_ pushed: Int, onto navigation: Int, nestingAllowed: Bool = false) throws {
        emitFull(navigation, .push, argument: pushed)
        if instances[pushed].kind == .navigation, !nestingAllowed {
            throw FlowFailure("Pushing a navigation controller is not supported ('\(instances[pushed].name)' onto '\(instances[navigation].name)')")
        }
        guard instances[navigation].stack.count < Rules.maximumStackDepth else {
            throw FlowFailure("pushing '\(instances[pushed].name)' would put more than \(Rules.maximumStackDepth) view controllers on '\(instances[navigation].name)' (a push cycle?); the simulation stops at this bound")
        }
        let before = visibleList()
        instances[pushed].parent = navigation
        instances[navigation].stack.append(pushed)
        try finishTransition(.navigation, before: before, moves: Moves(added: [(pushed, navigation)]), incoming: pushed)
    }

    /// Pops `navigation` down to its first `count` view controllers; popped ones are destroyed.
    mutating func pop(_ navigation: Int, keeping count: Int) throws {
        let stack = instances[navigation].stack
        guard stack.count > count, count >= 1 else { return }
        let removed = Array(stack[count...].reversed())
        let before = visibleList()
        instances[navigation].stack.removeLast(removed.count)
        noteStackShrank(navigation)
        try finishTransition(.navigation, before: before, moves: Moves(removed: removed), incoming: nil)
        for popped in removed { destroy(popped) }
    }

    /// A collapsed split remembers how much of its navigation primary's stack is the primary's own.
    mutating func noteStackShrank(_ navigation: Int) {
        guard let split = instances[navigation].parent, instances[split].kind == .split,
              instances[split].primary == navigation else { return }
        instances[split].ownDepth = min(instances[split].ownDepth, instances[navigation].stack.count)
    }

    private mutating func back() throws {
        let onScreen = frontLayerSubtree()
        guard let navigation = innermostNavigation(in: onScreen, needingBack: true) else {
            if let atRoot = innermostNavigation(in: onScreen, needingBack: false) {
                throw FlowFailure("back: '\(instances[atRoot].name)' is at its root; there is no back button")
            }
            throw FlowFailure("back: no navigation controller is on screen in the front-most layer")
        }
        emitFull(navigation, .pop)
        try pop(navigation, keeping: instances[navigation].stack.count - 1)
    }

    /// Replaces a split column (push order, containment callbacks, the old column destroyed).
    mutating func replaceColumn(_ column: SplitColumn, of split: Int, with child: Int) throws {
        let old: Int?
        switch column {
        case .primary: old = instances[split].primary
        case .supplementary: old = instances[split].supplementary
        case .secondary: old = instances[split].secondary
        }
        let before = visibleList()
        setColumn(column, of: split, to: child)
        instances[child].parent = split
        var moves = Moves(added: [(child, split)])
        if let old { moves.removed = [old] }
        try finishTransition(.navigation, before: before, moves: moves, incoming: child)
        if let old { destroy(old) }
    }

    /// A custom container that overrides `show` swaps its last child for the new one.
    mutating func swapLastChild(of container: Int, with child: Int) throws {
        let before = visibleList()
        let old = instances[container].children.last
        if old != nil { instances[container].children.removeLast() }
        instances[container].children.append(child)
        instances[child].parent = container
        var moves = Moves(added: [(child, container)])
        if let old { moves.removed = [old] }
        try finishTransition(.navigation, before: before, moves: moves, incoming: child)
        if let old { destroy(old) }
    }

    private mutating func selectTab(_ scene: String) throws {
        let tab = try requireLive(scene, "selectTab")
        guard let bar = instances[tab].parent, instances[bar].kind == .tabBar else {
            throw FlowFailure("selectTab: '\(instances[tab].name)' is not a tab of a live tab bar controller")
        }
        try requireTouchable(bar, "selectTab: '\(instances[tab].name)'")
        guard instances[bar].selected != tab else { return }
        let before = visibleList()
        instances[bar].selected = tab
        try finishTransition(.tab, before: before, moves: Moves(), incoming: tab)
    }

    /// A page turn instantiates the next (or previous) page and destroys the old one (L).
    /// Swiping past the first or last page does nothing, as on a device.
    private mutating func swipePage(_ direction: PageDirection) throws {
        let onScreen = frontLayerSubtree()
        var pager: Int?
        var depth = -1
        for i in onScreen where instances[i].kind == .page {
            let d = ancestry(of: i).count
            if d >= depth { pager = i; depth = d }
        }
        guard let pager else { throw FlowFailure("swipePage: no page view controller is on screen in the front-most layer") }
        let pages = instances[pager].scene.pages
        let index = instances[pager].pageIndex + (direction == .next ? 1 : -1)
        guard pages.indices.contains(index) else { return }
        emitFull(pager, direction == .next ? .pageAfter : .pageBefore)
        let page = try instantiate(pages[index].value)
        let old = instances[pager].page
        let before = visibleList()
        instances[pager].page = page
        instances[pager].pageIndex = index
        instances[page].parent = pager
        var moves = Moves(added: [(page, pager)])
        if let old { moves.removed = [old] }
        try finishTransition(Rules.pageTurn(instances[pager].scene.pageTransition), before: before, moves: moves, incoming: page)
        if let old { destroy(old) }
    }

    // MARK: - Presenting (uikit-semantics §5)

    mutating func present(_ presented: Int, from caller: Int, requested: PresentationStyle, transition requestedTransition: TransitionStyle,
                          anchor: String?, adaptive: AdaptivePresentationStyle?) throws {
        emitFull(caller, .present, argument: presented)
        let style = Rules.resolveStyle(requested, adaptive: adaptive, in: environment)
        if requested == .popover, environment.width == .compact, adaptive != nil {
            emitFull(caller, .adaptivePresentationStyle)
        }
        var presenter = layerRoot(of: caller)
        var transition = requestedTransition
        if Rules.usesPresentationContext(style) {
            if let context = ancestry(of: caller).first(where: { instances[$0].scene.definesPresentationContext }) {
                presenter = context
            }
            if instances[presenter].scene.providesPresentationContextTransitionStyle {
                transition = instances[presenter].scene.modalTransitionStyle
            }
        }
        if let current = instances[presenter].presenting, layers.indices.contains(current) {
            warnings.append(Rules.alreadyPresenting(presented: describe(presented), presenter: describe(presenter),
                                                    source: describe(caller), current: describe(layers[current].root)))
            destroy(presented)
            return
        }
        if transition == .partialCurl, style != .fullScreen {
            throw FlowFailure("UIModalTransitionStylePartialCurl requires the fullScreen presentation style; '\(instances[presented].name)' would be presented as \(style.rawValue)")
        }
        if requested == .popover, anchor == nil {
            throw FlowFailure("UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs ('\(instances[presented].name)' has no 'anchor')")
        }
        guard layers.count - 1 < Rules.maximumPresentedViewControllers else {
            throw FlowFailure("presenting '\(instances[presented].name)' would make more than \(Rules.maximumPresentedViewControllers) view controllers presented at once (a presentation cycle?); the simulation stops at this bound")
        }
        let before = visibleList()
        let index = layers.count
        layers.append(Layer(root: presented, presenter: presenter, source: caller, requested: requested,
                            adaptive: adaptive, style: style, transition: transition))
        instances[presented].layer = index
        instances[presenter].presenting = index
        try finishTransition(.presentation, before: before, moves: Moves(), incoming: presented)
    }

    /// `<ClassName: instance>`, as UIKit's log lines name view controllers.
    func describe(_ i: Int) -> String { Rules.describe(instances[i].scene.className, instances[i].name) }

    // MARK: - Dismissing (uikit-semantics §6)

    mutating func dismiss(_ caller: Int) throws {
        emitFull(caller, .dismiss)
        var target: Int?
        for i in ancestry(of: caller) {
            if let presented = instances[i].presenting, layers.indices.contains(presented) {
                target = presented
                break
            }
        }
        if target == nil, let own = layerIndex(of: caller), own > 0 { target = own }
        guard let target else {
            warnings.append("dismiss(animated:completion:) on \(describe(caller)) does nothing: it presents nothing and is not presented")
            return
        }
        try dismissLayers(from: target)
    }

    /// Dismisses layer `index` and every layer above it (present order); their instances are destroyed.
    mutating func dismissLayers(from index: Int) throws {
        guard index > 0, index < layers.count else { return }
        let before = visibleList()
        let removed = Array(layers[index...])
        removeLayers(from: index)
        try finishTransition(.presentation, before: before, moves: Moves(), incoming: nil)
        for layer in removed { destroy(layer.root) }
    }

    mutating func removeLayers(from index: Int) {
        for layer in layers[index...] {
            instances[layer.root].layer = nil
            if let presenter = layer.presenter { instances[presenter].presenting = nil }
        }
        layers.removeSubrange(index...)
    }

    private mutating func swipeDown() throws {
        guard layers.count > 1, let top = layers.last else {
            throw FlowFailure("swipeDown: nothing is presented")
        }
        guard top.style.isSheet else {
            throw FlowFailure("swipeDown: the front-most presentation '\(instances[top.root].name)' is \(top.style.rawValue), not a sheet; it cannot be swiped down")
        }
        let delegate = top.source ?? top.root
        if Rules.refusesInteractiveDismissal(frontPath(from: top.root).map { instances[$0].scene }) {
            emitFull(delegate, .presentationControllerDidAttemptToDismiss)
            return
        }
        emitFull(delegate, .presentationControllerWillDismiss)
        try dismissLayers(from: layers.count - 1)
        emitFull(delegate, .presentationControllerDidDismiss)
    }

    // MARK: - Environment (uikit-semantics §9)

    private mutating func changeEnvironment(_ change: EnvironmentChange) throws {
        let old = environment
        environment = old.applying(change)
        if isFull, old != environment {
            for i in visibleList() { emitFull(i, .viewWillTransition) }
        }
        let before = visibleList()
        var moves = Moves()
        var discarded: [Int] = []
        if old.width != environment.width {
            splits.removeAll { !instances[$0].alive }
            for split in splits {
                if instances[split].compactChild != nil {
                    // The compact child and the columns swap; nothing moves (§9).
                    instances[split].collapsed = environment.width == .compact
                } else if environment.width == .compact, !instances[split].collapsed {
                    collapse(split, moves: &moves, discarded: &discarded)
                } else if environment.width == .regular, instances[split].collapsed {
                    try expand(split, moves: &moves, discarded: &discarded)
                }
            }
        }
        for index in layers.indices.dropFirst() {
            layers[index].style = Rules.resolveStyle(layers[index].requested, adaptive: layers[index].adaptive, in: environment)
        }
        try finishTransition(.sizeChange, before: before, moves: moves, incoming: nil)
        for i in discarded { destroy(i) }
    }

    /// Regular → compact: with `collapse: secondary` and a navigation primary the
    /// supplementary and secondary are pushed onto the primary's stack; otherwise they are discarded.
    private mutating func collapse(_ split: Int, moves: inout Moves, discarded: inout [Int]) {
        emitFull(split, .collapseSecondary)
        let columns = [instances[split].supplementary, instances[split].secondary].compactMap { $0 }
        instances[split].supplementary = nil
        instances[split].secondary = nil
        instances[split].collapsed = true
        if let primary = instances[split].primary, instances[primary].kind == .navigation {
            instances[split].ownDepth = instances[primary].stack.count
        }
        if let primary = instances[split].primary,
           Rules.collapsesOntoPrimary(instances[split].scene, primaryKind: instances[primary].kind) {
            for column in columns {
                instances[column].parent = primary
                instances[primary].stack.append(column)
                moves.added.append((column, primary))
                moves.moved.append(column)
            }
        } else {
            for column in columns {
                moves.removed.append(column)
                discarded.append(column)
            }
        }
    }

    /// Compact → regular: what was pushed after the primary's own stack goes back into the
    /// columns (the first into the supplementary of a triple-column split, the top into the
    /// secondary; anything between is discarded); a column left empty gets a new instance of its scene.
    private mutating func expand(_ split: Int, moves: inout Moves, discarded: inout [Int]) throws {
        emitFull(split, .separateSecondary)
        let scene = instances[split].scene
        instances[split].collapsed = false
        var pushed: [Int] = []
        if let primary = instances[split].primary, instances[primary].kind == .navigation {
            let stack = instances[primary].stack
            let count = Rules.separatedCount(stackCount: stack.count, ownDepth: instances[split].ownDepth, style: scene.splitStyle)
            pushed = Array(stack.suffix(count))
            instances[primary].stack.removeLast(pushed.count)
        }
        let triple = scene.splitStyle == .tripleColumn && scene.supplementary != nil
        let separated = Rules.separate(pushed, tripleColumn: triple)
        var supplementary = separated.supplementary
        var secondary = separated.secondary
        for i in separated.discarded.reversed() {
            moves.removed.append(i)
            discarded.append(i)
        }
        if triple, supplementary == nil, let sceneID = scene.supplementary?.value { supplementary = try instantiate(sceneID) }
        if secondary == nil, let sceneID = scene.secondary?.value { secondary = try instantiate(sceneID) }
        instances[split].supplementary = supplementary
        instances[split].secondary = secondary
        for column in [supplementary, secondary].compactMap({ $0 }) {
            instances[column].parent = split
            moves.added.append((column, split))
            if pushed.contains(column) { moves.moved.append(column) }
        }
    }
}
