import DocSite
import Foundation
import Graphviz
import ModelLoading
import Review
import SceneModel

/// The review of the bundled example: the diff of Examples/Photos.yaml against the change a pull request
/// proposes (Examples/Photos-proposed.yaml), written by `generate` into Output/review/.
enum ReviewExample {
    static let proposed = "Examples/Photos-proposed.yaml"

    /// `review/diff.txt`, `.md`, `.json`, `.dot` and `.svg`; none when the proposed model is not there.
    static func files(base: SceneModel) throws -> [DocSite.OutputFile] {
        guard FileManager.default.fileExists(atPath: proposed) else { return [] }
        let loaded = ModelLoader().load(path: proposed)
        guard let head = loaded.model else {
            Terminal.report(loaded.diagnostics)
            throw ReviewExampleError(message: "the proposed example '\(proposed)' does not load")
        }
        let report = DiffReport(base: base, head: head, options: .init(baseLabel: ModelInput.bundledExample, headLabel: proposed))
        return try report.files { dot in try GraphvizRenderer().render(dot: dot, engine: .dot, format: .svg) }
            .map { DocSite.OutputFile(path: "review/" + $0.name, contents: $0.bytes) }
    }
}

struct ReviewExampleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
