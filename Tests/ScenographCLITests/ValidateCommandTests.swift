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
