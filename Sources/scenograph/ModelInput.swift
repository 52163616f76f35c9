import TextFormats
import ArgumentParser
import DocSite
import Foundation
import ModelLoading
import SceneModel

/// What every command that reads an app accepts besides its paths.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("info-plist"),
            help: ArgumentHelp("The app's Info.plist: UIMainStoryboardFile names the main storyboard, CFBundleName the app.",
                               discussion: "Without it, an Info.plist beside the storyboards (in their folder or up to two folders above) is read.",
                               valueName: "FILE"))
    var infoPlist: String?

    @Option(name: .customLong("sources"),
            help: ArgumentHelp("A folder of the app's Swift sources, scanned for unwind actions and code-driven navigation (repeatable).",
                               valueName: "DIR"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("The app's name when storyboards are given without a model.",
                               discussion: "Default: the Info.plist's bundle name, else the Xcode project around the main storyboard, else its folder.",
                               valueName: "NAME"))
    var name: String?

    var loadOptions: LoadOptions {
        LoadOptions(name: name, infoPlist: infoPlist, sources: sources)
    }

    func validate() throws {
        // It titles every page, as a model's name does.
        if let name, name.allSatisfy(\.isWhitespace) { throw ValidationError("--name is empty; give the app's name, e.g. --name Photos") }
        if let name, Markdown.removingControls(name) != name {
            throw ValidationError("--name holds a control character, which the docs cannot show; give the app's name as text, e.g. --name Photos")
        }
        if let name, name.utf8.count > InputLimits.yamlScalarBytes {
            throw ValidationError("--name is \(NumberText.grouped(name.utf8.count)) bytes; a name may have at most \(NumberText.grouped(InputLimits.yamlScalarBytes))")
        }
    }
}

/// How much a command prints on standard error.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes or progress.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every warning on its own line (warnings of one category are otherwise grouped when there are more than three), and more progress.")
    var verbose = false
}

/// The one input rule of every command: a model file, one or more storyboards, or a folder holding either.
///
/// A folder stands for the model file at its top (a `.yaml`, `.yml` or `.json` file with a `format` key), else for
/// every storyboard under it (hidden folders and build products skipped, at most `InputLimits.folderEntries` entries
/// looked at: `FolderListing`). Each model file is an app of its own; the storyboards given or found make one app.
/// Which storyboard is the main one, and the app's name, come from the model, else the Info.plist, else the first
/// storyboard (see `ModelLoader`).
enum ModelInput {
    /// The bundled example, used when `generate` gets no input.
    static let bundledExample = "Examples/Photos.yaml"

    /// One app named by the paths given.
    struct App: Sendable {
        var model: String?
        var storyboards: [String] = []
        /// Storyboards found in folders rather than named.
        var found: Set<String> = []
        /// The model file was named more than once (it is read once).
        var modelGivenTwice = false

        /// Where a command that writes one file (`render -o`, `import -o`) writes `output` (nil: standard output),
        /// checked by `OutputWriter.fileTarget` against the app's inputs; a refusal is printed and ends the command.
        func outputFile(_ output: String?, model: SceneModel, input: InputOptions) throws -> String? {
            do {
                return try output.map { try OutputWriter.fileTarget($0, protecting: inputFiles(of: model, input: input)) }
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
        }

        /// The files a command that writes one file (`render -o`, `import -o`) must not replace: the model with the
        /// storyboards and sources it lists, or the storyboards given, the sources folders given, and the Info.plist
        /// given or found beside the storyboards.
        func inputFiles(of model: SceneModel, input: InputOptions) -> [String] {
            let storyboards = self.model == nil ? self.storyboards : listedPaths(model.storyboards.map(\.value))
            let plist = input.infoPlist ?? InfoPlist.find(near: storyboards)
            return inputFiles(listed: (model.storyboards + model.sources).map(\.value)) + input.sources + (plist.map { [$0] } ?? [])
        }

        /// The files a command must never write over: the model with the storyboards and sources it lists (`listed`,
        /// relative to its folder), or the storyboards given.
        func inputFiles(listed: [String]) -> [String] {
            model.map { [$0] + listedPaths(listed) } ?? storyboards
        }

        /// The paths of the files the model lists (`listed`, relative to its folder); none without a model.
        func listedPaths(_ listed: [String]) -> [String] {
            guard let model else { return [] }
            let folder = URL(fileURLWithPath: model).deletingLastPathComponent()
            return listed.map { folder.appendingPathComponent($0).path }
        }
    }

