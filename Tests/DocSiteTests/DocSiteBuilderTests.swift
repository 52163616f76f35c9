import TextFormats
import Mustache
import Foundation
import XCTest
@testable import DocSite
import ModelLoading
import SceneModel


/// A renderer that needs no Graphviz: an SVG naming the DOT's hash, and a counter of calls.
final class FakeRenderer: @unchecked Sendable {
    private let lock = NSLock()
    private var _calls = 0
    var calls: Int { lock.withLock { _calls } }

    var renderer: DiagramRenderer {
        DiagramRenderer(identifier: "fake-1") { [self] dot, engine, format in
            lock.withLock { _calls += 1 }
            // The link of the DOT, as Graphviz would write it.
            let url = dot.components(separatedBy: "URL=\"").dropFirst().first?.components(separatedBy: "\"").first
            let link = url.map { "<a xlink:href=\"\($0)\"><text>a</text></a>" } ?? ""
            return Array("<?xml version=\"1.0\"?>\n<!-- fake -->\n<svg engine=\"\(engine)\" format=\"\(format)\" id=\"\(SHA256.hex(Array(dot.utf8)).prefix(8))\">\(link)</svg>\n".utf8)
        }
    }
}

final class DocSiteBuilderTests: XCTestCase {
    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-docsite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    private func exampleModel() throws -> SceneModel {
        try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
    }

    private func build(templates: TemplateSet? = nil, cache: DiagramCache = DiagramCache(directory: nil),
                       renderer: FakeRenderer = FakeRenderer(), threads: Int = 1) throws -> DocSiteBuild {
        let model = try exampleModel()
        let set = try templates ?? XCTUnwrap(TemplateSet.load().templates)
        var builder = DocSiteBuilder(templates: set, renderer: renderer.renderer, cache: cache)
        builder.threads = threads
        let diagrams = [
            DiagramSource(name: "segues", markdownDOT: "digraph { n1 [URL=\"scenes/library.md\", label=\"@ROOT@ @EXT@\"] }",
                          htmlDOT: "digraph { n1 [URL=\"scenes/library.html\", label=\"@ROOT@ @EXT@\"] }"),
            DiagramSource(name: "scenes/library-neighbourhood", markdownDOT: "digraph { n1 [URL=\"../scenes/photo.md\"] }",
                          htmlDOT: "digraph { n1 [URL=\"../scenes/photo.html\"] }"),
        ]
        return try builder.build(model: model, warnings: [], flows: [], diagrams: diagrams)
    }

    // MARK: - Pages

    func testEverySceneGetsAMarkdownAndAnHTMLPage() throws {
        let model = try exampleModel()
        let paths = Set(try build().files.map(\.path))
        for scene in model.scenes {
            XCTAssertTrue(paths.contains("scenes/\(scene.id).md"), scene.id)
            XCTAssertTrue(paths.contains("site/scenes/\(scene.id).html"), scene.id)
        }
        for path in ["index.md", "site/index.html", "site/style.css", "segues.svg", "segues.dot", "site/segues.dot"] {
            XCTAssertTrue(paths.contains(path), path)
        }
    }

    func testEachFlavourGetsItsOwnDiagramWithTextAsWritten() throws {
        let files = try build().files
        func text(_ path: String) throws -> String {
            String(decoding: try XCTUnwrap(files.first { $0.path == path }).contents, as: UTF8.self)
        }
        // The Markdown docs get the DOT linking to Markdown pages, the site the one linking to HTML pages.
        XCTAssertTrue(try text("segues.svg").contains("scenes/library.md"))
        XCTAssertTrue(try text("site/segues.svg").contains("scenes/library.html"))
        XCTAssertTrue(try text("scenes/library-neighbourhood.svg").contains("../scenes/photo.md"))
        XCTAssertTrue(try text("segues.dot").contains("URL=\"scenes/library.md\""))
        XCTAssertTrue(try text("site/segues.dot").contains("URL=\"scenes/library.html\""))
        // Nothing is substituted afterwards: text that looks like a placeholder stays as written.
        XCTAssertTrue(try text("segues.dot").contains("@ROOT@ @EXT@"))
        // The HTML page inlines the SVG element itself, without the XML prolog.
        let index = try text("site/index.html")
        XCTAssertTrue(index.contains("<div class=\"frame\"><svg role=\"img\" aria-label=\""))
        XCTAssertTrue(index.contains("engine=\"dot\""))
        XCTAssertFalse(index.contains("<?xml"))
        let scenePage = try text("site/scenes/library.html")
        XCTAssertTrue(scenePage.contains("../scenes/photo.html"))
    }

    func testSameInputGivesIdenticalFiles() throws {
        XCTAssertEqual(try build().files, try build().files)
    }

    func testThreadsBuildingDOTAndTemplatingPagesChangeNoByte() throws {
        let one = try build()
        let three = try build(threads: 3)
        XCTAssertEqual(one.files, three.files)
        XCTAssertEqual(one.templatedPages, three.templatedPages)
        XCTAssertGreaterThan(one.templatedPages.count, 24, "more pages than one batch of three threads")
    }

    // MARK: - Templates

    func testOverridingOneTemplateChangesThosePagesOnly() throws {
        let overrides = temporary.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n# Custom {{scene.id}}\n".write(to: overrides.appendingPathComponent("scene.md.mustache"), atomically: true, encoding: .utf8)
        let loaded = TemplateSet.load(overrides: overrides.path)
        XCTAssertEqual(loaded.diagnostics, [])
        let custom = try XCTUnwrap(loaded.templates)
        XCTAssertEqual(custom.overridden, ["scene.md"])
        let before = try build().files
        let after = try build(templates: custom).files
        XCTAssertEqual(before.map(\.path), after.map(\.path))
        for (old, new) in zip(before, after) {
            let isScenePage = old.path.hasPrefix("scenes/") && old.path.hasSuffix(".md")
            if isScenePage {
                XCTAssertNotEqual(old.contents, new.contents, old.path)
                XCTAssertTrue(String(decoding: new.contents, as: UTF8.self).hasPrefix("# Custom "))
            } else {
                XCTAssertEqual(old.contents, new.contents, old.path)
            }
        }
    }

