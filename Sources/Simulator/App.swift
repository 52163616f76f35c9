import SceneModel

/// The app while a flow runs: its world and environment, and the UIKit operations that
/// change them (presenting, dismissing, pushing, popping, `show`, segues, unwinding, tab and
/// page changes, size changes), each reporting its callbacks in the step log. It takes
/// instances as they are; finding them from a step's words and refusing what the user
/// cannot do is `FlowRun`'s job.
struct App {
    let model: SceneModel
    private(set) var environment: Environment
    private(set) var world = World()
    /// What the step being run reports.
    private var log: StepLog

    init(model: SceneModel, detail: Detail, environment: Environment) {
        self.model = model
        self.environment = environment
        self.log = StepLog(detail: detail)
    }

    /// The most recent instance of a scene that is still alive.
    mutating func live(_ scene: String) -> Int? { world.live(scene) }

    /// Takes the step's events and warnings, reporting `deinit` for what the step destroyed.
    mutating func finishStep(reportingDeinit: Bool) -> (events: [Event], warnings: [String]) {
        log.finishStep(reportingDeinit: reportingDeinit, in: world)
    }

    // MARK: - Building blocks

    private var isFull: Bool { log.isFull }

    private mutating func emit(_ receiver: Int, _ call: Call, argument: Event.Argument? = nil, segue: String? = nil,
                               destination: Int? = nil, result: Bool? = nil) {
        log.emit(receiver, call, in: world, argument: argument, segue: segue, destination: destination, result: result)
    }

    private mutating func emitFull(_ receiver: Int, _ call: Call, argument: Int? = nil, segue: String? = nil) {
        log.emitFull(receiver, call, in: world, argument: argument, segue: segue)
    }

    private var instantiator: Instantiator { Instantiator(model: model, environment: environment) }

    /// A new instance of scene `sceneID` with its relationship children (view not loaded).
    mutating func instantiate(_ sceneID: String) throws -> Int {
        try instantiator.instantiate(sceneID, in: &world, log: &log)
    }

    private mutating func destroy(_ i: Int) {
        log.destroy(i, in: &world)
    }

    /// Reports `transition`, whose state change has just been applied to the world.
    private mutating func finish(_ transition: Transition) throws {
        try transition.report(in: &world, log: &log, environment: environment, loading: instantiator)
    }

    // MARK: - Launch

    /// Installs a new instance of `initial` as the window's root, and it appears.
    mutating func launch(_ initial: String) throws {
        let root = try instantiate(initial)
        world.layers = [Layer(root: root, presenter: nil, source: nil, requested: .fullScreen, adaptive: nil,
                              style: .fullScreen, transition: .coverVertical)]
        world.instances[root].layer = 0
        try finish(Transition(.launch, before: [], incoming: root))
    }

    // MARK: - Segues (uikit-semantics §3)

    /// The source's `shouldPerformSegue(withIdentifier:sender:)` for a touched trigger,
    /// answering `answer`.
    mutating func askShouldPerform(_ segue: Segue, from source: Int, answer: Bool) {
        emit(source, .shouldPerformSegue, segue: segue.qualifiedID, result: answer)
    }

    /// The app's `performSegue(withIdentifier:sender:)` on the source.
    mutating func callPerformSegue(_ segue: Segue, from source: Int) {
        emitFull(source, .performSegue, segue: segue.qualifiedID)
    }

    /// Runs a segue that is not an unwind to a new instance of `destinationID`:
    /// `prepare(for:sender:)`, the segue's `perform()`, then what its kind does. `ref` names
    /// the segue in messages.
    mutating func perform(_ segue: Segue, named ref: SegueReference, to destinationID: String, from source: Int) throws {
        let kind = segue.kind.value
        let destination = try instantiate(destinationID)
        emit(source, .prepare, segue: segue.qualifiedID, destination: destination)
        if kind == .custom || isFull {
            log.emitPerform(segue.qualifiedID)
        }
        let destinationScene = world.instances[destination].scene
        switch kind {
        case .show:
            try show(destination, from: source)
        case .push:
            guard let navigation = world.navigationController(of: source) else {
                throw FlowFailure("Push segues can only be used when the source controller is managed by an instance of UINavigationController ('\(ref)' from '\(world.instances[source].name)')")
            }
            try push(destination, onto: navigation)
        case .showDetail, .replace:
            try showDetail(destination, from: source)
        case .present, .modal, .custom:
            try present(destination, from: source,
                        requested: segue.modalPresentationStyle?.value ?? destinationScene.modalPresentationStyle,
                        transition: segue.modalTransitionStyle?.value ?? destinationScene.modalTransitionStyle,
                        anchor: segue.anchor, adaptive: segue.adaptivePresentationStyle, segue: segue)
        case .popover:
            try present(destination, from: source, requested: .popover,
                        transition: segue.modalTransitionStyle?.value ?? destinationScene.modalTransitionStyle,
                        anchor: segue.anchor, adaptive: segue.adaptivePresentationStyle, segue: segue)
        case .embed, .unwind, .code:
            break
        }
    }

