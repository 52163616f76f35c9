import Foundation
import ModelLoading
import SceneModel
import Testing

/// Fixtures and golden files of the review tests.
enum ReviewFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String { testsDirectory.appendingPathComponent("Fixtures/\(name)").path }

    /// Loads a model that must have no errors.
    static func model(_ name: String) throws -> SceneModel {
        let result = ModelLoader().load(path: fixture(name))
        return try #require(result.model, "\(name) did not load: \(result.diagnostics)")
    }

    /// Loads model text that must have no errors.
    static func model(text: String, path: String = "lint.yaml") throws -> SceneModel {
        let result = ModelLoader().load(text: text, path: path)
        return try #require(result.model, "the model did not load: \(result.diagnostics)")
    }

    /// Compares `text` byte for byte with golden file `name`; `SCENOGRAPH_UPDATE_GOLDEN=1` rewrites it instead.
    static func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = testsDirectory.appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["SCENOGRAPH_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("no golden file \(url.path); run with SCENOGRAPH_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(Data(text.utf8) == expected, "\(name) differs from its golden file; run with SCENOGRAPH_UPDATE_GOLDEN=1 and review the diff",
                sourceLocation: sourceLocation)
    }

    /// Runs a program with arguments (no shell); nil when it cannot be started.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) -> (status: Int32, stdout: String, stderr: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let errorReader = ErrorReader(err.fileHandleForReading)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errorReader.finish())
    }

    /// Whether `executable` is on the PATH.
    static func available(_ executable: String) -> Bool {
        run("sh", ["-c", "command -v \"$0\"", executable])?.status == 0
    }
}

/// Reads a pipe on its own thread, so that a child writing much to both pipes cannot block.
final class ErrorReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            let read = handle.readDataToEndOfFile()
            self.lock.withLock { self.data = read }
            self.done.signal()
        }.start()
    }

    func finish() -> String {
        done.wait()
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
