import Diagrams
import DocSite
import Foundation
import Graphviz
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
        var sources: [DiagramSource] = []
        let links = DocumentLinks(prefix: DocSiteBuilder.rootPlaceholder, fileExtension: DocSiteBuilder.extensionPlaceholder)
        sources.append(DiagramSource(name: "segues", dot: SegueGraph(model: model, options: .init(links: links)).dot))
        for scene in model.scenes {
            let options = SegueGraph.Options(links: links, showsLegend: false, title: "Neighbourhood of \(scene.id)")
            sources.append(DiagramSource(name: "scenes/\(scene.id)-neighbourhood", dot: SegueGraph(model: model.neighbourhood(of: scene.id), options: options).dot))
        }
        sources.append(DiagramSource(name: "chains", dot: PossibleChainsDiagram(links: links).dot(for: model)))
        let diagrams = TraceDiagrams(model: model)
        for trace in traces {
            sources.append(DiagramSource(name: "flows/\(trace.flow)-sequence", dot: SequenceDiagram().dot(for: diagrams.sequenceScript(for: trace)), engine: "nop2"))
            sources.append(DiagramSource(name: "flows/\(trace.flow)-chains", dot: ChainFilmstrip().dot(for: diagrams.chainFrames(for: trace)), engine: "nop2"))
        }
        return sources
    }
}

/// Renders through the in-process Graphviz binding; its identifier is part of the cache key.
enum GraphvizBridge {
    static func renderer() -> DiagramRenderer {
        DiagramRenderer(identifier: GraphvizRenderer.identifier) { dot, engine, format in
            try GraphvizRenderer().render(dot: dot, engine: .init(rawValue: engine), format: .init(rawValue: format))
        }
    }
}