    /// A `code` segue: the UIKit call the code makes on the source, with a new instance of the destination (as
    /// `instantiateViewController(withIdentifier:)` makes it); no segue, so no `prepare(for:sender:)`.
    mutating func performCode(_ segue: Segue, from source: Int) throws {
        guard let call = segue.call?.value else { throw FlowFailure("perform: code segue '\(segue.qualifiedID)' has no 'call'") }
        if call == .dismiss {
            try dismiss(source)
            return
        }
        guard let destinationID = segue.destination?.value else {
            throw FlowFailure("perform: code segue '\(segue.qualifiedID)' has no destination")
        }
        var navigation: Int?
        if call == .push {
            // `navigationController?.pushViewController(_:animated:)` does nothing when there is none.
            guard let found = world.navigationController(of: source) else {
                throw FlowFailure("perform: '\(world.instances[source].name)' is in no navigation controller, so '\(segue.qualifiedID)' (\(call.signature) on its navigationController) does nothing")
            }
            navigation = found
        }
        let destination = try instantiate(destinationID)
        let destinationScene = world.instances[destination].scene
        switch call {
        case .present:
            try present(destination, from: source,
                        requested: segue.modalPresentationStyle?.value ?? destinationScene.modalPresentationStyle,
                        transition: segue.modalTransitionStyle?.value ?? destinationScene.modalTransitionStyle,
                        anchor: nil, adaptive: nil)
        case .push:
            if let navigation { try push(destination, onto: navigation) }
        case .show:
            try show(destination, from: source)
        case .showDetail:
            try showDetail(destination, from: source)
        case .dismiss:
            break
        }
    }

    // MARK: - show and showDetail (uikit-semantics §4)

