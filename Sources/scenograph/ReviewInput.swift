import ArgumentParser
import Foundation
import ModelLoading
import Review
import SceneModel
import TextFormats

/// One side of a review: an app by the one input rule (`ModelInput`) — a model file, storyboards, or a folder
/// holding either — from the working tree or from a git revision.
enum ReviewInput {
    typealias Failure = ModelInput.Failure

    /// Loads a side from the working tree.
    static func load(_ paths: [String], options: LoadOptions = LoadOptions()) throws -> LoadResult {
        ModelInput.load(try ModelInput.app(paths), options: options)
    }

    // MARK: - Git

    /// How messages name a revision: a commit's full hash (CI passes the base's) by its first twelve digits, as
    /// git abbreviates it; anything else as given.
    static func label(revision: String) -> String {
        revision.count == 40 && revision.allSatisfy(\.isHexDigit) ? String(revision.prefix(12)) : revision
    }

    /// `--git`'s value is handed to git as an argument: one starting with '-' would be read as one of git's options.
    static func validate(revision: String?) throws {
        if let revision, revision.hasPrefix("-") || revision.isEmpty {
            throw ValidationError("--git takes a revision (a branch, tag or commit), not '\(revision)'")
        }
    }

    /// Loads `paths` as they are in git revision `revision`: each file is read with `git show REV:./path`
    /// (run in the file's folder, so paths are as the user typed them) into a temporary folder, a model's
    /// storyboards included. Diagnostics name files as `REV:path`.
    static func load(_ paths: [String], revision: String, basePaths: [String]? = nil, options: LoadOptions = LoadOptions(),
                     removedSince: Bool = false) throws -> LoadResult {
        try read(paths, basePaths: basePaths ?? paths, revision: revision, options: options, removedSince: removedSince) { result, relabel in
            var relabelled = result
            relabelled.diagnostics = relabel(result.diagnostics)
            return relabelled
        }
    }

    /// The findings of `check` on `paths` as they are in git revision `revision`, files named `REV:path`, and the
    /// model they were found in (nil when it did not load).
    static func findings(_ paths: [String], revision: String, basePaths: [String]? = nil,
                         options: LoadOptions = LoadOptions()) throws -> (findings: [Diagnostic], model: SceneModel?, loadDiagnostics: [Diagnostic]) {
        try read(paths, basePaths: basePaths ?? paths, revision: revision, options: options) { result, relabel in
            // A base whose only errors are flows naming what it lacks is checked as it is, as `diff` runs it: its
            // rule findings are known, and only its load errors would not be.
            let model = result.model ?? result.flowErrorsOnly
            return (relabel(model.map { CheckReport(model: $0, loadDiagnostics: result.diagnostics).findings } ?? result.diagnostics),
                    model, relabel(result.diagnostics))
        }
    }

