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
