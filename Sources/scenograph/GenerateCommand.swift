import ArgumentParser
import DocSite
import Diagrams
import Foundation
import Graphviz
import ModelLoading
import Review
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
            Diagrams are cached by content, so a run with no change renders nothing. The cache \
            ($SCENOGRAPH_CACHE_DIR, else $XDG_CACHE_HOME/scenograph, else ~/.cache/scenograph) keeps within 2 GiB, or $SCENOGRAPH_CACHE_SIZE \
            (such as 500M; 0: no limit): a run that renders removes the least recently used files past it.

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

    @Flag(name: .customLong("no-wait"), help: "Fail instead of waiting when another run is writing the output folder, or another in the same parent folder (runs writing there take turns).")
    var noWait = false

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Render in N worker processes (Graphviz renders one diagram at a time per process) and build DOT and pages on N threads; the output is the same for every N. Default: the number of cores, at most 64.")
    var jobs: Int?

    @Option(name: .customLong("worker-memory-limit"), help: ArgumentHelp("Replace a render worker whose memory grows past this many MiB.", visibility: .hidden))
    var workerMemoryLimit = 768

    @Option(name: .customLong("segue-graph-limit"), help: ArgumentHelp("Draw the segue graph as an overview and parts past this many scenes.", visibility: .hidden))
    var segueGraphLimit = SegueGraphPartition.sceneLimit

    @Option(name: .customLong("statistics"), help: ArgumentHelp("Write the run's figures (phases, Graphviz CPU time, counts) as JSON to FILE.", valueName: "file", visibility: .hidden))
    var statisticsFile: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions

    private var quiet: Bool { outputOptions.quiet }
    private var verbose: Bool { outputOptions.verbose }

    enum ImageFormat: String, ExpressibleByArgument, CaseIterable {
        case svg, png
    }

    func validate() throws {
        if let jobs, !RenderJobs.allowed.contains(jobs) { throw ValidationError(RenderJobs.outOfRange(jobs)) }
    }

    func run() throws {
        var statistics = RunStatistics()
        let app = try ModelInput.resolve(inputs, example: true)
        let isExample = app.model == ModelInput.bundledExample
        let destinationName = output ?? (isExample ? "Output" : "Docs")

        // Read now, parsed only when there is something to write: a run with the templates of the previous run, which
        // parsed them, has nothing to check in them.
        let read = TemplateSources.load(overrides: templates)
        func fingerprintOptions(_ templates: TemplateSources) -> RunFingerprint.Options {
            .init(format: format.rawValue, detail: detail.rawValue, html: !noHTML, templates: templates, example: isExample,
                  segueGraphLimit: segueGraphLimit)
        }

        // The previous run's record: what it wrote, from which inputs.
        var cacheFolder = noCache ? nil : CacheLocation.standard()
        if let folder = cacheFolder, let problem = CacheLocation.problem(with: folder) {
            // Said, not silent: a CI cache step would restore it in vain, run after run.
            Terminal.warning("the diagram cache '\(folder.path)' \(problem): this run caches nothing (set SCENOGRAPH_CACHE_DIR or XDG_CACHE_HOME to a folder it can write)")
            cacheFolder = nil
        }
        let cacheLimit: Int64?
        do {
            cacheLimit = try cacheFolder.map { _ in try CacheLocation.sizeLimit() } ?? nil
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        let runStart = ContinuousClock.now
        let recordURL = cacheFolder.map { OutputRecordLocation.url(cache: $0, directory: OutputWriter.directory(destinationName)) }
        let previous = recordURL.flatMap { OutputRecord.load(from: $0) }

        // Inputs that all carry the stamps the previous run recorded load to what that run loaded, which the record
        // keeps: the model is read only if there is something to write.
        var model: SceneModel?
        var loaded: RunFingerprint.Loaded
        var checkedFingerprint: String?
        if let previous, previous.flowsPassed, let templateSources = read.sources,
           let recorded = RunFingerprint.Loaded(text: previous.inputs),
           case let unchanged = RunFingerprint.make(app: app, loaded: recorded, input: input, options: fingerprintOptions(templateSources)),
           unchanged == previous.fingerprint {
            Terminal.report(LoadResult(model: nil, diagnostics: recorded.diagnostics, notes: recorded.notes), outputOptions)
            loaded = recorded
            checkedFingerprint = unchanged
            statistics.values["modelRead"] = false
        } else {
            let (fresh, result) = try ModelInput.load(app, input: input, output: outputOptions)
            model = fresh
            loaded = RunFingerprint.Loaded(model: fresh, diagnostics: result.diagnostics, notes: result.notes)
            statistics.values["modelRead"] = true
        }
        statistics.lap("load")

        // Nothing the app is read from may be inside the folder that is replaced, nor the diagram cache.
        let protected = loaded.inputFiles(of: app) + input.sources + (input.infoPlist.map { [$0] } ?? []) + (templates.map { [$0] } ?? [])
        let destination: OutputTarget
        do {
            destination = try OutputWriter.target(destinationName, protecting: protected, cache: cacheFolder?.path, force: force)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        let statisticsTarget: String?
        do {
            statisticsTarget = try statisticsFile.map { try OutputWriter.fileTarget($0, protecting: protected + (cacheFolder.map { [$0.path] } ?? [])) }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        Terminal.report(read.diagnostics, outputOptions)
        guard let templateSources = read.sources else { throw ExitCode(1) }
        var fingerprint = checkedFingerprint ?? RunFingerprint.make(app: app, loaded: loaded, input: input, options: fingerprintOptions(templateSources))

        let staging: OutputStaging
        do {
            staging = try OutputWriter.begin(destination, wait: !noWait) {
                if !quiet { Terminal.status("waiting for another scenograph run writing into the folder of \(destinationName)…") }
            }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        // A stopped run takes its staging folder with it.
        let interruption = Interruption(removing: staging.folder, thenEmpty: staging.madeParents)
        defer { interruption.end() }
        // Same inputs as the run that wrote the folder, and the folder as it left it: nothing to do.
        if let previous, previous.fingerprint == fingerprint, previous.flowsPassed, staging.currentFolderMatches(previous.stamps) {
            staging.abandon()
            // The record was used: the cache's pruning keeps the least recently used last.
            if let recordURL { utimensat(AT_FDCWD, recordURL.path, nil, 0) }
            statistics.lap("check")
            statistics.values["upToDate"] = true
            statistics.values["files"] = previous.entries.count
            statistics.values["diagrams"] = previous.diagramCount
            try statistics.write(to: statisticsTarget, pool: nil)
            if !quiet {
                Terminal.status("\(destinationName) is up to date (\(Plural.count(previous.entries.count, "file"))): \(Plural.count(loaded.scenes, "scene")), \(Plural.count(loaded.flows, "flow")); rendered nothing: \(Plural.count(previous.diagramCount, "diagram")) unchanged")
            }
            return
        }
        // The folder changed since the previous run: the model is needed after all. Its diagnostics were printed; a
        // load that now fails (an input changed meanwhile) prints its own.
        guard let model = model ?? {
            let result = ModelInput.load(app, options: input.loadOptions)
            statistics.values["modelRead"] = true
            if let fresh = result.model {
                loaded = RunFingerprint.Loaded(model: fresh, diagnostics: result.diagnostics, notes: result.notes)
                fingerprint = RunFingerprint.make(app: app, loaded: loaded, input: input, options: fingerprintOptions(templateSources))
            } else {
                Terminal.report(result, outputOptions)
            }
            return result.model
        }() else {
            staging.abandon()
            throw ExitCode(1)
        }
        let warnings = DocsPaths.relative(loaded.diagnostics, root: DocsPaths.root(of: app))
        let parsed = templateSources.parse()
        Terminal.report(parsed.diagnostics, outputOptions)
        guard let templateSet = parsed.templates else {
            staging.abandon()
            throw ExitCode(1)
        }

        let workerCount = jobs ?? RenderJobs.standard
        let pipeline = DocsPipeline(model: model, detail: detail, imageFormat: format.rawValue, segueGraphSceneLimit: segueGraphLimit,
                                    threads: workerCount, root: DocsPaths.root(of: app))
        let flows = pipeline.flowReports()
        let diagrams = pipeline.diagramSources()
        // The navigation lint's warnings join validation's on the index, as `check` reports them (with the model's
        // `lint:` settings); a finding validation makes at the same place in the same category is there once.
        let lintWarnings = NavigationLint(model: model, leftInFlows: NavigationLint.scenesLeavingTheChain(pipeline.traces)).run()
            .filter { finding in !finding.isError && !loaded.diagnostics.contains { $0.category == finding.category && $0.location == finding.location } }
        let docsWarnings = (warnings + DocsPaths.relative(lintWarnings, root: DocsPaths.root(of: app))).sortedByLocation()
        statistics.lap("simulate")

        let progress = ProgressLine(mode: quiet ? .quiet : verbose ? .verbose : .normal)
        let renderer = GraphvizBridge.renderer()
        var builder = DocSiteBuilder(
            templates: templateSet,
            renderer: renderer,
            cache: DiagramCache(directory: cacheFolder),
            imageFormat: format.rawValue,
            html: !noHTML
        )
        builder.threads = workerCount
        let pool: RenderPool = workerCount > 1
            ? WorkerPool(size: workerCount, memoryLimitKiB: workerMemoryLimit * 1024)
            : InProcessRenderPool(renderer: renderer)
        var build: DocSiteBuild
        var unlisted: [String] = []
        do {
            build = try builder.build(model: model, warnings: docsWarnings, flows: flows, diagrams: diagrams, legend: DocsPipeline.legend,
                                      into: staging, previous: previous, pool: pool) { progress.report($0) }
            // The bundled example also shows a review: its diff against the change Examples/Photos-proposed.yaml proposes.
            for file in isExample ? try ReviewExample.files(base: model) : [] {
                let stamp = try staging.write(file.contents, to: file.path)
                build.record[file.path] = OutputRecord.Entry(key: SHA256.hex(file.contents), stamp: stamp)
            }
            statistics.phases.append(("diagrams", build.planSeconds))
            statistics.phases.append(("render", build.renderSeconds))
            statistics.phases.append(("pages", build.pagesSeconds))
            statistics.lap("build")
            unlisted = try staging.commit()
            statistics.lap("commit")
        } catch let overrun as TemplateOverrunError {
            staging.abandon()
            progress.finish()
            Terminal.report([overrun.diagnostic])
            throw ExitCode(1)
        } catch {
            staging.abandon()
            progress.finish()
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        progress.finish()
        if !quiet { Terminal.warnRemoved(unlisted, from: destinationName, verbose: verbose) }
        if let leftover = staging.leftover {
            Terminal.warning("the previous docs were replaced but could not all be removed: what is left of them is in '\(leftover)' (a file in it cannot be deleted); remove it yourself")
        }
        if let recordURL {
            var record = build.record
            record.fingerprint = fingerprint
            record.inputs = loaded.text
            record.flowsPassed = flows.allSatisfy { $0.result == .passed }
            record.diagramCount = diagrams.count
            record.save(to: recordURL)
        }
        // A run that stored renders may have taken the cache past its limit. What it used is kept: everything
        // used since it started, with a second of margin for the file system's coarser clock.
        var pruneNote: String?
        if let cacheFolder, let cacheLimit, build.rendered > 0 {
            let pruned = DiagramCache(directory: cacheFolder).prune(limit: cacheLimit, keepingUsedWithin: ContinuousClock.now - runStart + .seconds(1))
            statistics.values["cachePrunedFiles"] = pruned.files
            let removed = pruned.files == 0 ? nil : "removed its \(Plural.count(pruned.files, "least recently used file")) (\(ByteSize.text(pruned.bytes)))"
            let full = pruned.remaining <= cacheLimit ? nil : "it still holds \(ByteSize.text(pruned.remaining)): what was used since this run started is kept"
            if removed != nil || full != nil {
                pruneNote = "note: the diagram cache (\(cacheFolder.path)) was past its limit of \(ByteSize.text(cacheLimit)): "
                    + [removed, full].compactMap { $0 }.joined(separator: "; ") + "; SCENOGRAPH_CACHE_SIZE sets the limit"
            }
        }
        statistics.values["upToDate"] = false
        statistics.values["files"] = build.record.entries.count
        statistics.values["unchangedFiles"] = build.unchanged
        statistics.values["diagrams"] = diagrams.count
        statistics.values["renderedImages"] = build.rendered
        statistics.values["cachedImages"] = build.reused
        statistics.values["templatedPages"] = build.templatedPages.count
        statistics.values["redrawnDiagrams"] = build.redrawnDiagrams.count
        try statistics.write(to: statisticsTarget, pool: pool as? WorkerPool)
        let failed = flows.filter { $0.result != .passed }
        if !quiet {
            // Graphviz's own CPU time, in this process and the workers: the render phase's wall time also holds
            // labelling and writing the images.
            let graphvizCPU = RunStatistics.seconds(GraphvizRenderer.statistics.cpu + ((pool as? WorkerPool)?.graphvizCPU ?? .zero))
            // Nothing rendered: the images were the output folder's already, or (a new folder) the diagram cache's.
            let renderNote = build.rendered == 0
                ? (build.reused > 0 ? "rendered nothing: \(Plural.count(build.reused, "image")) of \(Plural.count(diagrams.count, "diagram")) from the diagram cache"
                    : "rendered nothing: \(Plural.count(diagrams.count, "diagram")) unchanged")
                : "rendered \(Plural.count(build.rendered, "image")) of \(Plural.count(diagrams.count, "diagram")) (\(String(format: "%.2f", graphvizCPU)) s of Graphviz CPU), reused \(build.reused)"
            let fileCount = build.record.entries.count
            let counts = "\(Plural.count(model.scenes.count, "scene")), \(Plural.count(flows.count, "flow")); \(renderNote)"
            if build.unchanged == fileCount, fileCount > 0, unlisted.isEmpty {
                // The inputs were read again (the options, the paths or a file's time differed from the last run's),
                // and every file came out the same: nothing was written.
                Terminal.status("wrote nothing to \(destinationName): its \(Plural.count(fileCount, "file")) came out the same from the inputs read again (\(Plural.count(build.templatedPages.count, "page")) templated): \(counts)")
            } else {
                let reuseNote = build.unchanged == 0 ? "" : " (\(build.unchanged) unchanged, \(Plural.count(build.templatedPages.count, "page")) templated)"
                Terminal.status("wrote \(Plural.count(fileCount, "file")) to \(destinationName)\(reuseNote): \(counts)")
            }
        }
        if let pruneNote, !quiet { Terminal.note(pruneNote) }
        if verbose, let workers = pool as? WorkerPool, workers.started > 0 {
            Terminal.status("render workers: \(workers.started) started, \(workers.replaced) replaced (ended, or grew past \(workerMemoryLimit) MiB)")
        }
        // Each failed expectation and flow error, with its step and the step's line in the model.
        Terminal.report(pipeline.flowErrors)
        if !failed.isEmpty { throw ExitCode(1) }
    }
}

/// The figures of one `generate` run, for `benchmark` (`--statistics FILE`): phases in seconds of wall time,
/// Graphviz's CPU time in this process and in the workers, peak memory, and what was rendered, templated, reused.
struct RunStatistics {
    var phases: [(name: String, seconds: Double)] = []
    var values: [String: Any] = [:]
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Records the time since the previous lap as phase `name`.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, Double(now - last) / 1e9))
        last = now
    }

    /// Writes the figures to `path`, if given; a file that cannot be written is an error, and the run's status 1.
    func write(to path: String?, pool: WorkerPool?) throws {
        guard let path else { return }
        var values = self.values
        var phaseValues: [String: Double] = [:]
        for phase in phases { phaseValues[phase.name, default: 0] += phase.seconds }
        values["phases"] = phaseValues
        values["phaseOrder"] = phases.map(\.name)
        let inProcess = GraphvizRenderer.statistics.cpu
        values["graphvizCPUSeconds"] = Self.seconds(inProcess + (pool?.graphvizCPU ?? .zero))
        values["workers"] = pool?.size ?? 0
        values["workersStarted"] = pool?.started ?? 0
        values["workerPeakKiB"] = pool?.peakWorkerKiB ?? 0
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        values["parentPeakKiB"] = Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF, &usage)
        values["parentPeakKiB"] = Int(usage.ru_maxrss) / 1024
        #endif
        do {
            try AtomicFile.write(Array(try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .prettyPrinted])), to: path)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
