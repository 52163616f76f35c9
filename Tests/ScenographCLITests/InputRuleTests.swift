import Foundation
import XCTest

/// One input rule for every command: a model file, storyboards, or a folder; the main storyboard and the app's name
/// from the model, the Info.plist or the first storyboard; -q, --verbose and --strict alike everywhere.
final class InputRuleTests: XCTestCase {
    private var folder: URL!

    static let clash = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Apps/Clash")
    static let storyboards = ["Main.storyboard", "Social.storyboard", "Profile.storyboard"]

    /// A copy of the Clash app's storyboards in `App/Base.lproj`, with `App/Info.plist` naming Main and the app.
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-input-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("App/Base.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        for name in Self.storyboards {
            try FileManager.default.copyItem(at: Self.clash.appendingPathComponent(name), to: lproj.appendingPathComponent(name))
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleName</key><string>Clash App</string>
                <key>UIMainStoryboardFile</key><string>Main</string>
            </dict>
            </plist>
            """
        try Data(plist.utf8).write(to: folder.appendingPathComponent("App/Info.plist"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments, in: folder)
    }

    func testEveryCommandTakesAFolderOfStoryboards() throws {
        let imported = try run(["import", "App"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("name: Clash App\n"), "the Info.plist's bundle name")
        XCTAssertTrue(imported.stdout.contains("initial: TabBarController\n"), "the main storyboard's initial view controller")
        XCTAssertTrue(imported.stdout.contains("  Social.StyledNavigationController:\n"))
        XCTAssertFalse(imported.stderr.contains("note:"), "the Info.plist names the main storyboard")

        XCTAssertEqual(try run(["validate", "App"]).status, 0)
        XCTAssertEqual(try run(["check", "App"]).status, 0)
        XCTAssertEqual(try run(["simulate", "App"]).status, 0)
        let render = try run(["render", "App", "--diagram", "segues", "--format", "dot"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.hasPrefix("digraph"))
        let generate = try run(["generate", "App", "-o", "Docs", "--no-html"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Docs/scenes/Social.StyledNavigationController.md").path))
        let diff = try run(["diff", "App", "App"])
        XCTAssertEqual(diff.status, 0, diff.stderr)
    }

    func testSeveralStoryboardsAreOneAppEverywhere() throws {
        let paths = Self.storyboards.map { "App/Base.lproj/\($0)" }
        let generate = try run(["generate"] + paths + ["-o", "Docs", "--no-html", "-q"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertEqual(generate.stderr, "", "-q prints errors only")
        let simulate = try run(["simulate"] + paths)
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
    }

    func testWithoutAnInfoPlistTheStoryboardNamedMainIsTheMainOne() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("App/Info.plist"))
        let paths = ["Social", "Main", "Profile"].map { "App/Base.lproj/\($0).storyboard" }
        let imported = try run(["import"] + paths)
        XCTAssertEqual(imported.status, 0)
        XCTAssertTrue(imported.stdout.contains("  TabBarController:\n"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("  Social.StyledNavigationController:\n"), imported.stdout)
        XCTAssertFalse(imported.stderr.contains("note: no main storyboard is named"), imported.stderr)
        let withoutMain = try run(["import"] + paths.filter { !$0.contains("Main") })
        XCTAssertTrue(withoutMain.stderr.contains("note: no main storyboard is named: 'Social' (none is named Main; the first with an initial view controller) is taken as the main storyboard"), withoutMain.stderr)
        XCTAssertTrue(imported.stdout.contains("name: App\n"), "the folder above Base.lproj")
        XCTAssertFalse(try run(["import", "-q"] + paths.filter { !$0.contains("Main") }).stderr.contains("note:"))

        let plist = folder.appendingPathComponent("Other.plist")
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>"#.utf8).write(to: plist)
        let named = try run(["import", "--info-plist", "Other.plist"] + paths)
        XCTAssertTrue(named.stdout.contains("  TabBarController:\n"), named.stderr)
        XCTAssertFalse(named.stderr.contains("note:"))
        let missing = try run(["validate", "--info-plist", "Nowhere.plist"] + paths)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("error: no such Info.plist 'Nowhere.plist' [input-file]"), missing.stderr)
    }

    /// A XIB named on the command line is said to be one, as a XIB renamed `.storyboard` is (it was read as YAML).
    func testAXIBIsSaidToBeOne() throws {
        let xib = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"><objects/></document>"# + "\n"
        try Data(xib.utf8).write(to: folder.appendingPathComponent("View.xib"))
        let result = try run(["validate", "View.xib"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "View.xib:2:1: error: a XIB file, not a storyboard (type 'com.apple.InterfaceBuilder3.CocoaTouch.XIB'); Scenograph imports storyboards [unsupported-storyboard]\n")
    }

    func testAFolderWithSeveralModelsIsAnError() throws {
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        for name in ["A.yaml", "B.yaml"] {
            try Data("format: 1\nname: X\ninitial: a\nscenes:\n  a: {}\n".utf8).write(to: models.appendingPathComponent(name))
        }
        try Data("{\"not\": \"a model\"}".utf8).write(to: models.appendingPathComponent("package.json"))
        let result = try run(["validate", "Models"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: the folder 'Models' holds several model files (A.yaml, B.yaml); name one\n")
        XCTAssertEqual(try run(["simulate", "Models/A.yaml", "Models/B.yaml"]).stderr.hasPrefix("error: give one app"), true)
    }

    /// Special files named like models are not models: a FIFO beside the model is passed over, not opened (which
    /// would wait for a writer for ever), and a link to a model counts as the model.
    func testAFIFONamedLikeAModelIsPassedOver() throws {
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try Data("format: 1\nname: X\ninitial: a\nscenes:\n  a: {}\n".utf8).write(to: folder.appendingPathComponent("Real.yaml"))
        try FileManager.default.createSymbolicLink(atPath: models.appendingPathComponent("A.yaml").path, withDestinationPath: "../Real.yaml")
        XCTAssertEqual(mkfifo(models.appendingPathComponent("pipe.yaml").path, 0o644), 0)
        let result = try run(["validate", "Models"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    // MARK: - Warnings: grouped, quiet, strict

    /// A storyboard with five deprecated push segues.
    private func legacyStoryboard() throws -> String {
        var scenes = ""
        var segues = ""
        for number in 1...5 {
            segues += #"<segue destination="d\#(number)" kind="push" identifier="open\#(number)" id="s\#(number)"/>"#
            scenes += #"<scene sceneID="sd\#(number)"><objects><viewController id="d\#(number)" customClass="Detail\#(number)ViewController" sceneMemberID="viewController"/></objects></scene>"#
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="nav">
              <scenes>
                <scene sceneID="sn"><objects><navigationController id="nav" sceneMemberID="viewController"><connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
                <scene sceneID="sl"><objects><viewController id="list" customClass="ListViewController" sceneMemberID="viewController"><connections>\(segues)</connections></viewController></objects></scene>
                \(scenes)
              </scenes>
            </document>
            """
        try Data(text.utf8).write(to: folder.appendingPathComponent("Legacy.storyboard"))
        return "Legacy.storyboard"
    }

