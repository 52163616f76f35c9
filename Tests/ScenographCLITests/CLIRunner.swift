import Foundation
import XCTest

/// Runs the built `scenograph` binary, as a user would.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }


    static var binary: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("scenograph")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("scenograph")
    }

    /// Runs `scenograph arguments…` in `directory` (default: the package root); with `executable`, that program
    /// instead (a wrapper such as `taskset` whose arguments name the binary).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    executable: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes at once, before waiting, so that neither a large output nor a large
        // error stream can fill its pipe and block the child.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread {
            errBox.data = errHandle.readDataToEndOfFile()
            errDone.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
