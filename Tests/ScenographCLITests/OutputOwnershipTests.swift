import Foundation
import XCTest

/// `generate -o` never loses a user's files: run as a user runs it, on the places users point it at.
final class OutputOwnershipTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-ownership-\(UUID().uuidString)")
        project = base.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        let example = packageRoot.appendingPathComponent("Examples/Photos.yaml")
        try FileManager.default.copyItem(at: example, to: project.appendingPathComponent("App.yaml"))
        try "print(1)\n".write(to: project.appendingPathComponent("Sources/main.swift"), atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        let base = project.deletingLastPathComponent()
        if let paths = FileManager.default.enumerator(atPath: base.path) {
            for case let path as String in paths {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: base.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: base)
    }

    private var environment: [String: String] {
        ["SCENOGRAPH_CACHE_DIR": project.deletingLastPathComponent().appendingPathComponent("cache").path]
    }

    private func generate(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["generate", "App.yaml"] + arguments, in: project, environment: environment)
    }

    private func projectFiles() throws -> [String] {
        try GenerateCommandTests.files(under: project)
    }

    func testDotIsRefusedAndTheProjectIsUntouched() throws {
        let before = try projectFiles()
        for arguments in [["-o", "."], ["-o", ".", "--force"], ["-o", "Sources/.."]] {
            let output = try generate(arguments)
            XCTAssertEqual(output.status, 1, "\(arguments)")
            XCTAssertTrue(output.stderr.contains("error: output '\(arguments[1])' is the current directory"), output.stderr)
        }
        XCTAssertEqual(try projectFiles(), before)
    }

    func testAFolderHoldingTheModelIsRefused() throws {
        let output = try CLIRunner.run(["generate", "App/App.yaml", "-o", "App", "--force"], in: project.deletingLastPathComponent(), environment: environment)
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("error: output 'App' contains the input 'App/App.yaml'; the docs need a folder of their own, e.g. -o App/Navigation"), output.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("App.yaml").path))
    }

    func testAnExistingFileIsRefused() throws {
        try "my notes\n".write(to: project.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let output = try generate(["-o", "notes.txt"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("error: output 'notes.txt' is an existing file"), output.stderr)
        XCTAssertEqual(try String(contentsOf: project.appendingPathComponent("notes.txt"), encoding: .utf8), "my notes\n")
    }

    func testAForeignFolderIsRefusedUnlessForcedAndAnOwnedOneIsReplaced() throws {
        let output = try generate(["-o", "Sources"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("error: output 'Sources' is a folder that scenograph did not write"), output.stderr)
        XCTAssertTrue(output.stderr.contains("--force"), output.stderr)
        XCTAssertEqual(try GenerateCommandTests.files(under: project.appendingPathComponent("Sources")), ["main.swift"])

        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("Docs/.scenograph-manifest").path))
        let again = try generate(["-o", "Docs"])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// An interrupt (Ctrl-C) while generate writes takes its staging folder with it: nothing is left beside the
    /// docs, and the previous docs stay as they were.
    func testAnInterruptedRunLeavesNothingBehind() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let docs = project.appendingPathComponent("Docs")
        let before = try GenerateCommandTests.files(under: docs)
        let model = try CLIRunner.run(["benchmark", "--write-model", "Big.yaml", "--tabs", "6"], in: project, environment: environment)
        XCTAssertEqual(model.status, 0, model.stderr)
        let process = try start(["generate", "Big.yaml", "-o", "Docs", "--force", "--no-cache", "-q"])
        func staged() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? []).contains { $0.hasPrefix(".Docs.partial-") }
        }
        // Interrupted once it writes; a run that ends first proves nothing, and says so.
        var waited = 0
        while !staged(), process.isRunning, waited < 6_000 { usleep(10_000); waited += 1 }
        guard process.isRunning, staged() else {
            process.waitUntilExit()
            throw XCTSkip("generate ended before it could be interrupted")
        }
        usleep(200_000)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertTrue(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended by SIGINT, not \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        XCTAssertFalse(staged(), "no staging folder left beside the docs")
        XCTAssertEqual(try GenerateCommandTests.files(under: docs), before)
    }

    /// An interrupt while the DOT files are written and the workers render: the run goes on reading and writing its
    /// staging folder while the interrupt removes it. Held after the removal (a test pause), the run must not end
    /// first with an error of its own (a DOT file that "cannot be read back", status 1) and a half-removed folder.
    func testAnInterruptWhileRenderingEndsTheRunAndNothingElse() throws {
        let model = try CLIRunner.run(["benchmark", "--write-model", "Big.yaml", "--tabs", "20"], in: project, environment: environment)
        XCTAssertEqual(model.status, 0, model.stderr)
        for attempt in 1...4 {
            let errors = Pipe()
            let process = try start(["generate", "Big.yaml", "-o", "Docs\(attempt)", "--no-cache", "--jobs", "2", "-q"],
                                    environment: ["SCENOGRAPH_TEST_EXIT_PAUSE_MS": "1500"], errors: errors)
            let staging = { ((try? FileManager.default.contentsOfDirectory(atPath: self.project.path)) ?? []).first { $0.hasPrefix(".Docs\(attempt).partial-") } }
            // Interrupted once DOT files are being written into the staging folder, at several points from there.
            func planning() -> Bool {
                guard let folder = staging() else { return false }
                let scenes = project.appendingPathComponent("\(folder)/scenes").path
                return ((try? FileManager.default.contentsOfDirectory(atPath: scenes)) ?? []).contains { $0.hasSuffix(".dot") }
            }
            var waited = 0
            while !planning(), process.isRunning, waited < 6_000 { usleep(5_000); waited += 1 }
            usleep(UInt32(attempt - 1) * 300_000)
            guard process.isRunning else {
                process.waitUntilExit()
                continue
            }
            process.interrupt()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertTrue(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended by SIGINT, attempt \(attempt): \(said)")
            XCTAssertEqual(said, "", "attempt \(attempt)")
            XCTAssertNil(staging(), "no staging folder left, attempt \(attempt)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("Docs\(attempt)").path))
        }
    }

    /// An interrupt while a file is written whole (`render -o`, `import -o`, a benchmark's figures) leaves no temporary
    /// file beside it, and the file as it was.
    func testAnInterruptedWriteLeavesNoTemporaryFile() throws {
        try "old".write(to: project.appendingPathComponent("graph.svg"), atomically: true, encoding: .utf8)
        let process = try start(["render", "App.yaml", "--diagram", "segues", "-o", "graph.svg"], environment: ["SCENOGRAPH_TEST_WRITE_PAUSE_MS": "5000"])
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? []).filter { $0.hasPrefix(".graph.svg.") }
        }
        var waited = 0
        while temporaries().isEmpty, process.isRunning, waited < 6_000 { usleep(5_000); waited += 1 }
        XCTAssertEqual(temporaries().count, 1, "the write waits, its temporary file written")
        process.terminate()
        process.waitUntilExit()
        XCTAssertTrue(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM, "ended by SIGTERM")
        XCTAssertEqual(temporaries(), [])
        XCTAssertEqual(try String(contentsOf: project.appendingPathComponent("graph.svg"), encoding: .utf8), "old")
    }

    /// Files that cannot be written are errors before anything is measured or written: `--statistics` in a
    /// missing folder (it was written nowhere, in silence, after the docs), a benchmark's figures inside its scratch
    /// folder (removed at the end, figures and all) or through a file.
    func testUnwritableFiguresAreErrorsUpFront() throws {
        let statistics = try generate(["-o", "Docs", "--statistics", "nope/figures.json"])
        XCTAssertEqual(statistics.status, 1)
        XCTAssertTrue(statistics.stderr.contains("error: cannot write 'nope/figures.json': no such folder 'nope'"), statistics.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("Docs").path))
        try "x".write(to: project.appendingPathComponent("afile"), atomically: true, encoding: .utf8)
        for (arguments, said) in [(["--scratch", "scratch", "--json", "scratch/figures.json"],
                                   "error: cannot write 'scratch/figures.json': it is inside the scratch folder"),
                                  (["--json", "afile/figures.json"], "error: cannot write 'afile/figures.json': 'afile' is a file, not a folder")] {
            let run = try CLIRunner.run(["benchmark", "--sizes", "25", "--no-peer"] + arguments, in: project, environment: environment)
            XCTAssertEqual(run.status, 1)
            XCTAssertTrue(run.stderr.contains(said), run.stderr)
            XCTAssertFalse(run.stderr.contains("benchmark: 25 scenes"), "refused before measuring: \(run.stderr)")
        }
    }

    /// The previous docs, moved aside by the swap, that cannot all be deleted (a file in them cannot be) are left
    /// where they are, and the run says where instead of leaving them in silence.
    func testPreviousDocsThatCannotBeRemovedAreNamed() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let stuck = project.appendingPathComponent("Docs/flows")
        // A folder whose entries cannot be deleted: not writable, or (as root, whom permissions do not stop) immutable.
        let root = getuid() == 0
        let locked = root ? try Self.shellStatus(["chattr", "+i", stuck.appendingPathComponent("browse-photos.md").path]) == 0
            : chmod(stuck.path, 0o555) == 0
        defer {
            if root { _ = try? Self.shellStatus(["chattr", "-i", stuck.appendingPathComponent("browse-photos.md").path]) } else { chmod(stuck.path, 0o755) }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? [] where entry.hasPrefix(".Docs.previous-") {
                let flows = project.appendingPathComponent("\(entry)/flows")
                if root { _ = try? Self.shellStatus(["chattr", "-i", flows.appendingPathComponent("browse-photos.md").path]) } else { chmod(flows.path, 0o755) }
            }
        }
        guard locked else { throw XCTSkip("no way to make a file that cannot be deleted here (chattr needs a file system that supports it)") }
        let run = try generate(["-o", "Docs", "--detail", "full"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".Docs.previous-") }
        XCTAssertEqual(leftovers.count, 1)
        XCTAssertTrue(run.stderr.contains("warning: the previous docs were replaced but could not all be removed: what is left of them is in '"), run.stderr)
        XCTAssertTrue(leftovers.allSatisfy { run.stderr.contains($0) }, run.stderr)
    }

    /// Starts `scenograph arguments…` in the project folder, with the tests' environment and `extra` over it,
    /// standard error to `errors` (or nowhere).
    private func start(_ arguments: [String], environment extra: [String: String] = [:], errors: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = project
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.merging(extra) { _, new in new }
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func shellStatus(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// An interrupted benchmark ends the run it measures and removes its scratch folder.
    func testAnInterruptedBenchmarkLeavesNothingRunning() throws {
        let scratch = project.appendingPathComponent("scratch")
        let process = try start(["benchmark", "--sizes", "25", "--no-peer", "--scratch", scratch.path, "--json", "figures.json"])
        // Interrupted while a generate it measures writes its docs.
        func measuring() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("25").path)) ?? []).contains { $0.hasPrefix(".docs.partial-") }
        }
        var waited = 0
        while !measuring(), process.isRunning, waited < 6_000 { usleep(5_000); waited += 1 }
        XCTAssertTrue(process.isRunning && measuring(), "a generate runs")
        process.interrupt()
        process.waitUntilExit()
        XCTAssertTrue(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended by SIGINT, not \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path), "the scratch folder is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("figures.json").path))
        // The measured run was ended too: nothing writes into the scratch folder afterwards.
        usleep(500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path), "nothing recreates it")
    }

    /// An interrupt during the swap (the staging folder complete, being renamed into place) waits for the swap: the
    /// folder is then the new docs whole, never the old one with files missing nor a staging folder half removed.
    func testAnInterruptDuringTheSwapLeavesTheNewDocsWhole() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let docs = project.appendingPathComponent("Docs")
        let page = docs.appendingPathComponent("flows/share-a-photo.md")
        let before = try Data(contentsOf: page)
        let process = try start(["generate", "App.yaml", "-o", "Docs", "--no-cache", "--detail", "full", "-q"], environment: ["SCENOGRAPH_TEST_SWAP_PAUSE_MS": "1500"])
        func swapping() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: project.path)) ?? []).contains {
                $0.hasPrefix(".Docs.partial-") && FileManager.default.fileExists(atPath: project.appendingPathComponent("\($0)/.scenograph-manifest").path)
            }
        }
        var waited = 0
        while !swapping(), process.isRunning, waited < 6_000 { usleep(10_000); waited += 1 }
        XCTAssertTrue(process.isRunning, "the run waits in its swap")
        usleep(300_000)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertTrue(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT, "ended by SIGINT, not \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".Docs.") }
        XCTAssertEqual(leftovers, [], "nothing beside the docs")
        let manifest = try String(contentsOf: docs.appendingPathComponent(".scenograph-manifest"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        XCTAssertGreaterThan(listed.count, 100)
        for file in listed { XCTAssertTrue(FileManager.default.fileExists(atPath: docs.appendingPathComponent(file).path), "\(file) is there") }
        XCTAssertNotEqual(try Data(contentsOf: page), before, "the new docs (full detail) are in place")
    }

    /// A repository kept in the docs folder (`git init` there, or a worktree of a gh-pages branch) is kept by every
    /// run: the new folder takes its `.git`, which no warning counts among the files removed.
    func testAGitRepositoryInTheDocsFolderIsKept() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let git = project.appendingPathComponent("Docs/.git")
        try FileManager.default.createDirectory(at: git.appendingPathComponent("objects"), withIntermediateDirectories: true)
        try "ref: refs/heads/gh-pages\n".write(to: git.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
        let again = try generate(["-o", "Docs", "--no-cache", "--detail", "full"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("removed"), again.stderr)
        XCTAssertEqual(try String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8), "ref: refs/heads/gh-pages\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".Docs.") }, [])
        // A folder scenograph did not write, replaced with --force: every file it removes is named, links and empty
        // folders too; a link's target is not touched.
        let mine = project.appendingPathComponent("Mine")
        try FileManager.default.createDirectory(at: mine.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try "a".write(to: mine.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: mine.appendingPathComponent("link").path, withDestinationPath: project.appendingPathComponent("Sources").path)
        let forced = try generate(["-o", "Mine", "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stderr.contains("warning: removed 2 files and 1 empty folder that scenograph did not write from Mine: 'a.txt', 'empty/', 'link'"), forced.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("Sources/main.swift").path))
        // A folder made only to hold the repository the docs are published from is taken as empty, without --force.
        let published = project.appendingPathComponent("Published")
        try FileManager.default.createDirectory(at: published.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let first = try generate(["-o", "Published"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: published.appendingPathComponent(".git").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: published.appendingPathComponent("index.md").path))
        // More than five files removed are listed whole with --verbose, counted otherwise; --quiet says nothing.
        for name in ["n1", "n2", "n3", "n4", "n5", "n6"] { try "x".write(to: published.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let counted = try generate(["-o", "Published", "--no-cache", "--detail", "full"])
        XCTAssertTrue(counted.stderr.contains("'n5', and 1 more (--verbose lists each)"), counted.stderr)
        for name in ["n1", "n2", "n3", "n4", "n5", "n6"] { try "x".write(to: published.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let each = try generate(["-o", "Published", "--verbose"])
        XCTAssertTrue(each.stderr.contains("'n5', 'n6'; it replaces"), each.stderr)
        for name in ["n1"] { try "x".write(to: published.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let quiet = try generate(["-o", "Published", "--no-cache", "--quiet"])
        XCTAssertFalse(quiet.stderr.contains("removed"), quiet.stderr)
    }

    /// Output paths that cannot be made are said in words that name what is in the way: a file on the path, a name
    /// too long for the folder written beside it; a folder given where a file is written asks for a file.
    func testUnwritableOutputPathsSayWhy() throws {
        try "x".write(to: project.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let underFile = try generate(["-o", "notes.txt/Docs"])
        XCTAssertEqual(underFile.status, 1)
        XCTAssertTrue(underFile.stderr.contains("is a file, not a folder"), underFile.stderr)
        let long = String(repeating: "d", count: 250)
        let tooLong = try generate(["-o", long])
        XCTAssertEqual(tooLong.status, 1)
        XCTAssertTrue(tooLong.stderr.contains("its name is too long: the docs are written beside it first"), tooLong.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".\(long.prefix(10))") }, [])
        let longFolder = try generate(["-o", String(repeating: "f", count: 300) + "/Docs"])
        XCTAssertEqual(longFolder.status, 1)
        XCTAssertTrue(longFolder.stderr.contains("a folder name on its path, 'ffffffffffffffffffffffff…', has 300 bytes; a file system allows at most 255"), longFolder.stderr)
        let longFile = try CLIRunner.run(["render", "App.yaml", "--diagram", "segues", "-o", String(repeating: "d", count: 300) + ".svg"],
                                         in: project, environment: environment)
        XCTAssertEqual(longFile.status, 1)
        XCTAssertTrue(longFile.stderr.contains("its name has 304 bytes"), longFile.stderr)
        let folder = try CLIRunner.run(["render", "App.yaml", "--diagram", "segues", "-o", "Sources"], in: project, environment: environment)
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("output 'Sources' is a folder; give the path of a file to write"), folder.stderr)
    }

    /// A run that fails or is refused leaves no folder behind: not the missing folders of its output path, nor a
    /// diagram cache inside the output folder it refuses; a run that succeeds makes them.
    func testRefusedRunsMakeNoFolders() throws {
        let before = try projectFiles()
        let tooLong = try generate(["-o", "new/deeper/" + String(repeating: "z", count: 250)])
        XCTAssertEqual(tooLong.status, 1)
        XCTAssertTrue(tooLong.stderr.contains("its name is too long"), tooLong.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("new").path), "the output's missing parents are removed")
        let cache = project.appendingPathComponent("cc/out/cache").path
        let refused = try CLIRunner.run(["generate", "App.yaml", "-o", "cc/out"], in: project, environment: ["SCENOGRAPH_CACHE_DIR": cache])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("holds, the diagram cache"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("cc").path), "the cache is not made before the refusal")
        // A run that begins and then fails (a template that does not parse) removes them too.
        let templates = project.deletingLastPathComponent().appendingPathComponent("broken-templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{#broken}}\n".write(to: templates.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let failed = try generate(["-o", "later/deeper/Docs", "--templates", templates.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("is not closed"), failed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("later").path), "a failed run removes the parents it made")
        XCTAssertEqual(try projectFiles(), before)
        XCTAssertEqual(try generate(["-o", "new/deeper/Docs"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("new/deeper/Docs/index.md").path))
    }

    /// The folder is replaced as a whole: files a person kept in it go with it, and the run says which.
    func testFilesScenographDidNotWriteAreNamedWhenRemoved() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        try "mine".write(to: project.appendingPathComponent("Docs/NOTES.md"), atomically: true, encoding: .utf8)
        let output = try generate(["-o", "Docs", "--no-cache", "--detail", "full"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stderr.contains("warning: removed 1 file that scenograph did not write from Docs: 'NOTES.md'; it replaces the folder as a whole, so keep other files elsewhere"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("Docs/NOTES.md").path))
        let again = try generate(["-o", "Docs"])
        XCTAssertFalse(again.stderr.contains("removed"), again.stderr)
    }

    func testAReadOnlyDocsFolderIsRefused() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let docs = project.appendingPathComponent("Docs")
        let before = try GenerateCommandTests.files(under: docs)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: docs.path)
        let output = try generate(["-o", "Docs", "--no-cache"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("error: output 'Docs' is read-only"), output.stderr)
        XCTAssertEqual(try GenerateCommandTests.files(under: docs), before)
    }

    func testASymlinkIsWrittenThroughAndKept() throws {
        let elsewhere = project.deletingLastPathComponent().appendingPathComponent("published")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("Docs"), withDestinationURL: elsewhere)
        let output = try generate(["-o", "Docs"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("Docs").path), elsewhere.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("index.md").path))
        // A symlink to a folder of the user's follows the same rules.
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("Code"), withDestinationURL: project.appendingPathComponent("Sources"))
        let refused = try generate(["-o", "Code"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(try GenerateCommandTests.files(under: project.appendingPathComponent("Sources")), ["main.swift"])
    }

    /// The diagram cache is not the output folder's to replace: neither the cache itself nor a folder holding it.
    func testTheCacheIsNeverReplaced() throws {
        let cache = project.appendingPathComponent("Docs/.cache")
        for output in ["Docs/.cache", "Docs"] {
            for command in [["generate", "App.yaml"], ["diff", "App.yaml", "App.yaml"]] {
                let run = try CLIRunner.run(command + ["-o", output, "--force"], in: project, environment: ["SCENOGRAPH_CACHE_DIR": cache.path])
                XCTAssertEqual(run.status, 1, "\(command) \(output)")
                XCTAssertTrue(run.stderr.contains("error: output '\(output)' is, or holds, the diagram cache '\(cache.path)'"), run.stderr)
            }
        }
    }

    /// `diff -o` protects what the app is read from as generate does, with --force too: a model's storyboards in a
    /// folder of their own, the Swift sources and the Info.plist's folder (it replaced them all).
    func testDiffNeverReplacesTheStoryboardsOrSourcesItReads() throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: project.appendingPathComponent("SB"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: project.appendingPathComponent("Model"), withIntermediateDirectories: true)
        for name in ["Main.storyboard", "Settings.storyboard"] {
            try fileManager.copyItem(at: fixtures.appendingPathComponent(name), to: project.appendingPathComponent("SB/\(name)"))
        }
        let model = try String(contentsOf: fixtures.appendingPathComponent("App.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "  - Main", with: "  - ../SB/Main").replacingOccurrences(of: "  - Settings", with: "  - ../SB/Settings")
        try model.write(to: project.appendingPathComponent("Model/App.yaml"), atomically: false, encoding: .utf8)
        let before = try projectFiles()
        let cases: [(arguments: [String], message: String)] = [
            (["-o", "SB", "--force"], "error: output 'SB' contains the input '\(project.appendingPathComponent("SB/Main.storyboard").path)'"),
            (["--sources", "Sources", "-o", "Sources", "--force"], "error: output 'Sources' contains the input 'Sources'"),
        ]
        for (arguments, message) in cases {
            let run = try CLIRunner.run(["diff", "Model/App.yaml", "Model/App.yaml"] + arguments, in: project, environment: environment)
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        XCTAssertEqual(try projectFiles(), before)
        // With --git and the model deleted since, the storyboards the revision's model lists are protected too.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/git") {
            try ReviewCommandTests.shell(["git", "init", "-q"], in: project)
            try ReviewCommandTests.shell(["git", "add", "."], in: project)
            try ReviewCommandTests.shell(["git", "commit", "-q", "-m", "app"], in: project)
            try FileManager.default.removeItem(at: project.appendingPathComponent("Model/App.yaml"))
            let deleted = try CLIRunner.run(["diff", "--git", "HEAD", "Model/App.yaml", "-o", "SB", "--force"], in: project, environment: environment)
            XCTAssertEqual(deleted.status, 1)
            XCTAssertTrue(deleted.stderr.contains("error: output 'SB' contains the input"), deleted.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: project.appendingPathComponent("SB/Main.storyboard").path))
            try ReviewCommandTests.shell(["git", "checkout", "-q", "--", "Model/App.yaml"], in: project)
        }
        // The model file itself is a file, with no folder to suggest inside it.
        let itself = try CLIRunner.run(["diff", "Model/App.yaml", "Model/App.yaml", "-o", "Model/App.yaml", "--force"], in: project, environment: environment)
        XCTAssertEqual(itself.status, 1)
        XCTAssertTrue(itself.stderr.contains("error: output 'Model/App.yaml' is an existing file, not a folder; choose a folder"), itself.stderr)
    }

    /// A loop of symbolic links as the output folder is refused with a message, not followed for ever.
    func testALoopOfLinksIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("LoopA").path, withDestinationPath: "LoopB")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("LoopB").path, withDestinationPath: "LoopA")
        for arguments in [["-o", "LoopA"], ["-o", "LoopA/sub"]] {
            let output = try generate(arguments)
            XCTAssertEqual(output.status, 1, "\(arguments): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains("too many levels of symbolic links"), output.stderr)
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("LoopA").path), "LoopB")
    }

    /// `render -o` and `import -o` write one file: never over an input, a device, a FIFO or a folder, and through a
    /// link to the file it names.
    func testSingleFileOutputsReplaceOnlyFiles() throws {
        let storyboard = project.appendingPathComponent("Main.storyboard")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Main.storyboard"), to: storyboard)
        XCTAssertEqual(mkfifo(project.appendingPathComponent("pipe").path, 0o644), 0)
        let model = try Data(contentsOf: project.appendingPathComponent("App.yaml"))
        let storyboardBytes = try Data(contentsOf: storyboard)
        let refusals: [([String], String)] = [
            (["render", "App.yaml", "--diagram", "segues", "-o", "App.yaml"], "output 'App.yaml' is, or is inside, the input 'App.yaml'"),
            (["render", "App.yaml", "--diagram", "segues", "-o", "pipe"], "output 'pipe' is a FIFO"),
            (["render", "App.yaml", "--diagram", "segues", "-o", "Sources"], "output 'Sources' is a folder"),
            (["render", "App.yaml", "--diagram", "segues", "--format", "mermaid", "-o", "App.yaml"], "output 'App.yaml' is, or is inside, the input 'App.yaml'"),
            (["import", "Main.storyboard", "-o", "Main.storyboard"], "output 'Main.storyboard' is, or is inside, the input 'Main.storyboard'"),
            (["import", "Main.storyboard", "-o", "pipe"], "output 'pipe' is a FIFO"),
            (["render", "App.yaml", "--diagram", "segues", "--sources", "Sources", "-o", "Sources/main.swift"], "output 'Sources/main.swift' is, or is inside, the input 'Sources'"),
            (["benchmark", "--write-model", "pipe"], "output 'pipe' is a FIFO"),
            (["generate", "App.yaml", "-o", "pipe"], "output 'pipe' is a FIFO"),
            (["render", "App.yaml", "--diagram", "segues", "-o", "graph.svg/"], "output 'graph.svg/' is a folder's name (it ends with '/')"),
            (["generate", "App.yaml", "-o", "Docs", "--statistics", "App.yaml"], "output 'App.yaml' is, or is inside, the input"),
        ]
        for (arguments, message) in refusals {
            let output = try CLIRunner.run(arguments + (arguments.first == "benchmark" ? [] : ["-q"]), in: project, environment: environment)
            XCTAssertEqual(output.status, 1, "\(arguments)")
            XCTAssertTrue(output.stderr.contains("error: " + message), "\(arguments): \(output.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: project.appendingPathComponent("App.yaml")), model)
        XCTAssertEqual(try Data(contentsOf: storyboard), storyboardBytes)
        var status = stat()
        XCTAssertEqual(lstat(project.appendingPathComponent("pipe").path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")

        // A link to a file is written through and stays a link.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("graph.svg").path, withDestinationPath: "real.svg")
        let linked = try CLIRunner.run(["render", "App.yaml", "--diagram", "segues", "-o", "graph.svg"], in: project, environment: environment)
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("graph.svg").path), "real.svg")
        XCTAssertTrue(try String(contentsOf: project.appendingPathComponent("real.svg"), encoding: .utf8).contains("<svg"))
    }

    /// The benchmark's scratch folder is replaced and removed: never a folder of the user's.
    func testTheBenchmarkScratchIsNeverAUsersFolder() throws {
        let before = try projectFiles()
        let run = try CLIRunner.run(["benchmark", "--sizes", "50", "--no-peer", "--scratch", "Sources"], in: project, environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("holds files a benchmark did not make"), run.stderr)
        XCTAssertEqual(try projectFiles(), before)
    }

    /// The state a kill between the two renames leaves: no Docs, the old one aside, the new one complete.
    func testAKillBetweenTheRenamesIsRepairedByTheNextRun() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let fileManager = FileManager.default
        let docs = project.appendingPathComponent("Docs")
        try Data("swap".utf8).write(to: docs.appendingPathComponent(".scenograph-swap"))  // what a run writes into both before its renames
        try fileManager.copyItem(at: docs, to: project.appendingPathComponent(".Docs.partial-999999"))
        try fileManager.moveItem(at: docs, to: project.appendingPathComponent(".Docs.previous-999999"))
        let output = try generate(["-o", "Docs"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(fileManager.fileExists(atPath: docs.appendingPathComponent("index.md").path))
        XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".Docs") }, [], "leftovers removed")
    }

    func testTwoConcurrentRunsBothEndWithACompleteFolder() throws {
        XCTAssertEqual(try generate(["-o", "Docs"]).status, 0)
        let expected = try GenerateCommandTests.files(under: project.appendingPathComponent("Docs"))
        let project = self.project!, environment = self.environment
        let statuses = StatusBox()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let output = try? CLIRunner.run(["generate", "App.yaml", "-o", "Docs", "--no-cache"], in: project, environment: environment)
            statuses.append(output?.status ?? -1)
        }
        XCTAssertEqual(statuses.items, [0, 0])
        XCTAssertEqual(try GenerateCommandTests.files(under: project.appendingPathComponent("Docs")), expected)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".Docs") }, [])
    }
}

private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var items: [Int32] = []
    func append(_ status: Int32) {
        lock.lock()
        items.append(status)
        lock.unlock()
    }
}
