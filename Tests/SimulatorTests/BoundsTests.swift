import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing

/// Issue 15: hostile models stay bounded. Their cost is measured by `simulate` on a release
/// build (docs/semantics.md, "Bounds"), not asserted here.
@Suite struct BoundsTests {
    /// Two full-screen scenes presenting each other, `steps` times.
    static func presentationCycle(steps: Int) -> String {
        var lines = ["format: 1", "name: Cycle", "initial: A", "scenes:",
                     "  A: {modalPresentationStyle: fullScreen, segues: {toB: {kind: present, to: B, trigger: Next}}}",
                     "  B: {modalPresentationStyle: fullScreen, segues: {toA: {kind: present, to: A, trigger: Next}}}",
                     "flows:", "  f:", "    steps:"]
        for i in 0..<steps { lines.append(i % 2 == 0 ? "      - tap: A.toB" : "      - tap: B.toA") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A chain of `depth` containment links: `C0` holds `C1` … holds `C<depth>` (a content scene).
    static func deepContainment(depth: Int) -> String {
        var lines = ["format: 1", "name: Deep", "initial: C0", "scenes:"]
        for level in 0..<depth {
            lines.append(level % 2 == 0 ? "  C\(level): {kind: container, children: [C\(level + 1)]}"
                                        : "  C\(level): {segues: {inner: {kind: embed, to: C\(level + 1)}}}")
        }
        lines.append("  C\(depth): {}")
        lines += ["flows:", "  f:", "    steps:", "      - note: launched"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aPresentationCycleStopsAtTheCeilingWithThePositionOfTheStep() throws {
        let limit = Rules.maximumPresentedViewControllers
        let text = Self.presentationCycle(steps: limit + 5)
        let model = try #require(ModelLoader().load(text: text, path: "Cycle.yaml").model)
        let flow = try #require(model.flow("f"))
        let trace = Simulator(model: model).run(flow)
        #expect(trace.result == .error)
        // Launch + `limit` presentations; the next one is refused and the flow stops there.
        #expect(trace.steps.count == limit + 2)
        #expect(trace.steps[limit].state.chain.count == limit + 1)
        let error = try #require(trace.errorStep?.error)
        #expect(error.location.description == "Cycle.yaml:\(10 + limit):9")
        #expect(error.message.hasPrefix("presenting 'B#501' would make more than 1000 view controllers presented at once"))
        let diagnostics = FlowDiagnostics.diagnostics(for: trace, of: flow)
        #expect(diagnostics.map(\.description) == [
            "Cycle.yaml:\(10 + limit):9: error: flow 'f' step \(limit + 1) (tap: A.toB): \(error.message) [flow-error]",
        ])
    }

    @Test func aPushCycleStopsAtTheStackCeiling() throws {
        let limit = Rules.maximumStackDepth
        var lines = ["format: 1", "name: Push", "initial: Nav", "scenes:", "  Nav: {kind: navigation, root: A}", "  A: {}",
                     "flows:", "  f:", "    steps:"]
        lines += Array(repeating: "      - push: A", count: limit)
        let model = try #require(ModelLoader().load(text: lines.joined(separator: "\n") + "\n", path: "Push.yaml").model)
        let trace = Simulator(model: model).runAll().flows[0]
        #expect(trace.result == .error)
        #expect(trace.steps[limit - 1].state.container("Nav")?.children.count == limit)
        #expect(trace.errorStep?.error?.message.contains("more than \(limit) view controllers on 'Nav'") == true)
        #expect(trace.errorStep?.index == limit)
    }

    @Test func containmentAtTheLimitValidatesAndSimulates() throws {
        let result = ModelLoader().load(text: Self.deepContainment(depth: SceneModel.maximumContainmentDepth), path: "Deep.yaml")
        #expect(result.diagnostics.filter(\.isError).isEmpty, "\(result.diagnostics.map(\.description))")
        let model = try #require(result.model)
        let trace = Simulator(model: model).runAll().flows[0]
        #expect(trace.result == .passed, "\(trace.errorStep?.error?.message ?? "")")
        #expect(trace.steps[0].events.contains { $0.receiver == "C\(SceneModel.maximumContainmentDepth)" && $0.call == "viewDidLoad()" })
    }

    @Test func containmentPastTheLimitIsAValidationErrorAtTheLinkTooDeep() throws {
        let depth = SceneModel.maximumContainmentDepth + 400
        let text = Self.deepContainment(depth: depth)
        let result = ModelLoader().load(text: text, path: "Deep.yaml")
        let errors = result.diagnostics.filter(\.isError)
        #expect(errors.count == 1)
        let limit = SceneModel.maximumContainmentDepth
        // The link from C<limit> to C<limit+1> is on line 5 + limit.
        #expect(errors.first?.location.line == 5 + limit)
        #expect(errors.first?.message.hasPrefix("containment nests \(depth) levels deep, more than the limit of \(limit): 'C\(limit + 1)' is at level \(limit + 1) (C0 → C1 → C2 → … →") == true)
    }
}
