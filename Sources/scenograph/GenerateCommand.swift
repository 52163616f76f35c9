import ArgumentParser
import DocSite
import Foundation
import Graphviz
import ModelLoading
import SceneModel
import Simulator

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Validate a model, simulate its flows, render its diagrams and write its docs.",
        discussion: """
            Writes Markdown pages (index.md, scenes/*.md, flows/*.md) with their diagrams (SVG and DOT) \
            and, unless --no-html, the same pages as a static HTML site in DIR/site. The folder is replaced \
            only when everything was written: a failed or interrupted run leaves the previous docs as they were. \
            Diagrams are cached by content, so a run with no change renders nothing.

            The app is a model file (YAML or JSON), storyboards, or a folder holding either; with none, \
            generate documents the bundled example (Examples/Photos.yaml) into Output/.
            """
    )

    @Argument(help: "The app: a model file (YAML or JSON), storyboards, or a folder holding either. Default: the bundled example.")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "The output folder. Default: Output (with the bundled example) or Docs.")
    var output: String?

    @Option(name: .long, help: "A folder of Mustache templates replacing the built-in ones of the same name.")
    var templates: String?

    @Option(name: .long, help: "Image format of the Markdown pages' diagrams: svg or png.")
    var format: ImageFormat = .svg

    @Option(help: "Detail level: default (the launch of each flow summarised in its diagrams, one row per container) or full (every callback drawn, plus layout callbacks, viewIsAppearing, UIKit API and delegate calls).")
    var detail: Detail = .default

    @Flag(name: .customLong("no-html"), help: "Write the Markdown pages only.")
    var noHTML = false

    @Flag(name: .customLong("no-cache"), help: "Render every diagram, ignoring and not filling the cache.")
    var noCache = false

    @Flag(name: .long, help: "Replace the output folder even if it is not empty and was not written by scenograph.")
    var force = false

    @Flag(name: .customLong("no-wait"), help: "Fail instead of waiting when another run is writing the same output folder.")
    var noWait = false

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions

    private var quiet: Bool { outputOptions.quiet }
    private var verbose: Bool { outputOptions.verbose }

    enum ImageFormat: String, ExpressibleByArgument, CaseIterable {
        case svg, png
    }

    func run() throws {
        let (model, warnings, app) = try ModelInput.load(inputs, input: input, output: outputOptions, example: true)
        let isExample = app.model == ModelInput.bundledExample
        let destinationName = output ?? (isExample ? "Output" : "Docs")
        // Nothing the app is read from may be inside the folder that is replaced.
        let protected = app.inputFiles(of: model) + input.sources + (input.infoPlist.map { [$0] } ?? []) + (templates.map { [$0] } ?? [])
        let destination: OutputTarget
        do {
            destination = try OutputWriter.target(destinationName, protecting: protected, force: force)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }

        let loaded = TemplateSet.load(overrides: templates)
        Terminal.report(loaded.diagnostics, outputOptions)
        guard let templateSet = loaded.templates else { throw ExitCode(1) }

        let pipeline = DocsPipeline(model: model, detail: detail)
        let flows = pipeline.flowReports()
        let diagrams = pipeline.diagramSources()

        let progress = ProgressLine(mode: quiet ? .quiet : verbose ? .verbose : .normal)
        let builder = DocSiteBuilder(
            templates: templateSet,
            renderer: GraphvizBridge.renderer(),
            cache: DiagramCache(directory: noCache ? nil : CacheLocation.standard()),
            imageFormat: format.rawValue,
            html: !noHTML
        )
        let build: DocSiteBuild
        let review: [DocSite.OutputFile]
        do {
            build = try builder.build(model: model, warnings: warnings, flows: flows, diagrams: diagrams, legend: DocsPipeline.legend) { progress.report($0) }
            // The bundled example also shows a review: its diff against the change Examples/Photos-proposed.yaml proposes.
            review = isExample ? try ReviewExample.files(base: model) : []
        } catch {
            progress.finish()
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        do {
            try OutputWriter.replace(destination, with: build.files + review, wait: !noWait) {
                if !quiet { Terminal.status("waiting for another scenograph run writing \(destinationName)…") }
            }
        } catch {
            progress.finish()
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        progress.finish()
        let failed = flows.filter { $0.result != .passed }
        if !quiet {
            let renderNote = build.rendered == 0
                ? "rendered nothing: \(Plural.count(diagrams.count, "diagram")) unchanged"
                : "rendered \(Plural.count(build.rendered, "image")) of \(Plural.count(diagrams.count, "diagram")) (\(String(format: "%.2f", build.renderSeconds)) s in Graphviz), reused \(build.reused)"
            Terminal.status("wrote \(build.files.count + review.count) files to \(destinationName): \(Plural.count(model.scenes.count, "scene")), \(Plural.count(flows.count, "flow")); \(renderNote)")
        }
        // Each failed expectation and flow error, with its step and the step's line in the model.
        for (flow, trace) in zip(model.flows, pipeline.traces) where trace.result != .passed {
            Terminal.report(FlowDiagnostics.diagnostics(for: trace, of: flow).filter(\.isError))
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }
}
