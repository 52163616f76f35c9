import SceneModel

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

/// One transition whose state change has been applied to the world (uikit-semantics §2): it
/// compares the visible set before and after the change and reports the callbacks of the
/// disappearing and appearing instances in the order of its kind.
struct Transition {
    let kind: Rules.TransitionKind
    /// The visible set before the change, in appearance order.
    let before: [Int]
    var moves: Moves
    /// The instance the transition brings in: its view is loaded before the appearance
    /// callbacks when it ends up visible.
    var incoming: Int?

    init(_ kind: Rules.TransitionKind, before: [Int], moves: Moves = Moves(), incoming: Int? = nil) {
        self.kind = kind
        self.before = before
        self.moves = moves
        self.incoming = incoming
    }

    /// Reports the transition: containment `willMove` callbacks, the incoming instance's view
    /// loading, the appearance phases in the transition's order, then the `didMove`
    /// callbacks. Views that appear for the first time are loaded by `instantiator`, which
    /// can add embedded children to `world`; `environment` decides the full-detail callbacks.
    func report(in world: inout World, log: inout StepLog, environment: Environment, loading instantiator: Instantiator) throws {
        for removed in moves.removed {
            log.emit(removed, .willMove, in: world, argument: .null)
        }
        for added in moves.added {
            if moves.moved.contains(added.child) { log.emit(added.child, .didMove, in: world, argument: .null) }
            log.emit(added.child, .willMove, in: world, argument: .instance(world.name(added.parent)))
        }
        let beforeSet = Set(before)
        var after = world.visibleList()
        if let incoming, !world.instances[incoming].viewLoaded, after.contains(incoming) {
            try instantiator.loadView(incoming, in: &world, log: &log)
            after = world.visibleList()
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
                for i in disappearing { log.emit(i, .viewWillDisappear, in: world) }
                willPhases += 1
            case .appearingWill:
                var k = 0
                while k < appearing.count {
                    let i = appearing[k]
                    if !world.instances[i].viewLoaded {
                        // A first appearance loads right before its own viewWillAppear; loading
                        // can embed children, which then appear after it.
                        let instancesBefore = world.instances.count, embeddedBefore = world.instances[i].embedded
                        try instantiator.loadView(i, in: &world, log: &log)
                        // Only what the load embedded can change what appears: the rest of the list stands (a
                        // container of 5,000 children recomputed it for each, 5.9 s).
                        if world.instances.count != instancesBefore || world.instances[i].embedded != embeddedBefore {
                            appearing = world.visibleList().filter { !beforeSet.contains($0) }
                            k = appearing.firstIndex(of: i) ?? k
                        }
                    }
                    log.emit(i, .viewWillAppear, in: world)
                    k += 1
                }
                willPhases += 1
            case .disappearingDid:
                for i in disappearing { log.emit(i, .viewDidDisappear, in: world) }
            case .appearingDid:
                for i in appearing { log.emit(i, .viewDidAppear, in: world) }
            }
            if log.isFull, !laidOut, willPhases == willPhaseCount {
                // Full detail: once every will-phase is over, the appearing views are in the
                // hierarchy and laid out (L: placement).
                laidOut = true
                for i in appearing {
                    if Rules.reportsViewIsAppearing(ios: environment.ios) { log.emitFull(i, .viewIsAppearing, in: world) }
                    log.emitFull(i, .viewWillLayoutSubviews, in: world)
                    log.emitFull(i, .viewDidLayoutSubviews, in: world)
                }
            }
        }
        for removed in moves.removed {
            log.emit(removed, .didMove, in: world, argument: .null)
        }
        for added in moves.added {
            log.emit(added.child, .didMove, in: world, argument: .instance(world.name(added.parent)))
        }
    }
}
