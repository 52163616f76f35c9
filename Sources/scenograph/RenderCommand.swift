import ArgumentParser
import Diagrams
import Foundation
import Graphviz
import SceneModel

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one diagram of a model.",
        discussion: """
            Writes the diagram to standard output, or to FILE with -o. The file is written \
            whole or not at all: a failed render leaves an existing FILE untouched. \
            The segue graph shows every scene (containers as boxes around their children) \
            and every segue, one line style per kind. --format dot writes the DOT source \
            before layout, for reading or for running Graphviz yourself.
            """
    )

    enum Diagram: String, ExpressibleByArgument, CaseIterable {
        case segues, chains, sequence
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, pdf, dot
    }

    @Argument(help: "The model file (YAML or JSON).")
    var model: String

    @Option(help: "The diagram to render.")
    var diagram: Diagram

    @Option(help: "The flow of a chains or sequence diagram.")
    var flow: String?

    @Option(help: "The output format.")
    var format: Format = .svg

    @Option(name: .shortAndLong, help: "The output file; standard output when left out.")
    var output: String?

    @Option(help: "The extension of the docs pages that nodes and edges link to, such as html or md.")
    var linkExtension: String = "html"

    @Flag(help: .hidden)
    var timing = false

    func run() throws {
        switch diagram {
        case .segues:
            break
        case .chains, .sequence:
            Terminal.error("the '\(diagram.rawValue)' diagram is not built yet; only 'segues' can be rendered for now")
            throw ExitCode(1)
        }
        if flow != nil {
            Terminal.warning("--flow is ignored: the segue graph shows the whole model")
        }
        let model = try ModelInput.load(self.model)
        let clock = ContinuousClock()
        let start = clock.now
        let dot = SegueGraph(model: model, options: .init(links: DocumentLinks(fileExtension: linkExtension))).dot
        let built = clock.now

        let bytes: [UInt8]
        var graphvizTiming: RenderTiming?
        switch format {
        case .dot:
            bytes = Array(dot.utf8)
        case .svg, .png, .pdf:
            do {
                let rendering = try GraphvizRenderer().renderWithReport(dot: dot, format: .init(rawValue: format.rawValue))
                bytes = rendering.bytes
                graphvizTiming = rendering.timing
                for warning in rendering.warnings { Terminal.warning("graphviz: \(warning)") }
            } catch {
                Terminal.error(error.description)
                throw ExitCode(1)
            }
        }

        do {
            if let output {
                try OutputFile.writeAtomically(bytes, to: output)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
        } catch {
            Terminal.error("cannot write '\(output ?? "-")': \(error.localizedDescription)")
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
    }
}

private extension Duration {
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
