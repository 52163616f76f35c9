import SceneModel

/// The view controllers of a running app: every instance created so far, their containment,
/// the presentation layers, and what of it is on screen (uikit-semantics §1). A value with
/// no knowledge of flows, steps or events; every iteration that reaches the output is in a
/// fixed order (arrays, never dictionary order).
struct World {
    /// Every instance ever created; an instance's index is its identity.
    var instances: [Instance] = []
    /// Layer 0 is the window's root; each presentation adds one.
    var layers: [Layer] = []
    /// Split view instances in creation order (environment changes visit them).
    private(set) var splits: [Int] = []
    /// Instances of each scene in creation order; dead ones are dropped lazily from the end.
    private var liveByScene: [String: [Int]] = [:]
    /// How many instances of each scene were created (names are never reused).
    private var counters: [String: Int] = [:]
    /// Every instance by name, dead ones included.
    private(set) var byName: [String: Int] = [:]

    // MARK: - Instances

    /// A new live instance of `scene`, named after it (`photo`, then `photo#2`, …), not yet
    /// in any container or layer.
    mutating func add(_ scene: Scene) -> Int {
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

    /// The most recent instance of a scene that is still alive.
    mutating func live(_ scene: String) -> Int? {
        while let last = liveByScene[scene]?.last, !instances[last].alive {
            liveByScene[scene]?.removeLast()
        }
        return liveByScene[scene]?.last
    }

    /// Whether an instance of `scene` was ever created.
    func hasCreated(_ scene: String) -> Bool { (counters[scene] ?? 0) > 0 }

    /// Marks `i` and its descendants dead; returns those that were alive, parents before
    /// children (their `deinit` order).
    mutating func destroy(_ i: Int) -> [Int] {
        var dead: [Int] = []
        for member in subtree(of: i) where instances[member].alive {
            instances[member].alive = false
            dead.append(member)
        }
        return dead
    }

    /// Forgets the split view instances that have been destroyed.
    mutating func dropDeadSplits() {
        splits.removeAll { !instances[$0].alive }
    }

    enum SplitColumn { case primary, supplementary, secondary }

    mutating func setColumn(_ column: SplitColumn, of split: Int, to child: Int?) {
        switch column {
        case .primary: instances[split].primary = child
        case .supplementary: instances[split].supplementary = child
        case .secondary: instances[split].secondary = child
        }
    }

    /// A collapsed split remembers how much of its navigation primary's stack is the primary's own.
    mutating func noteStackShrank(_ navigation: Int) {
        guard let split = instances[navigation].parent, instances[split].kind == .split,
              instances[split].primary == navigation else { return }
        instances[split].ownDepth = min(instances[split].ownDepth, instances[navigation].stack.count)
    }

    /// Layer `index` and the layers above it that it presents, directly or through another of them: what
    /// dismissing it takes away, in present order. A layer above it presented from elsewhere stays: a context
    /// presentation in another tab (its presenter that tab's navigation controller) is no part of this layer's
    /// presentations, though it came after them (uikit-semantics §6, "that presented layer and every layer above
    /// it": above it in its own chain of presentations).
    func layersDismissed(from index: Int) -> [Int] {
        var dismissed = [index]
        var inDismissed: Set<Int> = [index]
        for above in layers.indices where above > index {
            guard let presenter = layers[above].presenter, let own = layerIndex(of: presenter), inDismissed.contains(own) else { continue }
            dismissed.append(above)
            inDismissed.insert(above)
        }
        return dismissed
    }

    /// Removes the layers at `indices` (ascending), unlinking their roots and presenters, and numbers the ones above
    /// them again.
    mutating func removeLayers(_ indices: [Int]) {
        guard let first = indices.first else { return }
        for index in indices {
            instances[layers[index].root].layer = nil
            if let presenter = layers[index].presenter { instances[presenter].presenting = nil }
        }
        let removed = Set(indices)
        layers = layers.indices.filter { !removed.contains($0) }.map { layers[$0] }
        for index in layers.indices where index >= first {
            instances[layers[index].root].layer = index
            if let presenter = layers[index].presenter { instances[presenter].presenting = index }
        }
    }

    /// `<ClassName: instance>`, as UIKit's log lines name view controllers.
    func describe(_ i: Int) -> String { Rules.describe(instances[i].scene.className, instances[i].name) }

    // MARK: - Containment queries

    func name(_ i: Int) -> String { instances[i].name }

    /// Relationship children in container order, then embedded children.
    func children(of i: Int) -> [Int] {
        let instance = instances[i]
        var result: [Int]
        switch instance.kind {
        case .navigation: result = instance.stack
        case .tabBar: result = instance.tabs
        case .split: result = [instance.primary, instance.supplementary, instance.secondary, instance.compactChild].compactMap { $0 }
        case .page: result = instance.page.map { [$0] } ?? []
        case .container: result = instance.children
        case .content, .table, .collection: result = []
        }
        return result + instance.embedded
    }

    /// The children whose views are in the parent's visible subtree.
    func visibleChildren(of i: Int) -> [Int] {
        let instance = instances[i]
        var result: [Int]
        switch instance.kind {
        case .navigation: result = instance.stack.last.map { [$0] } ?? []
        case .tabBar: result = instance.selected.map { [$0] } ?? []
        case .split:
            result = instance.collapsed
                ? ((instance.compactChild ?? instance.primary).map { [$0] } ?? [])
                : [instance.primary, instance.supplementary, instance.secondary].compactMap { $0 }
        case .page: result = instance.page.map { [$0] } ?? []
        case .container: result = instance.children
        case .content, .table, .collection: result = []
        }
        return result + instance.embedded
    }

    /// The root of the layer holding `i`.
    func layerRoot(of i: Int) -> Int {
        var current = i
        while let parent = instances[current].parent { current = parent }
        return current
    }

    /// The index of the layer holding `i`, if `i` is installed at all.
    func layerIndex(of i: Int) -> Int? { instances[layerRoot(of: i)].layer }

    /// `i` and its ancestors within its layer, `i` first.
    func ancestry(of i: Int) -> [Int] {
        var result = [i]
        var current = i
        while let parent = instances[current].parent {
            result.append(parent)
            current = parent
        }
        return result
    }

    func isAncestor(_ a: Int, of i: Int) -> Bool { ancestry(of: i).contains(a) }

    /// The nearest navigation controller above `i` (`navigationController`).
    func navigationController(of i: Int) -> Int? {
        ancestry(of: i).dropFirst().first { instances[$0].kind == .navigation }
    }

    /// `i` and every descendant, parents before children, in container order.
    func subtree(of i: Int) -> [Int] {
        var result: [Int] = []
        var pending = [i]
        while let next = pending.popLast() {
            result.append(next)
            pending.append(contentsOf: children(of: next).reversed())
        }
        return result
    }

    // MARK: - Visible set (uikit-semantics §1)

    /// The visible subtree of `i`, preorder, skipping the subtrees rooted in `hidden`.
    func visibleSubtree(of i: Int, hiding hidden: Set<Int> = []) -> [Int] {
        var result: [Int] = []
        var pending = [i]
        while let next = pending.popLast() {
            if hidden.contains(next) { continue }
            result.append(next)
            pending.append(contentsOf: visibleChildren(of: next).reversed())
        }
        return result
    }

    /// The visible set in appearance order: lower layers first, inside a layer parents
    /// before children. A `fullScreen` layer hides every lower layer; a `currentContext`
    /// layer hides its presenter's subtree; a layer presented in a context is left out while
    /// its context instance is not visible (`Rules.followsContext`).
    func visibleList() -> [Int] {
        visibleList(below: layers.count, shown: shownLayers())
    }

    /// The visible set of `layers[0..<count]`, counting only the layers `shown` marks.
    private func visibleList(below count: Int, shown: [Bool]) -> [Int] {
        var perLayer: [[Int]] = []
        var hiddenRoots: Set<Int> = []
        for index in stride(from: count - 1, through: 0, by: -1) where shown[index] {
            let layer = layers[index]
            perLayer.append(visibleSubtree(of: layer.root, hiding: hiddenRoots))
            if Rules.hidesLowerLayers(layer.style) { break }
            if Rules.hidesContext(layer.style), let presenter = layer.presenter { hiddenRoots.insert(presenter) }
        }
        return perLayer.reversed().flatMap { $0 }
    }

    /// Whether each layer is on screen: a layer presented in a context (`currentContext`,
    /// `overCurrentContext`) only while its context instance is visible in the layers below
    /// it, before its own hiding (docs/semantics.md, M/L); every other layer always.
    func shownLayers() -> [Bool] {
        var shown: [Bool] = []
        shown.reserveCapacity(layers.count)
        for (index, layer) in layers.enumerated() {
            if index > 0, Rules.followsContext(layer.style), let context = layer.presenter {
                shown.append(visibleList(below: index, shown: shown).contains(context))
            } else {
                shown.append(true)
            }
        }
        return shown
    }

    /// The highest layer on screen (the front-most layer, unless it follows a hidden context).
    func frontLayer() -> Layer? { frontLayerIndex().map { layers[$0] } }

    /// The index of `frontLayer()`.
    func frontLayerIndex() -> Int? {
        let shown = shownLayers()
        return layers.indices.last { shown[$0] }
    }

    /// The front-most visible layer's visible subtree: where `back`, `swipePage` and a `push`
    /// without `onto:` act.
    func frontLayerSubtree() -> [Int] {
        guard let front = frontLayer() else { return [] }
        return visibleSubtree(of: front.root)
    }

    /// The layer above `i`'s own that keeps the user from touching `i`, the highest first:
    /// a layer presented in a context blocks its context instance's subtree, every other
    /// layer blocks everything below it (`Rules.blocksOnlyContext`, M/L).
    func blockingLayer(of i: Int) -> Layer? {
        guard let own = layerIndex(of: i) else { return nil }
        for layer in layers[(own + 1)...].reversed() {
            if Rules.blocksOnlyContext(layer.style) {
                if let context = layer.presenter, isAncestor(context, of: i) { return layer }
            } else {
                return layer
            }
        }
        return nil
    }

    /// The front-most content instance: from the front-most visible layer's root, descend to
    /// the top of a stack, the selected tab, the secondary (expanded) or primary (collapsed)
    /// column, the current page or a custom container's last child.
    func frontContent() -> Int? {
        frontLayer().flatMap { frontPath(from: $0.root).last }
    }

    /// `root` and the instances met descending from it to its front-most content, as
    /// `frontContent()` descends.
    func frontPath(from root: Int) -> [Int] {
        var path = [root]
        var current = root
        while true {
            let instance = instances[current]
            let next: Int?
            switch instance.kind {
            case .navigation: next = instance.stack.last
            case .tabBar: next = instance.selected
            case .split: next = instance.collapsed ? (instance.compactChild ?? instance.primary) : (instance.secondary ?? instance.supplementary ?? instance.primary)
            case .page: next = instance.page
            case .container: next = instance.children.last
            case .content, .table, .collection: next = nil
            }
            guard let next else { return path }
            path.append(next)
            current = next
        }
    }

    /// The innermost navigation controller in `list` (a preorder of visible instances),
    /// optionally only those whose stack holds more than one view controller. Ties go to
    /// the later one in the list (L).
    func innermostNavigation(in list: [Int], needingBack: Bool) -> Int? {
        var best: (index: Int, depth: Int)?
        for i in list where instances[i].kind == .navigation && (!needingBack || instances[i].stack.count > 1) {
            let depth = ancestry(of: i).count
            if let current = best, depth < current.depth { continue }
            best = (i, depth)
        }
        return best?.index
    }

    // MARK: - State snapshot

    func snapshot() -> State {
        let chain = layers.map { name($0.root) }
        let presentations = layers.dropFirst().map { layer in
            Presentation(presenter: layer.presenter.map(name) ?? "", presented: name(layer.root),
                         source: layer.source.map(name) ?? "", style: layer.style, transition: layer.transition)
        }
        var containers: [Container] = []
        for layer in layers {
            for i in subtree(of: layer.root) where instances[i].kind.isContainer {
                let instance = instances[i]
                containers.append(Container(
                    name: instance.name, kind: instance.kind,
                    children: children(of: i).filter { !instance.embedded.contains($0) }.map(name),
                    selected: instance.kind == .tabBar ? instance.selected.map(name) : nil,
                    collapsed: instance.kind == .split ? instance.collapsed : nil))
            }
        }
        return State(chain: chain, visible: frontContent().map(name) ?? "", presentations: presentations, containers: containers)
    }
}

/// One live or destroyed view controller instance.
struct Instance {
    let scene: Scene
    let name: String
    var alive = true
    /// Container parent or embedding scene.
    var parent: Int?
    var viewLoaded = false

