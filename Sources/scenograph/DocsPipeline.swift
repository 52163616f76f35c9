import DocSite
import Foundation
import SceneModel

/// Assembles what the docs need from the other modules: flow reports from the simulator, diagram sources from Diagrams.
struct DocsPipeline {
    let model: SceneModel

    func flowReports() -> [FlowReport] {
        []
    }

    func diagramSources() throws -> [DiagramSource] {
        []
    }
}

enum GraphvizBridge {
    static func renderer() -> DiagramRenderer {
        DiagramRenderer(identifier: "none") { _, _, _ in [] }
    }
}
