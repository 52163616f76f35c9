import ArgumentParser
import Diagrams
import DocSite
import Foundation
import Graphviz
import SceneModel
import Simulator

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one diagram of a model.",
        discussion: """
            Writes the diagram to standard output, or to FILE with -o. The file is written \
            whole or not at all: a failed render leaves an existing FILE untouched. A flow's diagram \
            is written even when the flow fails or stops, which it shows; its failures are then reported \
            as simulate reports them and the status is 1. \
            The segue graph shows every scene (containers as boxes around their children) \
            and every segue, one line style per kind. --format dot writes the DOT source \
            before layout, for reading or for running Graphviz yourself. --format mermaid writes the segue \
            graph as a Mermaid flowchart and a flow's sequence diagram as a Mermaid sequenceDiagram, for \
            Markdown that GitHub renders (docs/review.md says what Mermaid cannot show).
            """
    )

    enum Diagram: String, ExpressibleByArgument, CaseIterable {
        case segues, chains, sequence
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, pdf, dot, mermaid

        /// The extension of a file of this format.
        var fileExtension: String { self == .mermaid ? "mmd" : rawValue }

        /// The format a file name's extension names (`.gv` is DOT, `.mmd` Mermaid), if any.
        init?(extensionOf path: String) {
            let suffix = (path as NSString).pathExtension.lowercased()
            switch suffix {
            case "gv": self = .dot
            case "mmd": self = .mermaid
            default: self.init(rawValue: suffix)
            }
        }
    }

    @Argument(help: "The app: a model file (YAML or JSON), storyboards, or a folder holding either.")
    var inputs: [String]

    @Option(help: "The diagram to render.")
    var diagram: Diagram

    @Option(help: "The flow of a chains or sequence diagram (a sequence diagram of a model with one flow draws that one).")
    var flow: String?

    @Option(parsing: .unconditional, help: "With --diagram sequence: draw only this step's part (0 is the launch), as the flow's page does.")
    var step: Int?

    @Option(parsing: .unconditional, help: "With --step: which part of a step too wide for one part (1 is the first, the default).")
    var part: Int?

    @Option(name: .customLong("format"), help: "The output format (default: the one -o's extension names, else svg).")
    var formatOption: Format?

    /// `--format`, or what `-o`'s extension names (`-o map.png`), or SVG.
    var format: Format { formatOption ?? output.flatMap(Format.init(extensionOf:)) ?? .svg }

    @Option(name: .shortAndLong, help: "The output file; standard output when left out.")
    var output: String?

    @Option(help: "The extension of the docs pages that nodes and edges link to, such as html or md.")
    var linkExtension: String = "html"

    @Option(help: "Detail of a sequence diagram's events: default or full.")
    var detail: Detail = .default

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions

    @Flag(help: "Print the time spent building the DOT and inside Graphviz (parse, layout, render).")
    var timing = false

    func validate() throws {
        if step != nil, diagram != .sequence {
            throw ValidationError("--step draws a part of a sequence diagram; add --diagram sequence, or leave out --step \(step ?? 0)")
        }
        if let part, step == nil {
            throw ValidationError("--part \(part) needs --step: it picks a part of one step's sequence diagram")
        }
        if let step, format == .mermaid {
            throw ValidationError("--step \(step) draws a part of the Graphviz sequence diagram; Mermaid draws the whole flow: leave out --step, or choose another --format")
        }
        if let step, step < 0 {
            throw ValidationError("--step \(step) is not a step: steps are numbered from 0 (the launch)")
        }
        if let part, part < 1 {
            throw ValidationError("--part \(part) is not a part: parts are numbered from 1")
        }
        if diagram == .chains, format == .mermaid {
            throw ValidationError("the chains diagram has no Mermaid form: use --diagram segues or sequence with --format mermaid, or another --format")
        }
        if let formatOption, let output, let named = Format(extensionOf: output), named != formatOption {
            throw ValidationError("-o \(output) names a .\((output as NSString).pathExtension) file, but --format is \(formatOption.rawValue): "
                + "leave out --format (the extension chooses), or name the file .\(formatOption.fileExtension)")
        }
    }

    /// Image formats render does not write, named by their extensions.
    static let otherImageExtensions: Set<String> = ["gif", "jpg", "jpeg", "webp", "bmp", "tif", "tiff", "ico", "heic", "avif", "eps", "ps"]

    func run() throws {
        if diagram == .segues, flow != nil {
            if !outputOptions.quiet { Terminal.warning("--flow is ignored: the segue graph shows the whole model") }
        }
        let (model, _, app) = try ModelInput.load(inputs, input: input, output: outputOptions)
        if flow == nil, diagram == .sequence, model.flows.count == 1 {
            // A sequence diagram is of one flow: a model with only one needs no --flow.
            var command = self
            command.flow = model.flows[0].id
            return try command.draw(model, app: app)
        }
        try draw(model, app: app)
    }

    /// Draws the diagram of `model` (loaded from `app`) as the options say.
    private func draw(_ model: SceneModel, app: ModelInput.App) throws {
        let destination = try app.outputFile(output, model: model, input: input)
        if formatOption == nil, let output, Self.otherImageExtensions.contains((output as NSString).pathExtension.lowercased()) {
            // `-o map.gif` would get SVG under a name that says another image format (checked after the output's
            // ownership). A name that says no image format (`map.txt`) gets SVG, or what --format says.
            throw ValidationError("-o \(output): .\((output as NSString).pathExtension) is not a format render writes "
                + "(svg, png, pdf, dot or gv, mmd): name the file for one of them, or give --format")
        }
        let clock = ContinuousClock()
        let start = clock.now
        if format == .mermaid {
            try renderMermaid(model, to: destination)
            return
        }
        let subject: DiagramCatalogue.Subject
        var traces: [FlowTrace] = []
        switch diagram {
        case .segues:
            subject = .segueGraph
        case .chains where flow == nil:
            subject = .possibleChains
        case .chains, .sequence:
            guard let flowID = flow, let flowModel = model.flow(flowID) else {
                Terminal.report([ModelInput.unknownFlow(flow, in: model)])
                throw ExitCode(1)
            }
            traces = [Simulator(model: model).run(flowModel, detail: detail)]
            if diagram == .sequence, let step {
                subject = .sequencePart(flow: flowID, step: step, part: part ?? 1)
            } else {
                subject = diagram == .sequence ? .sequence(flow: flowID) : .filmstrip(flow: flowID)
            }
        }
        let catalogue = DiagramCatalogue(model: model, traces: traces, launch: detail == .full ? .full : .summary)
        guard let entry = catalogue.entry(subject) else {
            // Said at the flow the diagram is of, where the model writes it.
            func flowError(_ id: String, _ message: String) {
                Terminal.report([Diagnostic(.error, at: model.flow(id)?.location ?? SourceLocation(file: model.path, line: 1, column: 1), message)])
            }
            if let step, let flow, diagram == .sequence {
                let parts = catalogue.entries.compactMap { entry -> (step: Int, part: Int)? in
                    guard case .sequencePart(flow, let step, let part) = entry.subject else { return nil }
                    return (step, part)
                }
                let partCount = parts.filter { $0.step == step }.count
                if partCount > 0 {
                    flowError(flow, "step \(step) of flow '\(flow)' is drawn in \(partCount == 1 ? "one part" : "\(partCount) parts"): --part \(part ?? 1) is not one of them")
                } else {
                    let drawn = parts.isEmpty ? "it draws no step" : "its drawn steps are \(Self.ranges(Set(parts.map(\.step)).sorted()))"
                    if let trace = traces.first, trace.steps.contains(where: { $0.index == step }) {
                        flowError(flow, "step \(step) of flow '\(flow)' has no sequence diagram: no view controller receives a callback in it; \(drawn)")
                    } else {
                        flowError(flow, "flow '\(flow)' has no step \(step) (its steps are 0–\(traces.first?.steps.map(\.index).max() ?? 0)); \(drawn)")
                    }
                }
                throw ExitCode(1)
            }
            if case .sequence(let flowID) = subject, let trace = traces.first {
                flowError(flowID, "flow '\(flowID)' has \(trace.steps.count) steps: its whole sequence is drawn up to \(SequencePart.wholeFlowLimit) steps; draw one step with --step N")
                throw ExitCode(1)
            }
            Terminal.error("the model has no \(diagram.rawValue) diagram")
            throw ExitCode(1)
        }
        let dot = entry.graph(links: DocumentLinks(fileExtension: linkExtension)).text
        let engine = GraphvizRenderer.Engine(rawValue: entry.engine.rawValue)
        let built = clock.now

        let bytes: [UInt8]
        var graphvizTiming: RenderTiming?
        switch format {
        case .dot:
            bytes = Array(dot.utf8)
        case .svg, .png, .pdf, .mermaid:
            do {
                let rendering = try GraphvizRenderer().renderWithReport(dot: dot, engine: engine, format: .init(rawValue: format.rawValue))
                bytes = rendering.bytes
                graphvizTiming = rendering.timing
                if !outputOptions.quiet { for warning in rendering.warnings { Terminal.warning("graphviz: \(warning)") } }
            } catch {
                Terminal.error(error.description)
                throw ExitCode(1)
            }
        }

        do {
            if let destination {
                try AtomicFile.write(bytes, to: destination)
            } else {
                Terminal.data(bytes)
            }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        if timing {
            var parts = ["total \((clock.now - start).milliseconds) ms", "DOT \((built - start).milliseconds) ms"]
            if let graphvizTiming {
                parts.append("graphviz \(graphvizTiming.graphviz.milliseconds) ms (parse \(graphvizTiming.parse.milliseconds), "
                             + "layout \(graphvizTiming.layout.milliseconds), render \(graphvizTiming.render.milliseconds))")
            }
            Terminal.note("timing: " + parts.joined(separator: ", "))
        }
        if let trace = traces.first, let flowModel = flow.flatMap(model.flow) { try Self.finish(trace, of: flowModel) }
    }
}

