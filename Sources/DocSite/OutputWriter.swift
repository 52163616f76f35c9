import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of generated output, relative to the output folder.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}

/// Why an output folder was not written.
public enum OutputError: Error, CustomStringConvertible, Sendable, Equatable {
    case isAFile(path: String)
    case isTheCurrentDirectory(path: String)
    case containsInput(path: String, input: String)
    case containsCurrentDirectory(path: String)
    case notOwned(path: String)
    case readOnly(path: String)
    case locked(path: String)
    case cannotWrite(path: String, reason: String)
    case notARegularFile(path: String, kind: String)
    case isAnInput(path: String, input: String)
    case containsCache(path: String, cache: String)

    /// A folder for the docs inside `output` that holds no input: `output/Navigation`, unless the input is there.
    static func folderBeside(input: String, in output: String) -> String {
        // Compared as absolute, standardised paths: `./Docs/Navigation/App.yaml` is inside `Docs/Navigation`.
        func absolute(_ path: String) -> String {
            let base = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            return (base as NSString).standardizingPath
        }
        for name in ["Navigation", "NavigationDocs", "NavigationDocs-2"] {
            let inside = (output as NSString).appendingPathComponent(name)
            let candidate = absolute(inside), given = absolute(input)
            if given != candidate, !given.hasPrefix(candidate + "/") { return inside }
        }
        return (output as NSString).appendingPathComponent("NavigationDocs-3")
    }

    public var description: String {
        switch self {
        case .isAFile(let path):
            "output '\(path)' is an existing file, not a folder; choose a folder"
        case .isTheCurrentDirectory(let path):
            "output '\(path)' is the current directory; the docs need a folder of their own, e.g. -o Docs"
        case .containsInput(let path, let input):
            // A folder inside the output, beside the input (`Docs/Navigation` for `Docs/App.yaml`), holds no input.
            "output '\(path)' contains the input '\(input)'; the docs need a folder of their own, e.g. -o \(Self.folderBeside(input: input, in: path))"
        case .containsCurrentDirectory(let path):
            "output '\(path)' contains the current directory; the docs need a folder of their own, e.g. -o Docs"
        case .notOwned(let path):
            "output '\(path)' is a folder that scenograph did not write (it has no \(OutputWriter.manifestName)) and is not empty; choose an empty or new folder, or pass --force to replace it"
        case .readOnly(let path):
            "output '\(path)' is read-only"
        case .locked(let path):
            "output '\(path)': another scenograph run is writing into the folder that holds it, and runs writing there take turns (without --no-wait, this run would wait for it)"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .notARegularFile(let path, let kind):
            "output '\(path)' is \(kind); give the path of \(kind == "a folder" ? "a file" : "a file or folder") to write"
        case .containsCache(let path, let cache):
            "output '\(path)' is, or holds, the diagram cache '\(cache)', which every run would wipe; choose another folder, or move the cache (SCENOGRAPH_CACHE_DIR)"
        case .isAnInput(let path, let input):
            "output '\(path)' is, or is inside, the input '\(input)'; choose another file"
        }
    }
}

/// A checked output folder: where the user asked to write, and the real folder that is replaced.
public struct OutputTarget: Sendable, Hashable {
    /// The path as the user gave it, for messages.
    public var requested: String
    /// The folder to replace, symbolic links resolved: a symlinked target is written through.
    public var directory: URL
    /// Replace a non-empty folder without a manifest.
    public var force: Bool
    /// Inputs the folder must never contain, resolved.
    var protectedPaths: [(shown: String, resolved: String)]
    /// The diagram cache, which the folder must neither be nor contain: as given, and resolved.
    var cache: (shown: String, resolved: String)? = nil

    public static func == (lhs: OutputTarget, rhs: OutputTarget) -> Bool {
        lhs.requested == rhs.requested && lhs.directory == rhs.directory && lhs.force == rhs.force
            && lhs.protectedPaths.map(\.resolved) == rhs.protectedPaths.map(\.resolved)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(requested)
        hasher.combine(directory)
    }
}

/// Writes a complete output folder or nothing, and only over a folder it owns.
///
/// The folder is built beside the destination (`.NAME.partial-PID`), made durable with one
/// file-system sync, and swapped in with two renames under a lock on the parent folder; the
/// previous folder is kept as `.NAME.previous-PID` until the swap is done. A run that was killed
/// between the renames is repaired by the next one: it finishes the swap when the new folder is
/// complete (its manifest is written last) and restores the previous folder otherwise.
public enum OutputWriter {
    /// The file that marks a folder as written by scenograph; it lists the folder's files.
    public static let manifestName = ".scenograph-manifest"

