import Foundation
import XCTest

/// `generate` run after run, as users run it on every commit: nothing changed writes nothing, one changed scene
/// redraws and retemplates only what shows it, and renders spread over workers give the same bytes.
final class IncrementalGenerateTests: XCTestCase {
    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    private var environment: [String: String] { ["SCENOGRAPH_CACHE_DIR": temporary.appendingPathComponent("cache").path] }

    /// A copy of the bundled example, to change.
    private func exampleCopy() throws -> URL {
        let model = temporary.appendingPathComponent("Photos.yaml")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/Photos.yaml"), to: model)
        return model
    }

    private func generate(_ model: URL, into name: String, _ extra: [String] = [], environment extraEnvironment: [String: String] = [:]) throws -> CLIRunner.Output {
        let output = try CLIRunner.run(["generate", model.path, "-o", temporary.appendingPathComponent(name).path] + extra,
                                       environment: environment.merging(extraEnvironment) { _, new in new })
        XCTAssertEqual(output.status, 0, output.stderr)
        return output
    }

    /// Every file of a docs folder with its bytes.
    private func contents(_ name: String) throws -> [String: Data] {
        let root = temporary.appendingPathComponent(name)
        var result: [String: Data] = [:]
        for path in try GenerateCommandTests.files(under: root) { result[path] = try Data(contentsOf: root.appendingPathComponent(path)) }
        return result
    }

