@testable import DocSite
import Diagrams
import Foundation
import ModelLoading
import SceneModel
import Simulator
import XCTest

/// The data every template receives for the bundled example, as golden files: a change to a context shows in the
/// diff of `Tests/DocSiteTests/Golden/`. Regenerate with `SCENOGRAPH_UPDATE_GOLDEN=1` and review it.
final class TemplateContextGoldenTests: XCTestCase {
    private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    private func contexts(_ pageExtension: String) throws -> (PageContexts, SceneModel, [FlowReport]) {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        let traces = Simulator(model: model).runAll().flows
        let reports = zip(model.flows, traces).map { FlowReport(flow: $0, trace: $1) }
        var contexts = PageContexts(model: model, warnings: [], flows: reports, pageExtension: pageExtension)
        contexts.legend = DiagramStyle.legendRows.map {
            LegendRow(kind: $0.kind, name: $0.name, color: $0.style.color, drawnAs: $0.style.description, meaning: $0.meaning)
        }
        return (contexts, model, reports)
    }

    private func check(_ value: Any, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        if let problem = Golden.mismatch(Golden.json(value) + "\n", Self.golden.appendingPathComponent(name)) {
            XCTFail(problem, file: file, line: line)
        }
    }

    /// A context with its `nav` (built when a template reads it) spelled out as templates see it.
    private func expanded(_ context: [String: Any]) -> [String: Any] {
        var context = context
        if let nav = context["nav"] as? NavigationContext {
            context["nav"] = ["scenes": nav.child(named: "scenes") as Any, "flows": nav.child(named: "flows") as Any] as [String: Any]
        }
        return context
    }

    func testIndexContext() throws {
        let (contexts, _, _) = try contexts("md")
        check(expanded(contexts.index(diagrams: [:])), "context-index.md.json")
    }

    func testSceneContexts() throws {
        let (contexts, model, _) = try contexts("md")
        var all: [String: Any] = [:]
        // The navigation every page carries is checked once, in the index's golden file.
        for scene in model.scenes { all[scene.id] = contexts.scene(scene, diagrams: [:]).filter { $0.key != "nav" } }
        check(all, "context-scenes.md.json")
    }

    func testFlowContexts() throws {
        let (contexts, _, reports) = try contexts("md")
        var all: [String: Any] = [:]
        for report in reports { all[report.flow.id] = contexts.flow(report, diagrams: [:]).filter { $0.key != "nav" } }
        check(all, "context-flows.md.json")
    }

    /// The HTML pages get the same data but for links and the summaries' HTML: one page of each kind.
    func testHTMLContextsDifferOnlyInLinksAndHTML() throws {
        let (contexts, model, reports) = try contexts("html")
        let scene = try XCTUnwrap(model.scene("library"))
        let flow = try XCTUnwrap(reports.first { $0.flow.id == "share-a-photo" })
        check(["index": expanded(contexts.index(diagrams: [:])), "scene library": contexts.scene(scene, diagrams: [:]).filter { $0.key != "nav" },
               "flow share-a-photo": contexts.flow(flow, diagrams: [:]).filter { $0.key != "nav" }], "context-samples.html.json")
    }
}
