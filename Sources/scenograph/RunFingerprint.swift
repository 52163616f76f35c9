import DocSite
import Foundation
import Graphviz
import ModelLoading
import SceneModel

/// Everything a `generate` run reads, as one digest: when it equals the previous run's and the output folder is
/// as that run left it, the run has nothing to write.
///
/// Files count by their stamp (size, modification and change times, inode), as `make` counts them, so an edited,
/// replaced or touched file changes the digest without being read. The list is the loader's inputs: the model file
/// or the storyboards given, the storyboards a model lists, every file under the sources folders, the Info.plist
/// given or found beside the storyboards, the Xcode project around storyboards given without a model; then the
/// templates' text, the options, this executable and Graphviz. The facts taken from the loaded model (its name, main
/// storyboard and scene count, the storyboards and sources it lists) count too: a run whose other parts carry the
/// previous run's stamps takes them from that run's record instead of loading the model again.
enum RunFingerprint {
    struct Options {
        var format: String
        var detail: String
        var html: Bool
        var templates: TemplateSources
        var example: Bool
        var segueGraphLimit: Int
    }

    /// What an app's inputs loaded to, as far as a run that finds them unchanged needs it: the facts the fingerprint
    /// takes from the model (the storyboards and sources it lists, its name and main storyboard), the counts the
    /// run reports, and the diagnostics and notes it prints again. Kept in the output record as one line of JSON.
    struct Loaded: Codable, Equatable {
        var model: String
        var storyboards: [String]
        var sources: [String]
        var scenes: Int
        var flows: Int
        var diagnostics: [Diagnostic]
        var notes: [String]

        init(model: SceneModel, diagnostics: [Diagnostic], notes: [String]) {
            self.model = "\(model.path) name \(model.name) main \(model.mainStoryboard?.value ?? "-") scenes \(model.scenes.count)"
            storyboards = model.storyboards.map(\.value)
            sources = model.sources.map(\.value)
            scenes = model.scenes.count
            flows = model.flows.count
            self.diagnostics = diagnostics
            self.notes = notes
        }

        /// The line kept in the record.
        var text: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }

        /// The facts a record keeps, or nil when it keeps none (an older record, one written with `--no-cache`).
        init?(text: String) {
            guard !text.isEmpty, let loaded = try? JSONDecoder().decode(Loaded.self, from: Data(text.utf8)) else { return nil }
            self = loaded
        }

        /// The files a run must never write over (`ModelInput.App.inputFiles(listed:)`).
        func inputFiles(of app: ModelInput.App) -> [String] {
            app.inputFiles(listed: storyboards + sources)
        }
    }

    static func make(app: ModelInput.App, loaded: Loaded, input: InputOptions, options: Options) -> String {
        var parts: [String] = ["scenograph-run 2"]
        func file(_ path: String) { parts.append("file \(path) \(stamp(path))") }
        func folder(_ path: String) {
            parts.append("folder \(path)")
            // A folder that cannot be listed is a sources folder the load refuses: no record is kept of such a run.
            guard let entries = try? ModelInput.filesUnder(path) else { return parts.append("unlisted") }
            for entry in entries { file((path as NSString).appendingPathComponent(entry)) }
        }

        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        file(executable)
        parts.append("graphviz \(GraphvizRenderer.identifier) \(GraphvizRenderer.pluginFolderOverride ?? "")")
        parts.append("cwd \(FileManager.default.currentDirectoryPath)")
        parts.append("options \(options.format) \(options.detail) \(options.html) \(options.segueGraphLimit) templates \(options.templates.digest)")
        parts.append("input name \(input.name ?? "-")")
        parts.append("model \(loaded.model)")

        var storyboards = app.storyboards
        if let path = app.model {
            file(path)
            storyboards += app.listedPaths(loaded.storyboards)
            for source in app.listedPaths(loaded.sources) { folder(source) }
        }
        for path in storyboards { file(path) }
        if app.model == nil {
            // Storyboards without a model may take the app's name from the Xcode project around the main one
            // (`ModelLoader`): the name each of their folders gives.
            let folders = Set(storyboards.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent() })
            for folder in folders.sorted(by: { $0.path < $1.path }) {
                parts.append("project \(folder.path) \(InfoPlist.folderName(of: folder) ?? "-")")
            }
        }
        for path in app.found.sorted() { parts.append("found \(path)") }
        for source in input.sources { folder(source) }
        if let plist = input.infoPlist { file(plist) }
        if !storyboards.isEmpty, let found = InfoPlist.find(near: storyboards) { file(found) }
        if options.example { file(ReviewExample.proposed) }

        var hasher = SHA256()
        for part in parts {
            hasher.update(part)
            hasher.update(byte: 0)
        }
        return hasher.hexDigest()
    }

    /// Size, modification and status-change times, inode and device of the file at `path`, or `missing`.
    static func stamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "missing" }
        #if canImport(Darwin)
        let modified = status.st_mtimespec, changed = status.st_ctimespec
        #else
        let modified = status.st_mtim, changed = status.st_ctim
        #endif
        return "\(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec) \(status.st_ino) \(status.st_dev)"
    }
}

/// Where the record of an output folder is kept: in the cache, named by the folder's path.
enum OutputRecordLocation {
    static func url(cache: URL, directory: URL) -> URL {
        cache.appendingPathComponent("outputs").appendingPathComponent(SHA256.hex(Array(directory.path.utf8)) + ".record")
    }
}
