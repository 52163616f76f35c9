import Foundation
import SceneModel

/// The outcome of loading a model: the model when there were no errors, and every diagnostic in file order.
public struct LoadResult: Sendable {
    public var model: SceneModel?
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads format-1 model files (YAML or JSON) and validates them.
public struct ModelLoader: Sendable {
    public init() {}

    /// Loads and validates the model at `path`; `path` is used as written in diagnostics.
    public func load(path: String) -> LoadResult {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the model file" : "no such model file"
            return LoadResult(model: nil, diagnostics: [.error("\(reason) '\(path)'", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return LoadResult(model: nil, diagnostics: [.error("the model file is not valid UTF-8", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return load(text: text, path: path)
    }

    /// Loads and validates a model from text, attributing positions to `path`.
    public func load(text: String, path: String) -> LoadResult {
        let context = DecodingContext(file: path)
        let root: ConfigNode?
        switch ConfigParser.parse(text, file: path) {
        case .failure(let diagnostic):
            return LoadResult(model: nil, diagnostics: [diagnostic])
        case .success(let node):
            root = node
        }
        let decoder = ModelDecoder(context: context)
        guard let model = decoder.decodeModel(root, path: path) else {
            return LoadResult(model: nil, diagnostics: context.diagnostics.sortedByLocation())
        }
        let diagnostics = (context.diagnostics + ModelValidator.validate(model)).sortedByLocation()
        return LoadResult(model: diagnostics.hasErrors ? nil : model, diagnostics: diagnostics)
    }
}
