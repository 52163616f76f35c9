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

    /// A model named twice, under two spellings, is one app read once, with a warning (its findings were printed
    /// twice, and counted twice by `check`), as a storyboard given twice is imported once.
    func testAModelGivenTwiceIsReadOnce() throws {
        let path = "Tests/ModelLoadingTests/Fixtures/Models/warnings.yaml"
        let once = try CLIRunner.run(["check", path])
        let twice = try CLIRunner.run(["check", path, "./" + path])
        XCTAssertEqual(twice.status, once.status)
        let warning = "\(path):1:1: warning: model '\(path)' is given twice; reading it once [duplicate-input]"
        // The same findings once each; only the count line counts the one more warning.
        func findings(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { $0 != warning && $0.contains(": ") && !$0.hasPrefix("scenograph") && $0.contains(path) }
        }
        XCTAssertFalse(findings(once.stderr).isEmpty, once.stderr)
        XCTAssertEqual(findings(twice.stderr), findings(once.stderr))
        XCTAssertTrue(twice.stderr.contains(warning), twice.stderr)
        // Under the model's lint settings, as any finding.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("twice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, lint) in [("off", "disable"), ("strict", "error")] {
            try "format: 1\nname: L\ninitial: a\nlint: {\(lint): [duplicate-input]}\nscenes:\n  a: {}\n".write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let off = folder.appendingPathComponent("off.yaml").path, strict = folder.appendingPathComponent("strict.yaml").path
        let quiet = try CLIRunner.run(["check", off, off])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertFalse(quiet.stderr.contains("given twice"), quiet.stderr)
        let failing = try CLIRunner.run(["check", strict, strict])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stderr.contains("\(strict):1:1: error: model '\(strict)' is given twice; reading it once [duplicate-input]"), failing.stderr)
        let validated = try CLIRunner.run(["validate", path, path])
        XCTAssertEqual(validated.stderr, warning + "\n" + (try CLIRunner.run(["validate", path]).stderr))
    }

    func testWarningsAloneExitZeroUnlessStrict() throws {
        let path = "Tests/ModelLoadingTests/Fixtures/Models/warnings.yaml"
        XCTAssertEqual(try CLIRunner.run(["validate", path]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["validate", "--strict", path]).status, 1)
    }

    /// Repeated warnings are one line per app, placed in that app's file: `check` of two apps printed one line for
    /// both, in the first app's file, and the second app's place was lost. `validate` groups each app apart too.
    func testRepeatedWarningsAreGroupedPerApp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grouped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (app, count) in [("A", 4), ("B", 5)] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(app), withIntermediateDirectories: true)
            let orphans = (1...count).map { "  orphan\($0): {}\n" }.joined()
            try "format: 1\nname: \(app)\ninitial: home\nscenes:\n  home: {}\n\(orphans)"
                .write(to: folder.appendingPathComponent("\(app)/App.yaml"), atomically: true, encoding: .utf8)
        }
        for command in ["check", "validate"] {
            let run = try CLIRunner.run([command, "A/App.yaml", "B/App.yaml"], in: folder)
            let grouped = run.stderr.split(separator: "\n").filter { $0.contains("unreachable scenes:") }
            XCTAssertEqual(grouped.count, 2, "\(command): \(run.stderr)")
            XCTAssertTrue(grouped.first?.hasPrefix("A/App.yaml:6:3: warning: 4 unreachable scenes: 'orphan1'") == true, "\(command): \(run.stderr)")
            XCTAssertTrue(grouped.last?.hasPrefix("B/App.yaml:6:3: warning: 5 unreachable scenes: 'orphan1'") == true, "\(command): \(run.stderr)")
        }
    }

    /// Grouped warnings of the sources scan name each call's file as given, so that each can be opened.
    func testGroupedUnresolvedCallsNameTheirFilesAsGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unresolved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, type) in [("Src/A/First.swift", "FirstViewController"), ("Src/B/Second.swift", "SecondViewController")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent((file as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
            try "class \(type) {\n    func go() {\n        present(makeOne(), animated: true)\n        present(makeTwo(), animated: true)\n    }\n}\n"
                .write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try "format: 1\nname: T\ninitial: first\nscenes:\n  first: {class: FirstViewController, segues: {s: {kind: show, to: second, trigger: Go}}}\n  second: {class: SecondViewController}\n"
            .write(to: folder.appendingPathComponent("App.yaml"), atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["validate", "App.yaml", "--sources", "Src"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("unresolved navigation calls") }, run.stderr)
        XCTAssertTrue(line.hasPrefix("Src/A/First.swift:3:9: warning: 4 unresolved navigation calls: present(makeOne(), animated: true) (Src/A/First.swift:3)"), String(line))
        XCTAssertTrue(line.contains("present(makeTwo(), animated: true) (Src/B/Second.swift:4)"), String(line))
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
