import SceneModel

/// What the step being run reports: its events at the trace's detail, its UIKit warnings,
/// and the instances it destroyed (whose `deinit` ends the step).
struct StepLog {
    let detail: Detail
    private(set) var events: [Event] = []
    private(set) var warnings: [String] = []
    /// Instances destroyed by the step, in `deinit` order.
    private(set) var doomed: [Int] = []

    init(detail: Detail) {
        self.detail = detail
    }

    var isFull: Bool { detail == .full }

    /// Reports `call` on instance `receiver`; instances are named as `world` names them.
    mutating func emit(_ receiver: Int, _ call: Call, in world: World, argument: Event.Argument? = nil, segue: String? = nil,
                       destination: Int? = nil, result: Bool? = nil) {
        events.append(Event(receiver: world.name(receiver), call: call.signature, kind: call.kind, argument: argument,
                            segue: segue, destination: destination.map(world.name), result: result))
    }

    /// An event only reported at full detail.
    mutating func emitFull(_ receiver: Int, _ call: Call, in world: World, argument: Int? = nil, segue: String? = nil) {
        guard isFull else { return }
        emit(receiver, call, in: world, argument: argument.map { .instance(world.name($0)) }, segue: segue)
    }

    /// `perform()` on the segue object `S.G` (the receiver is the segue, not an instance).
    mutating func emitPerform(_ segue: String) {
        events.append(Event(receiver: segue, call: Call.perform.signature, kind: Call.perform.kind))
    }

    /// A UIKit warning: a call UIKit rejects without changing anything.
    mutating func warn(_ message: String) {
        warnings.append(message)
    }

    /// Destroys `i` and its descendants in `world`, queuing their `deinit`, parents before children.
    mutating func destroy(_ i: Int, in world: inout World) {
        doomed += world.destroy(i)
    }

    /// Takes the step's events and warnings, reporting `deinit` for what the step destroyed
    /// when `reportingDeinit`, and starts the next step.
    mutating func finishStep(reportingDeinit: Bool, in world: World) -> (events: [Event], warnings: [String]) {
        if reportingDeinit {
            for i in doomed { emit(i, .deinitialize, in: world) }
        }
        defer {
            events = []
            warnings = []
            doomed = []
        }
        return (events, warnings)
    }
}
