import ArgumentParser
import Diagrams
import DocSite
import Foundation
import Graphviz
import ModelLoading
import SceneModel
import Simulator

/// `benchmark --stages`: each stage of the docs timed in this process on a generated model, then the simulation of
/// a long flow (linear time) and the sequence diagram of a long trace. Nothing is written to disk.
struct StageBenchmark {
    let tabs: Int
    let depth: Int
    let flows: Int
    let steps: Int
    let crossLinks: Int
    let longFlow: Int
    let events: Int

    struct Row {
        var stage: String
        var seconds: Double
        var detail: String
    }

    func run() throws {
        var rows: [Row] = []
        func measure<T>(_ stage: String, _ body: () throws -> T, detail: (T) -> String) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            let value = try body()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            rows.append(Row(stage: stage, seconds: seconds, detail: detail(value)))
            return value
        }

        let yaml = SyntheticModel(tabs: tabs, depth: depth, flows: flows, stepsPerFlow: steps, crossLinks: crossLinks).yaml()
        let result = measure("load + validate", { ModelLoader().load(text: yaml, path: "synthetic.yaml") },
                             detail: { "\(yaml.utf8.count / 1024) KiB of YAML, \($0.model?.scenes.count ?? 0) scenes, \($0.diagnostics.count) diagnostics" })
        guard let model = result.model else {
            Terminal.report(result.diagnostics)
            throw ExitCode(1)
        }
        let trace = measure("simulate all flows", { Simulator(model: model).runAll() },
                            detail: { "\($0.flows.count) flows, \($0.flows.reduce(0) { $0 + $1.steps.count }) steps, \($0.flows.reduce(0) { $0 + $1.steps.reduce(0) { $0 + $1.events.count } }) events, \($0.flows.filter { $0.result != .passed }.count) not passed" })
        let catalogue = DiagramCatalogue(model: model, traces: trace.flows)
        let sources = measure("build DOT (Markdown links)", { () -> [(String, String)] in
            catalogue.entries.map { ($0.engine.rawValue, $0.dot(pageExtension: "md")) }
        }, detail: { "\($0.count) diagrams, \($0.reduce(0) { $0 + $1.1.utf8.count } / 1024) KiB of DOT" })
        let renderer = GraphvizRenderer()
        let before = GraphvizRenderer.statistics
        try measure("render with Graphviz (SVG)", {
            for (engine, dot) in sources {
                _ = try renderer.render(dot: dot, engine: .init(rawValue: engine), format: .svg)
            }
        }, detail: { _ in
            let after = GraphvizRenderer.statistics
            let inside = RunStatistics.seconds(after.total.graphviz) - RunStatistics.seconds(before.total.graphviz)
            return "\(sources.count) renders, \(String(format: "%.3f", inside)) s inside Graphviz"
        })
        let reports = zip(model.flows, trace.flows).map { FlowReport(flow: $0, trace: $1) }
        let loaded = TemplateSet.load()
        if let templates = loaded.templates {
            let builder = DocSiteBuilder(templates: templates, renderer: DiagramRenderer(identifier: "benchmark") { _, _, _ in Array("<svg/>".utf8) },
                                         cache: DiagramCache(directory: nil))
            _ = try measure("template the docs (Markdown + HTML)", {
                try builder.build(model: model, warnings: result.diagnostics, flows: reports,
                                  diagrams: zip(catalogue.entries, sources).map { entry, source in DocsPipeline.source(entry) { $0.map { _ in Array(source.1.utf8) } } })
            }, detail: { "\($0.files.count) files, \($0.files.reduce(0) { $0 + $1.contents.count } / 1024) KiB" })
        }

        // Linear time: one long flow.
        let longYAML = SyntheticModel(tabs: 1, depth: depth, flows: 1, stepsPerFlow: longFlow).yaml()
        if let longModel = ModelLoader().load(text: longYAML, path: "long.yaml").model, let flow = longModel.flows.first {
            let tenth = Flow(id: "tenth", steps: Array(flow.steps.prefix(flow.steps.count / 10)))
            _ = measure("simulate a \(tenth.steps.count)-step flow", { Simulator(model: longModel).run(tenth) }, detail: { "\($0.steps.count) steps" })
            _ = measure("simulate a \(flow.steps.count)-step flow", { Simulator(model: longModel).run(flow) }, detail: { "\($0.steps.count) steps" })
        }

        // A long trace's sequence diagram.
        let eventYAML = SyntheticModel(tabs: 1, depth: depth, flows: 1, stepsPerFlow: max(1, events / 9)).yaml()
        if let eventModel = ModelLoader().load(text: eventYAML, path: "events.yaml").model, let flow = eventModel.flows.first {
            let flowTrace = Simulator(model: eventModel).run(flow)
            let count = flowTrace.steps.reduce(0) { $0 + $1.events.count }
            let dot = measure("sequence DOT of a \(count)-event trace", { SequenceDiagram().dot(for: TraceDiagrams(model: eventModel).sequenceScript(for: flowTrace)) },
                              detail: { "\($0.utf8.count / 1024) KiB" })
            let start = GraphvizRenderer.statistics
            _ = try measure("render it (nop2, SVG)", { try renderer.render(dot: dot, engine: .nop2, format: .svg) }, detail: { bytes in
                let inside = RunStatistics.seconds(GraphvizRenderer.statistics.total.graphviz) - RunStatistics.seconds(start.total.graphviz)
                return "\(bytes.count / 1024) KiB of SVG, \(String(format: "%.3f", inside)) s inside Graphviz"
            })
        }

        let width = rows.map(\.stage.count).max() ?? 10
        Terminal.out("stage".padding(toLength: width, withPad: " ", startingAt: 0) + "   seconds   detail")
        for row in rows {
            Terminal.out(row.stage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(format: "%8.3f", row.seconds) + "   " + row.detail)
        }
        Terminal.out("peak memory: \(peakMemoryMiB()) MiB")
    }

    /// Peak resident memory of this process.
    private func peakMemoryMiB() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if os(macOS)
        return Int(usage.ru_maxrss) / (1024 * 1024)
        #else
        return Int(usage.ru_maxrss) / 1024
        #endif
    }
}
