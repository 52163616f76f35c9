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
            github prints GitHub workflow commands (annotations on the pull request's lines); json and sarif \
            (SARIF 2.1.0, for code scanning) print one document on standard output. The exit status is 1 when \
            any error remains (with --strict: any finding).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, github, json, sarif
    }

    @Argument(help: "Model files, storyboards or folders; storyboards given together are checked as one app.")
    var models: [String]

    @Option(help: "The output format.")
    var format: Format = .text

    @Flag(help: "Fail on any finding, not only on errors.")
    var strict = false

    func run() throws {
        var findings: [Diagnostic] = []
        let storyboards = models.filter(ReviewInput.isStoryboard)
        var inputs = models.filter { !ReviewInput.isStoryboard($0) }.map { [$0] }
        if !storyboards.isEmpty { inputs.append(storyboards) }
        for paths in inputs {
            let result: LoadResult
            do {
                result = try ReviewInput.load(paths)
            } catch let failure as ReviewInput.Failure {
                Terminal.error(failure.message)
                throw ExitCode(1)
            }
            guard let model = result.model else {
                findings += result.diagnostics
                continue
            }
            findings += CheckReport(model: model, loadDiagnostics: result.diagnostics).findings
        }
        let report = CheckReport(findings: findings)
        switch format {
        case .text: Terminal.note(String(report.text().dropLast()))
        case .github: if !report.findings.isEmpty { Terminal.out(report.github()) }
        case .json: Terminal.out(report.json())
        case .sarif: Terminal.out(report.sarif(toolVersion: Scenograph.configuration.version))
        }
        if report.fails(strict: strict) { throw ExitCode(1) }
    }
}