    private func inode(_ path: URL) throws -> UInt64 {
        try XCTUnwrap((FileManager.default.attributesOfItem(atPath: path.path)[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    // MARK: - Warm runs

    func testARunWithNothingChangedWritesNothing() throws {
        let model = try exampleCopy()
        _ = try generate(model, into: "docs")
        let index = temporary.appendingPathComponent("docs/index.md")
        let before = try inode(index)
        let second = try generate(model, into: "docs")
        XCTAssertTrue(second.stderr.contains("is up to date (736 files)"), second.stderr)
        XCTAssertTrue(second.stderr.contains("rendered nothing: 158 diagrams unchanged"), second.stderr)
        XCTAssertEqual(try inode(index), before, "the folder was not replaced")
    }

    func testAnOutputFileChangedRemovedOrReplacedIsWrittenAgain() throws {
        let model = try exampleCopy()
        _ = try generate(model, into: "docs")
        let first = try contents("docs")
        let docs = temporary.appendingPathComponent("docs")
        let page = docs.appendingPathComponent("flows/browse-photos.md")
        let image = docs.appendingPathComponent("site/scenes/about-neighbourhood.svg")
        let copy = temporary.appendingPathComponent("copy.svg")
        let changes: [(String, () throws -> Void)] = [
            ("a page in a subfolder edited in place", {
                let handle = try FileHandle(forWritingTo: page)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("\n".utf8))
                try handle.close()
            }),
            ("a page removed", { try FileManager.default.removeItem(at: page) }),
            ("an image two folders down replaced by a link to a copy", {
                try? FileManager.default.removeItem(at: copy)
                try FileManager.default.copyItem(at: image, to: copy)
                try FileManager.default.removeItem(at: image)
                try FileManager.default.createSymbolicLink(at: image, withDestinationURL: copy)
            }),
        ]
        for (change, apply) in changes {
            try apply()
            let again = try generate(model, into: "docs")
            XCTAssertFalse(again.stderr.contains("is up to date"), "\(change): \(again.stderr)")
            XCTAssertEqual(try contents("docs"), first, change)
            XCTAssertTrue(try generate(model, into: "docs").stderr.contains("is up to date"), change)
        }
    }

    /// A run whose inputs all carry the stamps of the previous run takes what the model loaded to from the record:
    /// it reads neither the model nor its storyboards and sources, and prints the same findings. An edit to any file
    /// the model lists, or to the output folder, has it read them again.
    func testAWarmRunReadsNoInputButPrintsTheSameFindings() throws {
        let app = temporary.appendingPathComponent("Clash")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Apps/Clash"), to: app)
        let model = app.appendingPathComponent("App.yaml")
        try (String(contentsOf: model, encoding: .utf8) + "sources: [Sources]\n").write(to: model, atomically: true, encoding: .utf8)
        let statistics = temporary.appendingPathComponent("statistics.json")
        func run(into name: String = "docs", _ extra: [String] = []) throws -> (stderr: String, modelRead: Bool, upToDate: Bool) {
            let output = try generate(model, into: name, ["--statistics", statistics.path] + extra)
            let values = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: statistics)) as? [String: Any])
            return (output.stderr, try XCTUnwrap(values["modelRead"] as? Bool), try XCTUnwrap(values["upToDate"] as? Bool))
        }
        func findings(_ stderr: String) -> [Substring] { stderr.split(separator: "\n").filter { $0.contains(": warning: ") } }

        let first = try run()
        // Two from the model and a storyboard, one from the sources.
        XCTAssertEqual(findings(first.stderr).count, 3, first.stderr)
        XCTAssertTrue(findings(first.stderr).contains { $0.contains("FeedViewController.swift") }, first.stderr)
        XCTAssertTrue(first.modelRead)
        let docs = try contents("docs")

        let warm = try run()
        XCTAssertEqual(findings(warm.stderr), findings(first.stderr), "the same findings, without reading the model")
        XCTAssertTrue(warm.upToDate && !warm.modelRead, warm.stderr)
        let quiet = try run(["--quiet"])
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertFalse(quiet.modelRead)

        // The output folder changed: the model is read, its findings printed once.
        try FileManager.default.removeItem(at: temporary.appendingPathComponent("docs/index.md"))
        let repaired = try run()
        XCTAssertTrue(repaired.modelRead && !repaired.upToDate, repaired.stderr)
        XCTAssertEqual(findings(repaired.stderr), findings(first.stderr))
        XCTAssertEqual(try contents("docs"), docs)

        // Each file the model lists, changed.
        let storyboard = app.appendingPathComponent("Profile.storyboard")
        let source = app.appendingPathComponent("Sources/ProfileViewController.swift")
        let changes: [(String, () throws -> Void)] = [
            ("a listed storyboard edited", {
                let text = try String(contentsOf: storyboard, encoding: .utf8)
                XCTAssertTrue(text.contains(#"title="Profile""#))
                try text.replacingOccurrences(of: #"title="Profile""#, with: #"title="Your profile""#).write(to: storyboard, atomically: true, encoding: .utf8)
            }),
            ("a Swift source edited", {
                try (String(contentsOf: source, encoding: .utf8) + "// edited\n").write(to: source, atomically: true, encoding: .utf8)
            }),
            ("a Swift source added", {
                try "final class Extra {}\n".write(to: app.appendingPathComponent("Sources/Extra.swift"), atomically: true, encoding: .utf8)
            }),
        ]
        for (change, apply) in changes {
            try apply()
            let again = try run()
            XCTAssertTrue(again.modelRead && !again.upToDate, "\(change): \(again.stderr)")
            XCTAssertFalse(try run().modelRead, change)
        }
        _ = try run(into: "fresh", ["--no-cache"])
        XCTAssertEqual(try contents("docs"), try contents("fresh"), "the warm runs wrote what a run from scratch writes")
        XCTAssertTrue(try contents("docs").values.contains { String(decoding: $0, as: UTF8.self).contains("Your profile") })
    }

    /// Storyboards given without a model: a warm run reads none of them, and an Xcode project appearing around them,
    /// which names the app, has them read again.
    func testAWarmRunOfStoryboardsNoticesTheProjectThatNamesTheApp() throws {
        let app = temporary.appendingPathComponent("Clash")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Apps/Clash"), to: app)
        let storyboards = ["Main", "Social", "Profile"].map { app.appendingPathComponent("\($0).storyboard").path }
        let statistics = temporary.appendingPathComponent("statistics.json")
        func run() throws -> (stderr: String, modelRead: Bool) {
            let output = try CLIRunner.run(["generate"] + storyboards + ["-o", temporary.appendingPathComponent("docs").path, "--statistics", statistics.path],
                                           environment: environment)
            XCTAssertEqual(output.status, 0, output.stderr)
            let values = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: statistics)) as? [String: Any])
            return (output.stderr, try XCTUnwrap(values["modelRead"] as? Bool))
        }
        func index() throws -> String { try String(contentsOf: temporary.appendingPathComponent("docs/index.md"), encoding: .utf8) }

        XCTAssertTrue(try run().modelRead)
        let first = try index()
        XCTAssertTrue(first.hasPrefix("# Clash"), first)
        let warm = try run()
        XCTAssertFalse(warm.modelRead, warm.stderr)
        XCTAssertTrue(warm.stderr.contains("is up to date"), warm.stderr)

        try FileManager.default.createDirectory(at: app.appendingPathComponent("Chat.xcodeproj"), withIntermediateDirectories: true)
        let named = try run()
        XCTAssertTrue(named.modelRead, named.stderr)
        let renamed = try index()
        XCTAssertTrue(renamed.hasPrefix("# Chat"), renamed)
        XCTAssertFalse(try run().modelRead)
    }

