import ArgumentParser
import Diagrams
import DocSite
import Foundation
import Graphviz
import ModelLoading
import SceneModel
import Simulator

struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure each stage on a generated model and print the figures.",
        discussion: """
            Generates a model of TABS tab bar tabs, each a navigation stack DEPTH scenes deep with an editor \
            sheet per scene, and FLOWS flows of STEPS steps walking it. Times loading, simulating, building DOT, \
            rendering with Graphviz and templating the docs, then a single flow of --long-flow steps and the \
            sequence diagram of a trace of about --events events. Reports peak memory. Nothing is written to disk.
            """
    )

    @Option(help: "Tabs of the generated model.") var tabs = 4
    @Option(help: "Depth of each tab's navigation stack.") var depth = 8
    @Option(help: "Number of flows.") var flows = 20
    @Option(help: "Steps per flow.") var steps = 50
    @Option(help: "Every N-th scene also shows a scene of the next tab (0: none).") var crossLinks = 0
    @Option(help: "Steps of the single long flow (linear-time check).") var longFlow = 10_000
    @Option(help: "Events of the trace whose sequence diagram is rendered.") var events = 1_000
    @Option(help: ArgumentHelp("Write the generated model (YAML) to FILE and stop, to run other commands on it.",
                               valueName: "file"))
    var writeModel: String?

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
        if let writeModel {
            do {
                try AtomicFile.write(Array(yaml.utf8), to: writeModel)
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
            return
        }
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
            let inside = seconds(after.total.graphviz) - seconds(before.total.graphviz)
            return "\(sources.count) renders, \(String(format: "%.3f", inside)) s inside Graphviz"
        })
        let reports = zip(model.flows, trace.flows).map { FlowReport(flow: $0, trace: $1) }
        let loaded = TemplateSet.load()
        if let templates = loaded.templates {
            let builder = DocSiteBuilder(templates: templates, renderer: DiagramRenderer(identifier: "benchmark") { _, _, _ in Array("<svg/>".utf8) },
                                         cache: DiagramCache(directory: nil))
            _ = try measure("template the docs (Markdown + HTML)", {
                try builder.build(model: model, warnings: result.diagnostics, flows: reports,
                                  diagrams: zip(catalogue.entries, sources).map { entry, source in DocsPipeline.source(entry) { _ in source.1 } })
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
                let inside = seconds(GraphvizRenderer.statistics.total.graphviz) - seconds(start.total.graphviz)
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

    private func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
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
