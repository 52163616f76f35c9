import DocSite
import Foundation
import XCTest

/// The output folder rules: scenograph replaces only folders it owns, completely or not at all.
final class OutputWriterTests: XCTestCase {
    private var temporary: URL!
    private var previousDirectory = ""

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        temporary = URL(fileURLWithPath: try XCTUnwrap(realpathString(temporary.path)))
        previousDirectory = FileManager.default.currentDirectoryPath
    }

    override func tearDownWithError() throws {
        _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory)
        // Make everything writable again so it can be removed.
        if let paths = FileManager.default.enumerator(atPath: temporary.path) {
            for case let path as String in paths {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: temporary)
    }

    private func path(_ name: String) -> String { temporary.appendingPathComponent(name).path }

    private func write(_ text: String, to name: String) throws {
        let url = temporary.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    private func listing(_ name: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted()
    }

    private func replace(_ name: String, _ files: [OutputFile], inputs: [String] = [], force: Bool = false) throws {
        let target = try OutputWriter.target(path(name), protecting: inputs, force: force)
        try OutputWriter.replace(target, with: files)
    }

    private func assertRefused(_ name: String, inputs: [String] = [], force: Bool = false, _ expected: (OutputError) -> Bool,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try OutputWriter.target(path(name), protecting: inputs, force: force), file: file, line: line) { error in
            guard let error = error as? OutputError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(expected(error), "\(error)", file: file, line: line)
        }
    }

    // MARK: - Replacing

    func testReplaceSwapsInTheNewFolderCompletelyWithItsManifest() throws {
        try replace("out", [OutputFile(path: "a.md", text: "one"), OutputFile(path: "x/b.md", text: "two")])
        try replace("out", [OutputFile(path: "c.md", text: "three")])
        XCTAssertEqual(try listing("out"), [OutputWriter.manifestName, "c.md"])
        XCTAssertEqual(try String(contentsOfFile: path("out/\(OutputWriter.manifestName)"), encoding: .utf8).split(separator: "\n").last, "c.md")
        XCTAssertEqual(try listing(), ["out"], "no staging or previous folder left behind")
    }

    func testAFailedWriteLeavesThePreviousFolder() throws {
        try replace("out", [OutputFile(path: "a.md", text: "one")])
        // A file and a folder with the same path cannot both be written.
        XCTAssertThrowsError(try replace("out", [OutputFile(path: "x", text: "file"), OutputFile(path: "x/y", text: "child")]))
        XCTAssertEqual(try String(contentsOfFile: path("out/a.md"), encoding: .utf8), "one")
        XCTAssertEqual(try listing(), ["out"])
    }

    func testAnEmptyFolderIsAccepted() throws {
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: true)
        try replace("empty", [OutputFile(path: "a.md", text: "one")])
        XCTAssertEqual(try listing("empty"), [OutputWriter.manifestName, "a.md"])
    }

    // MARK: - Refusals keep the user's files

    func testAnExistingFileIsRefused() throws {
        try write("my notes", to: "notes.txt")
        assertRefused("notes.txt") { $0 == .isAFile(path: self.path("notes.txt")) }
        XCTAssertEqual(try String(contentsOfFile: path("notes.txt"), encoding: .utf8), "my notes")
    }

    func testAForeignFolderIsRefusedUnlessForced() throws {
        try write("keep me", to: "mine/readme.txt")
        assertRefused("mine") { $0 == .notOwned(path: self.path("mine")) }
        XCTAssertEqual(try listing("mine"), ["readme.txt"])
        try replace("mine", [OutputFile(path: "a.md", text: "one")], force: true)
        XCTAssertEqual(try listing("mine"), [OutputWriter.manifestName, "a.md"])
    }

    func testTheCurrentDirectoryIsRefused() throws {
        try write("format: 1", to: "project/App.yaml")
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(path("project")))
        XCTAssertThrowsError(try OutputWriter.target(".", protecting: ["App.yaml"], force: true)) { error in
            XCTAssertEqual(error as? OutputError, .isTheCurrentDirectory(path: "."))
        }
        XCTAssertThrowsError(try OutputWriter.target("..", protecting: [], force: true)) { error in
            XCTAssertEqual(error as? OutputError, .containsCurrentDirectory(path: ".."))
        }
        XCTAssertEqual(try listing("project"), ["App.yaml"])
    }

    func testAFolderHoldingTheModelOrAStoryboardIsRefusedEvenWhenForced() throws {
        try write("format: 1", to: "app/Docs/App.yaml")
        try write("<document/>", to: "app/UI/Main.storyboard")
        assertRefused("app/Docs", inputs: [path("app/Docs/App.yaml")], force: true) {
            $0 == .containsInput(path: self.path("app/Docs"), input: self.path("app/Docs/App.yaml"))
        }
        assertRefused("app", inputs: [path("app/Docs/App.yaml"), path("app/UI/Main.storyboard")], force: true) {
            if case .containsInput = $0 { return true } else { return false }
        }
        // Through an unnormalised path too.
        assertRefused("app/UI/../Docs", inputs: [path("app/Docs/App.yaml")], force: true) {
            if case .containsInput = $0 { return true } else { return false }
        }
        XCTAssertEqual(try listing("app/Docs"), ["App.yaml"])
    }

    /// A model given through a link inside the folder (`rd/App.yaml` → `../App.yaml`) is in the folder as far as
    /// the folder's replacement goes: the link would go with it, even forced.
    func testAFolderHoldingALinkToTheModelIsRefused() throws {
        try write("format: 1", to: "App.yaml")
        try FileManager.default.createDirectory(atPath: path("rd"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("rd/App.yaml"), withDestinationPath: "../App.yaml")
        assertRefused("rd", inputs: [path("rd/App.yaml")], force: true) {
            $0 == .containsInput(path: self.path("rd"), input: self.path("rd/App.yaml"))
        }
        XCTAssertEqual(try listing("rd"), ["App.yaml"])
    }

    func testAReadOnlyFolderIsRefused() throws {
        try replace("docs", [OutputFile(path: "a.md", text: "one")])
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path("docs"))
        assertRefused("docs") { $0 == .readOnly(path: self.path("docs")) }
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "a.md"])
    }

    // MARK: - Symbolic links

    func testASymlinkedTargetIsWrittenThroughAndStaysALink() throws {
        try replace("real", [OutputFile(path: "a.md", text: "one")])
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: path("real"))
        let target = try OutputWriter.target(path("link"), protecting: [])
        XCTAssertEqual(target.directory.path, path("real"))
        try OutputWriter.replace(target, with: [OutputFile(path: "b.md", text: "two")])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link")), path("real"))
        XCTAssertEqual(try listing("real"), [OutputWriter.manifestName, "b.md"])
    }

    func testASymlinkToAForeignFolderFollowsTheSameRules() throws {
        try write("keep me", to: "mine/readme.txt")
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: path("mine"))
        assertRefused("link") { $0 == .notOwned(path: self.path("link")) }
        XCTAssertEqual(try listing("mine"), ["readme.txt"])
    }

    // MARK: - Interrupted swaps

    /// A run killed after moving the old folder aside but before moving the new one in.
    func testAKillBetweenTheRenamesIsRepairedFromTheCompleteNewFolder() throws {
        try replace("docs", [OutputFile(path: "old.md", text: "old")])
        try write("swap", to: "docs/\(OutputWriter.swapMarkerName)")
        try FileManager.default.moveItem(atPath: path("docs"), toPath: path(".docs.previous-4242"))
        try write("swap", to: ".docs.partial-4242/\(OutputWriter.swapMarkerName)")
        try write("new", to: ".docs.partial-4242/new.md")
        try write("# manifest\nnew.md\n", to: ".docs.partial-4242/\(OutputWriter.manifestName)")
        // Any later run repairs first: the new folder was complete, so the swap is finished.
        _ = try OutputWriter.target(path("docs"), protecting: [])
        try replace("docs", [OutputFile(path: "next.md", text: "next")])
        XCTAssertEqual(try listing(), ["docs"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "next.md"])
    }

    func testAKillBeforeTheNewFolderWasCompleteRestoresThePreviousOne() throws {
        try replace("docs", [OutputFile(path: "old.md", text: "old")])
        try write("swap", to: "docs/\(OutputWriter.swapMarkerName)")
        try FileManager.default.moveItem(atPath: path("docs"), toPath: path(".docs.previous-4242"))
        try write("swap", to: ".docs.partial-4242/\(OutputWriter.swapMarkerName)")
        try write("half", to: ".docs.partial-4242/new.md")  // no manifest: incomplete
        let target = try OutputWriter.target(path("docs"), protecting: [])
        // A write that fails after the repair leaves the restored previous folder.
        XCTAssertThrowsError(try OutputWriter.replace(target, with: [OutputFile(path: "x", text: "f"), OutputFile(path: "x/y", text: "c")]))
        XCTAssertEqual(try listing(), ["docs"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "old.md"])
    }

    /// Only folders named as a run names them are leftovers: a user's `.docs.previous-backup`, a file named like a
    /// leftover, or a link so named is neither moved into place nor removed.
    func testWhatIsNotARunsLeftoverIsLeftAlone() throws {
        try write("keep", to: ".docs.previous-backup/notes.md")
        try write("keep", to: ".docs.partial-4242")
        try write("keep", to: "elsewhere/notes.md")
        try FileManager.default.createSymbolicLink(atPath: path(".docs.previous-77"), withDestinationPath: path("elsewhere"))
        try replace("docs", [OutputFile(path: "new.md", text: "new")])
        XCTAssertEqual(try listing(), [".docs.partial-4242", ".docs.previous-77", ".docs.previous-backup", "docs", "elsewhere"])
        XCTAssertEqual(try listing(".docs.previous-backup"), ["notes.md"])
        XCTAssertEqual(try listing("elsewhere"), ["notes.md"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "new.md"])
    }

    /// A folder named exactly as a run names its leftovers, but without the swap marker a run writes into them, is
    /// a user's: it is not moved into place when the output is missing, nor removed beside an existing output, even
    /// when it holds a manifest (a copy of generated docs).
    func testAUsersFolderNamedLikeALeftoverIsLeftAlone() throws {
        try write("mine", to: ".docs.previous-5/notes.md")
        try write("mine", to: ".docs.partial-42/notes.md")
        try write("# manifest\nnotes.md\n", to: ".docs.partial-42/\(OutputWriter.manifestName)")
        try replace("docs", [OutputFile(path: "new.md", text: "new")])
        XCTAssertEqual(try listing(), [".docs.partial-42", ".docs.previous-5", "docs"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "new.md"])
        try write("mine", to: ".docs.previous-1/notes.md")
        try replace("docs", [OutputFile(path: "next.md", text: "next")])
        XCTAssertEqual(try listing(), [".docs.partial-42", ".docs.previous-1", ".docs.previous-5", "docs"])
        XCTAssertEqual(try listing(".docs.previous-1"), ["notes.md"])
        XCTAssertEqual(try listing(".docs.previous-5"), ["notes.md"])
        XCTAssertEqual(try listing(".docs.partial-42"), [OutputWriter.manifestName, "notes.md"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "next.md"])
    }

    /// A run stopped just after moving the new folder in leaves the marker in it: the next run removes it, with the
    /// old folder aside, and a finished run leaves no marker anywhere.
    func testTheSwapMarkerNeverStaysInTheOutput() throws {
        try replace("docs", [OutputFile(path: "old.md", text: "old")])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "old.md"])
        try write("swap", to: ".docs.previous-4242/\(OutputWriter.swapMarkerName)")
        try write("old", to: ".docs.previous-4242/old.md")
        try write("swap", to: "docs/\(OutputWriter.swapMarkerName)")
        let target = try OutputWriter.target(path("docs"), protecting: [])
        let staging = try OutputWriter.begin(target)
        XCTAssertEqual(try listing(), [".docs.partial-\(ProcessInfo.processInfo.processIdentifier)", "docs"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "old.md"])
        staging.abandon()
        XCTAssertEqual(try listing(), ["docs"])
    }

    /// A run stopped while it swapped an empty folder (or a user's, with --force) leaves the marker in it, without
    /// a manifest: the next run removes it, so the folder is still empty and may be written without --force.
    func testAStrayMarkerInAnEmptyFolderDoesNotMakeItForeign() throws {
        try write("", to: "docs/\(OutputWriter.swapMarkerName)")
        try replace("docs", [OutputFile(path: "new.md", text: "new")])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "new.md"])
    }

    /// A user's folders named with this very process's id (ids repeat in containers) are neither written into,
    /// moved into place nor removed: the run picks other names.
    func testAUsersFolderNamedWithThisRunsIDIsLeftAlone() throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        try write("mine", to: ".docs.partial-\(pid)/notes.md")
        try write("mine", to: ".docs.previous-\(pid)/notes.md")
        try replace("docs", [OutputFile(path: "old.md", text: "old")])
        try replace("docs", [OutputFile(path: "new.md", text: "new")])
        XCTAssertEqual(try listing(), [".docs.partial-\(pid)", ".docs.previous-\(pid)", "docs"])
        XCTAssertEqual(try listing(".docs.partial-\(pid)"), ["notes.md"])
        XCTAssertEqual(try listing(".docs.previous-\(pid)"), ["notes.md"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "new.md"])
    }

    /// A leftover whose removal was cut short still holds its marker (removed last), so the next run finishes it.
    func testALeftoverHalfRemovedIsStillRemoved() throws {
        try replace("docs", [OutputFile(path: "old.md", text: "old")])
        try write("", to: ".docs.previous-4242/\(OutputWriter.swapMarkerName)")
        try write("left", to: ".docs.previous-4242/pages/b.md")
        try replace("docs", [OutputFile(path: "new.md", text: "new")])
        XCTAssertEqual(try listing(), ["docs"])
        XCTAssertEqual(try listing("docs"), [OutputWriter.manifestName, "new.md"])
    }

    // MARK: - Concurrency

    func testConcurrentRunsOnOneTargetBothEndWithACompleteFolder() throws {
        let files = (0..<200).map { OutputFile(path: "pages/\($0).md", text: String(repeating: "x", count: 2_000)) }
        let target = try OutputWriter.target(path("docs"), protecting: [])
        let group = DispatchGroup()
        let errors = ErrorBox()
        for variant in 0..<4 {
            DispatchQueue.global().async(group: group) {
                do {
                    try OutputWriter.replace(target, with: files + [OutputFile(path: "variant.md", text: "\(variant)")])
                } catch {
                    errors.append(error)
                }
            }
        }
        group.wait()
        XCTAssertTrue(errors.items.isEmpty, "\(errors.items)")
        XCTAssertEqual(try listing(), ["docs"])
        XCTAssertEqual(try listing("docs/pages").count, 200)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("docs/variant.md")))
    }

    func testNoWaitFailsClearlyWhileAnotherRunHoldsTheLock() throws {
        let target = try OutputWriter.target(path("docs"), protecting: [])
        let parent = open(temporary.path, O_RDONLY)
        defer { close(parent) }
        // Another process's lock: flock locks belong to the open file description, so a second
        // descriptor in this process conflicts just as another process would.
        XCTAssertEqual(flock(parent, LOCK_EX | LOCK_NB), 0)
        XCTAssertThrowsError(try OutputWriter.replace(target, with: [], wait: false)) { error in
            XCTAssertEqual(error as? OutputError, .locked(path: self.path("docs")))
        }
        flock(parent, LOCK_UN)
        XCTAssertNoThrow(try OutputWriter.replace(target, with: [], wait: false))
    }
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var items: [Error] = []
    func append(_ error: Error) {
        lock.lock()
        items.append(error)
        lock.unlock()
    }
}

private func realpathString(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
