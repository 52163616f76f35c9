import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `scenograph generate`, run as a user runs it.
final class GenerateCommandTests: XCTestCase {
    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// A private cache, so tests neither read nor fill the user's.
    private var environment: [String: String] { ["SCENOGRAPH_CACHE_DIR": temporary.appendingPathComponent("cache").path] }

    private func generate(into name: String, _ extra: [String] = []) throws -> (CLIRunner.Output, URL) {
        let destination = temporary.appendingPathComponent(name)
        let output = try CLIRunner.run(["generate", "Examples/Photos.yaml", "-o", destination.path] + extra, environment: environment)
        return (output, destination)
    }

    static func files(under root: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return paths.sorted()
    }

    // MARK: - Output/ is the generated site of the bundled example

    /// Markdown and DOT byte for byte; HTML with its inline SVG set aside; SVG by the ids of its groups
    /// (SVG text depends on the Graphviz version and fonts). Regenerate with `make run` when this fails.
    func testCommittedOutputIsNotStale() throws {
        let committed = packageRoot.appendingPathComponent("Output")
        let (output, fresh) = try generate(into: "fresh")
        XCTAssertEqual(output.status, 0, output.stderr)
        let committedFiles = try Self.files(under: committed)
        let freshFiles = try Self.files(under: fresh)
        XCTAssertEqual(committedFiles, freshFiles, """
            Output/ lists other files than a fresh run (run `make run`): \
            only committed: \(committedFiles.filter { !freshFiles.contains($0) }), \
            only fresh: \(freshFiles.filter { !committedFiles.contains($0) })
            """)
        for path in committedFiles {
            let old = try Data(contentsOf: committed.appendingPathComponent(path))
            let new = try Data(contentsOf: fresh.appendingPathComponent(path))
            let ext = path == ".scenograph-manifest" ? "manifest" : path.hasSuffix("/.nojekyll") ? "nojekyll" : URL(fileURLWithPath: path).pathExtension
            switch ext {
            case "md", "dot", "css", "js", "manifest", "txt", "json", "nojekyll":
                XCTAssertEqual(old, new, "\(path) is stale: run `make run`")
            case "html":
                XCTAssertEqual(Self.withoutSVG(String(decoding: old, as: UTF8.self)), Self.withoutSVG(String(decoding: new, as: UTF8.self)), "\(path) is stale")
                XCTAssertEqual(try SVGIDs.collect(Self.svgElements(old)), try SVGIDs.collect(Self.svgElements(new)), "\(path): inline SVG differs in structure")
            case "svg":
                XCTAssertEqual(try SVGIDs.collect(old), try SVGIDs.collect(new), "\(path): SVG differs in structure")
            default:
                XCTFail("unexpected file \(path) in Output/")
            }
        }
    }

    static func withoutSVG(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            result += rest[..<start.lowerBound] + "<svg/>"
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    static func svgElements(_ html: Data) -> Data {
        var svg = "<root xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
        var rest = Substring(String(decoding: html, as: UTF8.self))
        while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            svg += rest[start.lowerBound..<end.upperBound]
            rest = rest[end.upperBound...]
        }
        return Data((svg + "</root>").utf8)
    }

    // MARK: - The site

    // The site's links, anchors, labels and diagram widths: DocsAcceptanceTests.