    /// Loads `paths` from `revision` into a temporary folder and hands the result to `use`, with the function that
    /// names the temporary folder's files `REV:path` in diagnostics (the model's own positions name them too).
    /// `basePaths` are where the revision has them: the head's paths, or what they were before git's renames.
    private static func read<Result>(_ headPaths: [String], basePaths paths: [String], revision: String, options: LoadOptions,
                                     removedSince: Bool = false,
                                     _ use: (LoadResult, _ relabel: ([Diagnostic]) -> [Diagnostic]) -> Result) throws -> Result {
        // The head's paths name what to read from the revision: each must be there now, unless the app was removed
        // since (`removedSince`: its files are read from the revision alone).
        for path in headPaths where !removedSince && !FileManager.default.fileExists(atPath: path) {
            throw HeadMissing(path: path)
        }
        try checkRevision(revision, near: headPaths)
        for (path, head) in zip(paths, headPaths) where !exists(path, in: revision) { throw Absent(path: head) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-git-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Each path inside the scratch folder, also one that climbs out of the current folder (`../Docs/App.yaml`):
        // its leading `..` become `.up` folders, so that the files keep their relative places and stay in scratch.
        // An absolute path goes under a `.root` folder, named back to `/` in messages.
        func local(_ path: String) -> String {
            let tidy = ModelLoader.tidied(path.hasPrefix("/") ? String(path.dropFirst()) : path)
            var parts = tidy.split(separator: "/").map(String.init)
            for index in parts.indices where parts[index] == ".." { parts[index] = Self.upFolder }
            return scratch.path + "/" + (path.hasPrefix("/") ? [Self.rootFolder] + parts : parts).joined(separator: "/")
        }
        @Sendable func show(_ path: String) throws -> [UInt8] {
            try showFollowingLinks(path, revision: revision)
        }
        func fetch(_ path: String) throws {
            let destination = URL(fileURLWithPath: local(path))
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try Data(try show(path)).write(to: destination)
            } catch let oversized as Oversized {
                // Past what a model or storyboard may be: a file of that size and nothing in it (sparse), which the
                // loader refuses by its size as it would the working tree's, so that the revision does not load and
                // its app is compared as an empty one, as a revision whose file is broken is.
                guard FileManager.default.createFile(atPath: destination.path, contents: nil),
                      truncate(destination.path, off_t(oversized.size)) == 0 else {
                    throw Failure(message: "\(path) is \(oversized.size) bytes in \(Self.label(revision: revision)), past what a model or storyboard may be")
                }
            }
        }
        let folders = ModelInput.Folders(
            files: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
                // `--full-tree`: in a subfolder, ls-tree would otherwise keep only entries under that subfolder's path.
                // `-z`: names as they are, not C-quoted (a name with an accent or a quote).
                let listing = try git(["ls-tree", "-r", "-z", "--full-tree", "--name-only", "\(revision):./"], in: path)
                return listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                    .filter { !FolderListing.isSkipped($0) }
            },
            head: { path in (try? show(path)).map { Data($0.prefix(65_536)) } })
        let app = try ModelInput.app(paths, folders: folders)
        var localApp = app
        if let model = app.model {
            try fetch(model)
            // Read within a model file's limit: a revision's file past it is left for the loader to refuse by its
            // size, not read whole for the storyboards it names.
            let text = InputFile.read(local(model), limit: InputLimits.modelBytes)
                .flatMap { $0.size == nil ? String(data: $0.data, encoding: .utf8) : nil } ?? ""
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
        let label = "\(revision):"
        /// `REV:path` as the user named it: `.up` folders back to `..`.
        func relabelled(_ text: String) -> String {
            var out = text.replacingOccurrences(of: prefix + Self.rootFolder + "/", with: label + "/").replacingOccurrences(of: prefix, with: label)
            while out.contains(label + Self.upFolder + "/") || out.contains("/" + Self.upFolder + "/") {
                out = out.replacingOccurrences(of: label + Self.upFolder + "/", with: label + "../")
                    .replacingOccurrences(of: "/" + Self.upFolder + "/", with: "/../")
            }
            return out
        }
        return use(result) { diagnostics in
            diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if diagnostic.location.file.hasPrefix(prefix) {
                    diagnostic.location.file = relabelled(diagnostic.location.file)
                }
                diagnostic.message = relabelled(diagnostic.message)
                return diagnostic
            }
        }
    }

    /// The folder standing for `..` inside the scratch folder of a revision's files.
    static let upFolder = ".up"
    /// The folder standing for `/` (an absolute path given) inside the scratch folder of a revision's files.
    static let rootFolder = ".root"

    /// A path given that the revision does not have: the app is new (or moved) since.
    struct Absent: Error {
        var path: String
    }

    /// A file of the revision past what a model or storyboard may be, by its size (not read).
    struct Oversized: Error {
        var size: Int
    }

    /// A path given that the working tree does not have.
    struct HeadMissing: Error {
        var path: String
        var message: String { "no such model file, storyboard or folder '\(path)'" }
    }

    /// Where git reads `path` of a revision from: the nearest of its folders that exists now (a file renamed since
    /// may have been in a folder gone since), and the path from there.
    /// The bytes of `path` in `revision`; a symbolic link committed there is followed as the file system would follow
    /// it (`git show` gives a link's target path, not the file), up to 40 links.
    static func showFollowingLinks(_ path: String, revision: String) throws -> [UInt8] {
        var current = path
        for _ in 0..<40 {
            let place = gitPlace(current)
            // `-l`: the size, so that a file far past what a model or storyboard may be is not read into memory.
            let entry = try git(["ls-tree", "-z", "-l", revision, "--", "./" + place.relative], in: place.directory)
            if entry.starts(with: Array("040000 ".utf8)) {
                throw Failure(message: "\(current) is a folder in \(label(revision: revision)), not a file")
            }
            let fields = String(decoding: entry.prefix { $0 != UInt8(ascii: "\t") }, as: UTF8.self).split(separator: " ")
            let isStoryboard = current.lowercased().hasSuffix(".storyboard")
            let limit = isStoryboard ? InputLimits.storyboardBytes : InputLimits.modelBytes
            if fields.count == 4, let size = Int(fields[3]), size > limit { throw Oversized(size: size) }
            let bytes = try git(["show", "\(revision):./\(place.relative)"], in: place.directory)
            guard entry.starts(with: Array("120000 ".utf8)) else { return bytes }
            let target = String(decoding: bytes, as: UTF8.self)
            current = target.hasPrefix("/") ? target : ModelLoader.tidied(((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target))
        }
        throw Failure(message: "\(path) in \(label(revision: revision)): more than 40 symbolic links to follow")
    }

    static func gitPlace(_ path: String) -> (directory: String, relative: String) {
        var directory = (path as NSString).deletingLastPathComponent
        var relative = (path as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        while !directory.isEmpty, !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) {
            relative = (directory as NSString).lastPathComponent + "/" + relative
            directory = (directory as NSString).deletingLastPathComponent
        }
        return (directory, relative)
    }

    /// The files git finds renamed or moved between `revision` and the working tree, by their canonical paths
    /// (`RepositoryPaths.canonical`): new → old. Empty when git cannot tell.
    static func renames(since revision: String, near paths: [String]) -> [String: String] {
        let folder = paths.first.map { path -> String in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? path : (path as NSString).deletingLastPathComponent
        } ?? ""
        guard let top = try? git(["rev-parse", "--show-toplevel"], in: folder) else { return [:] }
        let root = RepositoryPaths.canonical(String(decoding: top, as: UTF8.self).trimmingCharacters(in: .newlines))
        guard let listing = try? git(["diff", "--name-status", "-M", "-z", "--no-ext-diff", revision, "--"], in: root) else { return [:] }
        let fields = listing.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var renamed: [String: String] = [:]
        var index = 0
        while index < fields.count, !fields[index].isEmpty {
            if fields[index].hasPrefix("R"), index + 2 < fields.count {
                renamed[root + "/" + fields[index + 2]] = root + "/" + fields[index + 1]
                index += 3
            } else {
                index += 2
            }
        }
        return renamed
    }

    /// The paths to read from the revision for the head's `paths`: each file git finds renamed since, by its old
    /// path (relative to the current folder when inside it), the others as they are.
    static func basePaths(_ paths: [String], renames: [String: String]) -> [String] {
        let current = RepositoryPaths.canonical(FileManager.default.currentDirectoryPath) + "/"
        return paths.map { path in
            guard let old = renames[RepositoryPaths.canonical(path)] else { return path }
            return old.hasPrefix(current) ? String(old.dropFirst(current.count)) : old
        }
    }

    /// Fails unless `revision` names a commit of the repository around the paths, saying how a shallow clone (CI's
    /// default) gets it.
    static func checkRevision(_ revision: String, near paths: [String]) throws {
        // The nearest folder that exists now: a path removed since may have taken its folder with it.
        let folder = paths.first.map { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? path : gitPlace(path).directory
        } ?? ""
        do {
            _ = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder)
        } catch let failure as Failure where failure.message.contains("not a git repository") {
            let place = folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
            throw Failure(message: "'\(place)' is in no git repository: --git \(revision) reads the app's files as they were in a revision of the repository that holds them")
        } catch {
            throw Failure(message: "'\(revision)' is not a commit of this repository; in a shallow clone, fetch it first (actions/checkout: fetch-depth: 0)")
        }
    }

    /// The head's `paths` with each one missing from the working tree that git finds renamed or moved since
    /// `revision` replaced by where it is now (relative to the current folder when inside it); nil when none is, or
    /// when one missing is not (then it is removed, or the user's mistake). A pull request that moves the model,
    /// run with the workflow's old path, compares the moved file rather than an app that looks removed.
    static func following(_ paths: [String], renamedSince revision: String) -> [String]? {
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard !missing.isEmpty else { return nil }
        var now: [String: String] = [:]
        // Asked from the nearest folder that exists: the move may have taken the file's folder with it.
        for (new, old) in renames(since: revision, near: [gitPlace(missing[0]).directory]) where now[old] == nil { now[old] = new }
        let current = RepositoryPaths.canonical(FileManager.default.currentDirectoryPath) + "/"
        var result: [String] = []
        for path in paths {
            guard !FileManager.default.fileExists(atPath: path) else { result.append(path); continue }
            guard let new = now[RepositoryPaths.canonical(path)] else { return nil }
            result.append(new.hasPrefix(current) ? String(new.dropFirst(current.count)) : new)
        }
        return result
    }

    /// `paths`, or with `revision` and a file the change renamed given by its old path, `following` them; a note
    /// for each says where it went and that it is `done` there (`compared`, `checked`).
    static func followed(_ paths: [String], renamedSince revision: String?, quiet: Bool, done: String) -> [String] {
        guard let revision, let moved = following(paths, renamedSince: revision) else { return paths }
        if !quiet {
            for (old, new) in zip(paths, moved) where old != new {
                Terminal.note("note: \(old) is not here: it was renamed to \(new) since \(label(revision: revision)), which is \(done) (give that path from now on)")
            }
        }
        return moved
    }

    /// Whether an app was removed since `revision`: none of `paths` is in the working tree, and each is a file
    /// (a model or a storyboard, not a folder) in the revision. `diff --git` then compares it with an empty app,
    /// and `check --git` finds nothing in it.
    static func removedSince(_ revision: String, paths: [String]) -> Bool {
        !paths.isEmpty && paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) }
            && paths.allSatisfy { exists($0, in: revision) && !isFolder($0, in: revision) }
    }

    /// Whether `path` is a folder in `revision` (git's object there is a tree).
    static func isFolder(_ path: String, in revision: String) -> Bool {
        let place = gitPlace(path)
        guard let type = try? git(["cat-file", "-t", "\(revision):./\(place.relative)"], in: place.directory) else { return false }
        return String(decoding: type, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "tree"
    }

    /// Whether `path` (a file or a folder, as the user typed it) is in `revision`.
    static func exists(_ path: String, in revision: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (try? git(["rev-parse", "--verify", "--quiet", "\(revision):./"], in: path)) != nil
        }
        let place = gitPlace(path)
        return (try? git(["cat-file", "-e", "\(revision):./\(place.relative)"], in: place.directory)) != nil
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
    /// `path` absolute, standardized, with the links of its longest existing part resolved: the same file gets the
    /// same text however it was named, and a file gone since keeps its folder's resolved path.
    static func canonical(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/", !FileManager.default.fileExists(atPath: existing) {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        if let real = realpath(existing, nil) {
            existing = String(cString: real)
            free(real)
        }
        return rest.reduce(existing) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// `path` relative to the top folder of the repository holding it (found from the file's own folder, so the
    /// command may run anywhere); as given when no repository holds it.
    static func fromRepositoryTop(_ path: String, roots: inout [String: String?]) -> String {
        let absolute = canonical(path)
        let folder = (absolute as NSString).deletingLastPathComponent
        let root: String?
        if let known = roots[folder] {
            root = known
        } else {
            root = Self.root(around: folder)
            roots[folder] = root
        }
        guard let root else { return path }
        return relative(absolute, to: root)
    }

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
