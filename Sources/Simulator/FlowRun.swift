import SceneModel

/// A reason a step cannot happen; the runner attaches the step's position.
struct FlowFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// One flow being run: its world, and the events of the step being run. Pure: no I/O.
struct FlowRun {
    let model: SceneModel
    let detail: Detail
    var environment: Environment
    var conditions: [String: Bool]

    var world = World()

    /// What the step being run reports.
    var log: StepLog

    init(model: SceneModel, detail: Detail, environment: Environment, conditions: [String: Bool]) {
        self.model = model
        self.detail = detail
        self.log = StepLog(detail: detail)
        self.environment = environment
        self.conditions = conditions
    }

    var isFull: Bool { detail == .full }

    // MARK: - Events

    mutating func emit(_ receiver: Int, _ call: Call, argument: Event.Argument? = nil, segue: String? = nil,
                       destination: Int? = nil, result: Bool? = nil) {
        log.emit(receiver, call, in: world, argument: argument, segue: segue, destination: destination, result: result)
    }

    /// An event only reported at full detail.
    mutating func emitFull(_ receiver: Int, _ call: Call, argument: Int? = nil, segue: String? = nil) {
        log.emitFull(receiver, call, in: world, argument: argument, segue: segue)
    }

    /// `perform()` on the segue object `S.G` (the receiver is the segue, not an instance).
    mutating func emitPerform(_ segue: String) {
        log.emitPerform(segue)
    }

    /// Takes the step's events and warnings, reporting `deinit` for what the step destroyed.
    mutating func finishStep(reportDeinit: Bool) -> (events: [Event], warnings: [String]) {
        log.finishStep(reportingDeinit: reportDeinit, in: world)
    }

    // MARK: - Instances

    /// The live instance of `scene`, or a flow error.
    mutating func requireLive(_ scene: String, _ role: String) throws -> Int {
        guard model.scene(scene) != nil else { throw FlowFailure("\(role): unknown scene '\(scene)'") }
        guard let i = world.live(scene) else {
            let ever = world.hasCreated(scene)
            throw FlowFailure("\(role): no live instance of '\(scene)' (\(ever ? "every instance of it has been destroyed" : "it was never instantiated in this flow"))")
        }
        return i
    }

    var instantiator: Instantiator { Instantiator(model: model, environment: environment) }

    mutating func instantiate(_ sceneID: String) throws -> Int {
        try instantiator.instantiate(sceneID, in: &world, log: &log)
    }

    mutating func loadView(_ i: Int) throws {
        try instantiator.loadView(i, in: &world, log: &log)
    }

    /// Marks `i` and its descendants dead and queues their `deinit`, parents before children.
    mutating func destroy(_ i: Int) {
        log.destroy(i, in: &world)
    }

    func condition(_ name: String) -> Bool { conditions[name] ?? true }

    mutating func finishTransition(_ kind: Rules.TransitionKind, before: [Int], moves: Moves, incoming: Int?) throws {
        try Transition(kind, before: before, moves: moves, incoming: incoming)
            .report(in: &world, log: &log, environment: environment, loading: instantiator)
    }
}