    /// `a/../b/c` → `b/c`, for relative paths.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            if component == ".." { _ = components.popLast() } else if component != "." { components.append(component) }
        }
        return components.joined(separator: "/")
    }

    func testSameInputGivesIdenticalMarkdownDOTAndHTML() throws {
        let (first, a) = try generate(into: "a", ["--no-cache"])
        let (second, b) = try generate(into: "b", ["--no-cache"])
        XCTAssertEqual(first.status, 0)
        XCTAssertEqual(second.status, 0)
        let files = try Self.files(under: a)
        XCTAssertEqual(files, try Self.files(under: b))
        for path in files {
            XCTAssertEqual(try Data(contentsOf: a.appendingPathComponent(path)), try Data(contentsOf: b.appendingPathComponent(path)), path)
        }
    }

    func testASecondRunRendersNothingAndSaysSo() throws {
        let (first, _) = try generate(into: "docs")
        XCTAssertTrue(first.stderr.contains("rendered 281 images of 158 diagrams"), first.stderr)
        let (second, _) = try generate(into: "docs")
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.stderr.contains("rendered nothing: 158 diagrams unchanged"), second.stderr)
        // A new folder takes its images from the diagram cache, and says so rather than "unchanged".
        let (third, _) = try generate(into: "elsewhere")
        XCTAssertTrue(third.stderr.contains("rendered nothing: 281 images of 158 diagrams from the diagram cache"), third.stderr)
    }

    /// Without $SCENOGRAPH_CACHE_DIR and $XDG_CACHE_HOME the cache is `~/.cache/scenograph`, `~` being $HOME as
    /// in a shell (a CI job or a container often sets it to another folder than the account's).
    func testTheCacheFollowsHOME() throws {
        let home = temporary.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let destination = temporary.appendingPathComponent("docs")
        let output = try CLIRunner.run(["generate", "Examples/Photos.yaml", "-o", destination.path, "--no-html"],
                                       environment: ["SCENOGRAPH_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": home.path])
        XCTAssertEqual(output.status, 0, output.stderr)
        let cached = try Self.files(under: home.appendingPathComponent(".cache/scenograph"))
        XCTAssertFalse(cached.isEmpty, "nothing cached under $HOME/.cache/scenograph")
    }

    func testOverridingOneTemplate() throws {
        let templates = temporary.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n# {{flow.id}} (custom)\n".write(to: templates.appendingPathComponent("flow.md.mustache"), atomically: true, encoding: .utf8)
        let (plain, a) = try generate(into: "plain")
        let (custom, b) = try generate(into: "custom", ["--templates", templates.path])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(custom.status, 0, custom.stderr)
        for path in try Self.files(under: a) {
            let same = try Data(contentsOf: a.appendingPathComponent(path)) == Data(contentsOf: b.appendingPathComponent(path))
            let isFlowMarkdown = path.hasPrefix("flows/") && path.hasSuffix(".md")
            XCTAssertEqual(same, !isFlowMarkdown, path)
        }
    }

    /// A templates folder given by a relative path names its files by that path, as every diagnostic names its file.
    func testTemplateErrorsNameTheFolderAsGiven() throws {
        try FileManager.default.createDirectory(at: temporary.appendingPathComponent("Tpl"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/Photos.yaml"), to: temporary.appendingPathComponent("App.yaml"))
        try "# {{flow.id}}\n{{#steps}}\n".write(to: temporary.appendingPathComponent("Tpl/flow.md.mustache"), atomically: true, encoding: .utf8)
        try "x".write(to: temporary.appendingPathComponent("Tpl/flow.md"), atomically: true, encoding: .utf8)
        for folder in ["Tpl", "./Tpl/"] {
            let run = try CLIRunner.run(["generate", "App.yaml", "--templates", folder, "-o", "out", "--no-cache"], in: temporary, environment: environment)
            XCTAssertEqual(run.status, 1, run.stderr)
            let named = (folder as NSString).appendingPathComponent("flow.md")
            XCTAssertTrue(run.stderr.contains("\n\(named).mustache:2:1: error: template syntax error") || run.stderr.hasPrefix("\(named).mustache:2:1: error: template syntax error"), run.stderr)
            XCTAssertTrue(run.stderr.contains("\(named):1:1: warning: 'flow.md' is not read as a template"), run.stderr)
            XCTAssertFalse(run.stderr.contains(temporary.lastPathComponent), run.stderr)
        }
    }

    func testATemplateSyntaxErrorIsNamedAndWritesNothing() throws {
        let templates = temporary.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("flow.md.mustache")
        try "# {{flow.id}}\n".write(to: template, atomically: true, encoding: .utf8)
        let (first, docs) = try generate(into: "docs", ["--templates", templates.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try Self.files(under: docs)
        let stamps = try before.map { try FileManager.default.attributesOfItem(atPath: docs.appendingPathComponent($0).path)[.modificationDate] as? Date }
        // Templates are parsed only when there is something to write; a changed template always is.
        try "# {{flow.id}}\n{{#steps}}\n".write(to: template, atomically: true, encoding: .utf8)
        let (broken, _) = try generate(into: "docs", ["--templates", templates.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("\(template.path):"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains(": error: template syntax error"), broken.stderr)
        XCTAssertEqual(try Self.files(under: docs), before)
        XCTAssertEqual(try before.map { try FileManager.default.attributesOfItem(atPath: docs.appendingPathComponent($0).path)[.modificationDate] as? Date }, stamps)
        // Into a new folder: nothing is left behind.
        let (fresh, elsewhere) = try generate(into: "elsewhere", ["--templates", templates.path])
        XCTAssertEqual(fresh.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".elsewhere") || $0.hasPrefix("elsewhere") }, [])
    }

    /// The index lists what `check` warns about, not validation's findings alone: a presented scene with no way
    /// back is there; the example, which `check` finds nothing in, says so.
    func testTheIndexListsTheNavigationLintsWarnings() throws {
        let model = temporary.appendingPathComponent("N.yaml")
        try "format: 1\nname: N\ninitial: a\nscenes:\n  a:\n    segues:\n      open: {kind: present, to: b, trigger: Open, modalPresentationStyle: fullScreen}\n  b: {}\n"
            .write(to: model, atomically: true, encoding: .utf8)
        let docs = temporary.appendingPathComponent("n-docs")
        let output = try CLIRunner.run(["generate", model.path, "-o", docs.path, "-q"], environment: environment)
        XCTAssertEqual(output.status, 0, output.stderr)
        let index = try String(contentsOf: docs.appendingPathComponent("index.md"), encoding: .utf8)
        XCTAssertTrue(index.contains("- `N.yaml:8:3` scene 'b' is presented by 'a.open' (fullScreen) and has no way back"), index)
        let (_, example) = try generate(into: "docs")
        XCTAssertTrue(try String(contentsOf: example.appendingPathComponent("index.md"), encoding: .utf8)
            .contains("Neither validation nor the navigation lint rules (`scenograph check`) found anything to warn about."))
    }

    // MARK: - Failure leaves the previous output

    func testABrokenModelLeavesThePreviousOutputUntouched() throws {
        let (_, docs) = try generate(into: "docs")
        let before = try Self.files(under: docs)
        let broken = temporary.appendingPathComponent("broken.yaml")
        try "format: 1\nname: Broken\ninitial: nowhere\nscenes: {a: {}}\n".write(to: broken, atomically: true, encoding: .utf8)
        let output = try CLIRunner.run(["generate", broken.path, "-o", docs.path], environment: environment)
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("broken.yaml:3:10: error: unknown scene 'nowhere'"), output.stderr)
        XCTAssertEqual(try Self.files(under: docs), before)
    }

    /// SIGKILL while diagrams render: the previous folder is intact, and the next run cleans the leftovers.
    func testKillingGenerateMidwayLeavesThePreviousOutput() throws {
        let (_, docs) = try generate(into: "docs")
        let marker = docs.appendingPathComponent("index.md")
        let before = try Data(contentsOf: marker)
        let listing = try Self.files(under: docs)

        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["generate", "Examples/Photos.yaml", "-o", docs.path, "--no-cache", "--verbose"]
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("rendering") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(seen.contains("rendering"), "killed while rendering: \(seen)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try Data(contentsOf: marker), before)
        XCTAssertEqual(try Self.files(under: docs), listing)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".docs.partial-") }
        XCTAssertLessThanOrEqual(leftovers.count, 1)
        // The next run succeeds and removes the killed run's staging folder.
        let (rerun, _) = try generate(into: "docs")
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".docs.") }, [])
    }
}

