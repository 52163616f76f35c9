import Foundation
import TextFormats
import SceneModel

/// The outcome of loading a model: the model when there were no errors, and every diagnostic in file order.
public struct LoadResult: Sendable {
    public var model: SceneModel?
    public var diagnostics: [Diagnostic]
    /// Remarks for people that are neither errors nor warnings, such as which storyboard was taken as the main one.
    public var notes: [String] = []
    /// The model as decoded, when it was decoded without an error and only its validation found errors: for a
    /// review to run flows that name scenes or segues a change removed (`flowErrorsOnly`).
    public var unvalidatedModel: SceneModel?

    public init(model: SceneModel?, diagnostics: [Diagnostic], notes: [String] = [], unvalidatedModel: SceneModel? = nil) {
        self.model = model
        self.diagnostics = diagnostics
        self.notes = notes
        self.unvalidatedModel = unvalidatedModel
    }

    /// The model with its errors when every one is a name in its flows that the model does not have (a scene or
    /// segue a change removed): every error an unknown reference written in the flows, and the model without
    /// flows valid under its own lint settings. The simulator runs such flows and stops at what they name that
    /// is not there, as a flow error.
    public var flowErrorsOnly: SceneModel? {
        // The errors' files may be named otherwise than the model's path (a revision's files are labelled
        // `REV:path`); what makes them the flows' is that the model without its flows has none.
        guard model == nil, let unvalidated = unvalidatedModel, !unvalidated.flows.isEmpty else { return nil }
        let errors = diagnostics.filter(\.isError)
        guard errors.allSatisfy({ $0.category == DiagnosticCategory.unknownReference.id }) else { return nil }
        var withoutFlows = unvalidated
        withoutFlows.flows = []
        return withoutFlows.applyingLintSettings(to: ModelValidator.validate(withoutFlows)).contains(where: \.isError) ? nil : unvalidated
    }

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// What a command may add to the inputs of a model: the app's name and main storyboard for storyboards given
/// without a model, its Info.plist, folders of Swift sources to scan, storyboards found in folders.
public struct LoadOptions: Sendable {
    /// The app's name when storyboards are given without a model.
    public var name: String?
    /// The main storyboard (a name or a path) when storyboards are given without a model.
    public var mainStoryboard: String?
    /// The app's Info.plist, given by the user (one beside the storyboards is found without it).
    public var infoPlist: String?
    /// Folders of Swift sources to scan for unwind actions and code-driven navigation, besides the model's `sources:`.
    public var sources: [String]
    /// Storyboards that were found in a folder rather than named: one of another platform (macOS, watchOS) is
    /// skipped with a warning instead of failing the import.
    public var foundInFolders: Set<String>

    public init(name: String? = nil, mainStoryboard: String? = nil, infoPlist: String? = nil, sources: [String] = [],
                foundInFolders: Set<String> = []) {
        self.name = name
        self.mainStoryboard = mainStoryboard
        self.infoPlist = infoPlist
        self.sources = sources
        self.foundInFolders = foundInFolders
    }
}

/// Reads format-1 model files (YAML or JSON), or storyboards directly, and validates them.
public struct ModelLoader: Sendable {
    public init() {}

