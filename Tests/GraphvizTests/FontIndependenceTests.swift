import Foundation
import Graphviz
import XCTest

/// SVG bytes do not depend on the fonts installed.
///
/// Fontconfig reads its configuration once per process, so each font setup renders
/// in a child process: this test binary again, running only `testRenderForParent`
/// with `SCENOGRAPH_RENDER_TO` set. One child runs with the environment as it is,
/// the other under a `FONTCONFIG_FILE` whose only font is another family than the
/// one Helvetica maps to by default. The PNGs of the two children must differ
/// (proof that the fonts did change for Graphviz) and the SVGs must not.
/// XCTest, not Swift Testing: a child can be started for one XCTest method by name.
final class FontIndependenceTests: XCTestCase {
    /// Labels of many widths, bold and plain, in the font the diagrams use.
    static let dot = """
        digraph G {
          node [shape=box, style=rounded, fontname="Helvetica,Arial,sans-serif", fontsize=11];
          edge [fontname="Helvetica,Arial,sans-serif", fontsize=9];
          library [label=<<b>Library</b><br/>PhotoLibraryViewController>];
          picker [label="pickerLibraryNav\\nUINavigationController"];
          w [label="WWWWWWWWWW"]; i [label="iiiiiiiiiiiiiiiiiiii"];
          library -> picker [label="openLibrary fullScreen"];
          picker -> w [label="cancel unwindToCamera(_:)"];
          w -> i [label="mmmmmmmm"];
        }
        """

    /// The child: renders `dot` as SVG to `$SCENOGRAPH_RENDER_TO` and as PNG beside it.
    func testRenderForParent() throws {
        guard let path = ProcessInfo.processInfo.environment["SCENOGRAPH_RENDER_TO"] else {
            throw XCTSkip("runs only as the child of testSVGBytesDoNotDependOnInstalledFonts")
        }
        let renderer = GraphvizRenderer()
        try Data(renderer.render(dot: Self.dot, format: .svg)).write(to: URL(fileURLWithPath: path))
        try Data(renderer.render(dot: Self.dot, format: .png)).write(to: URL(fileURLWithPath: path + ".png"))
    }

    func testSVGBytesDoNotDependOnInstalledFonts() throws {
        #if os(Linux)
        guard let defaultFont = Self.run("fc-match", ["-f", "%{file}", "Helvetica"]), !defaultFont.isEmpty,
              let listed = Self.run("fc-list", [":", "file"]) else {
            throw XCTSkip("fontconfig's fc-match and fc-list are not available")
        }
        let files = listed.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ":")) }
            .filter { !$0.isEmpty && $0 != defaultFont }
            .sorted()
        // A serif or monospaced face differs most from the sans-serif default.
        guard let otherFont = files.first(where: { $0.contains("Serif") || $0.contains("Mono") }) ?? files.first else {
            throw XCTSkip("only one font is installed (\(defaultFont)); install another (fonts-liberation) to run this test")
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fontFile = folder.appendingPathComponent("fonts").appendingPathComponent((otherFont as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: otherFont, toPath: fontFile.path)
        let config = folder.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <dir>\(folder.appendingPathComponent("fonts").path)</dir>
              <cachedir>\(folder.appendingPathComponent("cache").path)</cachedir>
            </fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let otherMatch = Self.run("fc-match", ["-f", "%{file}", "Helvetica"], environment: ["FONTCONFIG_FILE": config.path])
        XCTAssertEqual(otherMatch, fontFile.path, "under the test's configuration Helvetica maps to its only font")

        let usual = try renderInChild(to: folder.appendingPathComponent("usual.svg"), environment: [:])
        let other = try renderInChild(to: folder.appendingPathComponent("other.svg"), environment: ["FONTCONFIG_FILE": config.path])
        XCTAssertNotEqual(usual.png, other.png, "PNG, drawn with the machine's fonts, changes with them: the font setups differ")
        XCTAssertEqual(usual.svg, other.svg, "SVG bytes changed with the installed fonts (\(defaultFont) → \(otherFont))")
        XCTAssertEqual(usual.svg, try GraphvizRenderer().render(dot: Self.dot), "the child renders what this process renders")
        #else
        throw XCTSkip("the font setup of this test uses fontconfig on Linux")
        #endif
    }

    /// Runs `testRenderForParent` in a child process with `environment` added.
    private func renderInChild(to file: URL, environment: [String: String]) throws -> (svg: [UInt8], png: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["GraphvizTests.FontIndependenceTests/testRenderForParent"]
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        variables["SCENOGRAPH_RENDER_TO"] = file.path
        process.environment = variables
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the child failed:\n\(log)")
        let svg = try [UInt8](Data(contentsOf: file))
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path + ".png")))
        XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains("</svg>"), "the child wrote an SVG")
        return (svg, png)
    }

    /// The standard output of `tool arguments…` found on `PATH`, or nil when it cannot run.
    private static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
