import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// Text from a model leaves the program only through the escaping of its target language: it comes out as
/// written (escaped as the format needs) in every Markdown, HTML, DOT and SVG file, never as markup, an extra
/// table cell, an active link or a forged diagnostic line.
final class InertTextTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-inert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every tricky piece at once: placeholders the site once substituted, Mustache tags, DOT and HTML syntax.
    static let tricky = #"@EXT@ @ROOT@ {{name}} "]; x [label=" <b>bold</b> & more"#

    static let model = #"""
        format: 1
        name: Inject
        summary: "Keeps @EXT@ and @ROOT@ {{name}} <b>bold</b> & [docs](javascript:alert%281%29) <img src=x onerror=alert(1)> [ok](https://example.com)"
        initial: start
        scenes:
          start:
            class: "X` <img src=x onerror=alert(1)> | `"
            title: "@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"
            storyboardID: "id`|x\rsplit | cell"
            summary: "@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"
            segues:
              go: {kind: present, to: next, trigger: "@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more", passes: "a\r\n| injected | cell |"}
          next:
            title: plain
        flows:
          f:
            summary: "@EXT@ @ROOT@ {{name}} <b>bold</b> & [x](javascript:alert(1))"
            steps:
              - tap: start.go
              - note: "@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"
        """#

    private func generate() throws -> URL {
        let modelFile = folder.appendingPathComponent("Inject.yaml")
        try Self.model.write(to: modelFile, atomically: false, encoding: .utf8)
        let docs = folder.appendingPathComponent("docs")
        let output = try CLIRunner.run(["generate", modelFile.path, "-o", docs.path, "--no-cache"])
        XCTAssertEqual(output.status, 0, output.stderr)
        return docs
    }

    private func text(_ docs: URL, _ path: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(path), encoding: .utf8)
    }

    func testMarkdownShowsTheTextAndNothingElse() throws {
        let docs = try generate()
        for path in try GenerateCommandTests.files(under: docs) where path.hasSuffix(".md") {
            let page = try text(docs, path)
            let prose = Self.withoutCodeSpans(page)
            XCTAssertFalse(prose.contains("<img"), "\(path): raw HTML")
            XCTAssertFalse(prose.contains("<b>"), "\(path): raw HTML")
            XCTAssertFalse(page.contains("\r"), "\(path): a bare CR splits a table row")
            XCTAssertFalse(prose.replacingOccurrences(of: "\\](", with: "").contains("](javascript:"), "\(path): an active javascript: link")
            // Every row of a table has as many cells as its header.
            var columns: Int?
            for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix("|") else { columns = nil; continue }
                let cells = Self.cellCount(String(line))
                if let expected = columns {
                    XCTAssertEqual(cells, expected, "\(path): \(line)")
                } else {
                    columns = cells
                }
            }
        }
        let scene = try text(docs, "scenes/start.md")
        // The class and the storyboard ID stay inside their code spans.
        XCTAssertTrue(scene.contains("| Class | `` X` <img src=x onerror=alert(1)> \\| ` `` |"), scene)
        XCTAssertTrue(scene.contains("| Storyboard ID | ``id`\\|x split \\| cell`` |"), scene)
        // Placeholders and Mustache tags are not expanded.
        XCTAssertTrue(scene.contains("@EXT@ @ROOT@ {{name}}"), scene)
        let index = try text(docs, "index.md")
        XCTAssertTrue(index.contains("[ok](https://example.com)"), "allowed links stay links")
        XCTAssertTrue(index.contains("\\](javascript:alert%281%29)"), "the javascript: link is shown as text")
    }

    func testHTMLShowsTheTextAndNothingElse() throws {
        let docs = try generate()
        for path in try GenerateCommandTests.files(under: docs) where path.hasSuffix(".html") {
            let page = try text(docs, path)
            XCTAssertFalse(page.contains("<img"), "\(path): raw HTML")
            XCTAssertFalse(page.contains("<b>"), "\(path): raw HTML")
            XCTAssertFalse(page.lowercased().contains("href=\"javascript:"), "\(path): an active javascript: link")
        }
        let scene = try text(docs, "site/scenes/start.html")
        XCTAssertTrue(scene.contains("@EXT@ @ROOT@ {{name}} &quot;]; x [label=&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more"), scene)
        let index = try text(docs, "site/index.html")
        XCTAssertTrue(index.contains("<a href=\"https://example.com\">ok</a>"))
    }

    /// The rendered diagrams carry the title, trigger and note exactly, in their text, titles and tooltips.
    func testDiagramsCarryTheTextAsWritten() throws {
        let docs = try generate()
        let expectations: [(file: String, texts: [String])] = [
            ("segues", ["@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"]),
            ("scenes/start-neighbourhood", ["@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"]),
            ("flows/f-sequence", ["@EXT@ @ROOT@ {{name}} \"]; x [label=\" <b>bold</b> & more"]),
        ]
        for prefix in ["", "site/"] {
            for (file, texts) in expectations {
                let svg = try Data(contentsOf: docs.appendingPathComponent(prefix + file + ".svg"))
                let strings = try SVGText.collect(svg)
                for text in texts {
                    XCTAssertTrue(strings.contains { $0.contains(text) }, "\(prefix)\(file).svg lacks \(text)")
                }
                XCTAssertFalse(strings.contains { $0.contains("\\\"") }, "\(prefix)\(file).svg shows DOT escapes")
                // The DOT is the one the SVG came from: the text escaped once, as a DOT string.
                let dot = try text(docs, prefix + file + ".dot")
                XCTAssertTrue(dot.contains(#"@EXT@ @ROOT@ {{name}} \"]; x [label=\" "#), "\(prefix)\(file).dot")
            }
        }
        // Links point at the pages of their own flavour, never at a placeholder.
        XCTAssertTrue(try text(docs, "segues.svg").contains("xlink:href=\"scenes/start.md\""))
        XCTAssertTrue(try text(docs, "site/segues.svg").contains("xlink:href=\"scenes/start.html\""))
    }

    func testDiagnosticsShowControlCharactersAsEscapes() throws {
        let modelFile = folder.appendingPathComponent("Escape.yaml")
        let yaml = "format: 1\nname: Escape\ninitial: a\nscenes:\n  a:\n    \"tit\\e[31mle\\nEscape.yaml:1:1: error: forged\": x\n"
        try yaml.write(to: modelFile, atomically: false, encoding: .utf8)
        let output = try CLIRunner.run(["validate", modelFile.path])
        XCTAssertEqual(output.status, 1)
        XCTAssertFalse(output.stderr.contains("\u{1B}"), output.stderr)
        let lines = output.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, output.stderr)
        XCTAssertTrue(lines.first?.contains("tit\\u{1B}[31mle\\nEscape.yaml:1:1: error: forged") == true, output.stderr)
    }

    /// A message quoting a huge value is one line of bounded length that keeps its position, what it says after the
    /// value, and its category.
    func testADiagnosticQuotingAHugeValueIsCutInTheMiddle() throws {
        let modelFile = folder.appendingPathComponent("Huge.yaml")
        // Under the 64 KiB a value may have (a longer one is refused by size).
        let value = String(repeating: "k", count: 60_000)
        try "format: 1\nname: Huge\ninitial: a\nscenes:\n  a: {kind: \(value)}\n".write(to: modelFile, atomically: false, encoding: .utf8)
        let output = try CLIRunner.run(["validate", modelFile.path])
        XCTAssertEqual(output.status, 1)
        let lines = output.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let line = try XCTUnwrap(lines.first)
        XCTAssertLessThan(line.count, 4_100)
        XCTAssertTrue(line.hasPrefix("\(modelFile.path):5:13: error: unknown scene kind 'kkk"), String(line.prefix(200)))
        // The value's middle is left out, and what the message says after it stays whole.
        XCTAssertTrue(line.contains("kkk … (59,203 characters left out) … kkk"), String(line.prefix(200)))
        XCTAssertTrue(line.hasSuffix("kkk'; allowed: content, table, collection, navigation, tabBar, split, page, container [model-format]"),
                      String(line.suffix(200)))
    }

    /// Markdown text with its inline code spans removed (a run of N backticks up to the next run of exactly N).
    static func withoutCodeSpans(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                out.append(characters[index])
                index += 1
                continue
            }
            var run = 0
            while index + run < characters.count, characters[index + run] == "`" { run += 1 }
            var search = index + run
            var closed: Int?
            while search < characters.count {
                if characters[search] == "`" {
                    var other = 0
                    while search + other < characters.count, characters[search + other] == "`" { other += 1 }
                    if other == run { closed = search + other; break }
                    search += other
                } else {
                    search += 1
                }
            }
            if let closed {
                out += "<code/>"
                index = closed
            } else {
                out += String(repeating: "`", count: run)
                index += run
            }
        }
        return out
    }

    /// Cells of a GFM table row: `|` not escaped by a backslash.
    static func cellCount(_ row: String) -> Int {
        var count = 0
        var escaped = false
        for character in row {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "|" { count += 1 }
        }
        return count - 1
    }
}

/// The text of an SVG: character data, and `xlink:title` attributes (Graphviz's tooltips).
enum SVGText {
    private final class Collector: NSObject, XMLParserDelegate {
        var strings: [String] = []
        var current = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if let title = attributes["xlink:title"] { strings.append(title) }
            current = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if !current.isEmpty { strings.append(current) }
            current = ""
        }
    }

    static func collect(_ data: Data) throws -> [String] {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "svg", code: 1) }
        return collector.strings
    }
}