    /// Loads and validates the model at `path`; `path` is used as written in diagnostics.
    /// A `.storyboard` file is imported as a model of its own (see `load(storyboards:options:)`).
    public func load(path: String, options: LoadOptions = LoadOptions()) -> LoadResult {
        if path.lowercased().hasSuffix(".storyboard") {
            return load(storyboards: [path], options: options)
        }
        guard let (data, oversize) = InputFile.read(path, limit: InputLimits.modelBytes) else {
            return LoadResult(model: nil, diagnostics: [.error(InputFile.unreadable(path, what: "model file"), at: SourceLocation(file: path, line: 1, column: 1), category: .inputFile)])
        }
        if let oversize {
            return LoadResult(model: nil, diagnostics: [.error("the model file is \(NumberText.grouped(oversize)) bytes, more than the \(NumberText.grouped(InputLimits.modelBytes)) a model may have",
                                                               at: SourceLocation(file: path, line: 1, column: 1), category: .limit)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let bad = InputFile.firstInvalidByte(in: data)
            let detail = bad.map { ": " + $0.detail } ?? ""
            return LoadResult(model: nil, diagnostics: [.error("the model file is not valid UTF-8\(detail)",
                                                               at: SourceLocation(file: path, line: bad?.line ?? 1, column: bad?.column ?? 1), category: .syntax)])
        }
        return load(text: text, path: path, options: options)
    }

    /// Loads and validates a model from text, attributing positions to `path`.
    public func load(text: String, path: String, options: LoadOptions = LoadOptions()) -> LoadResult {
        let context = DecodingContext(file: path, source: text)
        // A storyboard (or other XML) under a model's name: YAML would read it as one long text, or fail on its
        // first `: ` with a message about YAML.
        if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") {
            let head = text.prefix(4_096)
            let storyboard = head.contains("com.apple.InterfaceBuilder3") || head.contains("<document ")
            return LoadResult(model: nil, diagnostics: [.error(storyboard
                ? "this is a storyboard (XML), not a model: a storyboard is read when its name ends in '.storyboard'; rename it so"
                : "this is XML, not a model: a model file is YAML or JSON (docs/model-format.md)",
                at: SourceLocation(file: path, line: 1, column: 1), category: .modelFormat)])
        }
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
        let notes = Notes()
        decoder.importStoryboards = { listed, main in
            let paths = listed.map { Self.path($0.value, relativeTo: directory) }
            let inputs = zip(listed, paths).map { StoryboardImporter.Input(path: $1, listedAt: $0.location, isFoundInFolder: options.foundInFolders.contains($1)) }
            var choice = main.map { MainStoryboardChoice(name: $0.value, source: "'mainStoryboard' of the model") }
            var plistDiagnostics: [Diagnostic] = []
            if choice == nil, let found = InfoPlist.find(near: paths) {
                switch InfoPlist.read(found) {
                case .success(let plist):
                    choice = plist.mainStoryboard.map { MainStoryboardChoice(name: $0, source: "UIMainStoryboardFile of \(found)") }
                case .failure(let problem):
                    plistDiagnostics.append(.warning(problem.message + "; it is ignored", at: problem.location, category: .inputFile))
                }
            }
            var imported = StoryboardImporter().importFiles(inputs, mainStoryboard: choice?.name)
            imported.diagnostics += plistDiagnostics
            storyboardErrors.isSet = imported.hasErrors
            notes.list += Self.mainStoryboardNotes(imported, choice: choice, count: paths.count, howToName: "write 'mainStoryboard:' in the model")
            notes.initialScenes = imported.initialScenes
            return imported
        }
        // Without its storyboards the model would only add follow-on errors (unknown scenes): report the storyboards'.
        guard var model = decoder.decodeModel(root, path: path), !storyboardErrors.isSet else {
            return LoadResult(model: nil, diagnostics: context.diagnostics.sortedByLocation(), notes: notes.list)
        }
        let folders = model.sources.map { Self.path($0.value, relativeTo: directory) } + options.sources
        let scan = SourceScan.scan(folders: folders, listedAt: model.sources.map(\.location) + options.sources.map { _ in nil })
        let applied = scan.apply(to: model.scenes, initialScenes: notes.initialScenes)
        model.replaceScenes(applied.scenes)
        context.append(scan.diagnostics + applied.diagnostics)
        var validated = ModelValidator.validate(model)
        let decodedWithoutError = !context.diagnostics.contains(where: \.isError)
        // A flow or an 'expect' whose entries were in error reads as empty: the errors say what is wrong.
        if !decodedWithoutError { validated.removeAll { $0.category == DiagnosticCategory.emptyCheck.id } }
        let diagnostics = model.applyingLintSettings(to: context.diagnostics + validated).removingRepeatedWarnings().sortedByLocation()
        return LoadResult(model: diagnostics.hasErrors ? nil : model, diagnostics: diagnostics, notes: notes.list,
                          unvalidatedModel: diagnostics.hasErrors && decodedWithoutError ? model : nil)
    }
}

/// A mark set from inside a closure.
private final class Flag {
    var isSet = false
}

/// Notes and facts collected from inside a closure.
private final class Notes {
    var list: [String] = []
    var initialScenes: [String: String] = [:]
}

/// The main storyboard a caller names, and where the name comes from (for notes).
struct MainStoryboardChoice {
    var name: String
    var source: String
}

// MARK: - Storyboards

extension ModelLoader {
    /// Imports storyboards directly and validates the model they make.
    ///
    /// The main storyboard is `mainStoryboard` (a name or a path), else the one `UIMainStoryboardFile` of the
    /// `Info.plist` at `infoPlist` names, else that of an `Info.plist` found beside the storyboards, else the first
    /// storyboard (with a note). The model is named `name`, else after the Info.plist's bundle name, else after the
    /// project around the main storyboard (see `InfoPlist.projectName(around:)`). Its initial scene is the main
    /// storyboard's initial view controller; when no storyboard has one, the first scene no container holds, with a
    /// warning.
    public func load(storyboards paths: [String], name: String? = nil, mainStoryboard: String? = nil, infoPlist: String? = nil) -> LoadResult {
        load(storyboards: paths, options: LoadOptions(name: name, mainStoryboard: mainStoryboard, infoPlist: infoPlist))
    }

