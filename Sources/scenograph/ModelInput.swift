import ArgumentParser
import Foundation
import ModelLoading
import SceneModel

/// Loading a model for a command: diagnostics are printed, errors end the command with status 1.
enum ModelInput {
    /// The bundled example, used when a command gets no model.
    static let bundledExample = "Examples/Photos.yaml"

    static func load(_ path: String?) throws -> SceneModel {
        try loadWithDiagnostics(path).model
    }

    /// The model and the warnings that were printed while loading it.
    static func loadWithDiagnostics(_ path: String?) throws -> (model: SceneModel, diagnostics: [Diagnostic]) {
        let resolved = path ?? bundledExample
        if path == nil, !FileManager.default.fileExists(atPath: resolved) {
            Terminal.error("no MODEL given and the bundled example '\(resolved)' is not in the current directory")
            throw ExitCode(1)
        }
        let result = ModelLoader().load(path: resolved)
        Terminal.report(result.diagnostics)
        guard let model = result.model else { throw ExitCode(1) }
        return (model, result.diagnostics)
    }
}
