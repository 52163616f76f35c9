import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of a file on disk without reading it: size, modification time, inode and device.
/// A file rewritten in place gets another modification time; one replaced gets another inode.
public struct FileStamp: Sendable, Hashable {
    public var size: Int64 = -1
    public var modified: Int64 = 0
    public var modifiedNanoseconds: Int64 = 0
    public var inode: UInt64 = 0
    public var device: UInt64 = 0

    public init() {}

    init(_ status: stat) {
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = Int64(status.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
        #else
        modified = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
        #endif
        inode = UInt64(status.st_ino)
        device = UInt64(status.st_dev)
    }

    /// The stamp of the file at `path` (not following a symbolic link); nil when there is no regular file.
    public static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(status)
    }
}

/// Where a docs build puts its files: the staging folder of an output folder being replaced, or memory.
public protocol OutputSink: AnyObject {
    /// Writes a file; its stamp as written.
    @discardableResult
    func write(_ bytes: [UInt8], to path: String) throws -> FileStamp
    /// Takes the file at `path` from the folder being replaced, if it is still the one `stamp` describes: hard
    /// linked (copied where links are not possible), not read. Nil when it cannot be reused.
    func reuse(_ path: String, stamp: FileStamp) -> FileStamp?
    /// A file written (or reused) so far.
    func read(_ path: String) -> [UInt8]?
}

/// A build's files kept in memory, for tests and for measuring templating alone.
public final class MemoryOutput: OutputSink, @unchecked Sendable {
    /// Pages templated in the background read diagrams while others are written.
    private let lock = NSLock()
    private var stored: [String: [UInt8]] = [:]

    public var files: [String: [UInt8]] { lock.withLock { stored } }

    public init() {}

    public func write(_ bytes: [UInt8], to path: String) throws -> FileStamp {
        lock.withLock { stored[path] = bytes }
        return FileStamp()
    }

    public func reuse(_ path: String, stamp: FileStamp) -> FileStamp? { nil }

    public func read(_ path: String) -> [UInt8]? { lock.withLock { stored[path] } }

    /// The files sorted by path.
    public var sorted: [OutputFile] {
        let files = files
        return files.keys.sorted().map { OutputFile(path: $0, contents: files[$0] ?? []) }
    }
}

/// The new folder of one `OutputWriter.begin`, written file by file beside the folder it replaces, with the
/// parent folder's lock held until `commit` or `abandon`.
public final class OutputStaging: OutputSink, @unchecked Sendable {
    public let target: OutputTarget
    let staging: URL
    /// The folder being written, beside the one it replaces.
    public var folder: URL { staging }
    let retired: URL
    private var lock: ParentLock?
    private var createdDirectories: Set<String> = [""]
    /// Every path written or reused, for the manifest.
    private var paths: Set<String> = []
    /// Files reused by copying because the file system refused a hard link.
    public private(set) var copied = 0

    init(target: OutputTarget, staging: URL, retired: URL, lock: ParentLock) {
        self.target = target
        self.staging = staging
        self.retired = retired
        self.lock = lock
    }

    deinit { abandon() }

    /// Stops every staging folder's writing for good, once the file being written is done: a stopped process then
    /// removes its staging folder, which nothing writes into any more.
    public static func stopWriting() { gate.stop() }
    /// The previous folder, moved aside by `commit`, when it could not be removed (a file in it that cannot be
    /// deleted): it is left where it is, and the run says so.
    public private(set) var leftover: String?
    /// Milliseconds each swap waits before its renames, for a test that interrupts one (the executable sets it from
    /// `SCENOGRAPH_TEST_SWAP_PAUSE_MS`); nil, no wait, otherwise.
    nonisolated(unsafe) public static var swapPauseForTests: UInt32?
    private static let gate = StopGate()

    public func write(_ bytes: [UInt8], to path: String) throws -> FileStamp {
        do {
            let stamp = try Self.gate.pass {
                try OutputWriter.write(bytes, to: staging, relativePath: path, createdDirectories: &createdDirectories)
            }
            paths.insert(path)
            return stamp
        } catch {
            throw OutputError.cannotWrite(path: target.requested, reason: OutputWriter.reason(error))
        }
    }

    public func reuse(_ path: String, stamp: FileStamp) -> FileStamp? {
        Self.gate.pass { reuseUnguarded(path, stamp: stamp) }
    }

    private func reuseUnguarded(_ path: String, stamp: FileStamp) -> FileStamp? {
        let source = OutputWriter.joined(target.directory, path)
        guard FileStamp.of(source) == stamp else { return nil }
        do {
            try OutputWriter.createFolder(of: path, in: staging, createdDirectories: &createdDirectories)
        } catch {
            return nil
        }
        let destination = OutputWriter.joined(staging, path)
        if link(source, destination) == 0 {
            paths.insert(path)
            return stamp
        }
        // Another file system, or one without hard links: copy.
        guard let data = FileManager.default.contents(atPath: source),
              let written = try? OutputWriter.write(Array(data), to: staging, relativePath: path, createdDirectories: &createdDirectories) else { return nil }
        paths.insert(path)
        copied += 1
        return written
    }