    /// Imports storyboards directly with `options` (see `load(storyboards:name:mainStoryboard:infoPlist:)`); the
    /// Swift sources of `options.sources` add unwind actions and code-driven navigation.
    public func load(storyboards paths: [String], options: LoadOptions) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        var plist: InfoPlist?
        if let path = options.infoPlist ?? InfoPlist.find(near: paths) {
            switch InfoPlist.read(path) {
            case .success(let read): plist = read
            case .failure(let problem):
                // A file the user named must be right; one found beside the storyboards is only a hint.
                if options.infoPlist != nil { return LoadResult(model: nil, diagnostics: [problem]) }
                diagnostics.append(.warning(problem.message + "; it is ignored", at: problem.location, category: .inputFile))
            }
        }
        let choice = options.mainStoryboard.map { MainStoryboardChoice(name: $0, source: "the command line") }
            ?? plist?.mainStoryboard.map { MainStoryboardChoice(name: $0, source: "UIMainStoryboardFile of \(plist?.path ?? "Info.plist")") }
        let inputs = paths.map { StoryboardImporter.Input(path: $0, isFoundInFolder: options.foundInFolders.contains($0)) }
        var imported = StoryboardImporter().importFiles(inputs, mainStoryboard: choice?.name)
        imported.diagnostics += diagnostics
        let scan = SourceScan.scan(folders: options.sources)
        let applied = scan.apply(to: imported.scenes, initialScenes: imported.initialScenes)
        imported.scenes = applied.scenes
        imported.diagnostics += scan.diagnostics + applied.diagnostics
        let mainPath = imported.mainStoryboard.flatMap { main in paths.first { StoryboardImporter.storyboardName(of: $0) == main.name } }
        let appName = options.name ?? plist?.appName ?? InfoPlist.projectName(around: mainPath ?? paths.first ?? ".")
        var result = load(imported: imported, name: appName, path: paths.first ?? "<storyboards>", mainStoryboardPath: mainPath)
        result.model?.nameIsDerived = options.name == nil && plist?.appName == nil
        result.notes = Self.mainStoryboardNotes(imported, choice: choice, count: paths.count, howToName: "give the app's Info.plist with --info-plist, or a model with 'mainStoryboard:'")
        return result
    }

