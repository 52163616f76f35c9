import ArgumentParser
import Foundation
import Graphviz

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

    /// The environment is read here, once, and handed to the libraries.
    static func main() {
        GraphvizRenderer.pluginFolderOverride = ProcessInfo.processInfo.environment["GVBINDIR"]
        var command: ParsableCommand
        do {
            command = try parseAsRoot(nil)
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            // Exit codes, help, and errors in the command line: ArgumentParser's own handling.
            exit(withError: error)
        } catch {
            // Anything else a command lets through is still an error line of the house style, never a bare
            // `Error:` that scripts and CI annotations would not recognise.
            Terminal.error("\(error)")
            exit(withError: ExitCode(1))
        }
    }
}
