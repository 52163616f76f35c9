import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// The legends say what the pictures show: for every segue kind, the colour in the Markdown and HTML legends
/// is the colour its edges are drawn in.
final class LegendTests: XCTestCase {
    static let model = """
        format: 1
        name: Kinds
        initial: nav
        scenes:
          nav: {kind: navigation, root: a}
          split: {kind: split, primary: p, secondary: s}
          p: {}
          s: {}
          a:
            unwindActions: [back]
            segues:
              show: {kind: show, to: b, trigger: x}
              showDetail: {kind: showDetail, to: b, trigger: x}
              present: {kind: present, to: b, trigger: x}
              popover: {kind: popover, to: b, trigger: x, anchor: button}
              embed: {kind: embed, to: child}
              custom: {kind: custom, to: b, trigger: x, class: FadeSegue}
              push: {kind: push, to: b, trigger: x}
              modal: {kind: modal, to: b, trigger: x}
              replace: {kind: replace, to: b, trigger: x}
              toSplit: {kind: present, to: split, trigger: y}
          child: {}
          b:
            segues:
              unwind: {kind: unwind, action: back, trigger: x}
        """

    func testEveryKindIsDrawnInItsLegendColour() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-legend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelFile = folder.appendingPathComponent("Kinds.yaml")
        try Self.model.write(to: modelFile, atomically: false, encoding: .utf8)
        let docs = folder.appendingPathComponent("docs")
        let run = try CLIRunner.run(["generate", modelFile.path, "-o", docs.path, "--no-cache"])
        XCTAssertEqual(run.status, 0, run.stderr)

        // The Markdown legend: | `name` | `#RRGGBB` | …
        let markdown = try String(contentsOf: docs.appendingPathComponent("index.md"), encoding: .utf8)
        var markdownColours: [String: String] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[1].hasPrefix("`#") else { continue }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")).replacingOccurrences(of: " (deprecated)", with: "")
            markdownColours[name] = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")).lowercased()
        }
        // The HTML legend: <tr class="legend-KIND">…<span class="swatch" style="background-color: #RRGGBB">
        let html = try String(contentsOf: docs.appendingPathComponent("site/index.html"), encoding: .utf8)
        var htmlColours: [String: String] = [:]
        for row in html.components(separatedBy: "<tr class=\"legend-").dropFirst() {
            let kind = String(row.prefix { $0 != "\"" })
            guard let swatch = row.range(of: "background-color: ") else { continue }
            htmlColours[kind] = String(row[swatch.upperBound...].prefix(7)).lowercased()
        }
        // The drawn colours: each segue edge's stroke, by the segue's identifier (named after its kind).
        let svg = try Data(contentsOf: docs.appendingPathComponent("segues.svg"))
        let strokes = try EdgeStrokes.collect(svg)
        let kinds = ["show", "showDetail", "present", "popover", "embed", "unwind", "custom", "push", "modal", "replace"]
        for kind in kinds {
            let edgeID = kind == "unwind" ? "segue-b.unwind.a" : "segue-a.\(kind)"
            let drawn = try XCTUnwrap(strokes[edgeID], "no edge \(edgeID)")
            XCTAssertEqual(markdownColours[kind], drawn, "Markdown legend of \(kind)")
            XCTAssertEqual(htmlColours[kind], drawn, "HTML legend of \(kind)")
        }
        let relationship = try XCTUnwrap(strokes["relationship-nav.a"])
        XCTAssertEqual(htmlColours["relationship"], relationship)
        XCTAssertEqual(markdownColours["container child"], relationship)
    }
}

/// The stroke colour of each edge group's path, by the group's id, lowercased.
enum EdgeStrokes {
    private final class Collector: NSObject, XMLParserDelegate {
        var strokes: [String: String] = [:]
        var group: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "g", attributes["class"]?.hasPrefix("edge") == true { group = attributes["id"] }
            if name == "path", let group, strokes[group] == nil, let stroke = attributes["stroke"] { strokes[group] = stroke.lowercased() }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {}
    }

    static func collect(_ data: Data) throws -> [String: String] {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "svg", code: 1) }
        return collector.strokes
    }
}
