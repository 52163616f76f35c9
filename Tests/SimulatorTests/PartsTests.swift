import ModelLoading
import SceneModel
@testable import Simulator
import Testing

/// The simulator's parts on their own, without a flow: the world, the instantiator and a
/// transition, each a value that can be copied and driven directly.
@Suite struct PartsTests {
    /// Validation's list of the calls events may name is the simulator's.
    @Test func eventCallsAreTheSimulatorsSignatures() {
        #expect(Set(Call.named.map(\.signature)) == Set(EventCalls.signatures))
        #expect(Call.named.count == EventCalls.signatures.count)
    }

    static let yaml = """
        format: 1
        name: Parts
        initial: Nav
        scenes:
          Nav: {kind: navigation, root: A}
          A: {}
          B: {}
        """

    /// A world with `Nav` launched (A visible) and a new, unloaded instance of B.
    static func launched() throws -> (world: World, log: StepLog, instantiator: Instantiator, nav: Int, b: Int) {
        let model = try #require(ModelLoader().load(text: yaml, path: "Parts.yaml").model)
        let instantiator = Instantiator(model: model, environment: model.environment)
        var world = World()
        var log = StepLog(detail: .default)
        let nav = try instantiator.instantiate("Nav", in: &world, log: &log)
        world.layers = [Layer(root: nav, presenter: nil, source: nil, requested: .fullScreen, adaptive: nil,
                              style: .fullScreen, transition: .coverVertical)]
        world.instances[nav].layer = 0
        try Transition(.launch, before: [], incoming: nav).report(in: &world, log: &log, environment: model.environment, loading: instantiator)
        let b = try instantiator.instantiate("B", in: &world, log: &log)
        _ = log.finishStep(reportingDeinit: true, in: world)
        return (world, log, instantiator, nav, b)
    }

    @Test func oneChangeReportedAsTwoKindsOfTransitionFollowsEachKindsPhases() throws {
        let start = try Self.launched()
        var changed = start.world
        let before = changed.visibleList()
        changed.instances[start.b].parent = start.nav
        changed.instances[start.nav].stack.append(start.b)
        func report(_ kind: Rules.TransitionKind) throws -> [String] {
            var world = changed
            var log = start.log
            try Transition(kind, before: before, moves: Moves(added: [(start.b, start.nav)]), incoming: start.b)
                .report(in: &world, log: &log, environment: start.instantiator.environment, loading: start.instantiator)
            #expect(world.instances[start.b].viewLoaded)
            return log.finishStep(reportingDeinit: true, in: world).events.map(\.text)
        }
        let head = ["B: willMove(toParent:)", "B: viewDidLoad()"]
        let tail = ["B: didMove(toParent:)"]
        #expect(try report(.navigation) == head + ["A: viewWillDisappear(_:)", "B: viewWillAppear(_:)",
                                                   "A: viewDidDisappear(_:)", "B: viewDidAppear(_:)"] + tail)
        #expect(try report(.presentation) == head + ["A: viewWillDisappear(_:)", "B: viewWillAppear(_:)",
                                                     "B: viewDidAppear(_:)", "A: viewDidDisappear(_:)"] + tail)
        // The world the transitions started from is a separate value: B is still unloaded there.
        #expect(!changed.instances[start.b].viewLoaded)
    }

    @Test func destroyingMarksTheSubtreeDeadParentsFirstAndLiveSkipsTheDead() throws {
        let start = try Self.launched()
        var world = start.world
        let a = try #require(world.instances[start.nav].stack.first)
        let initialA = world.live("A")
        #expect(initialA == a)
        let first = world.destroy(start.nav)
        let second = world.destroy(start.nav)
        #expect(first == [start.nav, a])
        #expect(second.isEmpty)
        let liveA = world.live("A")
        #expect(liveA == nil)
        #expect(world.hasCreated("A"))
        let liveB = world.live("B")
        #expect(liveB == start.b)
    }
}
