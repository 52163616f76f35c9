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
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        // open/write/close rather than FileManager.createFile, which writes atomically itself: a second temporary
        // file and a second rename for every file, a measurable share of a cold `generate` that caches thousands.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            throw WriteError(path: path, reason: exists && isDirectory.boolValue ? "cannot create a file in '\(directory.path)'" : "no such directory '\(directory.path)'")
        }
        let failure = writeAll(bytes, to: fd)
        let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        if let reason = failure ?? closed {
            unlink(temporary.path)
            throw WriteError(path: path, reason: reason)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}

/// Writes all of `bytes` to `fd`, retrying short and interrupted writes; the reason when it fails.
private func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
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
