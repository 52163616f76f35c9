import Diagrams
import DocSite
import Foundation
import SceneModel
import Simulator

/// Assembles what the docs need from the other modules: flow reports from the simulator, diagram sources from Diagrams.
struct DocsPipeline {
    let model: SceneModel
    let traces: [FlowTrace]

    /// Simulates every flow once.
    init(model: SceneModel) {
        self.model = model
        self.traces = Simulator(model: model).runAll(detail: .default).flows
    }

    func flowReports() -> [FlowReport] {
        zip(model.flows, traces).map { FlowReport(flow: $0, trace: $1) }
    }

    /// Every diagram of the docs, with links written as placeholders the site builder resolves per page.
    func diagramSources() -> [DiagramSource] {
        let prefix = DocSiteBuilder.rootPlaceholder + "scenes/"
        let suffix = "." + DocSiteBuilder.extensionPlaceholder
        var sources: [DiagramSource] = []
        sources.append(DiagramSource(name: "chains", dot: PossibleChainsDiagram(linkPrefix: prefix, linkSuffix: suffix).dot(for: model)))
        let diagrams = TraceDiagrams(model: model)
        for trace in traces {
            sources.append(DiagramSource(name: "flows/\(trace.flow)-sequence", dot: SequenceDiagram().dot(for: diagrams.sequenceScript(for: trace)), engine: "nop2"))
            sources.append(DiagramSource(name: "flows/\(trace.flow)-chains", dot: ChainFilmstrip().dot(for: diagrams.chainFrames(for: trace)), engine: "nop2"))
        }
        return sources
    }
}

enum GraphvizBridge {
    static func renderer() -> DiagramRenderer {
        DiagramRenderer(identifier: "none") { _, _, _ in [] }
    }
}
