@testable import DocSite
import Mustache
import XCTest

/// The template check against the engine it stands in front of, on random templates made of tags, braces, text and
/// set-delimiter tags: every template the engine parses is accepted (but for the deliberate refusals: empty tags,
/// which print the whole page's data, `{{` at the end or before a line break, which the engine drops, and template
/// inheritance, whose blocks can expand themselves without end, and transforms), every template the check accepts parses and
/// renders, so the check neither blocks
/// a good template nor lets a bad one reach the engine to fail without a place.
final class TemplateStructureFuzzTests: XCTestCase {
    static let pieces = [
        "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{# a }}", "{{/ a}}", "{{x}}", "{{{y}}}", "{{ &z }}", "{{! c {{#d}} }}",
        "{{> _foot.html}}", "{{.}}", "{{#f(a)}}", "{{/f(a)}}", "{{$blk}}", "{{/blk}}", "{{%CONTENT_TYPE: TEXT}}",
        "text", " ", "\n", "\r\n", "{", "}", "{{", "}}", "{{a b}}", "{{}}", "{{/c}}", "{{#a}}\n", "x}}y",
        "{{=<% %>=}}", "{{= [[ ]] =}}", "<%#a%>", "<%/a%>", "<%x%>", "<%{y}%>", "<%={{ }}=%>", "[[#a]]", "[[/a]]", "[[x]]", "[[=<% %>=]]",
        "{{=<%% %%>=}}", "<%%#a%%>", "<%%/a%%>", "<%%! 100%%%>", "<%", "%", "<%%={{ }}=%%>", "{{$blk}}", "{{/blk}}", "{{<_foot.html}}",
        "{{/_foot.html}}", "\u{2028}", "\u{0C}", "\r", "\u{301}", "{{%CONTENT_TYPE: JSON}}", "{{%{{x }}", "{{=}} ]]=}}", "{{.}}",
    ]

    func testTheCheckAgreesWithTheEngine() {
        var random = SeededGenerator(seed: 7)
        var checked = 0, parsed = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.below(10))).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            let structure = TemplateStructure(text: text)
            let engine: Bool
            do {
                let template = try MustacheTemplate(string: TemplateSources.engineText(text))
                engine = true
                if structure.problem == nil {
                    // What the check lets through renders, with data or without (a crash ends the test run).
                    _ = template.render(["a": [["x": 1]], "b": false, "x": "<&>", "y": "z"] as [String: Any])
                    _ = template.render([String: Any]())
                }
            } catch {
                engine = false
            }
            if engine { parsed += 1 }
            if structure.problem == nil {
                checked += 1
                XCTAssertTrue(engine, "accepted, but the engine fails on: \(text.debugDescription)")
            } else if engine, let problem = structure.problem, !problem.message.contains("names nothing"),
                      !problem.message.contains("the template ends after it"),
                      !problem.message.contains("is followed by a line break"), !problem.message.contains("template inheritance"),
                      !problem.message.contains("applies a transform") {
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