    /// What to tell people about the main storyboard: that the first one was taken for want of a name, or that the
    /// one named is not among the storyboards.
    static func mainStoryboardNotes(_ imported: StoryboardImport, choice: MainStoryboardChoice?, count: Int, howToName: String) -> [String] {
        // With errors (a storyboard that does not load may be the one named Main) the guess would mislead.
        guard let main = imported.mainStoryboard, !imported.hasErrors else { return [] }
        if !main.isNamed {
            // `Main` is what Xcode names it: taking it needs no word.
            guard count > 1, main.guess != .xcodeDefault else { return [] }
            let why = switch main.guess {
            case .mainPrefix: "none is named Main; the first named like it, with an initial view controller"
            case .initialViewController: "none is named Main; the first with an initial view controller"
            default: "none is named Main or has an initial view controller; the first"
            }
            return ["no main storyboard is named: '\(main.name)' (\(why)) is taken as the main storyboard (its scenes have bare identifiers, the others' carry their storyboard's name); to name it, \(howToName)"]
        }
        if !main.isImported, let choice {
            return ["the main storyboard '\(choice.name)' (\(choice.source)) is not among the storyboards: every scene identifier carries its storyboard's name"]
        }
        return []
    }

    /// Validates the model made of imported scenes (`path` names the model in diagnostics that have no better place;
    /// that no storyboard has an initial view controller is said at the main storyboard, `mainStoryboardPath`, whose
    /// initial view controller the app would start with, so that adding another storyboard does not move it).
    public func load(imported: StoryboardImport, name: String, path: String, mainStoryboardPath: String? = nil) -> LoadResult {
        var diagnostics = imported.diagnostics
        let start = SourceLocation(file: path, line: 1, column: 1)
        let mainStart = mainStoryboardPath.map { SourceLocation(file: $0, line: 1, column: 1) } ?? start
        if !imported.hasErrors && imported.scenes.isEmpty {
            // Storyboards of another platform, or launch screens, found in a folder are skipped: when nothing else was
            // found, that is what is said (a bare "no view controllers" read as if the storyboard were empty).
            var skipped: [String: Int] = [:]
            for file in imported.files {
                switch file.status {
                case .skippedLaunchScreen: skipped["launch screen", default: 0] += 1
                case .skippedPlatform:
                    let platform = switch file.runtime {
                    case .macOS?: "macOS"
                    case .watchOS?: "watchOS"
                    default: "other platform"
                    }
                    skipped["\(platform) storyboard", default: 0] += 1
                default: break
                }
            }
            let imports = imported.files.contains { $0.status == .imported }
            if !imports, !skipped.isEmpty {
                let list = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }.joined(separator: ", ")
                diagnostics.append(.error("nothing to import: every storyboard found was skipped (\(list)); Scenograph documents the navigation of iOS UIKit apps",
                                          at: start, category: .inputFile))
            } else {
                diagnostics.append(.error("no view controllers to import", at: start, category: .inputFile))
            }
        }
        if diagnostics.hasErrors {
            return LoadResult(model: nil, diagnostics: diagnostics.sortedByLocation())
        }
        diagnostics += imported.pageWarnings(for: imported.scenes)
        var model = SceneModel(path: path, name: name, scenes: imported.scenes)
        model.initial = imported.initial
        if model.initial == nil, let fallback = imported.fallbackInitial {
            diagnostics.append(.warning("no storyboard has an initial view controller; '\(fallback)', the first scene no container holds, is the initial scene",
                                        at: mainStart, category: .noInitialScene))
            model.initial = Located(fallback, at: mainStart)
        }
        if let idiom = imported.idiom { model.environment = Environment(idiom: idiom) }
        diagnostics += ModelValidator.validate(model)
        diagnostics = diagnostics.removingRepeatedWarnings().sortedByLocation()
        return LoadResult(model: diagnostics.hasErrors ? nil : model, diagnostics: diagnostics)
    }


    /// `path` as seen from the current directory when it is written relative to `directory`.
    /// `path` as the model names it, from the model's folder: `Docs/../App/Main.storyboard` is written
    /// `App/Main.storyboard` when both name the same file (not when a symbolic link makes `..` lead elsewhere).
    static func path(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty { return path }
        let joined = (directory as NSString).appendingPathComponent(path)
        let tidy = tidied(joined)
        guard tidy != joined, let a = fileIdentity(tidy), let b = fileIdentity(joined), a == b else { return joined }
        return tidy
    }

    /// `a/b/../c` → `a/c`, `./a` → `a`, lexically; a leading `..` stays.
    public static func tidied(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute, parts.isEmpty { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private static func fileIdentity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
