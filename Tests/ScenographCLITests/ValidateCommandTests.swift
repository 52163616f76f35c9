import Foundation
import XCTest

final class ValidateCommandTests: XCTestCase {
    func testTheExampleValidatesSilently() throws {
        let output = try CLIRunner.run(["validate", "Examples/Photos.yaml"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(output.stderr, "")
    }

    func testErrorsAreReportedOneALineWithExitStatusOne() throws {
        let fixtures = "Tests/ModelLoadingTests/Fixtures/Models"
        let output = try CLIRunner.run(["validate", "\(fixtures)/reference-errors.yaml", "\(fixtures)/warnings.yaml"])
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.stdout, "")
        let lines = output.stderr.split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.isEmpty)
        let pattern = try NSRegularExpression(pattern: #"^Tests/.+\.yaml:\d+:\d+: (error|warning): .+$"#)
        for line in lines {
            XCTAssertNotNil(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(fixtures)/warnings.yaml:") }, "the second file is checked too")
    }

    func testWarningsAloneExitZeroUnlessStrict() throws {
        let path = "Tests/ModelLoadingTests/Fixtures/Models/warnings.yaml"
        XCTAssertEqual(try CLIRunner.run(["validate", path]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["validate", "--strict", path]).status, 1)
    }

    func testMissingFileAndBadArguments() throws {
        let missing = try CLIRunner.run(["validate", "nope.yaml"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "nope.yaml:1:1: error: no such model file 'nope.yaml' [input-file]\n")
        let noArguments = try CLIRunner.run(["validate"])
        XCTAssertEqual(noArguments.status, 64, "ArgumentParser's usage error status")
    }
}

/// Standard output or error that cannot be written (a full disk, a closed descriptor) ends a command with a message
/// and status 1, or is skipped, never in a trap.
final class UnwritableStreamTests: XCTestCase {
    private func run(_ arguments: [String], stdout: FileHandle?, stderr: FileHandle?) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let captured = Pipe()
        process.standardOutput = stdout ?? captured
        process.standardError = stderr ?? captured
        try process.run()
        let text = String(decoding: captured.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, text)
    }

    func testAFullDiskOnEitherStreamIsAnErrorNotATrap() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        let printed = try run(["simulate", "Examples/Photos.yaml"], stdout: full, stderr: nil)
        XCTAssertEqual(printed.reason, .exit)
        XCTAssertEqual(printed.status, 1)
        XCTAssertTrue(printed.stderr.contains("error: cannot write standard output: No space left on device"), printed.stderr)

        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("unwritable-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: bad) }
        try "format: 1\nname: x\nscenes:\n  a: {kind: bogus}\n".write(to: bad, atomically: true, encoding: .utf8)
        let reported = try run(["validate", bad.path], stdout: nil, stderr: full)
        XCTAssertEqual(reported.reason, .exit)
        XCTAssertEqual(reported.status, 1, "the error still sets the exit status")

        for arguments in [["--help"], ["help", "generate"], ["render", "--help"], ["--version"]] {
            let help = try run(arguments, stdout: full, stderr: nil)
            XCTAssertEqual(help.status, 1, "\(arguments): help that cannot be written is no success")
            XCTAssertTrue(help.stderr.contains("error: cannot write standard output: No space left on device"), help.stderr)
        }
        let help = try run(["--help"], stdout: nil, stderr: nil)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stderr.hasPrefix("OVERVIEW: Document, simulate and diagram"), help.stderr)
        XCTAssertTrue(help.stderr.hasSuffix("for detailed help.\n"), help.stderr)
    }

    func testHelpForACommandThatDoesNotExistIsAnError() throws {
        // Help for a command that does not exist is a command-line error, not the top-level help.
        let typo = try run(["help", "genrate"], stdout: nil, stderr: nil)
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("unknown command 'genrate' (did you mean 'generate'?); the commands are generate, validate, simulate, render, import, diff, check, benchmark"), typo.stderr)
        XCTAssertEqual(try run(["help", "check"], stdout: nil, stderr: nil).status, 0)
        let nested = try run(["help", "render", "nosuch"], stdout: nil, stderr: nil)
        XCTAssertEqual(nested.status, 64, "no command has subcommands")
        XCTAssertTrue(nested.stderr.contains("'render' has no subcommand 'nosuch'; try 'scenograph help render'"), nested.stderr)
        XCTAssertEqual(try run(["help", "render", "--help"], stdout: nil, stderr: nil).status, 0)
        let option = try run(["help", "render", "--format", "x"], stdout: nil, stderr: nil)
        XCTAssertFalse(option.stderr.contains("no subcommand"), "an option's value is no subcommand: \(option.stderr)")
    }
}
