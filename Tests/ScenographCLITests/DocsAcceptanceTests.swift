import Foundation
import ScenographTestSupport
import XCTest

/// The generated docs of the bundled example and of the larger Trips model, checked as readers meet them:
/// every link and anchor resolves in Markdown, HTML and SVG; the diagrams a flow's Markdown page shows fit
/// GitHub's column once scaled (at most 1,600 px wide); every diagram text colour reads on white; every inline
/// SVG is labelled; HTML pages open with their h1 after a skip link.
final class DocsAcceptanceTests: XCTestCase {
    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-acceptance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    static let trips = "Tests/ScenographCLITests/Fixtures/Trips.yaml"

    private func generate(_ model: String) throws -> URL {
        let docs = temporary.appendingPathComponent(URL(fileURLWithPath: model).deletingPathExtension().lastPathComponent)
        let output = try CLIRunner.run(["generate", model, "-o", docs.path],
                                       environment: ["SCENOGRAPH_CACHE_DIR": temporary.appendingPathComponent("cache").path])
        XCTAssertEqual(output.status, 0, output.stderr)
        return docs
    }

    func testTheBundledExample() throws {
        let docs = try generate("Examples/Photos.yaml")
        try checkDocs(docs, scenes: 35, flows: 14)
    }

    func testTheTripsModel() throws {
        let docs = try generate(Self.trips)
        try checkDocs(docs, scenes: 33, flows: 8)
        // Its chain of seven sheets is summarised in the chain pictures.
        let filmstrip = try String(contentsOf: docs.appendingPathComponent("flows/related-sheets-chains.dot"), encoding: .utf8)
        XCTAssertTrue(filmstrip.contains("more presented view controllers"))
    }

    /// Past the size one drawing can take, the index shows an overview whose boxes link each part's graph, lists
    /// the parts, and every link and label still holds (the limit is lowered to draw the example in parts).
    func testTheSegueGraphInPartsPastTheLimit() throws {
        let docs = temporary.appendingPathComponent("parts")
        let output = try CLIRunner.run(["generate", "Examples/Photos.yaml", "-o", docs.path, "--segue-graph-limit", "10"],
                                       environment: ["SCENOGRAPH_CACHE_DIR": temporary.appendingPathComponent("cache").path])
        XCTAssertEqual(output.status, 0, output.stderr)
        try checkDocs(docs, scenes: 35, flows: 14)
        let files = try GenerateCommandTests.files(under: docs)
        let parts = files.filter { $0.hasPrefix("site/segues/") && $0.hasSuffix(".svg") }.map { String($0.dropFirst("site/".count)) }
        XCTAssertGreaterThan(parts.count, 3)
        let index = try String(contentsOf: docs.appendingPathComponent("site/index.html"), encoding: .utf8)
        let markdown = try String(contentsOf: docs.appendingPathComponent("index.md"), encoding: .utf8)
        XCTAssertTrue(index.contains("<ul class=\"segue-parts\">"))
        for part in parts {
            XCTAssertTrue(index.contains("<a href=\"\(part)\">"), "the index links \(part)")
            XCTAssertTrue(index.contains("xlink:href=\"\(part)\""), "the overview's box links \(part)")
            XCTAssertTrue(markdown.contains("](\(part))"), "the Markdown index links \(part)")
            let svg = try String(contentsOf: docs.appendingPathComponent("site/" + part), encoding: .utf8)
            XCTAssertTrue(svg.contains("<svg role=\"img\" aria-label=\"Segue graph of Photos: "), "\(part) is labelled")
        }
    }

    // MARK: - Checks

