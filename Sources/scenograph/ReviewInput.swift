import ArgumentParser
import Foundation
import ModelLoading
import SceneModel

/// One side of a review: a model file, storyboards, or a folder holding them — from the working tree or from a
/// git revision.
enum ReviewInput {
    struct Failure: Error {
        var message: String
    }

    /// The files of `paths`: a model file, storyboards, or the model (else the storyboards) of a folder.
    static func files(_ paths: [String], list: (String) throws -> [String]) throws -> (model: String?, storyboards: [String]) {
        var models: [String] = []
        var storyboards: [String] = []
        for path in paths {
            if let entries = try? list(path) {
                let inFolder = entries.sorted().map { (path as NSString).appendingPathComponent($0) }
                let folderModels = inFolder.filter(isModelFile)
                if folderModels.count > 1 {
                    throw Failure(message: "the folder '\(path)' holds several model files (\(folderModels.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))); name one")
                }
                if let model = folderModels.first { models.append(model) } else { storyboards += inFolder.filter(isStoryboard) }
                if folderModels.isEmpty && !inFolder.contains(where: isStoryboard) {
                    throw Failure(message: "the folder '\(path)' holds no model file (.yaml, .yml, .json) and no storyboard")
                }
            } else if isStoryboard(path) {
                storyboards.append(path)
            } else {
                models.append(path)
            }
        }
        if models.count > 1 || (!models.isEmpty && !storyboards.isEmpty) {
            throw Failure(message: "give one model file, or storyboards (a model lists its storyboards under 'storyboards:')")
        }
        return (models.first, storyboards)
    }

    static func isModelFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json")
    }

    static func isStoryboard(_ path: String) -> Bool { path.lowercased().hasSuffix(".storyboard") }

    /// Loads a side from the working tree.
    static func load(_ paths: [String]) throws -> LoadResult {
        let found = try files(paths) { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(message: "not a folder")
            }
            return try FileManager.default.contentsOfDirectory(atPath: path)
        }
        if let model = found.model { return ModelLoader().load(path: model) }
        return ModelLoader().load(storyboards: found.storyboards)
    }

    // MARK: - Git

    /// Loads `paths` as they are in git revision `revision`: each file is read with `git show REV:./path`
    /// (run in the file's folder, so paths are as the user typed them) into a temporary folder, a model's
    /// storyboards included. Diagnostics name files as `REV:path`.
    static func load(_ paths: [String], revision: String) throws -> LoadResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-git-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func local(_ path: String) -> String {
            scratch.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : path).path
        }
        func fetch(_ path: String) throws {
            let bytes = try git(["show", "\(revision):./\((path as NSString).lastPathComponent)"], in: (path as NSString).deletingLastPathComponent)
            let destination = URL(fileURLWithPath: local(path))
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: destination)
        }
        let found = try files(paths) { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(message: "not a folder")
            }
            let listing = try git(["ls-tree", "--name-only", "\(revision):./"], in: path)
            return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let result: LoadResult
        if let model = found.model {
            try fetch(model)
            let text = (try? String(contentsOfFile: local(model), encoding: .utf8)) ?? ""
            let folder = (model as NSString).deletingLastPathComponent
            for storyboard in ModelLoader.storyboardPaths(inModelText: text, path: model) where !storyboard.hasPrefix("/") {
                try fetch(folder.isEmpty ? storyboard : (folder as NSString).appendingPathComponent(storyboard))
            }
            result = ModelLoader().load(path: local(model))
        } else {
            for storyboard in found.storyboards { try fetch(storyboard) }
            result = ModelLoader().load(storyboards: found.storyboards.map(local))
        }
        let prefix = scratch.path + "/"
        var relabelled = result
        relabelled.diagnostics = result.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location.file.hasPrefix(prefix) {
                diagnostic.location.file = "\(revision):" + diagnostic.location.file.dropFirst(prefix.count)
            }
            diagnostic.message = diagnostic.message.replacingOccurrences(of: prefix, with: "\(revision):")
            return diagnostic
        }
        return relabelled
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
