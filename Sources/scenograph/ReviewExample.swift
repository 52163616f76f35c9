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
        return try report.files { dot in try DiffGraphImage.svg(dot, appName: head.name) }
            .map { DocSite.OutputFile(path: "review/" + $0.name, contents: $0.bytes) }
    }
}

/// The diff graph as SVG, labelled for people who cannot see it, as the docs' diagrams are.
enum DiffGraphImage {
    static func svg(_ dot: String, appName: String) throws -> [UInt8] {
        let bytes = try GraphvizRenderer().render(dot: dot, engine: .dot, format: .svg)
        return Array(SVGAccessibility.label(String(decoding: bytes, as: UTF8.self), title: "Navigation changes of \(appName)",
                                            description: "the union of both segue graphs: added scenes and segues in green, removed in red and dashed, changed in amber with old → new on the label, unchanged in grey").utf8)
    }
}

struct ReviewExampleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