/// The ids of an SVG's `<g>` elements with their classes, as a sorted list.
enum SVGIDs {
    private final class Collector: NSObject, XMLParserDelegate {
        var ids: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "g", let id = attributes["id"] { ids.append(id + " " + (attributes["class"] ?? "")) }
        }
    }

    static func collect(_ data: Data) throws -> [String] {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "svg", code: 1) }
        return collector.ids.sorted()
    }
}

/// The README's claims, checked.
final class ReadmeExampleTests: XCTestCase {
    func testTheModelFormatExampleValidatesAndItsFlowPasses() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```yaml\nformat: 1\nname: Notes\n"))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let yaml = String(readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-notes-\(UUID().uuidString).yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let validate = try CLIRunner.run(["validate", file.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertEqual(validate.stderr, "")
        let simulate = try CLIRunner.run(["simulate", file.path])
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        XCTAssertTrue(simulate.stdout.hasPrefix("Notes: 1 flow, 1 passed"), simulate.stdout)
    }

    /// The tour's `check` example prints what the README shows, and exits 1.
    func testTheCheckExamplePrintsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```yaml\nformat: 1\nname: Sketch\n"))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let yaml = String(readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let shownStart = try XCTUnwrap(readme.range(of: "$ scenograph check Sketch.yaml\n"))
        let shownEnd = try XCTUnwrap(readme.range(of: "$ echo $?", range: shownStart.upperBound..<readme.endIndex))
        let shown = String(readme[shownStart.upperBound..<shownEnd.lowerBound])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-sketch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("Sketch.yaml"), atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", "Sketch.yaml"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout + check.stderr, shown)
    }

    /// The model format's `Broken.yaml` prints the three errors the README shows, and nothing else.
    func testTheBrokenModelPrintsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```yaml\nformat: 1\nname: Broken\n"))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let yaml = String(readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let shownStart = try XCTUnwrap(readme.range(of: "$ scenograph validate Broken.yaml\n"))
        let shownEnd = try XCTUnwrap(readme.range(of: "```", range: shownStart.upperBound..<readme.endIndex))
        let shown = String(readme[shownStart.upperBound..<shownEnd.lowerBound])
        XCTAssertEqual(shown.split(separator: "\n").count, 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("Broken.yaml"), atomically: true, encoding: .utf8)
        let validate = try CLIRunner.run(["validate", "Broken.yaml"], in: folder)
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stdout + validate.stderr, shown)
    }

    /// The lines of the tour's trace JSON, between its `…` marks, are a run of lines `simulate` prints.
    func testTheTraceJSONShownIsWhatSimulatePrints() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ scenograph simulate Examples/Photos.yaml --flow browse-photos --format json\n"
        let start = try XCTUnwrap(readme.range(of: command))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0 != "…" }.map(String.init)
        XCTAssertGreaterThan(shown.count, 5)
        let simulate = try CLIRunner.run(["simulate", "Examples/Photos.yaml", "--flow", "browse-photos", "--format", "json"], in: packageRoot)
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        let printed = simulate.stdout.split(separator: "\n").map(String.init)
        let found = printed.indices.contains { start in
            start + shown.count <= printed.count && Array(printed[start..<start + shown.count]) == shown
        }
        XCTAssertTrue(found, "the README's lines:\n\(shown.joined(separator: "\n"))")
    }

    /// The tour's text trace: each run of lines between `…` marks (indented or not) is a run of lines `simulate` prints, the runs in
    /// the order printed, and a line ending in `· …` is the start of the line printed there.
    func testTheTextTraceShownIsWhatSimulatePrints() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ scenograph simulate Examples/Photos.yaml --flow share-a-photo\n"
        let start = try XCTUnwrap(readme.range(of: command))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        var runs: [[String]] = [[]]
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.trimmingCharacters(in: .whitespaces) == "…" { runs.append([]) } else { runs[runs.count - 1].append(String(line)) }
        }
        XCTAssertGreaterThanOrEqual(runs.count, 3)
        let simulate = try CLIRunner.run(["simulate", "Examples/Photos.yaml", "--flow", "share-a-photo"], in: packageRoot)
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        let printed = (simulate.stderr + simulate.stdout).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func matches(_ shown: String, _ line: String) -> Bool {
            shown.hasSuffix(" · …") ? line.hasPrefix(String(shown.dropLast(1))) : line == shown
        }
        var from = 0
        for run in runs where !run.isEmpty {
            let at = (from..<printed.count).first { start in
                start + run.count <= printed.count && zip(run, printed[start..<start + run.count]).allSatisfy { matches($0, $1) }
            }
            XCTAssertNotNil(at, "the README's lines, not printed in this order:\n\(run.joined(separator: "\n"))")
            from = (at ?? from) + run.count
        }
    }

    /// The tour's failing flow: the example with one more `photo` expected on line 231 prints what the README shows.
    func testTheFailingFlowPrintsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ scenograph simulate Failing.yaml --flow browse-photos > trace.txt\n"
        let start = try XCTUnwrap(readme.range(of: command))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        var lines = try String(contentsOf: packageRoot.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[230], "          stacks: {libraryNav: [library, photo]}")
        lines[230] = "          stacks: {libraryNav: [library, photo, photo]}"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-failing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("Failing.yaml"), atomically: true, encoding: .utf8)
        let simulate = try CLIRunner.run(["simulate", "Failing.yaml", "--flow", "browse-photos"], in: folder)
        XCTAssertEqual(simulate.status, 1)
        XCTAssertEqual(simulate.stderr, shown)
        XCTAssertTrue(simulate.stdout.contains("FAILED"), simulate.stdout)
    }

    /// A failing flow is printed by `generate` as `simulate` prints it: the model's path as given (not as the docs'
    /// pages name it, from the model's folder) and in file order (a step's checks are made in another order).
    func testGenerateNamesFailingFlowsAsGivenInFileOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generate-failing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/Photos-proposed.yaml"),
                                         to: folder.appendingPathComponent("Docs/App.yaml"))
        func errors(_ output: CLIRunner.Output) -> [String] {
            output.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: flow ") }
        }
        let simulate = try CLIRunner.run(["simulate", "Docs/App.yaml"], in: folder)
        let generate = try CLIRunner.run(["generate", "Docs/App.yaml", "-o", "out", "--no-cache"], in: folder)
        XCTAssertEqual(simulate.status, 1)
        XCTAssertEqual(generate.status, 1, generate.stderr)
        let printed = errors(generate)
        XCTAssertEqual(printed.count, 5, generate.stderr)
        XCTAssertEqual(printed, errors(simulate))
        XCTAssertTrue(printed.allSatisfy { $0.hasPrefix("Docs/App.yaml:") }, generate.stderr)
        XCTAssertEqual(printed.first?.hasPrefix("Docs/App.yaml:264:19: error: flow 'share-a-photo' step 3"), true, generate.stderr)
    }
}