    /// The file that marks a folder beside the output as a run's own while it swaps: written into the staging folder
    /// when it is made and into the old folder before it is moved aside, removed once the swap is done. Only folders
    /// holding it are ever moved into place or removed by a later run's repair, whatever their names.
    public static let swapMarkerName = ".scenograph-swap"

    /// Checks that `path` may be replaced by generated docs: not a file, not the current directory,
    /// not a folder holding one of `inputs` (the model, its storyboards, templates), not read-only, and
    /// either new, empty, or written by scenograph before (unless `force`).
    public static func target(_ path: String, protecting inputs: [String], cache: String? = nil, force: Bool = false) throws -> OutputTarget {
        let resolved = directory(path)
        var status = stat()
        if stat(resolved.path, &status) != 0, errno == ELOOP {
            // Links still to follow after resolving, on the path or its parents: a loop of links.
            throw OutputError.cannotWrite(path: path, reason: "too many levels of symbolic links")
        }
        // Each input where it is and, when it is a link, where its name is: a link inside the folder to a model outside
        // it would go with the folder all the same.
        let protected = inputs.flatMap { input -> [(shown: String, resolved: String)] in
            let url = URL(fileURLWithPath: input).standardizedFileURL
            let followed = resolvingSymlinks(url).path
            let named = resolvingSymlinks(url.deletingLastPathComponent()).appendingPathComponent(url.lastPathComponent).path
            return followed == named ? [(input, followed)] : [(input, followed), (input, named)]
        }
        var target = OutputTarget(requested: path, directory: resolved, force: force, protectedPaths: protected)
        target.cache = cache.map { (shown: $0, resolved: resolvingSymlinks(URL(fileURLWithPath: $0).standardizedFileURL).path) }
        try check(target)
        return target
    }