    /// Through the gate, as writes are: after an interrupt the folder is being removed, and a read that failed for
    /// that would end the run with a wrong error (and exit status) before the folder is gone.
    public func read(_ path: String) -> [UInt8]? {
        Self.gate.pass { OutputWriter.read(OutputWriter.joined(staging, path)) }
    }

    /// Whether the folder being replaced holds exactly the files of `stamps` as they were when stamped (and its
    /// manifest): then a run with the same inputs has nothing to write.
    public func currentFolderMatches(_ stamps: [String: FileStamp]) -> Bool {
        let directory = target.directory
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(OutputWriter.manifestName).path) else { return false }
        // The folder's path made once: `URL.path` costs more than the `stat` of each of thousands of files.
        let base = directory.path
        for (path, stamp) in stamps where FileStamp.of(OutputWriter.joined(base, path)) != stamp {
            return false
        }
        return true
    }

    /// Writes the manifest, makes the new folder durable with one file-system sync, swaps it in with two renames
    /// and releases the lock.
    /// Swaps the staging folder in; returns the files of the old folder its manifest did not list (a user's notes
    /// kept in it), which went with it, for the caller to say so.
    @discardableResult
    public func commit() throws -> [String] {
        guard let lock else { throw OutputError.cannotWrite(path: target.requested, reason: "the output was already written or abandoned") }
        let fileManager = FileManager.default
        let directory = target.directory
        let parent = directory.deletingLastPathComponent()
        let foreign = OutputWriter.unlistedFiles(in: directory)
        defer {
            lock.release()
            self.lock = nil
        }
        var marked = false, movedAside = false
        // Through the gate, as writes are: an interrupt that comes first finds the staging folder still apart and
        // removes it (the commit then waits for the process to end); one that comes during the swap waits for it to
        // end, so that it never removes files of a folder being renamed into place.
        return try Self.gate.pass { () throws -> [String] in
        do {
            // Written last: a staging folder with a manifest is complete.
            let manifest = OutputWriter.manifestText(Array(paths))
            _ = try OutputWriter.write(Array(manifest.utf8), to: staging, relativePath: OutputWriter.manifestName, createdDirectories: &createdDirectories)
            OutputWriter.flushFileSystem(holding: staging)
            // A test of an interrupt during the swap holds it here (the staging folder complete, its manifest written).
            if let pause = Self.swapPauseForTests { usleep(min(pause, 10_000) * 1_000) }
            if fileManager.fileExists(atPath: directory.path) {
                // Marked before it is moved aside, so that a run stopped between the renames is repaired from it.
                guard OutputWriter.createSwapMarker(in: directory) else {
                    throw OutputError.cannotWrite(path: target.requested, reason: "cannot mark the old folder for the swap (\(OutputWriter.swapMarkerName)): \(String(cString: strerror(errno)))")
                }
                marked = true
                try fileManager.moveItem(at: directory, to: retired)
                movedAside = true
            }
            try fileManager.moveItem(at: staging, to: directory)
            // A repository kept in the folder goes on in the new one (the docs are its working tree).
            let kept = retired.appendingPathComponent(OutputWriter.keptName)
            if movedAside, OutputWriter.exists(kept.path) {
                try? fileManager.moveItem(at: kept, to: directory.appendingPathComponent(OutputWriter.keptName))
            }
            OutputWriter.removeSwapMarker(from: directory)
            OutputWriter.flushFileSystem(holding: parent)
            if movedAside {
                OutputWriter.removeLeftover(retired)
                if OutputWriter.exists(retired.path) { leftover = retired.path }
            }
            return foreign
        } catch {
            OutputWriter.removeLeftover(staging)
            if movedAside, !fileManager.fileExists(atPath: directory.path) {
                try? fileManager.moveItem(at: retired, to: directory)
            }
            if marked { OutputWriter.removeSwapMarker(from: directory) }
            throw OutputError.cannotWrite(path: target.requested, reason: OutputWriter.reason(error))
        }
        }
    }

    /// Removes the staging folder and releases the lock, leaving the folder as it was. Through the gate: a run that
    /// fails because it was interrupted (a worker stopped by the same Ctrl-C) waits for the interrupt's own cleanup
    /// and exit rather than ending first, with status 1, while the folder is half removed.
    public func abandon() {
        guard let lock else { return }
        Self.gate.pass {
            OutputWriter.removeLeftover(staging)
            lock.release()
            self.lock = nil
            removeMadeParents()
        }
    }

    /// The folders of the output's path this run made (deepest first): a run that ends without its docs removes
    /// those still empty, so that it leaves nothing behind.
    public internal(set) var madeParents: [URL] = []

    /// Removes the folders in `madeParents` that are empty.
    public func removeMadeParents() {
        for folder in madeParents { rmdir(folder.path) }
    }
}

/// Lets writes through until `stop`; `stop` waits for the write under way. A write after `stop` waits for good:
/// the process is ending (the one who stopped it removes the folder and exits), and must not go on to report a
/// failed write or clean up in its turn.
private final class StopGate: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    func pass<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        if stopped {
            lock.unlock()
            while true { sleep(60) }
        }
        defer { lock.unlock() }
        return try body()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}
