import Foundation
import XCTest

/// `scenograph benchmark` on the smallest model it generates: the table and the JSON carry every figure, whatever
/// their values (speed is reported by the command, never asserted).
final class BenchmarkCommandTests: XCTestCase {
    /// Sizes past what fits in memory are usage errors, not an allocation failure (SIGABRT) or a run of hours.
    func testSizesPastTheLimitsAreUsageErrors() throws {
        for (arguments, message) in [
            (["--sizes", "999999999999", "--write-model", "x.yaml"], "--sizes must be between 1 and 20000, not 999999999999"),
            (["--tabs", "1000000000", "--write-model", "x.yaml"], "--tabs must be between 1 and 1000, not 1000000000"),
            (["--depth", "1000000000", "--stages"], "--depth must be between 1 and 1000, not 1000000000"),
            (["--flows", "10000", "--steps", "10000", "--stages"], "--flows × --steps must be at most 1,000,000, not 100000000"),
            (["--sizes", "50,x"], "--sizes takes scene counts separated by commas, not 'x'"),
            // A negative value is the option's value, not another option: named, not "Missing value".
            (["--sizes", "-5"], "--sizes must be between 1 and 20000, not -5"),
            (["--depth", "-3", "--stages"], "--depth must be between 1 and 1000, not -3"),
            (["--cross-links", "-1", "--stages"], "--cross-links must be between 0 and 1000000, not -1"),
        ] {
            let result = try CLIRunner.run(["benchmark"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func testTheSmallestBenchmarkWritesEveryFigure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-benchmark-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("figures.json")
        let scratch = folder.appendingPathComponent("scratch")
        // One tab (26 scenes) and two short flows keep the eight debug-build runs to a few seconds.
        let result = try CLIRunner.run(["benchmark", "--sizes", "25", "--flows", "2", "--steps", "4", "--jobs", "2", "--no-peer",
                                        "--json", json.path, "--scratch", scratch.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("warm/cold"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path), "the scratch folder is removed afterwards")

        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        XCTAssertEqual(document["jobs"] as? Int, 2)
        XCTAssertNotNil((document["machine"] as? [String: Any])?["cores"] as? Int)
        let results = try XCTUnwrap(document["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 1)
        let size = results[0]
        XCTAssertEqual(size["scenes"] as? Int, 26)
        XCTAssertGreaterThan(size["files"] as? Int ?? 0, 0)
        XCTAssertGreaterThan(size["diagrams"] as? Int ?? 0, 0)
        XCTAssertNil(size["peer"], "--no-peer leaves the peer pipeline out")
        // Each cold and the warm figure is the median of three runs, all of which the JSON lists.
        for (samplesKey, runKey) in [("coldWallSamples", "cold"), ("coldOneJobWallSamples", "coldOneJob"), ("warmWallSamples", "warm")] {
            let samples = try XCTUnwrap(size[samplesKey] as? [Double], samplesKey)
            XCTAssertEqual(samples.count, 3, samplesKey)
            let wall = try XCTUnwrap((size[runKey] as? [String: Any])?["wallSeconds"] as? Double, runKey)
            XCTAssertEqual(samples.sorted()[1], wall, runKey)
        }

        var runs: [String: [String: Any]] = [:]
        for name in ["cold", "coldOneJob", "warm", "oneSceneChanged"] {
            let run = try XCTUnwrap(size[name] as? [String: Any], name)
            for key in ["wallSeconds", "cpuSeconds", "userSeconds", "systemSeconds", "graphvizCPUSeconds", "outsideGraphvizCPUShare"] {
                XCTAssertNotNil(run[key] as? Double, "\(name).\(key)")
            }
            XCTAssertGreaterThan(run["peakKiB"] as? Int ?? 0, 0, "\(name).peakKiB")
            XCTAssertEqual(run["status"] as? Int, 0, name)
            runs[name] = try XCTUnwrap(run["generate"] as? [String: Any], "\(name).generate")
        }
        // Cold runs render every image, in workers or in the process; warm finds everything up to date; one changed
        // scene renders some images again, not all.
        let cold = try XCTUnwrap(runs["cold"]), one = try XCTUnwrap(runs["coldOneJob"])
        let rendered = try XCTUnwrap(cold["renderedImages"] as? Int)
        XCTAssertGreaterThan(rendered, 0)
        XCTAssertEqual(one["renderedImages"] as? Int, rendered)
        XCTAssertEqual(cold["workers"] as? Int, 2)
        XCTAssertEqual(one["workers"] as? Int, 0)
        XCTAssertEqual(runs["warm"]?["upToDate"] as? Bool, true)
        let changed = try XCTUnwrap(runs["oneSceneChanged"])
        XCTAssertEqual(changed["upToDate"] as? Bool, false)
        let redrawn = try XCTUnwrap(changed["renderedImages"] as? Int)
        XCTAssertGreaterThan(redrawn, 0)
        XCTAssertLessThan(redrawn, rendered)
        XCTAssertNotNil(cold["phases"] as? [String: Double])
    }
}