extension RenderCommand {
    /// Step numbers as runs: "0–3, 5, 7–9".
    static func ranges(_ steps: [Int]) -> String {
        var runs: [String] = []
        var index = 0
        while index < steps.count {
            var end = index
            while end + 1 < steps.count, steps[end + 1] == steps[end] + 1 { end += 1 }
            runs.append(end == index ? "\(steps[index])" : "\(steps[index])–\(steps[end])")
            index = end + 1
        }
        return runs.joined(separator: ", ")
    }

    /// The Mermaid form of the segue graph or of a flow's sequence diagram.
    func renderMermaid(_ model: SceneModel, to destination: String?) throws {
        let text: String
        var flowDrawn: (trace: FlowTrace, flow: Flow)?
        switch diagram {
        case .segues:
            text = MermaidSegueGraph(model: model).text
        case .chains, .sequence:
            guard let flowID = flow, let flowModel = model.flow(flowID) else {
                Terminal.report([ModelInput.unknownFlow(flow, in: model)])
                throw ExitCode(1)
            }
            let trace = Simulator(model: model).run(flowModel, detail: detail)
            text = MermaidSequenceDiagram().text(for: TraceDiagrams(model: model).sequenceScript(for: trace))
            flowDrawn = (trace, flowModel)
        }
        do {
            if let destination {
                try AtomicFile.write(Array(text.utf8), to: destination)
            } else {
                Terminal.data(Array(text.utf8))
            }
        } catch {
            Terminal.error("cannot write '\(output ?? "-")': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        if let flowDrawn { try Self.finish(flowDrawn.trace, of: flowDrawn.flow) }
    }

    /// After drawing a flow: a flow that failed or stopped is reported as `generate` and `simulate` report it (each
    /// failed expectation and flow error at its place) and ends the command with status 1. Its diagram, which shows
    /// where it went wrong, is written all the same.
    static func finish(_ trace: FlowTrace, of flow: Flow) throws {
        guard trace.result != .passed else { return }
        Terminal.report(FlowDiagnostics.errors(for: trace, of: flow))
        throw ExitCode(1)
    }
}

private extension Duration {
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
