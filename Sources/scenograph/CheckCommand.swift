import ArgumentParser
import Foundation
import ModelLoading
import Review
import SceneModel

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check models: validation, every flow's expectations and the navigation lint rules.",
        discussion: """
            Each finding has a rule id, a severity, the position of the offending key and, for rules, a one-line \
            fix hint. Rules are turned off or re-levelled in the model ('lint: {disable: [id], warn: [id], \
            error: [id]}', and 'lint: {disable: [id]}' under a scene); 'docs/review.md' lists them.

            --format text prints findings on standard error as PATH:LINE:COLUMN: severity: message [id]; \
            github prints GitHub workflow commands (annotations on the files' lines); json and sarif \
            (SARIF 2.1.0, for code scanning) print one document on standard output. In a git repository, github \
            and sarif name files from the repository's top folder, as GitHub reads them, wherever the command runs. \
            With --git REV, only the findings the same paths do not have in git revision REV are reported and count \
            for the exit status: in a pull request, its own findings against its base. The exit status is 1 when \
            any error remains (with --strict: any finding).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, github, json, sarif
    }

    @Argument(help: "Model files, storyboards or folders; storyboards given together are checked as one app.")
    var inputs: [String]

    @Option(help: "The output format.")
    var format: Format = .text

    @Flag(help: "Fail on any finding, not only on errors.")
    var strict = false

    @Option(help: ArgumentHelp("Report only the findings the same paths do not have in this git revision: a pull request's own findings, against its base.", valueName: "REV"))
    var git: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ReviewInput.validate(revision: git)
    }

    /// Says why the check could not run and stops with status 1; with `--format github`, also as an error
    /// annotation, so that the failed check says why on the pull request, not only in the log.
    private func fail(_ message: String) throws -> Never {
        Terminal.error(message)
        if format == .github { Terminal.out("::error title=scenograph check::" + CheckReport.githubData(message)) }
        throw ExitCode(1)
    }

    func run() throws {
        // A model (or storyboard) the change renamed, given by its old path (a workflow's MODEL not updated): the
        // renamed file is checked, rather than passing as an app removed.
        var followed = self
        followed.inputs = ReviewInput.followed(inputs, renamedSince: git, quiet: output.quiet, done: "checked")
        try followed.check()
    }

    private func check() throws {
        // An app the pull request deletes has no findings of its own, as `diff --git` compares it with an empty one.
        if let git, ReviewInput.removedSince(git, paths: inputs) {
            if !output.quiet {
                Terminal.note("note: \(inputs.joined(separator: " ")) is in \(ReviewInput.label(revision: git)) and not here: the app was removed, and has no findings")
            }
            if format == .json || format == .sarif {
                let empty = CheckReport(findings: [])
                Terminal.out(format == .json ? empty.json() : empty.sarif(toolVersion: Scenograph.configuration.version))
            }
            return
        }
        var findings: [Diagnostic] = []
        // Which app each finding is of (the first, should two give the same), for grouping each app's warnings apart.
        var appOfFinding: [Diagnostic: Int] = [:]
        let apps: [ModelInput.App]
        do {
            apps = try ModelInput.apps(inputs)
        } catch let failure as ModelInput.Failure {
            try fail(failure.message)
        }
        var loaded = true
        var headModel: SceneModel?
        for (index, app) in apps.enumerated() {
            defer { for finding in findings where appOfFinding[finding] == nil { appOfFinding[finding] = index } }
            let result = ModelInput.load(app, options: input.loadOptions)
            // A model whose only errors are stale flows is checked (below): its findings compare with the base's.
            loaded = loaded && (result.model ?? result.flowErrorsOnly) != nil
            if !output.quiet {
                for note in result.notes { Terminal.note("note: \(Terminal.line(note))") }
            }
            // A model whose only errors are flows naming what it does not have is checked all the same, as `diff`
            // runs it: the rules and the other flows still have their say (a stale flow must not hide an error
            // that makes UIKit raise), and the flows' errors are reported, and fail the check, as they are.
            guard let model = result.model ?? result.flowErrorsOnly else {
                findings += result.diagnostics
                continue
            }
            findings += CheckReport(model: model, loadDiagnostics: result.diagnostics).findings
            headModel = model
        }
        if let git {
            guard apps.count == 1 else {
                try fail("--git compares one app: give one model file, the storyboards of one app, or a folder holding either")
            }
            // Files renamed or moved since (git's rename detection) are compared with what they were.
            let renames = ReviewInput.renames(since: git, near: inputs)
            var base: [Diagnostic]
            var baseModel: SceneModel?
            // The base's loader diagnostics, which a head that does not load is compared with: its warnings are the
            // loader's, where a loaded base's rule findings may word the same problem otherwise.
            var baseLoad: [Diagnostic] = []
            do {
                (base, baseModel, baseLoad) = try ReviewInput.findings(inputs, revision: git, basePaths: ReviewInput.basePaths(inputs, renames: renames),
                                                             options: input.loadOptions)
                if baseModel == nil, !output.quiet {
                    // Its findings are its load errors: the head's others all look new, which is worth saying.
                    Terminal.note("note: the app does not load in \(ReviewInput.label(revision: git)) (\(Plural.count(base.filter(\.isError).count, "error"))), so it has no flow or rule findings there to compare with")
                }
            } catch is ReviewInput.Absent {
                base = []
                baseLoad = []
            } catch let missing as ReviewInput.HeadMissing {
                try fail(missing.message)
            } catch let failure as ReviewInput.Failure {
                try fail("base (\(ReviewInput.label(revision: git))): \(failure.message)")
            }
            base = Self.renamed(base, revision: git, renames: renames, head: findings)
            // Scenes and segues renamed since keep their findings as known (a renamed deprecated segue is not new).
            if let baseModel, let headModel {
                base = CheckReport.renamingIdentifiers(in: base, diff: ModelDiff(base: baseModel, head: headModel))
            }
            let before = findings.count
            if loaded {
                findings = CheckReport.findings(findings, notIn: base, revision: git)
            } else {
                // An app that cannot be loaded has its errors reported whatever the base had: it cannot be checked
                // at all. Its warnings the base had too are not new.
                // Each of the base's warnings answers once: its check findings keep most loader warnings as they are.
                let knownLoad = Self.renamed(baseLoad, revision: git, renames: renames, head: findings)
                let inBase = Set(base)
                let known = base + knownLoad.filter { !inBase.contains($0) }
                let newWarnings = Set(CheckReport.findings(findings.filter { !$0.isError }, notIn: known, revision: git))
                findings = findings.filter { $0.isError || newWarnings.contains($0) }
            }
            if !output.quiet, before > findings.count {
                Terminal.note("note: \(Plural.count(before - findings.count, "finding")) also in \(ReviewInput.label(revision: git)) not reported")
            }
        }
        // GitHub places annotations and code-scanning results by paths from the repository's top folder.
        // The repository is found from each file's folder, so that the command may run outside it.
        if format == .github || format == .sarif {
            var roots: [String: String?] = [:]
            findings = findings.map { finding in
                var finding = finding
                if finding.location.file != SourceLocation.unknown.file {
                    finding.location.file = RepositoryPaths.fromRepositoryTop(finding.location.file, roots: &roots)
                }
                return finding
            }
        }
        // --quiet keeps the errors of the text and GitHub forms; JSON and SARIF are for tools and keep everything.
        // Warnings not listed still count for --strict, and the text form's count says they were found.
        let all = CheckReport(findings: findings)
        let report = output.quiet && (format == .text || format == .github) ? all.errorsOnly() : all
        switch format {
        case .text:
            // Repeated warnings of one category are one line, as `validate` prints them, unless --verbose.
            let listed = Terminal.arranged(report.findings, quiet: false, verbose: output.verbose) { appOfFinding[$0] ?? 0 }
            Terminal.note(String(report.text(listed: listed).dropLast()))
        case .github: if !report.findings.isEmpty { Terminal.out(report.github()) }
        case .json: Terminal.out(report.json())
        case .sarif: Terminal.out(report.sarif(toolVersion: Scenograph.configuration.version))
        }
        if report.fails(strict: strict) { throw ExitCode(1) }
    }

    /// The base's findings with the files renamed since named as the head's findings name them (and their old
    /// names in messages replaced), so that a moved model or storyboard keeps its findings as known.
    static func renamed(_ base: [Diagnostic], revision: String, renames: [String: String], head: [Diagnostic]) -> [Diagnostic] {
        guard !renames.isEmpty else { return base }
        var oldToNew: [String: String] = [:]
        for (new, old) in renames { oldToNew[old] = new }
        var headNames: [String: String] = [:]
        for finding in head { headNames[RepositoryPaths.canonical(finding.location.file)] = finding.location.file }
        let prefix = revision + ":"
        return base.map { finding in
            let file = finding.location.file.hasPrefix(prefix) ? String(finding.location.file.dropFirst(prefix.count)) : finding.location.file
            guard let new = oldToNew[RepositoryPaths.canonical(file)], let name = headNames[new] else { return finding }
            var finding = finding
            finding.location.file = prefix + name
            let oldName = (file as NSString).lastPathComponent, newName = (name as NSString).lastPathComponent
            finding.message = finding.message.replacingOccurrences(of: oldName, with: newName)
            return finding
        }
    }
}
