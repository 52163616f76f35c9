import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing

/// The compact-column app of the storyboard fixtures (`Tests/ModelLoadingTests/Fixtures/Apps/Compact`): imported
/// from its storyboard, its iPhone flows start on the tab bar of the compact column, its iPad flow on the columns.
@Suite struct StoryboardCompactColumnFlowTests {
    static let model = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ModelLoadingTests/Fixtures/Apps/Compact/App.yaml").path

    @Test func flowsOfTheImportedAppPass() throws {
        let loaded = ModelLoader().load(path: Self.model)
        let model = try #require(loaded.model, "\(loaded.diagnostics.map(\.description))")
        let trace = Simulator(model: model).runAll()
        #expect(trace.flows.map(\.flow) == ["iphone-starts-on-the-tab-bar", "ipad-shows-the-columns", "growing-to-regular-width"])
        for flow in trace.flows {
            #expect(flow.result == .passed, "\(flow.flow): \(flow.failures.map(\.1.message)) \(flow.errorStep?.error?.message ?? "")")
        }
        // At launch in compact width the sidebar's view is never loaded: the tab bar is the interface.
        let launch = try #require(trace.flows.first?.steps.first)
        #expect(!launch.events.contains { $0.receiver == "SidebarViewController" && $0.call == "viewDidLoad()" })
        #expect(launch.events.contains { $0.receiver == "HomeViewController" && $0.call == "viewDidAppear(_:)" })
    }
}
