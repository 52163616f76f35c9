import Foundation

/// Writing output files whole or not at all.
enum OutputFile {
    struct WriteError: Error, LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }

    /// Writes `bytes` to a temporary file next to `path`, then renames it over `path`,
    /// so readers see the old file or the new one, never a part.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            throw WriteError(message: exists && isDirectory.boolValue ? "cannot create a file in '\(directory.path)'" : "no such directory '\(directory.path)'")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: reason)
        }
    }
}
