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
        main(nil)
    }
}
