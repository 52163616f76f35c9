import Foundation
import SceneModel

/// The outcome of loading a model: the model when there were no errors, and every diagnostic in file order.
public struct LoadResult: Sendable {
    public var model: SceneModel?
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads format-1 model files (YAML or JSON), or storyboards directly, and validates them.
public struct ModelLoader: Sendable {
    public init() {}

    /// Loads and validates the model at `path`; `path` is used as written in diagnostics.
    /// A `.storyboard` file is imported as a model of its own (see `load(storyboards:name:)`).
    public func load(path: String) -> LoadResult {
        if path.lowercased().hasSuffix(".storyboard") {
            return load(storyboards: [path])
        }
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the model file" : "no such model file"
            return LoadResult(model: nil, diagnostics: [.error("\(reason) '\(path)'", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let bad = UTF8Check.firstInvalidByte(in: data)
            let detail = bad.map { ": byte \($0.hex) is not part of a UTF-8 character" } ?? ""
            return LoadResult(model: nil, diagnostics: [.error("the model file is not valid UTF-8\(detail)",
                                                               at: SourceLocation(file: path, line: bad?.line ?? 1, column: bad?.column ?? 1))])
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
        var decoder = ModelDecoder(context: context)
        let directory = (path as NSString).deletingLastPathComponent
        let storyboardErrors = Flag()
        decoder.importStoryboards = { listed in
            let imported = StoryboardImporter().importFiles(listed.map { entry in
                StoryboardImporter.Input(path: Self.path(entry.value, relativeTo: directory), listedAt: entry.location)
            })
            storyboardErrors.isSet = imported.hasErrors
            return imported
        }
        // Without its storyboards the model would only add follow-on errors (unknown scenes): report the storyboards'.
        guard let model = decoder.decodeModel(root, path: path), !storyboardErrors.isSet else {
            return LoadResult(model: nil, diagnostics: context.diagnostics.sortedByLocation())
        }
        let diagnostics = model.applyingLintSettings(to: context.diagnostics + ModelValidator.validate(model)).sortedByLocation()
        return LoadResult(model: diagnostics.hasErrors ? nil : model, diagnostics: diagnostics)
    }
}

/// A mark set from inside a closure.
private final class Flag {
    var isSet = false
}

// MARK: - Storyboards

extension ModelLoader {
    /// Imports storyboards directly and validates the model they make.
    ///
    /// The model is named `name`, else after the folder of the first storyboard (see `defaultName(forStoryboards:)`).
    /// Its initial scene is the first storyboard's initial view controller; when no storyboard has one, the first
    /// scene no container holds, with a warning.
    public func load(storyboards paths: [String], name: String? = nil) -> LoadResult {
        load(imported: StoryboardImporter().importFiles(paths), name: name ?? Self.defaultName(forStoryboards: paths),
             path: paths.first ?? "<storyboards>")
    }

    /// Validates the model made of imported scenes (`path` names the model in diagnostics that have no better place).
    public func load(imported: StoryboardImport, name: String, path: String) -> LoadResult {
        var diagnostics = imported.diagnostics
        let start = SourceLocation(file: path, line: 1, column: 1)
        if !imported.hasErrors && imported.scenes.isEmpty {
            diagnostics.append(.error("no view controllers to import", at: start))
        }
        if diagnostics.hasErrors {
            return LoadResult(model: nil, diagnostics: diagnostics.sortedByLocation())
        }
        diagnostics += imported.pageWarnings(for: imported.scenes)
        var model = SceneModel(path: path, name: name, scenes: imported.scenes)
        model.initial = imported.initial
        if model.initial == nil, let fallback = imported.fallbackInitial {
            diagnostics.append(.warning("no storyboard has an initial view controller; '\(fallback)', the first scene no container holds, is the initial scene",
                                        at: start))
            model.initial = Located(fallback, at: start)
        }
        if let idiom = imported.idiom { model.environment = Environment(idiom: idiom) }
        diagnostics += ModelValidator.validate(model)
        diagnostics = diagnostics.sortedByLocation()
        return LoadResult(model: diagnostics.hasErrors ? nil : model, diagnostics: diagnostics)
    }

    /// The app name for storyboards: the folder holding the first one (skipping `*.lproj` folders), else its file name.
    public static func defaultName(forStoryboards paths: [String]) -> String {
        guard let first = paths.first else { return "App" }
        let folders = URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent().pathComponents
        if let folder = folders.reversed().first(where: { !$0.hasSuffix(".lproj") && $0 != "/" && !$0.isEmpty }) {
            return folder
        }
        return StoryboardImportSession.storyboardName(of: first)
    }

    /// `path` as seen from the current directory when it is written relative to `directory`.
    static func path(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty { return path }
        return (directory as NSString).appendingPathComponent(path)
    }
}
