import ArgumentParser
import DocSite
import Foundation
import Graphviz
import SceneModel

@main
struct Scenograph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenograph",
        abstract: "Document, simulate and diagram the navigation of iOS UIKit apps.",
        discussion: """
            Scenograph reads a scene model (a YAML or JSON file, or Xcode storyboards), \
            simulates user flows with UIKit's presentation rules and view-controller lifecycle, \
            and renders segue graphs, presentation chains and lifecycle sequence diagrams.
            """,
        version: "0.1.0",
        subcommands: [
            GenerateCommand.self, ValidateCommand.self, SimulateCommand.self,
            RenderCommand.self, ImportCommand.self, DiffCommand.self, CheckCommand.self, BenchmarkCommand.self,
            RenderWorkerCommand.self,
        ]
    )

    /// Exit codes, help, the version and errors in the command line: ArgumentParser's own handling, except that
    /// help and the version are written through `Terminal`, which ends with status 1 when standard output cannot
    /// be written (ArgumentParser would exit 0 having printed nothing).
    static func exitForCommandLine(_ error: Error) -> Never {
        let message = fullMessage(for: error)
        if exitCode(for: error) == .success, !message.isEmpty {
            Terminal.standardOutput(Array((message + "\n").utf8))
            Foundation.exit(0)
        }
        exit(withError: error)
    }

    /// The environment is read here, once, and handed to the libraries.
    static func main() {
        GraphvizRenderer.pluginFolderOverride = ProcessInfo.processInfo.environment["GVBINDIR"]
        OutputStaging.swapPauseForTests = ProcessInfo.processInfo.environment["SCENOGRAPH_TEST_SWAP_PAUSE_MS"].flatMap(UInt32.init)
        Interruption.exitPauseForTests = ProcessInfo.processInfo.environment["SCENOGRAPH_TEST_EXIT_PAUSE_MS"].flatMap(UInt32.init)
        AtomicFile.pauseForTests = ProcessInfo.processInfo.environment["SCENOGRAPH_TEST_WRITE_PAUSE_MS"].flatMap(UInt32.init)
        var command: ParsableCommand
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-") {
            // ArgumentParser answers `help NOSUCH` with the top-level help and status 0, which hides a typo.
            let names = configuration.subcommands.map { $0._commandName }.filter { $0 != RenderWorkerCommand._commandName }
            if !names.contains(arguments[1]), ![RenderWorkerCommand._commandName, "help"].contains(arguments[1]) {
                exitForCommandLine(ValidationError("unknown command '\(arguments[1])'\(Identifier.didYouMean(arguments[1], among: names)); the commands are \(names.joined(separator: ", "))"))
            }
            // No command has subcommands, so `help render NOSUCH` names nothing; ArgumentParser would show render's
            // help with status 0.
            if arguments[1] != "help", let extra = arguments.dropFirst(2).first, !extra.hasPrefix("-") {
                exitForCommandLine(ValidationError("'\(arguments[1])' has no subcommand '\(extra)'; try 'scenograph help \(arguments[1])'"))
            }
        }
        do {
            command = try parseAsRoot(nil)
        } catch {
            exitForCommandLine(error)
        }
        // Every command but the render worker (ended by its parent) cleans up after Ctrl-C.
        if !(command is RenderWorkerCommand) { SignalCleanup.install() }
        do {
            try command.run()
            SignalCleanup.holdIfSignalled()
        } catch let error where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            SignalCleanup.holdIfSignalled()
            exitForCommandLine(error)
        } catch {
            SignalCleanup.holdIfSignalled()
            // Anything else a command lets through is still an error line of the house style, never a bare
            // `Error:` that scripts and CI annotations would not recognise.
            Terminal.error("\(error)")
            exit(withError: ExitCode(1))
        }
    }
}
