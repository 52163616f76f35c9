import ArgumentParser
import DocSite
import Foundation
import Graphviz
import ModelLoading
import Review
import SceneModel

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in an app's navigation between two models.",
        discussion: """
            Compares BASE with HEAD: scenes, segues and containers added, removed, changed or renamed, and \
            every flow both sides have, simulated on each side: a flow whose trace changed is shown from its \
            first differing step, before and after. BASE and HEAD are each a model file, a storyboard or a \
            folder holding a model file or storyboards.

            With --git REV, give only the HEAD paths: BASE is the same paths in git revision REV (a model's \
            storyboards included), so in CI 'scenograph diff --git origin/main Docs/App.yaml' is all it takes.

            Prints the diff as text, Markdown (a pull-request comment, never over 65,536 characters) or JSON. \
            With -o DIR, also writes diff.txt, diff.md, diff.json and the diff graph (diff.dot, diff.svg) into \
            DIR. The exit status is 0 when the diff was made, changes or not, and 1 when a side is invalid; \
            with --git, a base that does not load (a change that repairs it) is compared with an empty app, \
            and a head whose only errors are flows naming a scene or segue the change removed is diffed with \
            those flows run until they stop there (the report lists those the base does not have; a note lists \
            the others).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "BASE then HEAD; with --git, the HEAD paths only.")
    var paths: [String]

    @Option(help: ArgumentHelp("Read BASE from this git revision of the HEAD paths.", valueName: "REV"))
    var git: String?

    @Option(help: "The output format.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Also write every form of the diff and the diff graph into this folder (replaced as a whole, under the same rules as generate's output folder).", valueName: "DIR"))
    var output: String?

    @Flag(name: .long, help: "Replace the -o folder even if it is not empty and was not written by scenograph.")
    var force = false

    @Option(parsing: .unconditional, help: "In models over 40 scenes, how many links around a change the diff graph reaches.")
    var context: Int = 1

    @Option(help: ArgumentHelp("Where CI publishes diff.svg; the comment links it.", valueName: "URL"))
    var artifactURL: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if git == nil && paths.count != 2 {
            throw ValidationError("give BASE and HEAD (two paths), or --git REV and the HEAD paths")
        }
        if git != nil && paths.isEmpty {
            throw ValidationError("give the HEAD paths (a model file, storyboards or a folder) after --git REV")
        }
        if context < 0 { throw ValidationError("--context must be 0 or more, not \(context)") }
        try ReviewInput.validate(revision: git)
    }

    /// What `-o` may not replace, even with --force: the paths given, and for each side read from the working tree the
    /// files its app is read from (a model's storyboards and sources, the Info.plist), as generate protects them.
    /// `revisionBase`: the base read from a git revision, whose model's storyboards and sources are where its model
    /// file is in the working tree too (the head's model may be gone from it).
    private func protectedInputs(head: ([String], SceneModel)?, base: ([String], SceneModel)?, revisionBase: SceneModel? = nil) -> [String] {
        var protected = paths + input.sources + (input.infoPlist.map { [$0] } ?? [])
        for (sidePaths, model) in [head, base].compactMap({ $0 }) {
            if let app = try? ModelInput.app(sidePaths) { protected += app.inputFiles(of: model, input: input) }
        }
        if let revisionBase, paths.count == 1, ModelInput.isModelFileName(paths[0]) {
            let folder = URL(fileURLWithPath: paths[0]).deletingLastPathComponent()
            protected += (revisionBase.storyboards + revisionBase.sources).map { folder.appendingPathComponent($0.value).path }
        }
        return protected
    }

    func run() throws {
        // A model (or storyboard) the change renamed, given by its old path (a workflow's MODEL not updated): the
        // renamed file is compared, not an app that looks removed.
        var followed = self
        followed.paths = ReviewInput.followed(paths, renamedSince: git, quiet: outputOptions.quiet, done: "compared")
        try followed.compare()
    }

    private func compare() throws {
        let headPaths = git == nil ? [paths[1]] : paths
        let baseLabel = git.map(ReviewInput.label(revision:)) ?? paths[0]
        let headLabel = headPaths.joined(separator: " ")
        var baseIsNew = false
        var baseDoesNotLoad = false
        var headIsRemoved = false
        if let git {
            // The head's paths are read first from the working tree: one missing there is the head's error, unless
            // every one is a file the base has: then the app was removed, and is compared with an empty one.
            let missing = headPaths.filter { !FileManager.default.fileExists(atPath: $0) }
            if ReviewInput.removedSince(git, paths: headPaths) {
                headIsRemoved = true
                if !outputOptions.quiet { Terminal.note("note: \(headLabel) is in \(baseLabel) and not here: the app is compared with an empty one") }
            } else if let path = missing.first {
                Terminal.error("head (\(headLabel)): \(ReviewInput.HeadMissing(path: path).message)")
                throw ExitCode(1)
            }
        }
        var baseFlowErrors: [Diagnostic] = []
        let loadedBase = try loadSide("base", label: baseLabel, doesNotLoad: &baseDoesNotLoad, flowErrors: &baseFlowErrors) {
            guard let git else { return try ReviewInput.load([paths[0]], options: input.loadOptions) }
            // A model or storyboard renamed or moved since (git's rename detection) is compared with what it was.
            let basePaths = ReviewInput.basePaths(paths, renames: ReviewInput.renames(since: git, near: paths))
            if !outputOptions.quiet {
                for (head, base) in zip(paths, basePaths) where head != base {
                    Terminal.note("note: \(head) was \(base) in \(baseLabel): compared with it")
                }
            }
            do {
                return try ReviewInput.load(paths, revision: git, basePaths: basePaths, options: input.loadOptions, removedSince: headIsRemoved)
            } catch let absent as ReviewInput.Absent {
                // A model added (or moved) since the base: every scene and flow is new.
                if !outputOptions.quiet { Terminal.note("note: \(absent.path) is not in \(baseLabel): the app is compared with an empty one") }
                baseIsNew = true
                return LoadResult(model: SceneModel(name: ""), diagnostics: [])
            }
        }
        var headDoesNotLoad = false
        var headErrors: [Diagnostic] = []
        let head = headIsRemoved ? SceneModel(path: headLabel, name: loadedBase.name)
            : try loadSide("head", label: headLabel, doesNotLoad: &headDoesNotLoad, flowErrors: &headErrors) { try ReviewInput.load(headPaths, options: input.loadOptions) }
        let base = baseIsNew || baseDoesNotLoad ? SceneModel(path: loadedBase.path, name: head.name) : loadedBase
        // The head's flow errors the base has too are not this change's: `check --git` passes over them (the
        // base's named as the head names what the change renamed, as there), and the report leaves them out (a
        // pull request that changes no navigation gets no comment for them); this note lists them.
        let modelDiff = ModelDiff(base: base, head: head)
        let knownBase = CheckReport.renamingIdentifiers(in: baseFlowErrors, diff: modelDiff)
        let newHeadErrors = CheckReport.findings(headErrors, notIn: knownBase, revision: git ?? "")
        if !headErrors.isEmpty, !outputOptions.quiet {
            let new = Set(newHeadErrors)
            let known = headErrors.filter { !new.contains($0) }
            var note = "note: head (\(headLabel)) has \(Plural.count(headErrors.count, "error")) in its flows; they are run as they are and stop where they name what is not there (`check` reports them)"
            note += known.isEmpty ? "; the report lists them"
                : newHeadErrors.isEmpty ? "; the base has them too, so the report leaves them out (its JSON counts them):"
                : "; the report lists the \(newHeadErrors.count) the base does not have; "
                    + (known.count == 1 ? "this one it has too:" : "these \(known.count) it has too:")
            Terminal.note(note)
            for error in known { Terminal.note("  \(error.location): \(error.message)") }
        }

        let report = DiffReport(base: base, head: head, context: context,
                                options: .init(baseLabel: baseIsNew ? "\(baseLabel), where it is new"
                                                   : baseDoesNotLoad ? "\(baseLabel), where it does not load" : baseLabel,
                                              headLabel: headIsRemoved ? "\(headLabel), removed" : headLabel, artifactURL: artifactURL,
                                              headErrors: newHeadErrors.map { "\($0.location): \($0.message)" },
                                              knownHeadErrors: headErrors.count - newHeadErrors.count),
                                diff: modelDiff)
        if !outputOptions.quiet, output != nil || format == .markdown {
            if report.graph.tooLargeToDraw {
                Terminal.note("note: the diff graph is not drawn: \(report.graph.tooLargeText)")
            } else if report.graph.context < context {
                Terminal.note("note: the diff graph reaches \(report.graph.context) link\(report.graph.context == 1 ? "" : "s") around the changes, not \(context): "
                    + "with \(context) it would have more than \(DiffGraph.sceneLimit) scenes or \(DiffGraph.linkLimit) links")
            }
        }
        if let output {
            let target: OutputTarget
            do {
                // The diagram cache is generate's; a diff folder must not replace it either.
                target = try OutputWriter.target(output, protecting: protectedInputs(head: headIsRemoved ? nil : (headPaths, head), base: git == nil ? ([paths[0]], loadedBase) : nil,
                                                                                  revisionBase: git == nil ? nil : loadedBase),
                                                 cache: CacheLocation.standard().path, force: force)
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
            do {
                let files = try report.files { dot in try DiffGraphImage.svg(dot, appName: head.name) }
                let unlisted = try OutputWriter.replace(target, with: files.map { DocSite.OutputFile(path: $0.name, contents: $0.bytes) })
                if !outputOptions.quiet { Terminal.warnRemoved(unlisted, from: output, verbose: outputOptions.verbose) }
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
        }
        switch format {
        case .text: Terminal.out(report.text())
        case .markdown: Terminal.out(report.markdown())
        case .json: Terminal.out(report.json())
        }
    }

    /// Loads one side; its diagnostics are printed under a line naming the side, and errors end the command, except
    /// in the base: a pull request that repairs an app that did not load compares it with an empty one
    /// (`doesNotLoad`), with a note that gives the base's errors.
    private func loadSide(_ side: String, label: String, doesNotLoad: inout Bool, flowErrors: inout [Diagnostic],
                          _ load: () throws -> LoadResult) throws -> SceneModel {
        let result: LoadResult
        do {
            result = try load()
        } catch let failure as ReviewInput.Failure {
            Terminal.error("\(side) (\(label)): \(failure.message)")
            throw ExitCode(1)
        }
        if let runnable = result.flowErrorsOnly {
            // Flows that name a scene or segue the change removed: the diff is what the review needs most then.
            // They run as they are and stop, as flow errors, where they name what is not there; `check` reports
            // the errors (and fails).
            let errors = result.diagnostics.filter(\.isError)
            flowErrors = errors
            // The head's note comes once they are compared with the base's (`run`).
            if !outputOptions.quiet, side == "base" {
                Terminal.note("note: base (\(label)) has \(Plural.count(errors.count, "error")) in its flows; they are run as they are and stop where they name what is not there (`check` reports them):")
                for error in errors { Terminal.note("  \(error.location): \(error.message)") }
            }
            return runnable
        }
        // Only a revision's contents: a base file given by path that is missing or unreadable is the user's error.
        if result.model == nil, side == "base", git != nil {
            let errors = result.diagnostics.filter(\.isError)
            if !outputOptions.quiet {
                Terminal.note("note: base (\(label)) does not load (\(Plural.count(errors.count, "error")), below): the app is compared with an empty one")
                for error in errors { Terminal.note("  \(error.location): \(error.message)") }
            }
            doesNotLoad = true
            return SceneModel(path: label, name: "")
        }
        if result.model == nil {
            Terminal.error("\(side) (\(label)) is not a valid model:")
            Terminal.report(result.diagnostics.filter(\.isError))
            throw ExitCode(1)
        }
        guard let model = result.model else { throw ExitCode(1) }
        return model
    }
}