    func testATouchedModelReusesEveryFileWithoutRenderingOrTemplating() throws {
        let model = try exampleCopy()
        _ = try generate(model, into: "docs")
        let first = try contents("docs")
        // The same text written again: another stamp, so the run goes through every page and diagram.
        try Data(contentsOf: model).write(to: model)
        let second = try generate(model, into: "docs", ["--verbose"])
        XCTAssertFalse(second.stderr.contains("rendering "), second.stderr)
        XCTAssertFalse(second.stderr.contains("writing "), second.stderr)
        XCTAssertTrue(second.stderr.contains("0 pages templated"), second.stderr)
        XCTAssertTrue(second.stderr.contains("wrote nothing to "), "every file came out the same: \(second.stderr)")
        XCTAssertTrue(second.stderr.contains("rendered nothing"), second.stderr)
        XCTAssertEqual(try contents("docs"), first)
        // A file a person added goes with the folder, which is then written, not "nothing".
        let notes = temporary.appendingPathComponent("docs/NOTES.md")
        try Data("mine".utf8).write(to: notes)
        try Data(contentsOf: model).write(to: model)
        let third = try generate(model, into: "docs")
        XCTAssertTrue(third.stderr.contains("removed 1 file that scenograph did not write from "), third.stderr)
        XCTAssertFalse(third.stderr.contains("wrote nothing"), third.stderr)
        XCTAssertTrue(third.stderr.contains("unchanged, 0 pages templated"), third.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: notes.path))
    }

    /// The cache stays within `SCENOGRAPH_CACHE_SIZE`: a run that renders removes the least recently used files past
    /// it, never the ones it used; a size that is no size is an error before anything is written.
    func testTheCacheIsPrunedPastItsLimit() throws {
        let model = try exampleCopy()
        let cache = temporary.appendingPathComponent("cache")
        let stale = cache.appendingPathComponent("00/" + String(repeating: "0", count: 64) + ".svg")
        try FileManager.default.createDirectory(at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((0..<200_000).map { _ in UInt8.random(in: 0...255) }).write(to: stale)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: stale.path)
        func renders() throws -> Int {
            try GenerateCommandTests.files(under: cache).filter { $0.hasSuffix(".svg") }.count
        }

        let roomy = try generate(model, into: "docs", environment: ["SCENOGRAPH_CACHE_SIZE": "1G"])
        XCTAssertFalse(roomy.stderr.contains("diagram cache"), roomy.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "within the limit nothing is removed")
        let stored = try renders()

        try String(contentsOf: model, encoding: .utf8).replacingOccurrences(of: "title: Library", with: "title: Photo Library")
            .write(to: model, atomically: true, encoding: .utf8)
        let tight = try generate(model, into: "docs", environment: ["SCENOGRAPH_CACHE_SIZE": "100K"])
        XCTAssertTrue(tight.stderr.contains("note: the diagram cache (\(cache.path)) was past its limit of 100 KiB: removed its "), tight.stderr)
        XCTAssertTrue(tight.stderr.contains("; it still holds "), tight.stderr)
        XCTAssertTrue(tight.stderr.contains(": what was used since this run started is kept; SCENOGRAPH_CACHE_SIZE sets the limit\n"), tight.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "the least recently used file goes first")
        XCTAssertGreaterThan(try renders(), 0, "what the run used stays")

        let records = try GenerateCommandTests.files(under: cache).filter { $0.hasPrefix("outputs/") }
        XCTAssertEqual(records.count, 1)
        let record = cache.appendingPathComponent(records[0]).path
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: record)
        let rerun = try generate(model, into: "docs", environment: ["SCENOGRAPH_CACHE_SIZE": "100K"])
        XCTAssertTrue(rerun.stderr.contains("is up to date"), rerun.stderr)
        XCTAssertFalse(rerun.stderr.contains("diagram cache"), "a run that renders nothing does not prune: \(rerun.stderr)")
        let used = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: record)[.modificationDate] as? Date)
        XCTAssertGreaterThan(used.timeIntervalSinceNow, -3_600, "a record found up to date is marked used")
        XCTAssertGreaterThan(stored, 0)

        let uncached = try CLIRunner.run(["generate", model.path, "-o", temporary.appendingPathComponent("uncached").path, "--no-cache"],
                                         environment: environment.merging(["SCENOGRAPH_CACHE_SIZE": "2 gigs"]) { _, new in new })
        XCTAssertEqual(uncached.status, 0, "without the cache its size is not read: \(uncached.stderr)")
        let bad = try CLIRunner.run(["generate", model.path, "-o", temporary.appendingPathComponent("other").path],
                                    environment: environment.merging(["SCENOGRAPH_CACHE_SIZE": "2 gigs"]) { _, new in new })
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("error: SCENOGRAPH_CACHE_SIZE is '2 gigs': give the diagram cache's size as bytes or a whole number with K, M, G or T, such as 500M or 2G, at most 15 digits (0: no limit)"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("other").path))
    }

    /// One scene's title changes: exactly the pages and images whose bytes change are templated and rendered, and
    /// the result is what a run from scratch writes.
    func testOneChangedSceneRedrawsOnlyWhatShowsIt() throws {
        let model = try exampleCopy()
        _ = try generate(model, into: "docs")
        let before = try contents("docs")
        let text = try String(contentsOf: model, encoding: .utf8)
        XCTAssertTrue(text.contains("    title: Details\n"))
        try text.replacingOccurrences(of: "    title: Details\n", with: "    title: Photo details\n").write(to: model, atomically: true, encoding: .utf8)

        let run = try generate(model, into: "docs", ["--verbose"])
        let after = try contents("docs")
        _ = try generate(model, into: "fresh", ["--no-cache"])
        XCTAssertEqual(after, try contents("fresh"), "the incremental run writes what a run from scratch writes")

        let lines = run.stderr.split(separator: "\n")
        let templated = Set(lines.compactMap { $0.hasPrefix("writing ") ? String($0.dropFirst("writing ".count)) : nil })
        let rendered = Set(lines.compactMap { line in line.range(of: "] rendering ").map { String(line[$0.upperBound...]) } })
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        let isPage = { (path: String) in path.hasSuffix(".md") || path.hasSuffix(".html") }
        let isImage = { (path: String) in path.hasSuffix(".svg") || path.hasSuffix(".png") }
        XCTAssertEqual(templated, Set(changed.filter(isPage)), "pages templated are the pages that changed")
        XCTAssertEqual(rendered, Set(changed.filter(isImage)), "images rendered are the images that changed")
        // The scene's own pages, the index (which lists titles) and its neighbours' HTML pages (which inline their
        // neighbourhood): a handful of the 98 pages.
        XCTAssertTrue(templated.contains("scenes/photoDetails.md") && templated.contains("site/index.html"), "\(templated.sorted())")
        XCTAssertLessThan(templated.count, 15, "\(templated.sorted())")
        XCTAssertLessThan(rendered.count, 15, "\(rendered.sorted())")
    }

    // MARK: - Workers

    func testWorkersGiveTheBytesOfOneProcessAndReplaceWorkersThatEnd() throws {
        let model = try exampleCopy()
        _ = try generate(model, into: "one", ["--jobs", "1", "--no-cache"])
        let one = try contents("one")
        _ = try generate(model, into: "two", ["--jobs", "2", "--no-cache"])
        XCTAssertEqual(try contents("two"), one)
        // Workers killed after every third render are replaced, their renders sent again.
        _ = try generate(model, into: "crashing", ["--jobs", "2", "--no-cache"], environment: ["SCENOGRAPH_WORKER_FAIL_AFTER": "3"])
        XCTAssertEqual(try contents("crashing"), one)
        // Workers grown past the memory limit are replaced after answering.
        let small = temporary.appendingPathComponent("Small.yaml")
        try "format: 1\nname: Small\ninitial: nav\nscenes:\n  nav: {kind: navigation, root: a}\n  a:\n    segues:\n      next: {kind: show, to: b}\n  b: {}\n"
            .write(to: small, atomically: true, encoding: .utf8)
        _ = try generate(small, into: "small-one", ["--jobs", "1", "--no-cache"])
        let grown = try generate(small, into: "small-two", ["--jobs", "2", "--no-cache", "--worker-memory-limit", "1", "--verbose"])
        let workers = try XCTUnwrap(grown.stderr.split(separator: "\n").first { $0.hasPrefix("render workers: ") }, grown.stderr)
        let counts = workers.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(counts.count, 3, String(workers))
        XCTAssertGreaterThan(counts.first ?? 0, 2, "every worker is replaced after its render: \(workers)")
        XCTAssertEqual(counts.dropFirst().first, counts.first, "\(workers)")
        XCTAssertEqual(try contents("small-two"), try contents("small-one"))
        // A worker that dies on every render fails the run with the diagram's name, and writes nothing. On Linux
        // it crashes (SIGSEGV, as Graphviz out of memory does), and the Swift runtime's backtrace of the worker
        // must not bury the message (elsewhere a crash report would be written for each: killed instead).
        // (`SWIFT_BACKTRACE` empty, as unset: a developer's own setting would print the backtrace it asks for.)
        #if os(Linux)
        let crash = ["SCENOGRAPH_WORKER_FAIL_AFTER": "0", "SCENOGRAPH_WORKER_FAIL_SIGNAL": "\(SIGSEGV)", "SWIFT_BACKTRACE": ""]
        #else
        let crash = ["SCENOGRAPH_WORKER_FAIL_AFTER": "0"]
        #endif
        let failing = try CLIRunner.run(["generate", model.path, "-o", temporary.appendingPathComponent("failing").path, "--jobs", "2", "--no-cache"],
                                        environment: environment.merging(crash) { _, new in new })
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stderr.contains("error: cannot render diagram"), failing.stderr)
        #if os(Linux)
        XCTAssertTrue(failing.stderr.contains("was killed by signal 11 (Segmentation fault), twice on this diagram"), failing.stderr)
        #endif
        XCTAssertFalse(failing.stderr.contains("crashed") || failing.stderr.contains("Backtrac"), failing.stderr)
        XCTAssertEqual(failing.stderr.split(separator: "\n").count, 1, failing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("failing").path))
    }

    /// The default `--jobs` counts the cores the process may run on: pinned to one core, it renders in-process.
    func testTheDefaultJobsFollowTheCPUAffinity() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            throw XCTSkip("taskset is not installed (Linux util-linux)")
        }
        // On one core there are no workers anyway: the test would prove nothing.
        guard ProcessInfo.processInfo.activeProcessorCount >= 2 else { throw XCTSkip("one core: the affinity makes no difference") }
        let model = try exampleCopy()
        let statistics = temporary.appendingPathComponent("pinned.json")
        let output = try CLIRunner.run(["-c", "0", CLIRunner.binary.path, "generate", model.path,
                                        "-o", temporary.appendingPathComponent("pinned").path, "--no-cache", "--statistics", statistics.path],
                                       executable: URL(fileURLWithPath: "/usr/bin/taskset"))
        XCTAssertEqual(output.status, 0, output.stderr)
        let figures = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: statistics)) as? [String: Any])
        XCTAssertEqual(figures["workers"] as? Int, 0, "one usable core: no worker processes")
    }
}