/// Issue: a team with storyboards only gets the whole site on the first run.
final class StoryboardDocsTests: XCTestCase {
    func testGenerateOnAModelListingOnlyStoryboards() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-storyboards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let fixtures = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards")
        for name in ["Main.storyboard", "Settings.storyboard"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: temporary.appendingPathComponent(name))
        }
        let model = temporary.appendingPathComponent("App.yaml")
        // A flow that stops with an error: its place is printed in its page and drawn in its diagrams.
        try "format: 1\nname: Fixture App\nstoryboards: [Main.storyboard, Settings.storyboard]\nflows:\n  stuck:\n    steps:\n      - back\n"
            .write(to: model, atomically: true, encoding: .utf8)
        let docs = temporary.appendingPathComponent("Docs")
        let run = try CLIRunner.run(["generate", model.path, "-o", docs.path, "--no-cache"])
        XCTAssertEqual(run.status, 1, "the failing flow fails the run, its docs written: \(run.stderr)")
        let files = try GenerateCommandTests.files(under: docs)
        let scenePages = files.filter { $0.hasPrefix("scenes/") && $0.hasSuffix(".md") }
        XCTAssertGreaterThan(scenePages.count, 20, "\(scenePages)")
        XCTAssertTrue(files.contains("scenes/Library.md"))
        XCTAssertTrue(files.contains("site/scenes/Library.html"))
        XCTAssertTrue(files.contains("segues.svg"))
        let library = try String(contentsOf: docs.appendingPathComponent("scenes/Library.md"), encoding: .utf8)
        XCTAssertTrue(library.contains("| Imported from | `Main.storyboard` object `LIB-00-001` |"), library)
        XCTAssertTrue(library.contains("[Photo](../scenes/Photo.md)"))

        // The docs name files from the model's folder, the same whatever folder generate runs in, and never
        // by the machine's absolute path.
        let index = try String(contentsOf: docs.appendingPathComponent("index.md"), encoding: .utf8)
        XCTAssertTrue(index.contains("- `Main.storyboard:"), index)
        XCTAssertFalse(index.contains(temporary.path), "no absolute path")
        XCTAssertFalse(index.contains("\n\n\n") || library.contains("\n\n\n"), "a page without a summary has no run of blank lines")
        let fromInside = try CLIRunner.run(["generate", "App.yaml", "-o", "Inside", "--no-cache"], in: temporary)
        XCTAssertEqual(fromInside.status, 1, fromInside.stderr)
        XCTAssertTrue(fromInside.stderr.contains("Main.storyboard:") && !fromInside.stderr.contains(temporary.path), "the terminal keeps the paths as given")
        XCTAssertTrue(try String(contentsOf: docs.appendingPathComponent("flows/stuck.md"), encoding: .utf8).contains("flow error at App.yaml:7:9:"))
        // Every file: a flow error's place is named from the model's folder too, in pages and diagrams.
        for file in try GenerateCommandTests.files(under: docs) {
            let bytes = try Data(contentsOf: docs.appendingPathComponent(file))
            XCTAssertEqual(bytes, try Data(contentsOf: temporary.appendingPathComponent("Inside/\(file)")), file)
            XCTAssertNil(bytes.range(of: Data(temporary.path.utf8)), "\(file) names no absolute path")
        }
        // Storyboards alone: named from the folder holding them all.
        let storyboards = try CLIRunner.run(["generate", temporary.appendingPathComponent("Main.storyboard").path,
                                             temporary.appendingPathComponent("Settings.storyboard").path, "-o", temporary.appendingPathComponent("Boards").path])
        XCTAssertEqual(storyboards.status, 0, storyboards.stderr)
        let boards = try String(contentsOf: temporary.appendingPathComponent("Boards/index.md"), encoding: .utf8)
        XCTAssertTrue(boards.contains("- `Main.storyboard:") && !boards.contains(temporary.path), boards)
        // With no flows, the index says what a flow is and how storyboards get a model file to write them in.
        XCTAssertTrue(boards.contains("No flows yet. A flow is a journey through the app") && boards.contains("`scenograph import` writes that file"), boards)
    }
}
