import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing

/// Long generated flows: correctness at any length. Their speed is measured by
/// `scenograph benchmark` (`make benchmark`), not asserted here.
@Suite struct LongFlowTests {
    static let model = """
        format: 1
        name: Long
        initial: Tab
        scenes:
          Tab: {kind: tabBar, tabs: [Nav1, Nav2, Split]}
          Nav1: {kind: navigation, root: A}
          A:
            unwindActions: [toA]
            segues:
              toB: {kind: show, to: B, trigger: Next}
              sheet: {kind: present, to: S, trigger: Sheet}
              full: {kind: present, to: F, trigger: Full, modalPresentationStyle: fullScreen}
          B:
            segues:
              home: {kind: unwind, action: toA, trigger: Home}
          S: {}
          F: {}
          Nav2: {kind: navigation, root: X}
          X: {}
          Split: {kind: split, primary: NavM, secondary: D}
          NavM: {kind: navigation, root: M}
          M: {}
          D: {}
        """

    /// A cycle of 16 steps that leaves the app as it found it.
    static let cycle: [StepAction] = [
        .tap(SegueReference(scene: "A", segue: "toB")),
        .back,
        .tap(SegueReference(scene: "A", segue: "sheet")),
        .swipeDown,
        .tap(SegueReference(scene: "A", segue: "full")),
        .dismiss(Located("F")),
        .push(Located("B"), onto: nil),
        .tap(SegueReference(scene: "B", segue: "home")),
        .selectTab(Located("Nav2")),
        .selectTab(Located("Split")),
        .environment(EnvironmentChange(width: Located(.regular))),
        .environment(EnvironmentChange(width: Located(.compact))),
        .selectTab(Located("Nav1")),
        .push(Located("B"), onto: Located("Nav1")),
        .popToRoot(Located("Nav1")),
        .note("end of cycle"),
    ]

    static func flow(steps count: Int) -> Flow {
        let steps = (0..<count).map { Step(cycle[$0 % cycle.count]) }
        return Flow(id: "long", steps: steps)
    }

    static func loadModel() throws -> SceneModel {
        try #require(ModelLoader().load(text: model, path: "Long.yaml").model)
    }

    @Test func aLongFlowKeepsNamingAndDestroyingInstances() throws {
        let trace = Simulator(model: try Self.loadModel()).run(Self.flow(steps: 1_600))
        #expect(trace.result == .passed, "\(trace.errorStep?.error?.message ?? "")")
        #expect(trace.steps.count == 1_601)
        // 100 cycles, each creating B three times.
        #expect(trace.steps[1_599].events.contains { $0.receiver == "B#300" && $0.call == "deinit" })
        #expect(trace.steps.last?.state == trace.steps[16].state)
        #expect(trace.steps.last.map { summary($0.state) } == "chain Tab | visible A | Tab[Nav1*,Nav2,Split] Nav1[A] Nav2[X] Split[NavM]collapsed NavM[M,D]")
    }

    /// A container with thousands of children: each appears once, in order, after the container (the visible list
    /// is recomputed only when a load embeds something, not once per child).
    @Test func aWideContainerLaunchesEveryChildOnce() throws {
        let children = (0..<3_000).map { "c\($0)" }
        let scenes = "Box: {kind: container, children: [\(children.joined(separator: ", "))]}\n" + children.map { "\($0): {}" }.joined(separator: "\n")
        let trace = try simulate(initial: "Box", scenes: scenes, steps: "- expect: {visible: c2999}")
        #expect(trace.result == .passed, "\(trace.failures.map(\.failure.message))")
        let appeared = trace.steps[0].events.filter { $0.call == "viewWillAppear(_:)" }.map(\.receiver)
        #expect(appeared == ["Box"] + children)
        #expect(trace.steps[0].events.filter { $0.call == "viewDidAppear(_:)" }.map(\.receiver) == ["Box"] + children)
    }
}
