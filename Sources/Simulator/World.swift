import SceneModel

/// A reason a step cannot happen; the runner attaches the step's position.
struct FlowFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
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

/// Containment changes of one transition, for the `willMove`/`didMove` callbacks.
struct Moves {
    /// Instances leaving their container, in removal order (`willMove(toParent: nil)`).
    var removed: [Int] = []
    /// Instances joining a container (`willMove(toParent: parent)`).
    var added: [(child: Int, parent: Int)] = []
    /// The added instances that leave another container to join (a split collapsing or
    /// expanding): `addChild(_:)` first removes them from their old parent, and
    /// `removeFromParent()` calls `didMove(toParent: nil)` (both documented; M).
    var moved: [Int] = []

    var isEmpty: Bool { removed.isEmpty && added.isEmpty }
}

extension FlowRun {
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
    func frontLayer() -> Layer? {
        let shown = shownLayers()
        return layers.indices.last { shown[$0] }.map { layers[$0] }
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
