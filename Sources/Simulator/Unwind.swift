import SceneModel

extension FlowRun {
    // MARK: - Unwind (uikit-semantics §10)

    /// Finds the destination of unwind action `action` from `source` (§10.2): from the
    /// source, step to the parent or, at a layer root, to the presenter; at each step search
    /// the other children (navigation stacks top first, other containers in declared order,
    /// each child's children before the child), then the instance itself.
    func unwindDestination(for action: String, from source: Int) -> Int? {
        var current = source
        while true {
            let next: Int
            if let parent = instances[current].parent {
                next = parent
            } else if let layer = instances[current].layer, layer > 0, let presenter = layers[layer].presenter {
                next = presenter
            } else {
                return nil
            }
            for child in unwindChildren(of: next) where child != current {
                if let found = searchUnwind(action, in: child) { return found }
            }
            if instances[next].scene.implementsUnwind(action) { return next }
            current = next
        }
    }

    /// Children in unwind search order: a navigation stack from the top down, others as declared.
    private func unwindChildren(of i: Int) -> [Int] {
        if instances[i].kind == .navigation { return instances[i].stack.reversed() + instances[i].embedded }
        return children(of: i)
    }

    private func searchUnwind(_ action: String, in i: Int) -> Int? {
        for child in unwindChildren(of: i) {
            if let found = searchUnwind(action, in: child) { return found }
        }
        return instances[i].scene.implementsUnwind(action) ? i : nil
    }

    /// Runs an unwind segue after `shouldPerformSegue` (§10.3–4): `prepare(for:sender:)`, the
    /// destination's action, then one transition that dismisses every layer above the
    /// destination's, pops every navigation controller on its path back to it and selects
    /// the tabs on its path.
    mutating func unwind(_ segue: Segue, from source: Int) throws {
        guard let action = segue.action?.value else {
            throw FlowFailure("unwind segue '\(segue.qualifiedID)' names no action")
        }
        guard let destination = unwindDestination(for: action, from: source) else {
            warnings.append("No view controller to unwind to for \(action)(_:) from \(describe(source)): no view controller on its path implements it; nothing happens")
            return
        }
        emit(source, .prepare, segue: segue.qualifiedID, destination: destination)
        emit(destination, .unwindAction(action), segue: segue.qualifiedID)
        if isFull { emitPerform(segue.qualifiedID) }

        let before = visibleList()
        let destinationLayer = layerIndex(of: destination) ?? 0
        var dismissed: [Layer] = []
        if destinationLayer + 1 < layers.count {
            dismissed = Array(layers[(destinationLayer + 1)...])
            if let presenter = dismissed.first?.presenter { emitFull(presenter, .dismiss) }
            removeLayers(from: destinationLayer + 1)
        }
        var moves = Moves()
        var popped: [Int] = []
        var selectedTab: Int?
        let path = ancestry(of: destination)
        for (child, parent) in zip(path, path.dropFirst()) {
            switch instances[parent].kind {
            case .navigation:
                let stack = instances[parent].stack
                guard let position = stack.firstIndex(of: child), position < stack.count - 1 else { continue }
                emitFull(parent, .unwindTowards, argument: child)
                let removed = Array(stack[(position + 1)...].reversed())
                instances[parent].stack.removeLast(removed.count)
                noteStackShrank(parent)
                moves.removed.append(contentsOf: removed)
                popped.append(contentsOf: removed)
            case .tabBar:
                guard instances[parent].selected != child else { continue }
                emitFull(parent, .unwindTowards, argument: child)
                instances[parent].selected = child
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