    /// `show(_:sender:)` on `caller`: the nearest ancestor whose class overrides it pushes,
    /// replaces a column or swaps its child; without one, `shown` is presented.
    mutating func show(_ shown: Int, from caller: Int) throws {
        emitFull(caller, .show, argument: shown)
        for target in world.ancestry(of: caller) where Rules.overridesShow(world.instances[target].scene) {
            switch world.instances[target].kind {
            case .navigation:
                try push(shown, onto: target)
            case .split:
                if world.instances[target].collapsed {
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

    /// `showDetailViewController(_:sender:)` on `caller`: the nearest split or overriding
    /// container shows `shown` as its detail; without one, `shown` is presented.
    mutating func showDetail(_ shown: Int, from caller: Int) throws {
        emitFull(caller, .showDetail, argument: shown)
        for target in world.ancestry(of: caller) where Rules.overridesShowDetail(world.instances[target].scene) {
            if world.instances[target].kind == .split {
                if !world.instances[target].collapsed {
                    try replaceColumn(.secondary, of: target, with: shown)
                } else if let compact = world.instances[target].compactChild {
                    try showDetailInCompactColumn(shown, from: caller, split: target, compact: compact)
                } else if let primary = world.instances[target].primary, world.instances[primary].kind == .navigation {
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
        let below = world.ancestry(of: caller).prefix { $0 != split }
        if let navigation = below.first(where: { world.instances[$0].kind == .navigation }) {
            try push(shown, onto: navigation)
        } else if world.instances[compact].kind == .navigation {
            try push(shown, onto: compact)
        } else {
            try presentWithOwnStyles(shown, from: caller)
        }
    }

    /// The split column holding `caller` (the secondary when the caller is the split itself).
    private func column(of caller: Int, in split: Int) -> World.SplitColumn {
        let path = world.ancestry(of: caller)
        guard let position = path.firstIndex(of: split), position > 0 else { return .secondary }
        let child = path[position - 1]
        if child == world.instances[split].primary { return .primary }
        if child == world.instances[split].supplementary { return .supplementary }
        return .secondary
    }

    private mutating func presentWithOwnStyles(_ presented: Int, from caller: Int) throws {
        let scene = world.instances[presented].scene
        try present(presented, from: caller, requested: scene.modalPresentationStyle,
                    transition: scene.modalTransitionStyle, anchor: nil, adaptive: nil)
    }

    // MARK: - Containers

    /// Pushes `pushed` onto `navigation`. Pushing a navigation controller is a UIKit
    /// exception, unless `nestingAllowed` (a collapsed split's navigation primary taking a
    /// navigation controller as its detail, uikit-semantics §4).
    mutating func push(_ pushed: Int, onto navigation: Int, nestingAllowed: Bool = false) throws {
        emitFull(navigation, .push, argument: pushed)
        if world.instances[pushed].kind == .navigation, !nestingAllowed {
            throw FlowFailure("Pushing a navigation controller is not supported ('\(world.instances[pushed].name)' onto '\(world.instances[navigation].name)')")
        }
        guard world.instances[navigation].stack.count < Rules.maximumStackDepth else {
            throw FlowFailure("pushing '\(world.instances[pushed].name)' would put more than \(Rules.maximumStackDepth) view controllers on '\(world.instances[navigation].name)' (a push cycle?); the simulation stops at this bound")
        }
        let before = world.visibleList()
        world.instances[pushed].parent = navigation
        world.instances[navigation].stack.append(pushed)
        try finish(Transition(.navigation, before: before, moves: Moves(added: [(pushed, navigation)]), incoming: pushed))
    }

    /// Pops `navigation` down to its first `count` view controllers; popped ones are destroyed.
    private mutating func pop(_ navigation: Int, keeping count: Int) throws {
        let stack = world.instances[navigation].stack
        guard stack.count > count, count >= 1 else { return }
        let removed = Array(stack[count...].reversed())
        let before = world.visibleList()
        world.instances[navigation].stack.removeLast(removed.count)
        world.noteStackShrank(navigation)
        try finish(Transition(.navigation, before: before, moves: Moves(removed: removed)))
        for popped in removed { destroy(popped) }
    }

    /// `popToRootViewController(animated:)`.
    mutating func popToRoot(_ navigation: Int) throws {
        emitFull(navigation, .popToRoot)
        try pop(navigation, keeping: 1)
    }

    /// The back button of `navigation`: `popViewController(animated:)`.
    mutating func back(_ navigation: Int) throws {
        emitFull(navigation, .pop)
        try pop(navigation, keeping: world.instances[navigation].stack.count - 1)
    }

    /// Replaces a split column (push order, containment callbacks, the old column destroyed).
    private mutating func replaceColumn(_ column: World.SplitColumn, of split: Int, with child: Int) throws {
        let old: Int?
        switch column {
        case .primary: old = world.instances[split].primary
        case .supplementary: old = world.instances[split].supplementary
        case .secondary: old = world.instances[split].secondary
        }
        let before = world.visibleList()
        world.setColumn(column, of: split, to: child)
        world.instances[child].parent = split
        var moves = Moves(added: [(child, split)])
        if let old { moves.removed = [old] }
        try finish(Transition(.navigation, before: before, moves: moves, incoming: child))
        if let old { destroy(old) }
    }

    /// A custom container that overrides `show` swaps its last child for the new one.
    private mutating func swapLastChild(of container: Int, with child: Int) throws {
        let before = world.visibleList()
        let old = world.instances[container].children.last
        if old != nil { world.instances[container].children.removeLast() }
        world.instances[container].children.append(child)
        world.instances[child].parent = container
        var moves = Moves(added: [(child, container)])
        if let old { moves.removed = [old] }
        try finish(Transition(.navigation, before: before, moves: moves, incoming: child))
        if let old { destroy(old) }
    }

    /// Selects `tab` of tab bar controller `bar`; selecting the selected tab does nothing.
    mutating func select(_ tab: Int, in bar: Int) throws {
        guard world.instances[bar].selected != tab else { return }
        let before = world.visibleList()
        world.instances[bar].selected = tab
        try finish(Transition(.tab, before: before, incoming: tab))
    }

    /// A page turn of page view controller `pager` instantiates the next (or previous) page
    /// and destroys the old one (L). Swiping past the first or last page does nothing, as on
    /// a device.
    mutating func turnPage(of pager: Int, _ direction: PageDirection) throws {
        let pages = world.instances[pager].scene.pages
        let index = world.instances[pager].pageIndex + (direction == .next ? 1 : -1)
        guard pages.indices.contains(index) else { return }
        emitFull(pager, direction == .next ? .pageAfter : .pageBefore)
        let page = try instantiate(pages[index].value)
        let old = world.instances[pager].page
        let before = world.visibleList()
        world.instances[pager].page = page
        world.instances[pager].pageIndex = index
        world.instances[page].parent = pager
        var moves = Moves(added: [(page, pager)])
        if let old { moves.removed = [old] }
        try finish(Transition(Rules.pageTurn(world.instances[pager].scene.pageTransition), before: before, moves: moves, incoming: page))
        if let old { destroy(old) }
    }

    // MARK: - Presenting (uikit-semantics §5)

    /// `present(_:animated:completion:)` on `caller`: resolves the style, finds the presenter
    /// (the layer root, or the context for context styles) and adds a layer; UIKit's refusals
    /// are warnings or flow errors.
    mutating func present(_ presented: Int, from caller: Int, requested: PresentationStyle, transition requestedTransition: TransitionStyle,
                          anchor: String?, adaptive: AdaptivePresentationStyle?, segue: Segue? = nil) throws {
        emitFull(caller, .present, argument: presented)
        let style = Rules.resolveStyle(requested, adaptive: adaptive, in: environment)
        if requested == .popover, environment.width == .compact, adaptive != nil {
            emitFull(caller, .adaptivePresentationStyle)
        }
        var presenter = world.layerRoot(of: caller)
        var transition = requestedTransition
        if Rules.usesPresentationContext(style) {
            if let context = world.ancestry(of: caller).first(where: { world.instances[$0].scene.definesPresentationContext }) {
                presenter = context
            }
            if world.instances[presenter].scene.providesPresentationContextTransitionStyle {
                transition = world.instances[presenter].scene.modalTransitionStyle
            }
        }
        if let current = world.instances[presenter].presenting, world.layers.indices.contains(current) {
            log.warn(Rules.alreadyPresenting(presented: world.describe(presented), presenter: world.describe(presenter),
                                                    source: world.describe(caller), current: world.describe(world.layers[current].root)))
            destroy(presented)
            return
        }
        // A presenter whose view has left the window (its tab is not selected, a full-screen presentation covers
        // it) cannot present: UIKit logs it and presents nothing.
        let before = world.visibleList()
        if !before.contains(presenter) {
            log.warn(Rules.notInWindow(presented: world.describe(presented), presenter: world.describe(presenter), source: world.describe(caller)))
            destroy(presented)
            return
        }
        if transition == .partialCurl, style != .fullScreen {
            throw FlowFailure("UIModalTransitionStylePartialCurl requires the fullScreen presentation style; '\(world.instances[presented].name)' would be presented as \(style.rawValue)")
        }
        if requested == .popover, anchor == nil {
            // Only a popover segue has an anchor to give: say which segue lacks it, or that none could give it.
            let name = world.instances[presented].name
            let missing: String
            if let segue, segue.kind.value.effective == .popover {
                missing = "segue '\(segue.qualifiedID)' has no 'anchor'"
            } else if let segue {
                missing = "'\(name)' is presented as a popover by segue '\(segue.qualifiedID)', a \(segue.kind.value.rawValue) segue, which has no 'anchor' to give: make it a popover segue with one"
            } else {
                missing = "'\(name)' is presented as a popover without a popover segue, which alone can give an 'anchor'"
            }
            throw FlowFailure("UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs (\(missing))")
        }
        guard world.layers.count - 1 < Rules.maximumPresentedViewControllers else {
            throw FlowFailure("presenting '\(world.instances[presented].name)' would make more than \(Rules.maximumPresentedViewControllers) view controllers presented at once (a presentation cycle?); the simulation stops at this bound")
        }
        let index = world.layers.count
        world.layers.append(Layer(root: presented, presenter: presenter, source: caller, requested: requested,
                            adaptive: adaptive, style: style, transition: transition))
        world.instances[presented].layer = index
        world.instances[presenter].presenting = index
        try finish(Transition(.presentation, before: before, incoming: presented))
    }

    // MARK: - Dismissing (uikit-semantics §6)

    /// `dismiss(animated:completion:)` on `caller`: dismisses what it or an ancestor presents,
    /// else the layer it is in.
    mutating func dismiss(_ caller: Int) throws {
        emitFull(caller, .dismiss)
        var target: Int?
        for i in world.ancestry(of: caller) {
            if let presented = world.instances[i].presenting, world.layers.indices.contains(presented) {
                target = presented
                break
            }
        }
        if target == nil, let own = world.layerIndex(of: caller), own > 0 { target = own }
        guard let target else {
            log.warn("dismiss(animated:completion:) on \(world.describe(caller)) does nothing: it presents nothing and is not presented")
            return
        }
        try dismissLayers(from: target)
    }

    /// Dismisses layer `index` and every layer above it that it presents (`World.layersDismissed`); their
    /// instances are destroyed.
    private mutating func dismissLayers(from index: Int) throws {
        guard index > 0, index < world.layers.count else { return }
        let before = world.visibleList()
        let dismissed = world.layersDismissed(from: index)
        let removed = dismissed.map { world.layers[$0] }
        world.removeLayers(dismissed)
        try finish(Transition(.presentation, before: before))
        for layer in removed { destroy(layer.root) }
    }

    /// A swipe down on the sheet of presented layer `top` (at `index`), the front-most on screen: the
    /// presentation controller's delegate is asked, and the sheet is dismissed unless
    /// `isModalInPresentation` keeps it.
    mutating func swipeDown(_ top: Layer, at index: Int) throws {
        let delegate = top.source ?? top.root
        if Rules.refusesInteractiveDismissal(world.frontPath(from: top.root).map { world.instances[$0].scene }) {
            emitFull(delegate, .presentationControllerDidAttemptToDismiss)
            return
        }
        emitFull(delegate, .presentationControllerWillDismiss)
        try dismissLayers(from: index)
        emitFull(delegate, .presentationControllerDidDismiss)
    }

    // MARK: - Environment (uikit-semantics §9)

    /// A size-class or idiom change: splits collapse or expand, presentations adapt.
    mutating func changeEnvironment(_ change: EnvironmentChange) throws {
        let old = environment
        environment = old.applying(change)
        if isFull, old != environment {
            for i in world.visibleList() { emitFull(i, .viewWillTransition) }
        }
        let before = world.visibleList()
        var moves = Moves()
        var discarded: [Int] = []
        if old.width != environment.width {
            world.dropDeadSplits()
            for split in world.splits {
                if world.instances[split].compactChild != nil {
                    // The compact child and the columns swap; nothing moves (§9).
                    world.instances[split].collapsed = environment.width == .compact
                } else if environment.width == .compact, !world.instances[split].collapsed {
                    collapse(split, moves: &moves, discarded: &discarded)
                } else if environment.width == .regular, world.instances[split].collapsed {
                    try expand(split, moves: &moves, discarded: &discarded)
                }
            }
        }
        for index in world.layers.indices.dropFirst() {
            world.layers[index].style = Rules.resolveStyle(world.layers[index].requested, adaptive: world.layers[index].adaptive, in: environment)
        }
        try finish(Transition(.sizeChange, before: before, moves: moves))
        for i in discarded { destroy(i) }
    }

    /// Regular → compact: with `collapse: secondary` and a navigation primary the
    /// supplementary and secondary are pushed onto the primary's stack; otherwise they are discarded.
    private mutating func collapse(_ split: Int, moves: inout Moves, discarded: inout [Int]) {
        emitFull(split, .collapseSecondary)
        let columns = [world.instances[split].supplementary, world.instances[split].secondary].compactMap { $0 }
        world.instances[split].supplementary = nil
        world.instances[split].secondary = nil
        world.instances[split].collapsed = true
        if let primary = world.instances[split].primary, world.instances[primary].kind == .navigation {
            world.instances[split].ownDepth = world.instances[primary].stack.count
        }
        if let primary = world.instances[split].primary,
           Rules.collapsesOntoPrimary(world.instances[split].scene, primaryKind: world.instances[primary].kind) {
            for column in columns {
                world.instances[column].parent = primary
                world.instances[primary].stack.append(column)
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
        let scene = world.instances[split].scene
        world.instances[split].collapsed = false
        var pushed: [Int] = []
        if let primary = world.instances[split].primary, world.instances[primary].kind == .navigation {
            let stack = world.instances[primary].stack
            let count = Rules.separatedCount(stackCount: stack.count, ownDepth: world.instances[split].ownDepth, style: Rules.splitStyle(scene, in: environment))
            pushed = Array(stack.suffix(count))
            world.instances[primary].stack.removeLast(pushed.count)
        }
        let triple = Rules.splitStyle(scene, in: environment) == .tripleColumn && scene.supplementary != nil
        let separated = Rules.separate(pushed, tripleColumn: triple)
        var supplementary = separated.supplementary
        var secondary = separated.secondary
        for i in separated.discarded.reversed() {
            moves.removed.append(i)
            discarded.append(i)
        }
        if triple, supplementary == nil, let sceneID = scene.supplementary?.value { supplementary = try instantiate(sceneID) }
        if secondary == nil, let sceneID = scene.secondary?.value { secondary = try instantiate(sceneID) }
        world.instances[split].supplementary = supplementary
        world.instances[split].secondary = secondary
        for column in [supplementary, secondary].compactMap({ $0 }) {
            world.instances[column].parent = split
            moves.added.append((column, split))
            if pushed.contains(column) { moves.moved.append(column) }
        }
    }

    // MARK: - Unwind (uikit-semantics §10)

    /// Runs an unwind segue after `shouldPerformSegue` (§10.3–4): `prepare(for:sender:)`, the
    /// destination's action, then one transition that dismisses every layer above the
    /// destination's, pops every navigation controller on its path back to it and selects
    /// the tabs on its path.
    mutating func unwind(_ segue: Segue, from source: Int) throws {
        guard let action = segue.action?.value else {
            throw FlowFailure("unwind segue '\(segue.qualifiedID)' names no action")
        }
        guard let destination = UnwindSearch(world: world).destination(for: action, from: source) else {
            log.warn("No view controller to unwind to for \(action)(_:) from \(world.describe(source)): no view controller on its path implements it; nothing happens")
            return
        }
        emit(source, .prepare, segue: segue.qualifiedID, destination: destination)
        emit(destination, .unwindAction(action), segue: segue.qualifiedID)
        if isFull { log.emitPerform(segue.qualifiedID) }

        let before = world.visibleList()
        let destinationLayer = world.layerIndex(of: destination) ?? 0
        var dismissed: [Layer] = []
        // The presentations between the source and the destination: down the source's chain of presenters to the
        // first layer presented from the destination's, and what that one presents (`World.layersDismissed`); a
        // layer presented from elsewhere (another tab's context presentation) stays.
        if var first = world.layerIndex(of: source), first > destinationLayer {
            while let presenter = world.layers[first].presenter, let below = world.layerIndex(of: presenter), below > destinationLayer {
                first = below
            }
            let indices = world.layersDismissed(from: first)
            dismissed = indices.map { world.layers[$0] }
            if let presenter = dismissed.first?.presenter { emitFull(presenter, .dismiss) }
            world.removeLayers(indices)
        }
        var moves = Moves()
        var popped: [Int] = []
        var selectedTab: Int?
        let path = world.ancestry(of: destination)
        for (child, parent) in zip(path, path.dropFirst()) {
            switch world.instances[parent].kind {
            case .navigation:
                let stack = world.instances[parent].stack
                guard let position = stack.firstIndex(of: child), position < stack.count - 1 else { continue }
                emitFull(parent, .unwindTowards, argument: child)
                let removed = Array(stack[(position + 1)...].reversed())
                world.instances[parent].stack.removeLast(removed.count)
                world.noteStackShrank(parent)
                moves.removed.append(contentsOf: removed)
                popped.append(contentsOf: removed)
            case .tabBar:
                guard world.instances[parent].selected != child else { continue }
                emitFull(parent, .unwindTowards, argument: child)
                world.instances[parent].selected = child
                selectedTab = child
            default:
                continue
            }
        }
        let kind = Rules.unwindTransition(dismisses: !dismissed.isEmpty, pops: !popped.isEmpty, selectsTab: selectedTab != nil)
        try finish(Transition(kind, before: before, moves: moves, incoming: selectedTab))
        for layer in dismissed { destroy(layer.root) }
        for i in popped { destroy(i) }
    }
}
