import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing one file whole or not at all: the one write-to-a-temporary-then-rename routine.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so that readers see the
    /// old file or the new one, never a part. The temporary file is removed when anything fails.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        // Paths joined as text, and a temporary name from this process's id and a counter: `URL` and `UUID` cost
        // more than writing a small file, and the diagram cache stores thousands in a cold run.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (slash.map { String(path[...$0]) } ?? "") + ".\(name).\(getpid()).\(nextTemporaryNumber()).tmp"
        // open/write/close rather than FileManager.createFile, which writes atomically itself: a second temporary
        // file and a second rename for every file, a measurable share of a cold `generate` that caches thousands.
        // Registered before it exists, so that an interrupt never misses it.
        register(temporary)
        defer { unregister(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let failure = errno
            // A name or path past the file system's limits is said as such (the file is written beside itself first,
            // under a name longer by its temporary suffix).
            if failure == ENAMETOOLONG {
                let reason = name.utf8.count > 255 - 32
                    ? "its name has \(name.utf8.count) bytes; it is written beside itself first, under a name some 30 bytes longer, and a file system allows 255"
                    : "the path has \(path.utf8.count) bytes, more than the system allows"
                throw WriteError(path: path, reason: reason)
            }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
            let reason = !exists ? "no such directory '\(directory)'"
                : isDirectory.boolValue ? "cannot create a file in '\(directory)'" : "'\(directory)' is a file, not a folder"
            throw WriteError(path: path, reason: reason)
        }
        let failure = FileDescriptor.writeAll(bytes, to: fd)
        // A test of an interrupt holds the write here, the temporary file written (a signal ends a sleep early).
        if let pause = pauseForTests {
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(min(pause, 10_000)) * 1_000_000
            while DispatchTime.now().uptimeNanoseconds < end { usleep(10_000) }
        }
        let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        if let reason = failure ?? closed {
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Milliseconds each write waits before its rename, for a test that interrupts one (the executable sets it from
    /// `SCENOGRAPH_TEST_WRITE_PAUSE_MS`); nil, no wait, otherwise.
    nonisolated(unsafe) public static var pauseForTests: UInt32?

    private static let counterLock = NSLock()
    nonisolated(unsafe) private static var counter = 0
    nonisolated(unsafe) private static var temporaries: Set<String> = []

    nonisolated(unsafe) private static var closed = false

    /// A write after `removeTemporaries` waits for good: the process is ending.
    private static func register(_ temporary: String) {
        let open = counterLock.withLock { () -> Bool in
            guard !closed else { return false }
            temporaries.insert(temporary)
            return true
        }
        if !open { while true { sleep(60) } }
    }

    private static func unregister(_ temporary: String) { _ = counterLock.withLock { temporaries.remove(temporary) } }

    /// Removes the temporary files of the writes under way, and starts no other: the process is ending
    /// (interrupted), and would leave them beside their files.
    public static func removeTemporaries() {
        for temporary in counterLock.withLock({ closed = true; return temporaries }) { unlink(temporary) }
    }

    /// A number no other temporary file of this process has had.
    private static func nextTemporaryNumber() -> Int {
        counterLock.withLock {
            counter += 1
            return counter
        }
    }
}

/// Writing to a file descriptor: a file being written, standard output.
public enum FileDescriptor {
    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes; the reason when it fails.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }
}