    func checkDocs(_ docs: URL, scenes: Int, flows: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try GenerateCommandTests.files(under: docs)
        XCTAssertEqual(files.filter { $0.hasPrefix("site/") && $0.hasSuffix(".html") }.count, 1 + scenes + flows, file: file, line: line)
        let pages = files.filter { $0 == "index.md" || ($0.hasPrefix("scenes/") || $0.hasPrefix("flows/")) && $0.hasSuffix(".md") }
        XCTAssertEqual(pages.count, 1 + scenes + flows, file: file, line: line)
        let checked = try checkLinks(docs, files: files)
        XCTAssertGreaterThan(checked.markdown, 100, file: file, line: line)
        XCTAssertGreaterThan(checked.html, 1000, file: file, line: line)
        XCTAssertGreaterThan(checked.svg, 100, file: file, line: line)
        // Every diagram of the Markdown tree, image and DOT source, is linked from a Markdown page.
        // (The bundled example's review, `review/`, is the diff's output, which the README links.)
        let unlinked = files.filter {
            !$0.hasPrefix("site/") && !$0.hasPrefix("review/") && ($0.hasSuffix(".svg") || $0.hasSuffix(".dot")) && !checked.fromMarkdown.contains($0)
        }
        XCTAssertEqual(unlinked, [], "diagrams no Markdown page links", file: file, line: line)
        try checkFlowDiagramWidths(docs, files: files)
        try checkTextColours(docs, files: files)
        try checkHTML(docs, files: files)
        try checkMarkdownTables(docs, files: files)
        try checkPlurals(docs, files: files)
    }

