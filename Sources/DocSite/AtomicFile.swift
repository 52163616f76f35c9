import Foundation

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
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            throw WriteError(path: path, reason: exists && isDirectory.boolValue ? "cannot create a file in '\(directory.path)'" : "no such directory '\(directory.path)'")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
