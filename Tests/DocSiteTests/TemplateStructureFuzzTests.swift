@testable import DocSite
import Mustache
import XCTest

/// The template check against the engine it stands in front of, on random templates made of tags, braces, text and
/// set-delimiter tags: every template the engine parses is accepted (but for the deliberate refusals: empty tags,
/// which print the whole page's data, and `{{` at the end or before a line break, which the engine drops), and every template the check accepts parses, so the check neither blocks
/// a good template nor lets a bad one reach the engine to fail without a place.
final class TemplateStructureFuzzTests: XCTestCase {
    static let pieces = [
        "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{# a }}", "{{/ a}}", "{{x}}", "{{{y}}}", "{{ &z }}", "{{! c {{#d}} }}",
        "{{> _foot.html}}", "{{.}}", "{{#f(a)}}", "{{/f(a)}}", "{{$blk}}", "{{/blk}}", "{{%CONTENT_TYPE: TEXT}}",
        "text", " ", "\n", "\r\n", "{", "}", "{{", "}}", "{{a b}}", "{{}}", "{{/c}}", "{{#a}}\n", "x}}y",
        "{{=<% %>=}}", "{{= [[ ]] =}}", "<%#a%>", "<%/a%>", "<%x%>", "<%{y}%>", "<%={{ }}=%>", "[[#a]]", "[[/a]]", "[[x]]", "[[=<% %>=]]",
    ]

    func testTheCheckAgreesWithTheEngine() {
        var random = SeededGenerator(seed: 7)
        var checked = 0, parsed = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.below(10))).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            let structure = TemplateStructure(text: text)
            let engine: Bool
            do {
                _ = try MustacheTemplate(string: text)
                engine = true
            } catch {
                engine = false
            }
            if engine { parsed += 1 }
            if structure.problem == nil {
                checked += 1
                XCTAssertTrue(engine, "accepted, but the engine fails on: \(text.debugDescription)")
            } else if engine, let problem = structure.problem, !problem.message.contains("names nothing"),
                      !(problem.message.contains("is not finished") && text.hasSuffix("{{")),
                      !problem.message.contains("is followed by a line break") {
                // (The engine drops `{{` at the very end or before a line break without a word; the check refuses it.)
                XCTFail("refused (\(problem.message)), but the engine parses: \(text.debugDescription)")
            }
        }
        // Both kinds were met often enough to mean something.
        XCTAssertGreaterThan(parsed, 2_000)
        XCTAssertGreaterThan(20_000 - parsed, 2_000)
        XCTAssertGreaterThan(checked, 2_000)
    }
}