    func testRepeatedWarningsAreGroupedUnlessVerbose() throws {
        let file = try legacyStoryboard()
        let grouped = try run(["validate", file])
        XCTAssertEqual(grouped.status, 0)
        let lines = grouped.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, grouped.stderr)
        XCTAssertTrue(grouped.stderr.hasPrefix("Legacy.storyboard:5:"), grouped.stderr)
        XCTAssertTrue(grouped.stderr.hasSuffix(": warning: 5 deprecated segues: 'ListViewController.open1' (push), 'ListViewController.open2' (push), 'ListViewController.open3' (push), 'ListViewController.open4' (push), 'ListViewController.open5' (push) (--verbose gives each its line) [deprecated-segue]\n"), grouped.stderr)
        let verbose = try run(["validate", "--verbose", file])
        XCTAssertEqual(verbose.stderr.split(separator: "\n").count, 5)
        XCTAssertEqual(try run(["validate", "-q", file]).stderr, "")
        XCTAssertEqual(try run(["generate", "-q", file, "-o", "Docs", "--no-html"]).stderr, "", "generate -q prints errors only")
    }

    /// Findings that name the same thing (one undeclared condition guarding many segues) name it once, with a count.
    func testAGroupNamesEachSubjectOnce() throws {
        let segues = (1...23).map { "      s\($0): {kind: show, to: b, trigger: T\($0), guard: c}" }.joined(separator: "\n")
        try Data("format: 1\nname: C\ninitial: a\nscenes:\n  a:\n    segues:\n\(segues)\n  b: {}\n".utf8).write(to: folder.appendingPathComponent("C.yaml"))
        let grouped = try run(["validate", "C.yaml"])
        XCTAssertEqual(grouped.stderr, "C.yaml:7:51: warning: 23 undeclared conditions: 'c' ×23 (--verbose gives each its line) [undeclared-condition]\n")
    }

    func testStrictFailsOnWarningsUnlessTheModelDeclaresThemIntended() throws {
        let file = try legacyStoryboard()
        let strict = try run(["validate", "--strict", file])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("error: 'push' segues are deprecated"))
        let model = """
            format: 1
            name: Legacy
            storyboards: [Legacy.storyboard]
            lint: {disable: [deprecated-segue]}   # the legacy segues are known and kept
            """
        try Data(model.utf8).write(to: folder.appendingPathComponent("Legacy.yaml"))
        let declared = try run(["validate", "--strict", "Legacy.yaml"])
        XCTAssertEqual(declared.status, 0, declared.stderr)
        XCTAssertEqual(declared.stderr, "")
    }

    /// Creates `name` (raw bytes, relative to the test's folder) with `contents`; false where the file system takes
    /// only UTF-8 names (APFS), so that the test is skipped there.
    private func create(rawName: [UInt8], contents: String) -> Bool {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        let fd = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard fd >= 0 else { return false }
        let bytes = Array(contents.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return written == bytes.count
    }

    /// A file whose name is not UTF-8 cannot be opened by the name a folder's listing gives; the message says so.
    func testAFileNameThatIsNotUTF8IsSaidToBeOne() throws {
        let latin1 = Array("Caf".utf8) + [0xE9]
        guard create(rawName: Array("App/Base.lproj/".utf8) + latin1 + Array(".storyboard".utf8),
                      contents: try String(contentsOf: Self.clash.appendingPathComponent("Profile.storyboard"), encoding: .utf8)) else {
            throw XCTSkip("this file system takes only UTF-8 names")
        }
        let storyboards = try run(["validate", "App"])
        XCTAssertEqual(storyboards.status, 1)
        XCTAssertTrue(storyboards.stderr.contains("error: the storyboard 'App/Base.lproj/Caf\u{FFFD}.storyboard' cannot be opened: its name, or the name of a folder on its path, is not valid UTF-8; rename it [input-file]"), storyboards.stderr)

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Models"), withIntermediateDirectories: true)
        XCTAssertTrue(create(rawName: Array("Models/".utf8) + latin1 + Array(".yaml".utf8), contents: "format: 1\nname: X\ninitial: a\nscenes:\n  a: {}\n"))
        let model = try run(["validate", "Models"])
        XCTAssertEqual(model.status, 1)
        XCTAssertTrue(model.stderr.contains("holds no model file (.yaml, .yml or .json with 'format: 1') and no storyboard; 'Models/Caf\u{FFFD}.yaml' cannot be opened: a name that is not valid UTF-8 (rename it)"), model.stderr)

        // Beside a model it is not passed over: whether it is a second model is unknown.
        try "format: 1\nname: Y\ninitial: a\nscenes:\n  a: {}\n".write(to: folder.appendingPathComponent("Models/App.yaml"), atomically: false, encoding: .utf8)
        let beside = try run(["validate", "Models"])
        XCTAssertEqual(beside.status, 1)
        XCTAssertTrue(beside.stderr.contains("the folder 'Models' holds the model file 'App.yaml', but 'Models/Caf\u{FFFD}.yaml' cannot be opened: a name that is not valid UTF-8 (rename it), so whether it is a model too is unknown; name the model file, or rename the other"), beside.stderr)
        XCTAssertEqual(try run(["validate", "Models/App.yaml"]).status, 0)

        // Nor beside storyboards, since a model at the top would be taken before them.
        XCTAssertTrue(create(rawName: Array("App/".utf8) + latin1 + Array(".yml".utf8), contents: "format: 1\n"))
        let boards = try run(["validate", "App"])
        XCTAssertEqual(boards.status, 1)
        XCTAssertTrue(boards.stderr.contains("the folder 'App' holds storyboards, but 'App/Caf\u{FFFD}.yml' cannot be opened"), boards.stderr)
    }
}