    /// Input that cannot be resolved into apps; the message names the path.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// How folders are read: the working tree, or a git revision (`diff --git`).
    struct Folders: Sendable {
        /// Every file under `path`, recursively, as paths relative to it; `nil` when `path` is not a folder.
        var files: @Sendable (_ path: String) throws -> [String]?
        /// The first bytes of a file, to tell a model from other YAML or JSON.
        var head: @Sendable (_ path: String) -> Data?

        static let workingTree = Folders(
            files: { path in try ModelInput.filesUnder(path) },
            head: { path in
                // Only a regular file (links followed): opening a FIFO named like a model would wait for a writer for ever.
                var status = stat()
                guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                      let handle = FileHandle(forReadingAtPath: path) else { return nil }
                defer { try? handle.close() }
                return try? handle.read(upToCount: 65_536)
            })
    }

    /// The files under `path` (working tree), relative to it, in path order; `nil` when it is not a folder.
    static func filesUnder(_ path: String) throws -> [String]? {
        do {
            return try FolderListing.entries(under: path)
        } catch {
            throw Failure(message: "\(error); name the app's folder, its model file or its storyboards")
        }
    }

    static func isStoryboard(_ path: String) -> Bool { path.lowercased().hasSuffix(".storyboard") }

    static func isModelFileName(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json")
    }

    /// Whether a YAML or JSON file's first bytes have a top-level `format` key, as every model has.
    static func looksLikeModel(_ head: Data?) -> Bool {
        guard let head else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { line in
            line.hasPrefix("format:") || line.hasPrefix("format :") || line.contains("\"format\"")
        }
    }

    /// The apps the paths name (see the type's summary).
    static func apps(_ paths: [String], folders: Folders = .workingTree) throws -> [App] {
        var models: [String] = []
        var storyboards: [String] = []
        var found: Set<String> = []
        for path in paths {
            if let entries = try folders.files(path) {
                let join = { (entry: String) in (path as NSString).appendingPathComponent(entry) }
                let topModels = entries.filter { !$0.contains("/") && isModelFileName($0) }.map(join).filter { looksLikeModel(folders.head($0)) }
                if topModels.count > 1 {
                    throw Failure(message: "the folder '\(path)' holds several model files (\(topModels.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))); name one")
                }
                // A file whose name is not UTF-8 cannot be opened to tell whether it is the model: say so rather than
                // pass over it.
                // (A name holding U+FFFD only because it was not UTF-8: the listing's name then opens nothing.)
                let unnamed = entries.filter { !$0.contains("/") && isModelFileName($0) && InputFile.notUTF8($0) != nil }
                    .map(join).filter { folders.head($0) == nil }
                let cannotOpen = "\(unnamed.map { "'\($0)'" }.joined(separator: ", ")) cannot be opened: a name that is not valid UTF-8 (rename it)"
                if let model = topModels.first {
                    guard unnamed.isEmpty else {
                        throw Failure(message: "the folder '\(path)' holds the model file '\((model as NSString).lastPathComponent)', but \(cannotOpen), so whether it is a model too is unknown; name the model file, or rename the other")
                    }
                    models.append(model)
                    continue
                }
                let inside = entries.filter(isStoryboard).map(join)
                guard !inside.isEmpty else {
                    let note = unnamed.isEmpty ? "" : "; \(cannotOpen)"
                    throw Failure(message: "the folder '\(path)' holds no model file (.yaml, .yml or .json with 'format: 1') and no storyboard\(note)")
                }
                guard unnamed.isEmpty else {
                    // A model at the top would be taken before the storyboards.
                    throw Failure(message: "the folder '\(path)' holds storyboards, but \(cannotOpen), so whether it is the app's model is unknown; name the storyboards or the model file, or rename it")
                }
                storyboards += inside
                found.formUnion(inside)
            } else if isStoryboard(path) || path.lowercased().hasSuffix(".xib") {
                // A XIB named on the command line is read as the XML it is, so that the importer says what it is.
                storyboards.append(path)
            } else {
                models.append(path)
            }
        }
        // A model named twice (`check App.yaml ./App.yaml`) is one app: read once, with a warning, as a storyboard
        // given twice is imported once.
        var result: [App] = []
        var index: [String: Int] = [:]
        for model in models {
            let standardized = URL(fileURLWithPath: model).standardizedFileURL.resolvingSymlinksInPath().path
            if let first = index[standardized] {
                result[first].modelGivenTwice = true
                continue
            }
            index[standardized] = result.count
            result.append(App(model: model))
        }
        if !storyboards.isEmpty { result.append(App(storyboards: storyboards, found: found)) }
        return result
    }

