import Foundation

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

public enum OutputError: Error, CustomStringConvertible, Sendable {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        }
    }
}

/// Writes a complete output folder or nothing: files go into a temporary folder beside the destination,
/// which replaces the destination only once everything is written.
public enum OutputWriter {
    /// Replaces `directory` with exactly `files`.
    public static func replace(_ directory: URL, with files: [OutputFile]) throws {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)"
        let staging = parent.appendingPathComponent(".\(name).partial-\(token)")
        let retired = parent.appendingPathComponent(".\(name).previous-\(token)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
            }
            try? fileManager.removeItem(at: retired)
            if fileManager.fileExists(atPath: directory.path) {
                try fileManager.moveItem(at: directory, to: retired)
            }
            try fileManager.moveItem(at: staging, to: directory)
            try? fileManager.removeItem(at: retired)
        } catch {
            try? fileManager.removeItem(at: staging)
            if !fileManager.fileExists(atPath: directory.path), fileManager.fileExists(atPath: retired.path) {
                try? fileManager.moveItem(at: retired, to: directory)
            }
            throw OutputError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Removes staging folders left by runs that were killed (their process is gone).
    public static func removeStaleStaging(beside directory: URL) {
        let parent = directory.deletingLastPathComponent()
        let prefix = ".\(directory.lastPathComponent).partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.sorted() where name.hasPrefix(prefix) {
            let pid = Int32(name.dropFirst(prefix.count)) ?? 0
            if pid > 0, kill(pid, 0) == 0 { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
