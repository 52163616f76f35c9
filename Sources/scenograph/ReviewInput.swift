import ArgumentParser
import Foundation
import ModelLoading
import Review
import SceneModel

/// One side of a review: an app by the one input rule (`ModelInput`) — a model file, storyboards, or a folder
/// holding either — from the working tree or from a git revision.
enum ReviewInput {
    typealias Failure = ModelInput.Failure

    /// Loads a side from the working tree.
    static func load(_ paths: [String], options: LoadOptions = LoadOptions()) throws -> LoadResult {
        ModelInput.load(try ModelInput.app(paths), options: options)
    }

    // MARK: - Git

    /// `--git`'s value is handed to git as an argument: one starting with '-' would be read as one of git's options.
    static func validate(revision: String?) throws {
        if let revision, revision.hasPrefix("-") || revision.isEmpty {
            throw ValidationError("--git takes a revision (a branch, tag or commit), not '\(revision)'")
        }
    }

    /// Loads `paths` as they are in git revision `revision`: each file is read with `git show REV:./path`
    /// (run in the file's folder, so paths are as the user typed them) into a temporary folder, a model's
    /// storyboards included. Diagnostics name files as `REV:path`.
    static func load(_ paths: [String], revision: String, options: LoadOptions = LoadOptions()) throws -> LoadResult {
        try read(paths, revision: revision, options: options) { result, relabel in
            var relabelled = result
            relabelled.diagnostics = relabel(result.diagnostics)
            return relabelled
        }
    }

    /// The findings of `check` on `paths` as they are in git revision `revision`, files named `REV:path`.
    static func findings(_ paths: [String], revision: String, options: LoadOptions = LoadOptions()) throws -> [Diagnostic] {
        try read(paths, revision: revision, options: options) { result, relabel in
            relabel(result.model.map { CheckReport(model: $0, loadDiagnostics: result.diagnostics).findings } ?? result.diagnostics)
        }
    }

    /// Loads `paths` from `revision` into a temporary folder and hands the result to `use`, with the function that
    /// names the temporary folder's files `REV:path` in diagnostics (the model's own positions name them too).
    private static func read<Result>(_ paths: [String], revision: String, options: LoadOptions,
                                     _ use: (LoadResult, _ relabel: ([Diagnostic]) -> [Diagnostic]) -> Result) throws -> Result {
        // The head's paths name what to read from the revision: each must be there now.
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw Failure(message: "no such model file, storyboard or folder '\(path)'")
        }
        try checkRevision(revision, near: paths)
        for path in paths where !exists(path, in: revision) { throw Absent(path: path) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-git-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func local(_ path: String) -> String {
            scratch.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : path).path
        }
        @Sendable func show(_ path: String) throws -> [UInt8] {
            try git(["show", "\(revision):./\((path as NSString).lastPathComponent)"], in: (path as NSString).deletingLastPathComponent)
        }
        func fetch(_ path: String) throws {
            let bytes = try show(path)
            let destination = URL(fileURLWithPath: local(path))
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: destination)
        }
        let folders = ModelInput.Folders(
            files: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
                // `--full-tree`: in a subfolder, ls-tree would otherwise keep only entries under that subfolder's path.
                let listing = try git(["ls-tree", "-r", "--full-tree", "--name-only", "\(revision):./"], in: path)
                return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
                    .filter { entry in !entry.split(separator: "/").contains { $0.hasPrefix(".") || ModelInput.skippedFolders.contains(String($0)) } }
            },
            head: { path in (try? show(path)).map { Data($0.prefix(65_536)) } })
        let app = try ModelInput.app(paths, folders: folders)
        var localApp = app
        if let model = app.model {
            try fetch(model)
            let text = (try? String(contentsOfFile: local(model), encoding: .utf8)) ?? ""
            let folder = (model as NSString).deletingLastPathComponent
            for storyboard in ModelLoader.storyboardPaths(inModelText: text, path: model) where !storyboard.hasPrefix("/") {
                try fetch(folder.isEmpty ? storyboard : (folder as NSString).appendingPathComponent(storyboard))
            }
            localApp.model = local(model)
        } else {
            for storyboard in app.storyboards { try fetch(storyboard) }
            localApp.storyboards = app.storyboards.map(local)
            localApp.found = Set(app.found.map(local))
        }
        let result = ModelInput.load(localApp, options: options)
        let prefix = scratch.path + "/"
        return use(result) { diagnostics in
            diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if diagnostic.location.file.hasPrefix(prefix) {
                    diagnostic.location.file = "\(revision):" + diagnostic.location.file.dropFirst(prefix.count)
                }
                diagnostic.message = diagnostic.message.replacingOccurrences(of: prefix, with: "\(revision):")
                return diagnostic
            }
        }
    }

    /// A path given that the revision does not have: the app is new (or moved) since.
    struct Absent: Error {
        var path: String
    }

    /// Fails unless `revision` names a commit of the repository around the paths, saying how a shallow clone (CI's
    /// default) gets it.
    static func checkRevision(_ revision: String, near paths: [String]) throws {
        let folder = paths.first.map { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? path : (path as NSString).deletingLastPathComponent
        } ?? ""
        do {
            _ = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder)
        } catch let failure as Failure where failure.message.contains("not a git repository") {
            throw failure
        } catch {
            throw Failure(message: "'\(revision)' is not a commit of this repository; in a shallow clone, fetch it first (actions/checkout: fetch-depth: 0)")
        }
    }

    /// Whether `path` (a file or a folder, as the user typed it) is in `revision`.
    static func exists(_ path: String, in revision: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (try? git(["rev-parse", "--verify", "--quiet", "\(revision):./"], in: path)) != nil
        }
        let name = (path as NSString).lastPathComponent
        return (try? git(["cat-file", "-e", "\(revision):./\(name)"], in: (path as NSString).deletingLastPathComponent)) != nil
    }

    /// Runs git with `arguments` (never through a shell) in `directory`; its standard output, or a failure
    /// carrying git's own message.
    static func git(_ arguments: [String], in directory: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.isEmpty ? "." : directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(message: "cannot run git: \(error.localizedDescription)")
        }
        // Standard error is read on its own thread so neither pipe can fill up and block git.
        let errorData = ErrorBuffer()
        let reader = Thread { errorData.fill(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorData.waitUntilFilled()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "git \(arguments.joined(separator: " ")) failed: \(message.isEmpty ? "status \(process.terminationStatus)" : message)")
        }
        return Array(data)
    }
}

/// Standard error of a child process, filled by a reader thread.
private final class ErrorBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private let filled = DispatchSemaphore(value: 0)
    private var stored = Data()

    func fill(_ data: Data) {
        lock.withLock { stored = data }
        filled.signal()
    }

    func waitUntilFilled() { filled.wait() }

    var data: Data { lock.withLock { stored } }
}

/// Paths as GitHub's annotations and code scanning read them: relative to the repository's top folder (the one
/// holding `.git`), whatever folder the command runs in. Paths outside it, or with no repository around, stay as
/// given.
enum RepositoryPaths {
    /// The top folder of the repository around `directory`, if any.
    static func root(around directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `path` relative to `root` when it is inside it.
    static func relative(_ path: String, to root: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }
}