    /// The one app the paths name; several are an error.
    static func app(_ paths: [String], folders: Folders = .workingTree) throws -> App {
        let all = try apps(paths, folders: folders)
        guard all.count == 1, let app = all.first else {
            throw Failure(message: "give one app: one model file, or the storyboards of one app, or a folder holding either (a model lists its storyboards under 'storyboards:')")
        }
        return app
    }

    /// Loads an app with the command line's options.
    static func load(_ app: App, options: LoadOptions) -> LoadResult {
        var options = options
        options.foundInFolders = app.found
        if let model = app.model {
            var result = ModelLoader().load(path: model, options: options)
            if app.modelGivenTwice {
                // Under the model's lint settings, as every other finding (`lint: {disable: [duplicate-input]}`).
                let warning = Diagnostic.finding(.duplicateInput, "model '\(model)' is given twice; reading it once",
                                                 at: SourceLocation(file: model, line: 1, column: 1), severity: .warning)
                let settled = (result.model ?? result.unvalidatedModel).map { $0.applyingLintSettings(to: [warning]) } ?? [warning]
                result.diagnostics.insert(contentsOf: settled, at: 0)
            }
            if let plist = options.infoPlist {
                // Not read for a model: said, so that a mistyped or missing path is not taken for one that was read.
                result.notes.append("--info-plist '\(plist)' is not read: it is for storyboards given without a model; the model names the app ('name:') and its main storyboard ('mainStoryboard:')")
            }
            return result
        }
        return ModelLoader().load(storyboards: app.storyboards, options: options)
    }

    /// The error for a `--flow` the model does not have (or none given where one is needed), placed where the
    /// model's flows start, with the flows it has.
    static func unknownFlow(_ id: String?, in model: SceneModel) -> Diagnostic {
        let ids = model.flows.map(\.id)
        let location = model.flows.first?.location ?? SourceLocation(file: model.path, line: 1, column: 1)
        if ids.isEmpty {
            // No flow to name: say where flows come from (storyboards alone have none).
            let what = id.map { "unknown flow '\($0)'" } ?? "the diagram is drawn for one flow"
            let fromStoryboards = !model.storyboards.isEmpty || model.path.hasSuffix(".storyboard")
            return .error("\(what), and the model has no flows; " + (fromStoryboards
                ? "flows are written in a model file that lists the storyboards (docs/model-format.md)"
                : "add one under 'flows:'"), at: location)
        }
        let known = "flows: " + ids.joined(separator: ", ")
        let what = id.map { "unknown flow '\($0)'\(Identifier.didYouMean($0, among: ids))" } ?? "the diagram is drawn for one flow: add --flow ID"
        return .error("\(what); \(known)", at: location)
    }

    /// Loads the one app of a command: prints its diagnostics and notes as `output` says, and ends the command with
    /// status 1 on an error. With no paths and `example`, the bundled example.
    static func load(_ paths: [String], input: InputOptions, output: OutputOptions, example: Bool = false) throws
        -> (model: SceneModel, diagnostics: [Diagnostic], app: App) {
        let app = try resolve(paths, example: example)
        let (model, result) = try load(app, input: input, output: output)
        return (model, result.diagnostics, app)
    }

    /// The one app of a command; an error is printed and ends the command with status 1. With no paths and
    /// `example`, the bundled example.
    static func resolve(_ paths: [String], example: Bool = false) throws -> App {
        var paths = paths
        if paths.isEmpty, example {
            guard FileManager.default.fileExists(atPath: bundledExample) else {
                Terminal.error("no MODEL given and the bundled example '\(bundledExample)' is not in the current directory")
                throw ExitCode(1)
            }
            paths = [bundledExample]
        }
        do {
            return try Self.app(paths)
        } catch let failure as Failure {
            Terminal.error(failure.message)
            throw ExitCode(1)
        }
    }

    /// Loads `app`, prints its diagnostics and notes as `output` says, and ends the command with status 1 on an error.
    static func load(_ app: App, input: InputOptions, output: OutputOptions) throws -> (model: SceneModel, result: LoadResult) {
        let result = load(app, options: input.loadOptions)
        Terminal.report(result, output)
        guard let model = result.model else { throw ExitCode(1) }
        return (model, result)
    }
}
