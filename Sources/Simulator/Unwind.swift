import SceneModel

/// The search for an unwind segue's destination (uikit-semantics §10.2): a pure function of
/// the world, which it only reads.
struct UnwindSearch {
    let world: World

    /// The destination of unwind action `action` from `source`: from the source, step to the
    /// parent or, at a layer root, to the presenter; at each step search the other children
    /// (navigation stacks top first, other containers in declared order, each child's
    /// children before the child), then the instance itself.
    func destination(for action: String, from source: Int) -> Int? {
        var current = source
        while true {
            let next: Int
            if let parent = world.instances[current].parent {
                next = parent
            } else if let layer = world.instances[current].layer, layer > 0, let presenter = world.layers[layer].presenter {
                next = presenter
            } else {
                return nil
            }
            for child in searchOrder(of: next) where child != current {
                if let found = search(action, in: child) { return found }
            }
            if world.instances[next].scene.implementsUnwind(action) { return next }
            current = next
        }
    }

    /// Children in unwind search order: a navigation stack from the top down, others as declared.
    private func searchOrder(of i: Int) -> [Int] {
        if world.instances[i].kind == .navigation { return world.instances[i].stack.reversed() + world.instances[i].embedded }
        return world.children(of: i)
    }

    private func search(_ action: String, in i: Int) -> Int? {
        for child in searchOrder(of: i) {
            if let found = search(action, in: child) { return found }
        }
        return world.instances[i].scene.implementsUnwind(action) ? i : nil
    }
}

extension FlowRun {
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
        if isFull { emitPerform(segue.qualifiedID) }

        let before = world.visibleList()
        let destinationLayer = world.layerIndex(of: destination) ?? 0
        var dismissed: [Layer] = []
        if destinationLayer + 1 < world.layers.count {
            dismissed = Array(world.layers[(destinationLayer + 1)...])
            if let presenter = dismissed.first?.presenter { emitFull(presenter, .dismiss) }
            world.removeLayers(from: destinationLayer + 1)
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
        try finishTransition(kind, before: before, moves: moves, incoming: selectedTab)
        for layer in dismissed { destroy(layer.root) }
        for i in popped { destroy(i) }
    }
}