    // Containment, by kind.
    /// Navigation: the stack, bottom first.
    var stack: [Int] = []
    /// Tab bar: the tabs and the selected one.
    var tabs: [Int] = []
    var selected: Int?
    /// Split: the columns (nil when a collapsed split moved or discarded them).
    var primary: Int?
    var supplementary: Int?
    var secondary: Int?
    /// Split with a compact column (column styles): the child shown instead of the columns
    /// while the split is collapsed.
    var compactChild: Int?
    var collapsed = false
    /// Split collapsed onto a navigation primary: how much of the primary's stack is its own.
    var ownDepth = 0
    /// Page: the current page instance and its index in the scene's `pages`.
    var page: Int?
    var pageIndex = 0
    /// Custom container: its children.
    var children: [Int] = []
    /// Children embedded by embed segues, in segue order.
    var embedded: [Int] = []

    // Presentation.
    /// The index of the layer this instance is the root of.
    var layer: Int?
    /// The index of the layer this instance presents.
    var presenting: Int?

    init(scene: Scene, name: String) {
        self.scene = scene
        self.name = name
    }

    var kind: SceneKind { scene.kind }
}

/// A presentation layer: layer 0 is the window's root, each presentation adds one.
struct Layer {
    var root: Int
    var presenter: Int?
    var source: Int?
    /// The style asked for (segue, step or destination), before `automatic` and adaptation.
    var requested: PresentationStyle
    var adaptive: AdaptivePresentationStyle?
    /// The resolved style.
    var style: PresentationStyle
    var transition: TransitionStyle
}
