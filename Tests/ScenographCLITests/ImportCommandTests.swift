import Foundation
import ModelLoading
import Testing

/// The built `scenograph`, next to the test bundle.
enum ImportCommandBinary {
    static let url: URL? = {
        // The test executable (`…PackageTests.xctest`) and the products share the build folder.
        let testFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        let packageBuild = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
        return [testFolder, Bundle.main.bundleURL.deletingLastPathComponent(), packageBuild]
            .map { $0.appendingPathComponent("scenograph") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// `scenograph import` and `validate` on storyboards, run as a user runs them.
@Suite(.enabled(if: ImportCommandBinary.url != nil, "the scenograph executable is not built next to the tests"))
struct ImportCommandTests {

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ModelLoadingTests/Fixtures/Storyboards")

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let binary: URL = try #require(ImportCommandBinary.url)
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.fixtures
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func importWritesAModelThatLoadsAsTheSameModel() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("App.yaml")
        let result = try run(["import", "Main.storyboard", "Settings.storyboard", "--name", "Photos", "-o", model.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("Main.storyboard:341:17: warning: storyboard reference to the initial view controller of Help.storyboard"))
        let written = try #require(ModelLoader().load(path: model.path).model)
        let direct = try #require(ModelLoader().load(storyboards: ["Main.storyboard", "Settings.storyboard"].map {
            Self.fixtures.appendingPathComponent($0).path
        }, name: "Photos").model)
        #expect(written.scenes.map(\.id) == direct.scenes.map(\.id))
        #expect(written.initial?.value == "MainTabBarController")
    }

    /// What the import writes loads back: a title with control characters XML allows (DEL, `&#x9B;`) loses them, a
    /// split imported as content (no detail column) keeps none of its columns; `--name` holding one is refused.
    @Test func oddStoryboardsImportToModelsThatLoad() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = folder.appendingPathComponent("Odd.storyboard")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="SPL">
              <scenes>
                <scene sceneID="s1"><objects>
                  <splitViewController id="SPL" style="doubleColumn" sceneMemberID="viewController"><connections>
                    <segue destination="PRI" kind="relationship" relationship="masterViewController" id="r1"/>
                    <segue destination="CMP" kind="relationship" relationship="compactViewController" id="r2"/>
                  </connections></splitViewController>
                </objects></scene>
                <scene sceneID="s2"><objects><viewController id="PRI" title="t&#x9B;x&#x7F;y" customClass="Primary" sceneMemberID="viewController"/></objects></scene>
                <scene sceneID="s3"><objects><viewController id="CMP" customClass="Compact" sceneMemberID="viewController"/></objects></scene>
              </scenes>
            </document>
            """.utf8).write(to: storyboard)
        let model = folder.appendingPathComponent("Odd.yaml")
        let result = try run(["import", storyboard.path, "-o", model.path, "-q"])
        #expect(result.status == 0, "\(result.errors)")
        let loaded = ModelLoader().load(path: model.path)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        #expect(loaded.model?.scene("Primary")?.title == "txy")
        #expect(loaded.model?.scene("SplitViewController")?.compact == nil)
        let named = try run(["validate", storyboard.path, "--name", "a\u{1B}[31m"])
        #expect(named.status == 64)
        #expect(named.errors.contains("--name holds a control character"), "\(named.errors)")
    }

    @Test func importPrintsToStandardOutputWithoutAFile() throws {
        let result = try run(["import", "Legacy.storyboard", "--name", "Legacy"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("# Imported from Legacy.storyboard by scenograph import."))
        #expect(result.output.contains("environment: {idiom: pad}\n"))
        #expect(result.output.contains("\nflows:\n"))
    }

    @Test func aFailedImportWritesNothing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("App.yaml")
        try Data("previous\n".utf8).write(to: model)
        let result = try run(["import", "Main.storyboard", "Watch.storyboard", "-o", model.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("Watch.storyboard:2:1: error: watchOS storyboards are not supported (targetRuntime 'watchKit')"))
        #expect(try String(contentsOf: model, encoding: .utf8) == "previous\n")
        let broken = try run(["import", "Malformed.storyboard"])
        #expect(broken.status == 1)
        #expect(broken.output.isEmpty)
        #expect(broken.errors == "Malformed.storyboard:6:48: error: malformed XML: a space is required here (between attributes) [syntax]\n")
    }

    @Test func sourcesFillUnwindActions() throws {
        let result = try run(["import", "Main.storyboard", "--sources", "Sources"])
        #expect(result.status == 0)
        #expect(result.output.contains("    unwindActions: [unwindToLibrary, unwindToLibraryWithSegue]\n"))
        #expect(!result.errors.contains("is implemented by no scene"))
    }

    @Test func validateTakesStoryboardsAndModelsThatListThem() throws {
        let storyboards = try run(["validate", "Main.storyboard", "Settings.storyboard"])
        #expect(storyboards.status == 0)
        #expect(!storyboards.errors.contains("Settings.storyboard is not among the imported storyboards"))
        let model = try run(["validate", "App.yaml"])
        #expect(model.status == 0, "\(model.errors)")
        let mac = try run(["validate", "Mac.storyboard"])
        #expect(mac.status == 1)
    }
}