    func testTemplateErrorsNameFileLineAndColumn() throws {
        let overrides = temporary.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        let path = overrides.appendingPathComponent("index.md.mustache")
        try "# Title\n\n{{#scenes}}\n{{id}}\n".write(to: path, atomically: true, encoding: .utf8)
        try "x".write(to: overrides.appendingPathComponent("indx.md.mustache"), atomically: true, encoding: .utf8)
        let loaded = TemplateSet.load(overrides: overrides.path)
        XCTAssertNil(loaded.templates)
        let lines = loaded.diagnostics.map(\.description)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(overrides.path)/indx.md.mustache:1:1: warning: unknown template 'indx.md.mustache' is ignored (did you mean 'index.md'?)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path.path):") && $0.contains(": error: template syntax error") }, "\(lines)")
        XCTAssertNotNil(TemplateSet.load(overrides: temporary.appendingPathComponent("missing").path).diagnostics.first { $0.isError })
    }

    /// A partial naming no template, and templates that include themselves (directly or through another), are
    /// errors at their tags: the engine would render nothing for the first and overflow its stack on the second.
    func testPartialsMustNameTemplatesAndNeverLeadBack() throws {
        let overrides = temporary.appendingPathComponent("partials")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "<p>\n  {{> flow.html}}\n".write(to: overrides.appendingPathComponent("flow.html.mustache"), atomically: true, encoding: .utf8)
        try "{{> _foot.html}}".write(to: overrides.appendingPathComponent("_head.html.mustache"), atomically: true, encoding: .utf8)
        try "{{#x}}{{>_head.html}}{{/x}}".write(to: overrides.appendingPathComponent("_foot.html.mustache"), atomically: true, encoding: .utf8)
        try "x {{> _figur.html }} y".write(to: overrides.appendingPathComponent("scene.html.mustache"), atomically: true, encoding: .utf8)
        let loaded = TemplateSet.load(overrides: overrides.path)
        XCTAssertNil(loaded.templates)
        let lines = loaded.diagnostics.map(\.description).sorted()
        XCTAssertEqual(lines, [
            "\(overrides.path)/_head.html.mustache:1:1: error: template '_head.html' includes '_foot.html', which leads back to it (_foot.html → _head.html → _foot.html): a template cannot include itself",
            "\(overrides.path)/flow.html.mustache:2:3: error: template 'flow.html' includes 'flow.html', which leads back to it (flow.html → flow.html): a template cannot include itself",
            "\(overrides.path)/scene.html.mustache:1:3: error: template includes '_figur.html', which is no template (did you mean '_figure.html'?); templates: _figure.html, _foot.html, _head.html, flow.html, flow.md, index.html, index.md, scene.html, scene.md, site.js, style.css",
        ])
        // The built-in templates include each other without a cycle.
        XCTAssertTrue(TemplateSet.load().diagnostics.isEmpty)

        // Sections nested past the limit (the engine's parser recurses per level) are an error at the first one too deep.
        let deep = temporary.appendingPathComponent("deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        let depth = 10_000
        try (String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth))
            .write(to: deep.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let refused = TemplateSet.load(overrides: deep.path)
        XCTAssertNil(refused.templates)
        XCTAssertEqual(refused.diagnostics.map(\.description),
                       ["\(deep.path)/index.md.mustache:1:\(6 * TemplateStructure.sectionDepth + 1): error: template syntax error: sections nested more than 100 levels deep; a template may nest at most 100"])
        try (String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100))
            .write(to: deep.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        XCTAssertNotNil(TemplateSet.load(overrides: deep.path).templates, "the limit itself is allowed")
    }

    /// Valid templates whose work multiplies are stopped with a positioned error, not left to run for hours: partials
    /// each including the next twice (thirty deep: a billion inclusions) at load, and sections over a list nested
    /// in one another (five over the example's 35 scenes: 52 million items, a minute) when a page passes the limit.
    func testTemplatesWhoseWorkMultipliesAreStopped() throws {
        let fan = temporary.appendingPathComponent("fan")
        try FileManager.default.createDirectory(at: fan, withIntermediateDirectories: true)
        try "{{> _f0.md}}\n".write(to: fan.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        for level in 0..<30 {
            try (level < 29 ? "{{> _f\(level + 1).md}}{{> _f\(level + 1).md}}\n" : "leaf\n")
                .write(to: fan.appendingPathComponent("_f\(level).md.mustache"), atomically: true, encoding: .utf8)
        }
        let refused = TemplateSet.load(overrides: fan.path)
        XCTAssertNil(refused.templates)
        XCTAssertEqual(refused.diagnostics.filter(\.isError).map(\.description), [
            "\(fan.path)/_f16.md.mustache:1:1: error: template '_f16.md' includes partials more than 10,000 times over, counting their own inclusions: each level that includes a partial several times multiplies them; a page may include at most 10,000",
        ])

        let nested = temporary.appendingPathComponent("nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try ("{{% CONTENT_TYPE: MARKDOWN}}\n# {{app.name}}\n" + String(repeating: "{{#nav.scenes}}", count: 5) + "x" + String(repeating: "{{/nav.scenes}}", count: 5) + "\n")
            .write(to: nested.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let templates = try XCTUnwrap(TemplateSet.load(overrides: nested.path).templates)
        XCTAssertThrowsError(try build(templates: templates)) { error in
            XCTAssertEqual((error as? TemplateOverrunError)?.description,
                           "\(nested.path)/index.md.mustache:3:1: error: the templates of one page render more than 500,000 list items or 64 MB of data printed whole ('index.md'): the section over 'nav.scenes' here is repeated inside another over a list, and each level multiplies them; nest fewer sections over lists")
        }
        // Few inclusions of a big partial are as much text: 100 × 99 inclusions of 20 KB are refused at load.
        let big = temporary.appendingPathComponent("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        try (String(repeating: "{{> _a.md}}", count: 100) + "\n").write(to: big.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        try (String(repeating: "{{> _b.md}}", count: 99) + "\n").write(to: big.appendingPathComponent("_a.md.mustache"), atomically: true, encoding: .utf8)
        try (String(repeating: "x", count: 20_000) + "\n").write(to: big.appendingPathComponent("_b.md.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(TemplateSet.load(overrides: big.path).diagnostics.filter(\.isError).map(\.description), [
            "\(big.path)/_a.md.mustache:1:1: error: template '_a.md' is more than 1,000,000 bytes with its partials, each counted as often as it is included: a page may have at most that much template text",
        ])
        // Two levels are 1,225 items: the page is made.
        try ("{{% CONTENT_TYPE: MARKDOWN}}\n" + String(repeating: "{{#nav.scenes}}", count: 2) + "x" + String(repeating: "{{/nav.scenes}}", count: 2) + "\n")
            .write(to: nested.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let files = try build(templates: try XCTUnwrap(TemplateSet.load(overrides: nested.path).templates)).files
        XCTAssertEqual(files.first { $0.path == "index.md" }.map { $0.contents.filter { $0 == UInt8(ascii: "x") }.count }, 35 * 35)
    }

    /// What the engine would report without a place (or crash on, or hang on) is an error at the tag that causes it,
    /// saying which section or tag: unclosed, stray and crossed sections, unfinished and empty tags, names the
    /// engine cannot read, dynamic partials, more tags than the limit; set-delimiter tags are followed, so a
    /// partial written in new delimiters is checked and literal braces after them are text.
    func testTemplateStructureErrorsSayWhereAndWhat() throws {
        func problem(_ text: String) -> String? {
            TemplateStructure(text: text).problem.map { "\($0.line):\($0.column): \($0.message)" }
        }
        XCTAssertEqual(problem("# Title\n\n{{#hasFlows}}\n- {{id}}\n"), "3:1: section '{{#hasFlows}}' is not closed: no '{{/hasFlows}}' after it")
        XCTAssertEqual(problem("a\n  {{/hasChains}}"), "2:3: '{{/hasChains}}' closes section 'hasChains', but no section is open")
        XCTAssertEqual(problem("{{#a}}\n{{^b}}{{/a}}{{/b}}"),
                       "2:7: '{{/a}}' closes section 'a', but the open section is 'b' (line 2, column 1): close it first with '{{/b}}'")
        XCTAssertEqual(problem("# {{app.name\nmore"), "1:3: the tag '{{app.name…' is not finished: no '}}' after it")
        XCTAssertEqual(problem("x {{{app.name}} y"), "1:3: the tag '{{{app.name}}' is not finished: a tag that opens with '{{{' ends with '}}}'")
        XCTAssertEqual(problem("a {{}} b"), "1:3: the tag '{{}}' names nothing (it would print the whole page's data); name a value, or '.' for the current item of a list")
        XCTAssertEqual(problem("{{app name}}"), "1:1: the tag '{{app name}}' does not name a value: a name is letters, digits and . - _ ? * ( ), without spaces")
        // Transforms are refused: they walk dictionaries in hash order, and nested ones overflow the engine's stack.
        XCTAssertEqual(problem("{{#reversed(list)}}{{.}}{{/reversed(list)}}"),
                       "1:1: the tag '{{#reversed(list)}}' applies a transform ('name(value)'), which the docs do not support: transforms walk lists and dictionaries in an order that changes from run to run")
        XCTAssertNotNil(problem("{{" + String(repeating: "(", count: 30_000) + "}}\n"))
        XCTAssertNotNil(problem("x\n\n  {{a(b}} rest\n"))
        XCTAssertEqual(problem("{{> *chosen}}"), "1:1: the tag '{{> *chosen}}' includes a template named by the page's data ('*'), which the docs do not support: name the template")
        XCTAssertEqual(problem("{{=<% %>}}"), "1:1: the set-delimiter tag '{{=<% %>}}' is malformed: it is written '{{=<start> <end>=}}'")
        XCTAssertEqual(problem("\r\n{{#a}}\r\nx\r\n"), "2:1: section '{{#a}}' is not closed: no '{{/a}}' after it", "CRLF lines")
        // The engine measures the rest of the text at every tag and every '{': the sum is bounded, wherever the
        // braces are; a template without tags is not read for them.
        XCTAssertNil(problem(String(repeating: "{{x}}", count: 2_000)), "2,000 tags in 10 KB")
        let braces = "{{x}}\n" + String(repeating: "a { b }\n", count: 20_000)
        XCTAssertEqual(TemplateStructure(text: braces).problem?.message,
                       "from here on, the template is too long for the template engine to read in bounded time (at each of its 1 tags and each '{' it measures the rest of the text): shorten it")
        XCTAssertNotNil(problem(String(repeating: "a { b }\n", count: 20_000) + "{{x}}"), "braces before the tag count too")
        XCTAssertNil(problem(String(repeating: "a { b }\n", count: 20_000)), "a template without tags is not read for them")
        // Delimiters: short and printable.
        XCTAssertEqual(problem("{{=" + String(repeating: "a", count: 11) + " b=}}"),
                       "1:1: the set-delimiter tag '{{=aaaaaaaaaaa b=}}' sets a delimiter longer than 10 characters or holding a control character")
        XCTAssertNotNil(problem("{{=\u{0} >=}}hi"))
        // Valid: comments holding braces, triple braces, '.' in a section, settings.
        XCTAssertNil(problem("{{! {{#not a section }}{{{raw}}} {{&raw}} {{#list}}{{.}}{{/list}}\n{{% CONTENT_TYPE: TEXT}}"))
        XCTAssertEqual(problem("a {{ . }}"), "1:3: the tag '{{ . }}' names nothing (it would print the whole page's data); name a value, or '.' for the current item of a list")
        // Refused: inheritance (a block that expands itself recursed without end), unknown settings.
        XCTAssertEqual(problem("{{<_foot.html}}{{$x}}[{{$x}}d{{/x}}]{{/x}}{{/_foot.html}}"),
                       "1:1: the tag '{{<_foot.html}}' starts template inheritance (parents and blocks), which the docs do not support: include partials with '{{> name}}'")
        XCTAssertEqual(problem("{{$x}}y{{/x}}"), "1:1: the tag '{{$x}}' starts template inheritance (parents and blocks), which the docs do not support: include partials with '{{> name}}'")
        XCTAssertEqual(problem("{{%CONTENT_TYPE: JSON}}"), "1:1: the content type in '{{%CONTENT_TYPE: JSON}}' is not MARKDOWN, HTML or TEXT")
        // Read by character, as the engine reads: a brace with a combining mark is no brace. Positions as the
        // project's other diagnostics give them: lines end at line feeds, columns count Unicode scalars.
        XCTAssertEqual(problem("{{x}\u{301}}"), "1:1: the tag '{{x}\u{301}}' is not finished: no '}}' after it")
        XCTAssertEqual(problem("a\r{{x"), "1:3: the tag '{{x' is not finished: no '}}' after it")
        XCTAssertEqual(problem("a\u{0C}b{{#x}}"), "1:4: section '{{#x}}' is not closed: no '{{/x}}' after it")
        XCTAssertEqual(problem("e\u{301}{{#x}}"), "1:3: section '{{#x}}' is not closed: no '{{/x}}' after it")
        XCTAssertEqual(problem("{{\u{2028}x}}"), "1:1: '{{' is followed by a line break, which the template engine drops with it: a tag starts on the line of its '{{'")
        // New delimiters: tags in them are read, braces are text.
        let changed = TemplateStructure(text: "{{=<% %>=}}\n{{> nosuch}} <%> _head.html %> <%#a%><%/a%> <%={{ }}=%>{{> _foot.html}}")
        XCTAssertNil(changed.problem)
        XCTAssertEqual(changed.partials.map(\.name), ["_head.html", "_foot.html"])
        XCTAssertEqual(problem("{{=<% %>=}}<%#a%>"), "1:12: section '<%#a%>' is not closed: no '<%/a%>' after it")
        XCTAssertEqual(problem("{{#a}}{{=<% %>=}}"), "1:1: section '{{#a}}' is not closed: no '{{/a}}' after it", "in the delimiters it opened with")
        XCTAssertNil(problem("{{=}} ]]=}}[[x]]"), "a delimiter may be '}}'")
        // The engine's search for the end of a comment misses '%%>' in '%%%>'; a first character of the delimiter
        // too near the end for a whole one fails in the engine.
        XCTAssertEqual(problem("{{=<%% %%>=}}<%%! 100%%%>x"), "1:14: the comment '<%%! 100%%%>x' is not finished: the template engine finds no '%%>' after it")
        XCTAssertEqual(problem("{{=<%% %%>=}}x <%"), "1:16: the template ends with '<%', which the template engine reads as the start of an unfinished tag: end it with a line break")
        // The engine's quirks: a delimiter change ends with the section it is in; `{{` before a line break is dropped;
        // a last `{` fails without a place.
        XCTAssertEqual(problem("{{#a}}{{=<% %>=}}<%/a%>{{x}}<%y%>"), nil)
        XCTAssertEqual(problem("{{#a}}{{=<% %>=}}<%/a%><%#b%>"), nil, "'<%#b%>' is text again after the section")
        XCTAssertEqual(problem("a\n b {{\nc}}"), "2:4: '{{' is followed by a line break, which the template engine drops with it: a tag starts on the line of its '{{'")
        XCTAssertEqual(problem("{{x}}body {\n}\na {"), "3:3: the template ends with '{', which the template engine reads as the start of an unfinished tag: end it with a line break")
        XCTAssertNil(problem("body {\n}\na {"), "without tags, the text is used as it is")

        // Through the folder: a self-include in new delimiters is caught (it crashed the engine), and every template
        // is checked before any is parsed.
        let overrides = temporary.appendingPathComponent("delimiters")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "{{=<% %>=}}\n<%> _figure.html %>".write(to: overrides.appendingPathComponent("_figure.html.mustache"), atomically: true, encoding: .utf8)
        let loaded = TemplateSet.load(overrides: overrides.path)
        XCTAssertNil(loaded.templates)
        XCTAssertEqual(loaded.diagnostics.map(\.description), [
            "\(overrides.path)/_figure.html.mustache:2:1: error: template '_figure.html' includes '_figure.html', which leads back to it (_figure.html → _figure.html): a template cannot include itself",
        ])
    }

    /// Files that cannot be templates are errors that say why (not all "cannot read as UTF-8"); a template file
    /// written without its `.mustache` suffix is a warning; an unreadable folder is an error, never an empty one.
    func testTemplateFilesThatCannotBeReadSayWhy() throws {
        let overrides = temporary.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: overrides.appendingPathComponent("scene.md.mustache"), withIntermediateDirectories: true)
        try Data("ok\nCaf\u{E9}".utf8).write(to: overrides.appendingPathComponent("flow.md.mustache"))
        var latin1 = Data("ok\nCaf".utf8)
        latin1.append(0xE9)
        try latin1.write(to: overrides.appendingPathComponent("index.md.mustache"))
        try Data(count: TemplateSources.byteLimit + 1).write(to: overrides.appendingPathComponent("index.html.mustache"))
        XCTAssertEqual(mkfifo(overrides.appendingPathComponent("flow.html.mustache").path, 0o644), 0)
        try "x".write(to: overrides.appendingPathComponent("scene.html"), atomically: true, encoding: .utf8)
        let loaded = TemplateSet.load(overrides: overrides.path)
        XCTAssertNil(loaded.templates)
        let folder = overrides.path
        XCTAssertEqual(loaded.diagnostics.map(\.description), [
            "\(folder)/scene.html:1:1: warning: 'scene.html' is not read as a template: template files end in '.mustache' (did you mean 'scene.html.mustache'?)",
            "\(folder)/flow.html.mustache:1:1: error: the template '\(folder)/flow.html.mustache' is not a regular file (a device, FIFO or socket)",
            "\(folder)/index.html.mustache:1:1: error: the template is 262,145 bytes, more than the 262,144 a template may have",
            "\(folder)/index.md.mustache:2:4: error: the template is not valid UTF-8: byte 0xE9 is not part of a UTF-8 character",
            "\(folder)/scene.md.mustache:1:1: error: the template '\(folder)/scene.md.mustache' is a folder",
        ])
        let file = overrides.appendingPathComponent("scene.html").path
        XCTAssertEqual(TemplateSet.load(overrides: file).diagnostics.map(\.description),
                       ["\(file):1:1: error: the templates folder '\(file)' is a file: --templates names a folder of NAME.mustache files"])
    }

    /// A folder may add partials of its own (`_NAME.mustache`); a folder without templates, and a Markdown template
    /// that sets no content type, are said.
    func testOwnPartialsAndTemplateFoldersThatDoNothingAreSaid() throws {
        let folder = temporary.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let empty = try XCTUnwrap(TemplateSet.load(overrides: folder.path) as (templates: TemplateSet?, diagnostics: [Diagnostic]))
        XCTAssertEqual(empty.diagnostics.map(\.message), ["the templates folder '\(folder.path)' holds no NAME.mustache file: the built-in templates are used (the repository's Templates/ folder holds copies to start from)"])
        try "{{% CONTENT_TYPE: MARKDOWN}}\n*Acme* | {{app.name}}\n".write(to: folder.appendingPathComponent("_brand.md.mustache"), atomically: true, encoding: .utf8)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n{{> _brand.md}}# {{app.name}}\n".write(to: folder.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let own = TemplateSet.load(overrides: folder.path)
        XCTAssertEqual(own.diagnostics.map(\.message), [])
        XCTAssertEqual(try XCTUnwrap(own.templates).render("index.md", ["app": ["name": "A|B"] as [String: Any]]), "*Acme* | A\\|B\n# A\\|B\n")
        // A partial prints the current item of the list it is included in.
        try "{{% CONTENT_TYPE: MARKDOWN}}\n- {{.}}\n".write(to: folder.appendingPathComponent("_item.md.mustache"), atomically: true, encoding: .utf8)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n{{#names}}{{> _item.md}}{{/names}}".write(to: folder.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let items = TemplateSet.load(overrides: folder.path)
        XCTAssertEqual(items.diagnostics.map(\.message), [])
        XCTAssertEqual(try XCTUnwrap(items.templates).render("index.md", ["names": ["a_b", "c"]]), "- a\\_b\n- c\n")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("_item.md.mustache"))
        // A partial without the Markdown line, included by a Markdown page, whatever its name.
        try "- {{.}}\n".write(to: folder.appendingPathComponent("_item.mustache"), atomically: true, encoding: .utf8)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n{{#names}}{{> _item}}{{/names}}".write(to: folder.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(TemplateSet.load(overrides: folder.path).diagnostics.map(\.message),
                       ["'_item', included by the Markdown template 'index.md', does not set '{{% CONTENT_TYPE: MARKDOWN}}': its values are escaped for HTML ('&quot;', '&lt;') and a '|' in one breaks a table; start it with that line"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("_item.mustache"))
        try "{{> _brand.md}}# {{app.name}}\n".write(to: folder.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let plain = TemplateSet.load(overrides: folder.path)
        XCTAssertEqual(plain.diagnostics.map(\.message), ["'index.md.mustache' does not set '{{% CONTENT_TYPE: MARKDOWN}}': its values are then escaped for HTML ('&quot;', '&lt;') and a '|' in one breaks a table; start the template with that line"])
    }

    /// A template that prints page data whole gets the same text every run: keys in order, not in hash order.
    func testPageDataPrintedWholeIsInKeyOrder() throws {
        let overrides = temporary.appendingPathComponent("whole")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: MARKDOWN}}\n{{app}}|{{{scenes}}}".write(to: overrides.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let templates = try XCTUnwrap(TemplateSet.load(overrides: overrides.path).templates)
        let context: [String: Any] = ["app": ["name": "P", "hasSummary": false, "count": 2], "scenes": [["id": "b", "a": [1, 2]], ["id": "c"]]]
        XCTAssertEqual(templates.render("index.md", context), "{count: 2, hasSummary: false, name: P}|[{a: [1, 2], id: b}, {id: c}]")
        // Lists and dictionaries of other value types too (the legend's rows are all text).
        let legend: [String: Any] = ["scenes": [["kind": "show", "color": "#fff", "name": "show"], ["kind": "b", "color": "#000", "name": "b"]]]
        XCTAssertEqual(templates.render("index.md", legend), "|[{color: #fff, kind: show, name: show}, {color: #000, kind: b, name: b}]")
        // A segue's unset optional facts are absent, so a section on one shows only for a segue that has it.
        let guarded = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: N
            initial: nav
            scenes:
              nav: {kind: navigation, root: a}
              a: {segues: {open: {kind: show, to: b, trigger: Row}, check: {kind: show, to: b, trigger: Go, guard: signedIn}}}
              b: {}
            """, path: "N.yaml").model)
        let facts = PageContexts(model: guarded, warnings: [], flows: [], pageExtension: "md").scene(try XCTUnwrap(guarded.scene("a")), diagrams: [:])
        let out = try XCTUnwrap(facts["seguesOut"] as? [[String: Any]])
        XCTAssertEqual(out.map { $0["guard"] as? String }, [nil, "signedIn"])
        XCTAssertEqual(out.map { $0["summary"] as? String }, [nil, nil])
        // The sidebar's data printed whole is its lists, not the description of what makes them (the model, paths,
        // addresses).
        let model = try XCTUnwrap(ModelLoader().load(text: "format: 1\nname: N\ninitial: a\nscenes: {a: {}, b: {}}\n", path: "N.yaml").model)
        let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        try "{{% CONTENT_TYPE: TEXT}}{{nav}}".write(to: overrides.appendingPathComponent("index.md.mustache"), atomically: true, encoding: .utf8)
        let nav = try XCTUnwrap(TemplateSet.load(overrides: overrides.path).templates)
        XCTAssertEqual(nav.render("index.md", contexts.common(root: "", title: "N", current: "scenes/b.md")),
                       "{flows: [], scenes: [{current: false, id: a, path: scenes/a.md}, {current: true, id: b, path: scenes/b.md}]}")
    }

    /// A template without tags (a style sheet, a script) is the page as it is, and is not parsed brace by brace:
    /// the engine gets delimiters the text does not hold, set where no line would make the tag standalone.
    func testTemplatesWithoutTagsAreTheirText() throws {
        for text in ["body { color: red; }\n", "{\n}", "\n{\n", "  {", "{", "\u{1}\u{3}\u{E000}{ }", "a\n  { b }\n\n", "x", "", "\u{1}{ }", "{ \u{301}} }\n"] {
            let template = try MustacheTemplate(string: TemplateSources.engineText(text))
            XCTAssertEqual(template.render([String: Any]()), text, text.debugDescription)
        }
        XCTAssertEqual(TemplateSources.engineText("a {{x}} {"), "a {{x}} {", "a template with tags is left as it is")
        XCTAssertEqual(TemplateSources.engineText("a { b }"), "a {{=\u{1} \u{2}=}}{ b }")
        XCTAssertEqual(TemplateSources.engineText("\u{1}{ }"), "\u{1}{{=\u{3} \u{4}=}}{ }", "delimiters the text does not hold")
        // A page from a template without tags is the template's text exactly (the engine drops a last line's spaces).
        let overrides = temporary.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "body { color: red }\n\t  ".write(to: overrides.appendingPathComponent("style.css.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try XCTUnwrap(TemplateSet.load(overrides: overrides.path).templates).render("style.css", [:]), "body { color: red }\n\t  ")
        // The built-in style sheet and script have no tags: they are written as they are.
        let builtIn = try XCTUnwrap(TemplateSet.load().templates)
        for name in ["style.css", "site.js"] {
            let text = try XCTUnwrap(DefaultTemplates.all.first { $0.name == name }?.text)
            XCTAssertEqual(builtIn.render(name, [:]), text, name)
            XCTAssertTrue(TemplateStructure(text: text).isPlainText, name)
        }
    }

    /// The binary carries Templates/ as DefaultTemplates.swift; regenerate with scripts/embed-templates.sh.
    func testEmbeddedTemplatesMatchTheTemplatesFolder() throws {
        let folder = packageRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted()
        XCTAssertEqual(files.map { String($0.dropLast(".mustache".count)) }, DefaultTemplates.all.map(\.name))
        for (file, embedded) in zip(files, DefaultTemplates.all) {
            // Byte for byte, final newline included: a copied template renders the pages the built-in one does.
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(text, embedded.text, "\(file) changed: run scripts/embed-templates.sh")
        }
    }

    // MARK: - Cache

    func testASecondBuildRendersNothing() throws {
        let cache = DiagramCache(directory: temporary.appendingPathComponent("cache"))
        let renderer = FakeRenderer()
        let first = try build(cache: cache, renderer: renderer)
        // Two diagrams, each in two flavours.
        XCTAssertEqual(first.rendered, 4)
        XCTAssertEqual(renderer.calls, 4)
        let second = try build(cache: cache, renderer: renderer)
        XCTAssertEqual(second.rendered, 0)
        XCTAssertEqual(second.reused, 4)
        XCTAssertEqual(renderer.calls, 4, "nothing rendered the second time")
        XCTAssertEqual(first.files, second.files)
    }

    /// Past its limit the cache loses its least recently used files (renders and output records) down to four
    /// fifths of the limit; files used lately, files being written (dot names), files not named as the cache names
    /// them and other folders stay; a lookup marks a render as used.
    func testPruneRemovesTheLeastRecentlyUsedDownToFourFifthsOfTheLimit() throws {
        let folder = temporary.appendingPathComponent("cache")
        let cache = DiagramCache(directory: folder)
        var sizes: [String: Int64] = [:]
        // Random bytes between an SVG's first and last lines: a compressing file system keeps their size.
        func write(_ path: String, kib: Int, daysAgo: Int) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let svg = Array("<?xml version=\"1.0\"?>\n<svg>".utf8), end = Array("</svg>\n".utf8)
            let noise = (0..<(kib * 1024 - svg.count - end.count)).map { _ in UInt8.random(in: 0x41...0x5A) }
            try Data(svg + noise + end).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(daysAgo) * 86_400)], ofItemAtPath: url.path)
            var status = stat()
            XCTAssertEqual(stat(url.path, &status), 0)
            sizes[path] = Int64(status.st_blocks) * 512
        }
        let key = String(repeating: "ab", count: 32)
        let render = "ab/\(key).svg", older = "ab/ab\(String(repeating: "0", count: 62)).png", old = "cd/\(String(repeating: "cd", count: 32)).pdf"
        let record = "outputs/\(String(repeating: "9", count: 64)).record", new = "ef/\(String(repeating: "ef", count: 32)).svg"
        try write(render, kib: 40, daysAgo: 30)
        try write(older, kib: 40, daysAgo: 20)
        try write(old, kib: 40, daysAgo: 10)
        try write(record, kib: 40, daysAgo: 25)
        try write(new, kib: 40, daysAgo: 0)
        let others = ["ab/.\(key).svg.123.0.tmp", "ab/notes.txt", "ab/cd\(String(repeating: "0", count: 62)).svg", "other/kept.txt", "outputs/old.record"]
        for other in others { try write(other, kib: 40, daysAgo: 50) }
        let counted = [render, older, old, record, new].reduce(Int64(0)) { $0 + (sizes[$1] ?? 0) }

        // A lookup makes the oldest render the most recently used.
        XCTAssertEqual(cache.lookup(key, format: "svg")?.count, 40 * 1024)
        let within = cache.prune(limit: 1 << 30, keepingUsedWithin: .seconds(3_600))
        XCTAssertEqual(within, DiagramCache.Pruned(files: 0, bytes: 0, remaining: counted), "only the cache's own files count")

        // Pruning to four fifths of a limit just under the five files removes the two least recently used: the
        // record 25 days old and the render 20 days old.
        let limit = counted - 1
        let pruned = cache.prune(limit: limit, keepingUsedWithin: .seconds(3_600))
        XCTAssertEqual(pruned.files, 2)
        XCTAssertEqual(pruned.bytes, (sizes[record] ?? 0) + (sizes[older] ?? 0))
        XCTAssertLessThanOrEqual(pruned.remaining, limit / 5 * 4)
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
        XCTAssertEqual(left, ([render, old, new] + others).sorted())

        // Files used in the last hour are kept even past the limit.
        let tight = cache.prune(limit: 1024, keepingUsedWithin: .seconds(3_600))
        XCTAssertEqual(tight.files, 1, "only the render 10 days old goes; the two used within the hour stay")
        XCTAssertEqual(tight.remaining, (sizes[render] ?? 0) + (sizes[new] ?? 0))
        for path in [render, new] + others {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), path)
        }
    }

    /// A cache entry cut short or overwritten is not used: the diagram is rendered again and the entry replaced.
    func testADamagedCacheEntryIsRenderedAgain() throws {
        let folder = temporary.appendingPathComponent("cache")
        let cache = DiagramCache(directory: folder)
        let renderer = FakeRenderer()
        let first = try build(cache: cache, renderer: renderer)
        let entries = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.sorted()
        XCTAssertEqual(entries.count, 4)
        let damaged = folder.appendingPathComponent(entries[0])
        let whole = try Data(contentsOf: damaged)
        try whole.prefix(whole.count / 2).write(to: damaged)
        let second = try build(cache: cache, renderer: renderer)
        XCTAssertEqual(second.rendered, 1)
        XCTAssertEqual(second.reused, 3)
        XCTAssertEqual(try Data(contentsOf: damaged), whole, "the entry is replaced")
        XCTAssertEqual(first.files, second.files)

        XCTAssertTrue(DiagramCache.looksWhole(Array("<?xml version=\"1.0\"?>\n<svg></svg>\n\n".utf8), format: "svg"))
        XCTAssertFalse(DiagramCache.looksWhole(Array("<?xml version=\"1.0\"?>\n<svg><g>".utf8), format: "svg"))
        XCTAssertFalse(DiagramCache.looksWhole([], format: "svg"))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        XCTAssertTrue(DiagramCache.looksWhole(png, format: "png"))
        XCTAssertFalse(DiagramCache.looksWhole(Array(png.dropLast(6)), format: "png"))
        XCTAssertTrue(DiagramCache.looksWhole(Array("%PDF-1.5\n...\n%%EOF\n".utf8), format: "pdf"))
        XCTAssertFalse(DiagramCache.looksWhole(Array("%PDF-1.5\n...".utf8), format: "pdf"))
    }

    func testByteSizesAsPeopleWriteAndReadThem() {
        XCTAssertEqual(ByteSize.parse("500M"), 500 << 20)
        XCTAssertEqual(ByteSize.parse("2G"), 2 << 30)
        XCTAssertEqual(ByteSize.parse("2gib"), 2 << 30)
        XCTAssertEqual(ByteSize.parse(" 64KB "), 64 << 10)
        XCTAssertEqual(ByteSize.parse("123"), 123)
        XCTAssertEqual(ByteSize.parse("0"), 0)
        for bad in ["", "G", "2 gigs", "1.5G", "-1G", "2X", "99999999999999999999", "9000000000T"] {
            XCTAssertNil(ByteSize.parse(bad), bad)
        }
        XCTAssertEqual(ByteSize.text(2 << 30), "2 GiB")
        XCTAssertEqual(ByteSize.text(1_572_864), "1.5 MiB")
        XCTAssertEqual(ByteSize.text(100 * 1024 + 300), "100 KiB")
        XCTAssertEqual(ByteSize.text(300), "300 bytes")
        XCTAssertEqual(ByteSize.text((1 << 20) - 1), "1 MiB", "just under a unit is that unit, not 1024 of the one below")
        XCTAssertEqual(ByteSize.text((1 << 30) - 100_000), "1 GiB")
        XCTAssertEqual(ByteSize.text(1_023), "1023 bytes")
    }

    func testSHA256KnownAnswers() {
        XCTAssertEqual(SHA256.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// A page key sees values, not how they are typed: a typed array and the same values as `[Any]`, an optional
    /// holding a string and the string hash the same; different values, or a string and a number, do not.
    func testContextDigestDependsOnValuesOnly() {
        func digest(_ value: Any?) -> String {
            var hasher = SHA256()
            ContextDigest.add(value, to: &hasher)
            return hasher.hexDigest()
        }
        let rows: [[String: Any]] = [["id": "a", "first": true], ["id": "b", "n": 2]]
        XCTAssertEqual(digest(rows), digest(rows.map { $0 as Any }))
        XCTAssertEqual(digest(["rows": rows]), digest(["rows": rows as [Any]] as [String: Any]))
        XCTAssertEqual(digest(Optional("x") as Any), digest("x"))
        XCTAssertEqual(digest(["b": "2", "a": "1"]), digest(["a": "1", "b": "2"]))
        XCTAssertNotEqual(digest("2"), digest(2))
        XCTAssertNotEqual(digest(true), digest("true"))
        XCTAssertNotEqual(digest(rows), digest(Array(rows.reversed())))
        XCTAssertNotEqual(digest(["a": "1"]), digest(["a": "1 "]))
    }

    /// The processor's SHA instructions, where present, and the portable rounds give the same digests, for every
    /// length around the block and padding boundaries and for long inputs.
    func testSHA256HardwareAndPortableRoundsAgree() {
        var generator = SystemRandomNumberGenerator()
        let lengths = Array(0...130) + [1_000, 4_095, 4_096, 65_537, 1_000_003]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var portable = SHA256(portable: true)
            portable.update(bytes)
            XCTAssertEqual(SHA256.hex(bytes), portable.hexDigest(), "length \(length)")
        }
    }

    /// Pieces of every size, single bytes and decimals hash as their concatenation does, across block boundaries.
    func testSHA256StreamingMatchesOneShot() {
        let text = (0..<300).map { "piece \($0) é " }.joined()
        let bytes = Array(text.utf8)
        for split in [1, 3, 55, 56, 63, 64, 65, 127, 200] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + split)
                if end - start == 1 { hasher.update(byte: bytes[start]) } else { hasher.update(bytes[start..<end]) }
                start = end
            }
            XCTAssertEqual(hasher.hexDigest(), SHA256.hex(bytes), "pieces of \(split)")
        }
        for number in [0, 7, -42, 1_000_000, Int.min, Int.max] {
            var hasher = SHA256()
            hasher.update("n=")
            hasher.update(decimal: number)
            XCTAssertEqual(hasher.hexDigest(), SHA256.hex(Array("n=\(number)".utf8)), String(number))
        }
    }

    // MARK: - Markdown

    func testMarkdownEscapingAndSummaries() {
        XCTAssertEqual(Markdown.escape("a|b *c* <d> [e]_f\nnext"), "a\\|b \\*c\\* &lt;d&gt; \\[e\\]\\_f next")
        XCTAssertEqual(Markdown.html("Hello **big** *world* `x<y>` [link](https://e.com/?a&b)\n\n- one\n- two"),
                       "<p>Hello <strong>big</strong> <em>world</em> <code>x&lt;y&gt;</code> <a href=\"https://e.com/?a&amp;b\">link</a></p>\n<ul><li>one</li><li>two</li></ul>")
        XCTAssertEqual(Markdown.escape("a\rb\u{1B}c~d"), "a bc\\~d", "a bare CR splits no row; control characters are dropped")
        // Lines lose their blanks at both ends, found in bytes (a long run of flags walked backwards was quadratic).
        XCTAssertEqual(Markdown.trimmingBlanks(" \t🇫🇷🇩🇪 x\t "), "🇫🇷🇩🇪 x")
        XCTAssertEqual(Markdown.trimmingBlanks(" \t "), "")
        XCTAssertEqual(Markdown.trimmingBlanks("e\u{301} "), "e\u{301}")
        XCTAssertEqual(Markdown.html("  🇫🇷🇫🇷 x  \n\t- 🇩🇪 "), "<p>🇫🇷🇫🇷 x</p>\n<ul><li>🇩🇪</li></ul>")
    }

    /// Every character `escape` changes, alone and among plain text, and plain printable ASCII, which the byte
    /// check returns unchanged.
    func testMarkdownEscapingOfEachSpecialCharacter() {
        for (character, escaped) in [("\\", "\\\\"), ("`", "\\`"), ("*", "\\*"), ("_", "\\_"), ("[", "\\["), ("]", "\\]"),
                                     ("|", "\\|"), ("#", "\\#"), ("~", "\\~"), ("!", "\\!"), ("<", "&lt;"), (">", "&gt;"), ("&", "&amp;"),
                                     ("\t", " "), ("\u{7F}", ""), ("\u{85}", " "), ("\u{2028}", " ")] {
            XCTAssertEqual(Markdown.escape(character), escaped, character)
            XCTAssertEqual(Markdown.escape("s0" + character + "1"), "s0" + escaped + "1", character)
        }
        let plain = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) }.filter { !"\\`*_[]|#~!<>&".contains($0) })
        XCTAssertEqual(Markdown.escape(plain), plain)
        XCTAssertEqual(Markdown.escape("Écran · 写真"), "Écran · 写真")
    }

    /// The site's `{{value}}` escaping gives the engine's own bytes: the same text rendered by a template with
    /// `{{% CONTENT_TYPE: HTML}}` (ours, once registered) and by one without it (the engine's built-in escaping).
    func testSiteHTMLEscapingMatchesTheEngine() throws {
        _ = Markdown.registered
        var library = MustacheLibrary()
        try library.register("{{value}}", named: "engine")
        try library.register("{{% CONTENT_TYPE: HTML}}\n{{value}}", named: "site")
        for value in ["plain", "a<b>&\"c\"'d'", "<\u{301}x", "&\u{20DD}", "photo#2", "", "写真 <i>", "\u{1F469}\u{200D}\u{1F4BB}<"] {
            let engine = try XCTUnwrap(library.render(["value": value], withTemplate: "engine"))
            XCTAssertEqual(library.render(["value": value], withTemplate: "site"), engine, value)
            XCTAssertEqual(Markdown.mustacheHTMLEscape(value), engine, value)
        }
    }

    /// Type names break where their words meet: humps, the end of an acronym, after `.` and `_`; escaped like
    /// `{{value}}`, so removing the `<wbr>`s gives `mustacheHTMLEscape`'s text.
    func testTypeNamesBreakWhereTheirWordsMeet() {
        XCTAssertEqual(Markdown.typeNameHTML("PhotoLibraryViewController"), "Photo<wbr>Library<wbr>View<wbr>Controller")
        XCTAssertEqual(Markdown.typeNameHTML("UINavigationController"), "UI<wbr>Navigation<wbr>Controller")
        XCTAssertEqual(Markdown.typeNameHTML("MyApp.Step2Controller"), "My<wbr>App.<wbr>Step2<wbr>Controller")
        XCTAssertEqual(Markdown.typeNameHTML("legacy_VC"), "legacy_<wbr>VC")
        XCTAssertEqual(Markdown.typeNameHTML("URL"), "URL")
        XCTAssertEqual(Markdown.typeNameHTML(""), "")
        for name in ["A<B>&\"C\"", "写真View", "ÉcranPrincipal", "x"] {
            XCTAssertEqual(Markdown.typeNameHTML(name).replacingOccurrences(of: "<wbr>", with: ""), Markdown.mustacheHTMLEscape(name), name)
        }
    }

    /// HTML escaping: the five entities, line breaks kept (a carriage return as a line feed), other control
    /// characters dropped, and plain printable ASCII (the byte check's case) unchanged.
    func testHTMLEscaping() {
        XCTAssertEqual(Markdown.escapeHTML("a & b < c > d \"e\" 'f'"), "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;")
        XCTAssertEqual(Markdown.escapeHTML("one\ntwo\tthree\rfour\u{1B}five\u{85}six"), "one\ntwo\tthree\nfourfivesix")
        let plain = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) }.filter { !"&<>\"'".contains($0) })
        XCTAssertEqual(Markdown.escapeHTML(plain), plain)
        XCTAssertEqual(Markdown.escapeHTML("Écran · 写真 <b>"), "Écran · 写真 &lt;b&gt;")
        XCTAssertEqual(Markdown.escapeHTML(""), "")
    }

    func testCodeSpansHoldAnyText() {
        XCTAssertEqual(Markdown.codeSpan("plain"), "`plain`")
        XCTAssertEqual(Markdown.codeSpan("a`b"), "``a`b``")
        XCTAssertEqual(Markdown.codeSpan("`x` <img> | y", inTable: true), "`` `x` <img> \\| y ``")
        XCTAssertEqual(Markdown.codeSpan("two\nlines\rhere"), "`two lines here`")
        XCTAssertEqual(Markdown.codeSpan(""), "` `")
        // Around the plain fast path: spaces at the ends, pipes outside and inside tables, non-ASCII, DEL.
        XCTAssertEqual(Markdown.codeSpan("viewWillAppear(true)"), "`viewWillAppear(true)`")
        XCTAssertEqual(Markdown.codeSpan("a | b"), "`a | b`")
        XCTAssertEqual(Markdown.codeSpan("a|b", inTable: true), "`a\\|b`")
        XCTAssertEqual(Markdown.codeSpan(" a "), "`  a  `")
        XCTAssertEqual(Markdown.codeSpan(" a"), "` a`")
        XCTAssertEqual(Markdown.codeSpan("   "), "`   `")
        XCTAssertEqual(Markdown.codeSpan("é"), "`é`")
        XCTAssertEqual(Markdown.codeSpan("a\u{7F}b"), "`ab`")
    }

    func testSummariesKeepMarkdownButNotHTMLOrScriptLinks() {
        XCTAssertEqual(Markdown.sanitized("**b** <img src=x> `<kept>`"), "**b** &lt;img src=x&gt; `<kept>`")
        XCTAssertEqual(Markdown.sanitized("[a](javascript:alert(1)) [b](  JavaScript:x) [c](https://e.com) [d](pages/x.md) [e](mailto:a@b)"),
                       "[a\\](javascript:alert(1)) [b\\](  JavaScript:x) [c](https://e.com) [d](pages/x.md) [e](mailto:a@b)")
        XCTAssertEqual(Markdown.html("[x](data:text/html,hi) [y](java\tscript:1)"),
                       "<p>[x](data:text/html,hi) [y](java\tscript:1)</p>")
        // Pathological input stays linear and intact.
        let many = String(repeating: "](", count: 5_000)
        XCTAssertEqual(Markdown.sanitized(many), many)
    }
}
