import Foundation
import ModelLoading
import SceneModel
import Testing

/// Files next to the tests: fixtures, golden files and the package's examples.
enum TestFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String { testsDirectory.appendingPathComponent("Fixtures/\(name)").path }
    static func example(_ name: String) -> String { packageDirectory.appendingPathComponent("Examples/\(name)").path }
    static func golden(_ name: String) -> URL { testsDirectory.appendingPathComponent("Golden/\(name)") }

    /// Loads a model that must have no errors.
    static func model(at path: String) throws -> SceneModel {
        let result = ModelLoader().load(path: path)
        return try #require(result.model, "\(path) did not load: \(result.diagnostics)")
    }

    /// Loads a model written in the test that must have no errors.
    static func model(text: String, path: String) throws -> SceneModel {
        let result = ModelLoader().load(text: text, path: path)
        return try #require(result.model, "\(path) did not load: \(result.diagnostics.prefix(3))")
    }

    /// Compares `text` byte for byte with the golden file `name`; with
    /// `SCENOGRAPH_UPDATE_GOLDEN=1` rewrites the golden file instead.
    static func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = golden(name)
        if ProcessInfo.processInfo.environment["SCENOGRAPH_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("no golden file \(url.path); run with SCENOGRAPH_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(Data(text.utf8) == expected, "\(name) differs from its golden file; run with SCENOGRAPH_UPDATE_GOLDEN=1 and review the diff",
                sourceLocation: sourceLocation)
    }
}
