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
/// given or found beside the storyboards; then the templates' text, the options, this executable and Graphviz.
/// What the loader derives from folders (the app's name, the main storyboard) is in the loaded model, which
/// counts too.
enum RunFingerprint {
    struct Options {
        var format: String
        var detail: String
        var html: Bool
        var templates: TemplateSources
        var example: Bool
        var segueGraphLimit: Int
    }

    static func make(app: ModelInput.App, model: SceneModel, input: InputOptions, options: Options) -> String {
        var parts: [String] = ["scenograph-run 1"]
        func file(_ path: String) { parts.append("file \(path) \(stamp(path))") }
        func folder(_ path: String) {
            parts.append("folder \(path)")
            for entry in ModelInput.filesUnder(path) { file((path as NSString).appendingPathComponent(entry)) }
        }

        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        file(executable)
        parts.append("graphviz \(GraphvizRenderer.identifier) \(GraphvizRenderer.pluginFolderOverride ?? "")")
        parts.append("cwd \(FileManager.default.currentDirectoryPath)")
        parts.append("options \(options.format) \(options.detail) \(options.html) \(options.segueGraphLimit) templates \(options.templates.digest)")
        parts.append("model \(model.path) name \(model.name) main \(model.mainStoryboard?.value ?? "-") scenes \(model.scenes.count)")

        var storyboards = app.storyboards
        if let path = app.model {
            file(path)
            let modelFolder = URL(fileURLWithPath: path).deletingLastPathComponent()
            storyboards += model.storyboards.map { modelFolder.appendingPathComponent($0.value).path }
            for source in model.sources { folder(modelFolder.appendingPathComponent(source.value).path) }
        }
        for path in storyboards { file(path) }
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
    static func url(cache: URL, target: OutputTarget) -> URL {
        cache.appendingPathComponent("outputs").appendingPathComponent(SHA256.hex(Array(target.directory.path.utf8)) + ".record")
    }
}