    /// Checks that the single file `path` (`render -o`, `import -o`) may be written: it is new or a regular file,
    /// and neither one of `inputs` nor inside one of them that is a folder (the Swift sources); its folder is a
    /// folder (not a file on the way), and exists unless `makesFolder` (the caller makes it). Returns the path to
    /// write, symbolic links resolved, so that a link is written through as a shell's redirection would, and a
    /// device, FIFO or folder is never renamed over.
    public static func fileTarget(_ path: String, protecting inputs: [String], makesFolder: Bool = false) throws -> String {
        let resolved = directory(path).path
        // The nearest existing folder on the way must be a folder; without `makesFolder`, the file's own folder.
        // Named as given: `afile/x.svg` says 'afile', not its absolute path.
        var folder = (resolved as NSString).deletingLastPathComponent
        var shown = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            var isDirectory: ObjCBool = false
            let named = shown.isEmpty ? folder : shown
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { throw OutputError.cannotWrite(path: path, reason: "'\(named)' is a file, not a folder") }
                break
            }
            if !makesFolder { throw OutputError.cannotWrite(path: path, reason: "no such folder '\(named)'") }
            folder = (folder as NSString).deletingLastPathComponent
            shown = (shown as NSString).deletingLastPathComponent
        }
        var status = stat()
        if stat(resolved, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw OutputError.notARegularFile(path: path, kind: "a folder") }
            if let kind = specialKind(mode: status.st_mode) { throw OutputError.notARegularFile(path: path, kind: kind) }
        } else if errno == ELOOP {
            throw OutputError.cannotWrite(path: path, reason: "too many levels of symbolic links")
        }
        if path.hasSuffix("/") { throw OutputError.notARegularFile(path: path, kind: "a folder's name (it ends with '/')") }
        for input in inputs {
            let inputPath = directory(input).path
            if inputPath == resolved || isAncestor(inputPath, of: resolved) {
                throw OutputError.isAnInput(path: path, input: input)
            }
        }
        return resolved
    }

    /// What the existing thing at `path` is when it is neither a regular file nor a folder: "a FIFO", "a device",
    /// "a socket"; nil otherwise.
    static func specialKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return specialKind(mode: status.st_mode)
    }

    /// `specialKind(_:)` for a file mode already read.
    static func specialKind(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// The folder `path` names, symbolic links resolved (`OutputTarget.directory`), before any check.
    public static func directory(_ path: String) -> URL {
        resolvingSymlinks(URL(fileURLWithPath: path).standardizedFileURL)
    }

    /// Replaces the target folder with exactly `files` plus the manifest.
    /// - Parameters:
    ///   - wait: wait for another run writing into the same parent folder (else fail with `.locked`).
    ///   - onWait: called once if this run has to wait.
    /// Returns the files of the old folder its manifest did not list, which are gone with it (`OutputStaging.commit`).
    @discardableResult
    public static func replace(_ target: OutputTarget, with files: [OutputFile], wait: Bool = true, onWait: () -> Void = {}) throws -> [String] {
        let staging = try begin(target, wait: wait, onWait: onWait)
        do {
            for file in files { _ = try staging.write(file.contents, to: file.path) }
            return try staging.commit()
        } catch {
            staging.abandon()
            throw error
        }
    }

    /// Starts replacing the target folder: takes the lock on its parent (held until `commit` or `abandon`),
    /// repairs what a killed run left, checks the rules again and creates the staging folder beside it. Files are
    /// then written into the staging folder one by one as they are made, so a build never holds them all.
    public static func begin(_ target: OutputTarget, wait: Bool = true, onWait: () -> Void = {}) throws -> OutputStaging {
        // The folders of the path that are missing are made for the run; a run that fails to begin (a name too long,
        // a refusal) removes those it made, so that it leaves nothing behind.
        let missing = missingFolders(of: target.directory.deletingLastPathComponent()).missing
        do {
            let staging = try beginMakingParents(target, wait: wait, onWait: onWait)
            staging.madeParents = missing
            return staging
        } catch {
            for folder in missing { rmdir(folder.path) }
            throw error
        }
    }

    private static func beginMakingParents(_ target: OutputTarget, wait: Bool, onWait: () -> Void) throws -> OutputStaging {
        let fileManager = FileManager.default
        let directory = target.directory
        let parent = directory.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            // A file where a folder of the path should be (`-o notes.txt/Docs`) is named, not "a file exists".
            let ancestor = missingFolders(of: parent).nearest
            if exists(ancestor.path), !isFolderFollowingLinks(ancestor.path) {
                throw OutputError.cannotWrite(path: target.requested, reason: "'\(ancestor.path)' is a file, not a folder")
            }
            // Names and paths past the file system's limits, said as such (Foundation says "The file name is invalid").
            if let long = parent.pathComponents.first(where: { $0.utf8.count > 255 }) {
                throw OutputError.cannotWrite(path: target.requested, reason: "a folder name on its path, '\(long.prefix(24))…', has \(long.utf8.count) bytes; a file system allows at most 255")
            }
            if parent.path.utf8.count >= Int(PATH_MAX) {
                throw OutputError.cannotWrite(path: target.requested, reason: "the path has \(parent.path.utf8.count) bytes; the system allows at most \(Int(PATH_MAX) - 1)")
            }
            throw OutputError.cannotWrite(path: target.requested, reason: reason(error))
        }
        let lock = try ParentLock(parent, path: target.requested, wait: wait, onWait: onWait)
        repairInterruptedSwap(of: directory)
        do {
            try check(target)
        } catch {
            lock.release()
            throw error
        }
        let name = directory.lastPathComponent
        // The run's own names: its process id, or that id with a digit more when a folder so named is there still
        // (the repair removed every leftover holding the marker, so it is a user's; in a container ids repeat).
        let pid = "\(ProcessInfo.processInfo.processIdentifier)"
        let token = ([pid] + (0..<100).map { pid + "\($0)" }).first { token in
            !exists(parent.appendingPathComponent(".\(name).partial-\(token)").path)
                && !exists(parent.appendingPathComponent(".\(name).previous-\(token)").path)
        }
        guard let token else {
            lock.release()
            throw OutputError.cannotWrite(path: target.requested, reason: "the folder beside it holds 100 folders named as a run names its own (.\(name).partial-\(pid)…); remove them")
        }
        let staging = parent.appendingPathComponent(".\(name).partial-\(token)")
        if mkdir(staging.path, 0o777) != 0 {
            let failure = errno
            lock.release()
            // The folder's own name may be one the file system takes, and not the longer name written beside it.
            if failure == ENAMETOOLONG || staging.lastPathComponent.utf8.count > 255 {
                throw OutputError.cannotWrite(path: target.requested, reason: "its name is too long: the docs are written beside it first, in '.NAME.partial-\(token)', which may have at most 255 bytes, so the folder's name may have at most \(255 - ".partial-\(token)".utf8.count - 1)")
            }
            throw OutputError.cannotWrite(path: target.requested, reason: "cannot make a folder in '\(parent.path)': \(String(cString: strerror(failure)))")
        }
        guard createSwapMarker(in: staging) else {
            let failure = String(cString: strerror(errno))
            try? fileManager.removeItem(at: staging)
            lock.release()
            throw OutputError.cannotWrite(path: target.requested, reason: failure)
        }
        return OutputStaging(target: target, staging: staging, retired: parent.appendingPathComponent(".\(name).previous-\(token)"), lock: lock)
    }

    /// What the next swap removes from the output folder that scenograph did not write, sorted: the files (links
    /// too) its manifest does not list, and empty folders (`notes/`); every file of a folder without a manifest
    /// (replaced with --force). A repository's `.git` is not among them: the swap keeps it (`keptName`).
    static func unlistedFiles(in directory: URL) -> [String] {
        guard isFolder(directory.path) else { return [] }
        let manifest = directory.appendingPathComponent(manifestName).path
        let listed = FileManager.default.contents(atPath: manifest).map {
            Set(String(decoding: $0, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        } ?? []
        guard let walk = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var unlisted: [String] = []
        while let path = walk.nextObject() as? String {
            guard path != manifestName, path != swapMarkerName, !listed.contains(path) else { continue }
            if path == keptName || path.hasPrefix(keptName + "/") {
                walk.skipDescendants()
                continue
            }
            let full = directory.appendingPathComponent(path).path
            if isFolder(full) {
                if (try? FileManager.default.contentsOfDirectory(atPath: full))?.isEmpty == true { unlisted.append(path + "/") }
                continue
            }
            unlisted.append(path)
        }
        return unlisted.sorted()
    }

    /// What the swap carries from the old output folder into the new one: a git repository kept in the docs folder
    /// (`git init` there, or `git worktree add Docs gh-pages` to publish it), which the folder's replacement must
    /// not delete.
    static let keptName = ".git"

    /// The manifest's text: a header and the sorted file list.
    static func manifestText(_ paths: [String]) -> String {
        "# Written by scenograph generate. This folder is replaced as a whole by the next run; do not keep other files in it.\n"
            + paths.sorted().map { $0 + "\n" }.joined()
    }

    // MARK: - Rules

    static func check(_ target: OutputTarget) throws {
        let fileManager = FileManager.default
        let path = target.requested
        let directory = target.directory.path
        let current = resolvingSymlinks(URL(fileURLWithPath: fileManager.currentDirectoryPath)).path
        if directory == current { throw OutputError.isTheCurrentDirectory(path: path) }
        if isAncestor(directory, of: current) { throw OutputError.containsCurrentDirectory(path: path) }
        for input in target.protectedPaths where input.resolved == directory || isAncestor(directory, of: input.resolved) {
            var isFolder: ObjCBool = false
            // The model file itself (`diff A B -o A`): no folder to suggest inside it.
            if input.resolved == directory, fileManager.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
                throw OutputError.isAFile(path: path)
            }
            throw OutputError.containsInput(path: path, input: input.shown)
        }
        if let cache = target.cache, cache.resolved == directory || isAncestor(directory, of: cache.resolved) {
            throw OutputError.containsCache(path: path, cache: cache.shown)
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                if let kind = specialKind(directory) { throw OutputError.notARegularFile(path: path, kind: kind) }
                throw OutputError.isAFile(path: path)
            }
            let parent = target.directory.deletingLastPathComponent().path
            if isReadOnly(directory) || access(parent, W_OK) != 0 { throw OutputError.readOnly(path: path) }
            if !target.force, !fileManager.fileExists(atPath: target.directory.appendingPathComponent(manifestName).path) {
                // A swap marker a stopped run left (removed by the next run's repair) is not the user's, and a
                // repository made to publish the docs (`git init Docs`, a worktree), which the swap keeps, is no content.
                let contents = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? ["?"]
                if contents.contains(where: { $0 != swapMarkerName && $0 != keptName }) { throw OutputError.notOwned(path: path) }
            }
        } else {
            // The nearest existing ancestor must be writable.
            var ancestor = target.directory.deletingLastPathComponent()
            while !fileManager.fileExists(atPath: ancestor.path), ancestor.path != "/" {
                ancestor = ancestor.deletingLastPathComponent()
            }
            // The output is not there yet: the folder it would be made in is what cannot be written.
            if access(ancestor.path, W_OK) != 0 {
                throw OutputError.cannotWrite(path: path, reason: "the folder '\(ancestor.path)' it would be made in is read-only")
            }
        }
    }

    /// Whether a folder may not be written: by permission, or marked read-only (no write bit at all),
    /// which is honoured even for a user whom permissions do not stop.
    static func isReadOnly(_ path: String) -> Bool {
        if access(path, W_OK) != 0 { return true }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let mode = (attributes[.posixPermissions] as? NSNumber)?.uint16Value else { return false }
        return mode & 0o222 == 0
    }

    /// Whether `ancestor` is a proper ancestor folder of `path` (both absolute, standardized).
    static func isAncestor(_ ancestor: String, of path: String) -> Bool {
        let prefix = ancestor.hasSuffix("/") ? ancestor : ancestor + "/"
        return path.hasPrefix(prefix)
    }

    /// The path with every symbolic link resolved, also when its last components do not exist yet. A loop of links
    /// is followed 40 times at most (the kernel's own limit), then left for the file system to refuse.
    static func resolvingSymlinks(_ url: URL, hops: Int = 0) -> URL {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            // A dangling symbolic link: follow it by hand.
            if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: existing.path) {
                guard hops < 40 else { return url.standardizedFileURL }
                let next = URL(fileURLWithPath: destination, relativeTo: existing.deletingLastPathComponent()).standardizedFileURL
                return resolvingSymlinks(next.appendingPathComponents(missing.reversed()), hops: hops + 1)
            }
            missing.append(existing.lastPathComponent)
            existing = existing.deletingLastPathComponent()
        }
        guard let real = realpath(existing.path, nil) else { return url.standardizedFileURL }
        defer { free(real) }
        return URL(fileURLWithPath: String(cString: real)).appendingPathComponents(missing.reversed()).standardizedFileURL
    }

    // MARK: - Repair

    /// Finishes or undoes a swap that a killed run left, and removes leftovers of earlier runs.
    /// Called with the parent's lock held, so no other run is in the middle of a swap.
    static func repairInterruptedSwap(of directory: URL) {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        guard let entries = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        // Only what a run names so, `.NAME.partial-PID` or `.NAME.previous-PID`, only folders (not links), and only
        // those holding the swap marker: a user's `.NAME.previous-backup`, a folder `.NAME.previous-5` of their own,
        // or a file of such a name, is not a run's and is left alone.
        func ours(_ entry: String, _ kind: String) -> Bool {
            let prefix = ".\(name).\(kind)-"
            guard entry.hasPrefix(prefix) else { return false }
            let pid = entry.dropFirst(prefix.count)
            guard !pid.isEmpty, pid.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            let folder = parent.appendingPathComponent(entry)
            return isFolder(folder.path) && isRegularFile(folder.appendingPathComponent(swapMarkerName).path)
        }
        let partials = entries.filter { ours($0, "partial") }.sorted()
        let previous = entries.filter { ours($0, "previous") }.sorted()
        if !fileManager.fileExists(atPath: directory.path) {
            let complete = partials.first { isRegularFile(parent.appendingPathComponent($0).appendingPathComponent(manifestName).path) }
            if let source = complete ?? previous.last {
                try? fileManager.moveItem(at: parent.appendingPathComponent(source), to: directory)
            }
        }
        // A run stopped just before or after its renames leaves the marker in the output folder itself.
        if isFolder(directory.path) { removeSwapMarker(from: directory) }
        // A run stopped after its swap but before it carried the repository over leaves it in the previous folder.
        for leftover in previous.reversed() where isFolder(directory.path) && !exists(joined(directory, keptName)) {
            let kept = parent.appendingPathComponent(leftover).appendingPathComponent(keptName)
            if exists(kept.path) { try? fileManager.moveItem(at: kept, to: directory.appendingPathComponent(keptName)) }
        }
        for leftover in partials + previous {
            removeLeftover(parent.appendingPathComponent(leftover))
        }
    }

    /// Creates the swap marker, empty, in `folder`: false (errno set) when it cannot, or when something of its name
    /// is there already, which is then left as it is.
    static func createSwapMarker(in folder: URL) -> Bool {
        let fd = open(joined(folder, swapMarkerName), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// Removes the swap marker from a folder (the output, once swapped in) when it is a regular file.
    static func removeSwapMarker(from folder: URL) {
        let path = joined(folder, swapMarkerName)
        if isRegularFile(path) { unlink(path) }
    }

    /// Removes a run's leftover folder with its marker last, so that a removal cut short leaves a folder the next
    /// run still knows as its own.
    static func removeLeftover(_ folder: URL) {
        let fileManager = FileManager.default
        for entry in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] where entry != swapMarkerName {
            try? fileManager.removeItem(at: folder.appendingPathComponent(entry))
        }
        try? fileManager.removeItem(at: folder)
    }

    /// The folders of `folder`'s path that are not there, deepest first (`folder` itself among them when missing),
    /// and the nearest that is (a link counts as there).
    public static func missingFolders(of folder: URL) -> (missing: [URL], nearest: URL) {
        var missing: [URL] = []
        var ancestor = folder
        while ancestor.path != "/", !exists(ancestor.path) {
            missing.append(ancestor)
            ancestor = ancestor.deletingLastPathComponent()
        }
        return (missing, ancestor)
    }

    /// Whether anything (a link too) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a folder, following links.
    static func isFolderFollowingLinks(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a folder, not following a link.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a regular file, not following a link.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    // MARK: - Writing

    static func write(_ bytes: [UInt8], to root: URL, relativePath: String, createdDirectories: inout Set<String>) throws -> FileStamp {
        try createFolder(of: relativePath, in: root, createdDirectories: &createdDirectories)
        let path = joined(root, relativePath)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw OutputError.cannotWrite(path: relativePath, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                posixWrite(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError.cannotWrite(path: relativePath, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return FileStamp() }
        return FileStamp(status)
    }

    /// The bytes of the file at `path`, read straight into an array (`FileManager.contents` reads into `Data`,
    /// which then costs a copy: the docs read back every DOT file and every inlined SVG); nil when it cannot be read.
    /// Reads as many bytes as `fstat` gives: the files read are the run's own, which nothing changes meanwhile.
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        // A folder opens too, but is no file to read.
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var failed = false
        // Read without zero-filling the array first.
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, Int(status.st_size))) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = posixRead(fd, base + count, buffer.count - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { failed = true }
                if read <= 0 { return }
                count += read
            }
        }
        return failed ? nil : bytes
    }

    /// `root`'s path and `relativePath` joined as text: `URL.appendingPathComponent` costs more than writing a small
    /// file, and a run writes thousands.
    static func joined(_ root: URL, _ relativePath: String) -> String {
        joined(root.path, relativePath)
    }

    /// The same with the folder's path already made (`URL.path` is the costly part when joining thousands).
    static func joined(_ base: String, _ relativePath: String) -> String {
        base.hasSuffix("/") ? base + relativePath : base + "/" + relativePath
    }

    static func createFolder(of relativePath: String, in root: URL, createdDirectories: inout Set<String>) throws {
        let folder = relativePath.lastIndex(of: "/").map { String(relativePath[..<$0]) } ?? ""
        if !createdDirectories.contains(folder) {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            createdDirectories.insert(folder)
        }
    }

    /// One durable step for a whole tree instead of an fsync per file.
    static func flushFileSystem(holding url: URL) {
        #if os(Linux)
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { return }
        _ = syncFileSystem(fd)
        close(fd)
        #else
        sync()
        #endif
    }

    static func reason(_ error: Error) -> String {
        if let error = error as? OutputError { return error.description }
        // The system's own words for what went wrong, rather than Foundation's "The operation could not be completed".
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}

#if os(Linux)
/// glibc's `syncfs(2)`, which the Glibc module does not export: flushes the one file system holding `fd`.
@_silgen_name("syncfs")
private func syncFileSystem(_ fd: Int32) -> Int32
#endif

/// `read(2)`, out of reach of `OutputWriter.read` by name.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `write(2)`, out of reach of `OutputWriter.write` by name.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// An exclusive lock on a folder (flock on its descriptor), released when the process ends.
struct ParentLock {
    let fd: Int32

    init(_ folder: URL, path: String, wait: Bool, onWait: () -> Void) throws {
        fd = open(folder.path, O_RDONLY)
        guard fd >= 0 else { throw OutputError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard wait, errno == EWOULDBLOCK else {
            close(fd)
            throw OutputError.locked(path: path)
        }
        onWait()
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR {
                close(fd)
                throw OutputError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

private extension URL {
    func appendingPathComponents(_ components: [String]) -> URL {
        components.reduce(self) { $0.appendingPathComponent($1) }
    }
}