    /// No page counts one of something in the plural ("1 callbacks, in order").
    func checkPlurals(_ docs: URL, files: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let nouns = "callbacks|steps|scenes|segues|flows|events|warnings|errors|diagrams|parts|tabs|children|presentations"
        let pattern = try NSRegularExpression(pattern: "(^|[^0-9.,])1 (\(nouns))\\b")
        for path in files where path.hasSuffix(".md") || path.hasSuffix(".html") {
            let text = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
            if let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), let range = Range(match.range, in: text) {
                XCTFail("\(path): '\(text[range])'", file: file, line: line)
            }
        }
    }

    /// Every Markdown table has a header: GitHub draws a header row with no text as an empty grey bar.
    func checkMarkdownTables(_ docs: URL, files: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        var tables = 0
        for path in files where path.hasSuffix(".md") {
            let lines = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, row) in lines.enumerated().dropFirst() where row.hasPrefix("|---") || row.hasPrefix("|:--") {
                tables += 1
                let header = lines[index - 1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                XCTAssertTrue(header.contains { !$0.isEmpty }, "\(path):\(index): a table's header row is empty: \(lines[index - 1])", file: file, line: line)
            }
        }
        XCTAssertGreaterThan(tables, 10, file: file, line: line)
    }

    static let idPattern = try! NSRegularExpression(pattern: #"\b(?:id|name)="([^"]*)""#)

    /// Links in Markdown (`](…)` and inline HTML), HTML (`href`, `src`) and SVG (`xlink:href`): the file exists and
    /// the fragment names an id of the target page (`.md` and `.html` alike: Markdown pages carry explicit anchors).
    func checkLinks(_ docs: URL, files: [String]) throws -> (markdown: Int, html: Int, svg: Int, fromMarkdown: Set<String>) {
        let patterns: [String: NSRegularExpression] = [
            "md": try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)|(?:href|src)="([^"]*)""#),
            "html": try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#),
            "svg": try NSRegularExpression(pattern: #"xlink:href="([^"]*)""#),
        ]
        var texts: [String: String] = [:]
        func text(_ path: String) throws -> String {
            if let known = texts[path] { return known }
            let value = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
            texts[path] = value
            return value
        }
        func ids(_ path: String) throws -> Set<String> {
            let page = try text(path)
            var found = Set(Self.idPattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap {
                Range($0.range(at: 1), in: page).map { String(page[$0]) }
            })
            // GitHub gives a Markdown heading an anchor: its text lowercased, spaces as '-', other punctuation dropped.
            if path.hasSuffix(".md") {
                for line in page.split(separator: "\n") where line.hasPrefix("#") {
                    let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                    found.insert(String(title.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil }))
                }
            }
            return found
        }
        var idCache: [String: Set<String>] = [:]
        var counts: [String: Int] = [:]
        var fromMarkdown: Set<String> = []
        for path in files {
            let ext = URL(fileURLWithPath: path).pathExtension
            guard let pattern = patterns[ext] else { continue }
            let page = try text(path)
            let directory = (path as NSString).deletingLastPathComponent
            for match in pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
                let groups = (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: page) }
                guard let range = groups.first else { continue }
                let link = String(page[range]).replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding ?? ""
                if link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("data:") || link.isEmpty { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? path : GenerateCommandTests.normalized((directory as NSString).appendingPathComponent(parts[0]))
                XCTAssertTrue(FileManager.default.fileExists(atPath: docs.appendingPathComponent(target).path), "\(path) links to missing \(link)")
                if ext == "md" { fromMarkdown.insert(target) }
                if parts.count == 2, !parts[1].isEmpty, target.hasSuffix(".html") || target.hasSuffix(".md") {
                    if idCache[target] == nil { idCache[target] = (try? ids(target)) ?? [] }
                    XCTAssertTrue(idCache[target]?.contains(parts[1]) == true, "\(path) links to missing anchor \(link)")
                }
                counts[ext, default: 0] += 1
            }
        }
        return (counts["md"] ?? 0, counts["html"] ?? 0, counts["svg"] ?? 0, fromMarkdown)
    }

    /// The width of an SVG in CSS px (Graphviz writes points: 1 pt = 4/3 px).
    static func width(ofSVG text: String) -> Double? {
        guard let range = text.range(of: #"<svg[^>]* width="([0-9.]+)pt""#, options: .regularExpression) else { return nil }
        let tag = text[range]
        guard let value = tag.range(of: #"width="[0-9.]+"#, options: .regularExpression) else { return nil }
        return Double(tag[value].dropFirst(7)).map { $0 * 4 / 3 }
    }

    /// Every SVG a flow's Markdown page shows (`![…](…)`; a link to open the whole flow full size is not shown in
    /// the page) is at most 1,600 px wide.
    func checkFlowDiagramWidths(_ docs: URL, files: [String]) throws {
        let references = try NSRegularExpression(pattern: #"!\[[^\]]*\]\(([^)\s]+\.svg)\)"#)
        var count = 0
        for path in files where path.hasPrefix("flows/") && path.hasSuffix(".md") {
            let page = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
            for match in references.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
                guard let range = Range(match.range(at: 1), in: page) else { continue }
                let target = GenerateCommandTests.normalized(("flows" as NSString).appendingPathComponent(String(page[range])))
                let svg = try String(contentsOf: docs.appendingPathComponent(target), encoding: .utf8)
                let width = try XCTUnwrap(Self.width(ofSVG: svg), target)
                XCTAssertLessThanOrEqual(width, 1_600, "\(path) shows \(target), \(Int(width)) px wide")
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 20)
    }

    /// Every `<text>` fill of every SVG has a contrast of at least 4.5:1 on white, and no `<title>` is a Graphviz id.
    func checkTextColours(_ docs: URL, files: [String]) throws {
        let fills = try NSRegularExpression(pattern: #"<text[^>]* fill="([^"]+)""#)
        // Graphviz ids (`n12`, `p1t->p4t`, `cluster3`) are not titles a reader can use.
        let idTitles = try NSRegularExpression(pattern: #"<title>[a-z]+[0-9]+[a-z]?(?:&#45;&gt;[a-z]+[0-9]+[a-z]?)?</title>"#)
        var seen: Set<String> = []
        // The docs' own diagrams (the example's output also holds a review, written by `diff`).
        for path in files where path.hasSuffix(".svg") && !path.hasPrefix("site/") {
            let svg = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
            let idTitle = idTitles.firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)).flatMap { Range($0.range, in: svg) }.map { String(svg[$0]) }
            XCTAssertNil(idTitle, "\(path) has a Graphviz id as a title")
            for match in fills.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
                guard let range = Range(match.range(at: 1), in: svg) else { continue }
                seen.insert(String(svg[range]))
            }
        }
        XCTAssertFalse(seen.isEmpty)
        for colour in seen.sorted() {
            let ratio = try XCTUnwrap(Contrast.ratio(colour), "text colour \(colour) is not #RRGGBB")
            XCTAssertGreaterThanOrEqual(ratio, 4.5, "text colour \(colour) is \(String(format: "%.2f", ratio)):1 on white")
        }
    }

    /// Each page: a skip link first, the h1 as first heading, every inline SVG with `role="img"` and an
    /// `aria-label`, and the sidebar's data in the one shared `nav.js`, not in the page.
    func checkHTML(_ docs: URL, files: [String]) throws {
        let svgTags = try NSRegularExpression(pattern: #"<svg\b[^>]*>"#)
        let headings = try NSRegularExpression(pattern: #"<h([1-6])\b"#)
        let sceneLinks = try NSRegularExpression(pattern: #"href="(?:\.\./)?scenes/"#)
        var labelled = 0
        for path in files where path.hasPrefix("site/") && path.hasSuffix(".html") {
            let page = try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
            let range = NSRange(page.startIndex..., in: page)
            let skip = try XCTUnwrap(page.range(of: "class=\"skip-link\""), "\(path) has a skip link")
            XCTAssertLessThan(page.distance(from: page.startIndex, to: skip.lowerBound), page.distance(from: page.startIndex, to: page.range(of: "<nav")?.lowerBound ?? page.endIndex))
            let levels = headings.matches(in: page, range: range).compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
            XCTAssertEqual(levels.first, "1", "\(path): the first heading is the h1")
            for match in svgTags.matches(in: page, range: range) {
                guard let tagRange = Range(match.range, in: page) else { continue }
                let tag = page[tagRange]
                XCTAssertTrue(tag.contains("role=\"img\""), "\(path): an inline SVG without role")
                XCTAssertNotNil(tag.range(of: #"aria-label="[^"]{10,}""#, options: .regularExpression), "\(path): an inline SVG without label")
                labelled += 1
            }
            XCTAssertTrue(page.contains("nav.js\""), "\(path) loads the shared navigation")
            // Ids are unique in a page, inline diagrams included (WCAG 2.1 4.1.1).
            var ids: [String: Int] = [:]
            for match in Self.idPattern.matches(in: page, range: range) {
                guard let whole = Range(match.range, in: page), page[whole].hasPrefix("id"), let value = Range(match.range(at: 1), in: page) else { continue }
                ids[String(page[value]), default: 0] += 1
            }
            XCTAssertEqual(ids.filter { $0.value > 1 }.keys.sorted(), [], "\(path) repeats ids")
            for figure in page.components(separatedBy: "<figure class=\"diagram\"").dropFirst() {
                XCTAssertTrue(figure.hasPrefix(" data-diagram>\n<div class=\"frame\"><svg "), "\(path) has a figure without its SVG")
                XCTAssertTrue(figure.contains(">open full size</a>"), "\(path): a figure links its full-size file")
            }
            // The sidebar holds three static links, not the model's scenes: a page links scenes only from its content.
            let sidebar = page.components(separatedBy: "<nav class=\"sidebar\"").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
            XCTAssertEqual(sceneLinks.numberOfMatches(in: sidebar, range: NSRange(sidebar.startIndex..., in: sidebar)), 0, "\(path)")
        }
        XCTAssertGreaterThan(labelled, 50)
        let nav = try String(contentsOf: docs.appendingPathComponent("site/nav.js"), encoding: .utf8)
        XCTAssertTrue(nav.hasPrefix("// "))
        XCTAssertTrue(nav.contains("window.scenographNav = {"))
        // A flow page shows each step's part inline; the whole-flow sequence is a link, not inlined.
        let flowPage = try String(contentsOf: docs.appendingPathComponent("site/flows/\(files.first { $0.hasPrefix("flows/") && $0.hasSuffix(".md") }.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "").html"), encoding: .utf8)
        XCTAssertTrue(flowPage.contains("-sequence.svg\">open full size</a>"))
        XCTAssertFalse(flowPage.contains("aria-label=\"Sequence of "), "the whole-flow sequence is linked, not inlined")
    }
}
