import Foundation
import Testing
@testable import Graphviz

@Suite("Graphviz renderer")
struct GraphvizRendererTests {
    let renderer = GraphvizRenderer()

    // MARK: - Output

    @Test("a small graph renders as SVG with its nodes")
    func rendersSVG() throws {
        let svg = String(decoding: try renderer.render(dot: #"digraph { a [id="node-a"]; a -> b }"#), as: UTF8.self)
        #expect(svg.contains("<svg"))
        let document = try SVGDocument.parse(Array(svg.utf8)).get()
        #expect(document.groupIDs.contains("node-a"))
        #expect(document.texts.contains("b"))
    }

    /// The width of the box drawn for a node labelled `label` (an HTML label).
    func boxWidth(_ label: String) throws -> Double {
        let dot = "digraph { node [shape=box, width=0.1, margin=\"0,0\", fontname=\"Helvetica\", fontsize=10]; n [label=<\(label)>] }"
        let svg = String(decoding: try renderer.render(dot: dot), as: UTF8.self)
        let points = try #require(svg.range(of: "<polygon fill=\"none\" stroke=\"black\" points=\"").map { svg[$0.upperBound...] })
        let xs = points.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
        return try #require(xs.max()) - (try #require(xs.min()))
    }

    @Test("bold text gets a box as wide as Helvetica Bold draws it; plain text Graphviz's own estimate")
    func boldTextIsMeasuredBold() throws {
        // Twenty i's at 10 points: 278 thousandths of the size each in Helvetica Bold, 222 in the regular face.
        let bold = try boxWidth("<B>iiiiiiiiiiiiiiiiiiii</B>")
        let plain = try boxWidth("iiiiiiiiiiiiiiiiiiii")
        #expect(abs(bold - 55.6) < 1, "bold: \(bold)")
        #expect(abs(plain - 44.4) < 1, "plain: \(plain)")
        // Mixed: a bold line and a plain one; the box fits the wider, bold one. Accents and other scripts count too.
        #expect(abs(try boxWidth("<B>Héllo</B><BR/>x") - (0.722 + 0.667 + 0.278 * 2 + 0.611) * 10) < 1)
        #expect(abs(try boxWidth("<B>写真</B>") - 20) < 1)
    }

    @Test("every known format produces its kind of file", arguments: GraphvizRenderer.Format.known)
    func formats(format: GraphvizRenderer.Format) throws {
        let bytes = try renderer.render(dot: "digraph { a -> b }", format: format)
        switch format {
        case .svg: #expect(String(decoding: bytes, as: UTF8.self).contains("</svg>"))
        case .png: #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .pdf: #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "%PDF-")
        case .dot: #expect(String(decoding: bytes, as: UTF8.self).contains("pos="))
        case .json:
            let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            #expect(object?["objects"] != nil)
        default: Issue.record("untested format \(format)")
        }
    }

    @Test("every known engine lays out a graph", arguments: GraphvizRenderer.Engine.known)
    func engines(engine: GraphvizRenderer.Engine) throws {
        let dot = #"digraph { a [pos="0,0!"]; b [pos="100,100!"]; c [pos="0,100!"]; a -> b -> c -> a }"#
        let svg = String(decoding: try renderer.render(dot: dot, engine: engine), as: UTF8.self)
        #expect(svg.contains("class=\"node\""))
    }

    @Test("nop2 keeps pinned positions")
    func nop2KeepsPositions() throws {
        let dot = #"digraph { a [pos="0,0!", shape=point]; b [pos="300,0!", shape=point]; a -> b }"#
        let json = try renderer.render(dot: dot, engine: .nop2, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let nodes = try #require(object["objects"] as? [[String: Any]])
        let positions = nodes.compactMap { $0["pos"] as? String }
        #expect(positions.count == 2)
        let xs = positions.compactMap { Double($0.split(separator: ",")[0]) }
        #expect(xs.count == 2 && abs((xs[1] - xs[0]) - 300) < 1)
    }

    // MARK: - Errors

    @Test("a DOT syntax error carries Graphviz's message, and the next render succeeds")
    func syntaxError() throws {
        #expect {
            _ = try renderer.render(dot: "digraph { a -> }")
        } throws: { error in
            guard case GraphvizError.syntax(let message) = error else { return false }
            return message.contains("syntax error") && !message.hasPrefix("Error")
        }
        let svg = String(decoding: try renderer.render(dot: "digraph { after -> error }"), as: UTF8.self)
        #expect(svg.contains(">after</text>"))
    }

    @Test("a malformed HTML label is an error, not a fallback, and does not poison the next render")
    func malformedHTMLLabel() throws {
        #expect {
            _ = try renderer.render(dot: "digraph { a [label=<<b>unclosed>] }")
        } throws: { error in
            guard case GraphvizError.layout(_, let message) = error else { return false }
            return message.contains("mismatched tag") && message.contains("node a") && !message.contains("\n")
        }
        let svg = String(decoding: try renderer.render(dot: "digraph { a [label=<<b>closed</b>>] }"), as: UTF8.self)
        #expect(svg.contains(">closed</text>"))
    }

    @Test("an unknown engine is an error naming it")
    func unknownEngine() throws {
        #expect {
            _ = try renderer.render(dot: "digraph { a }", engine: .init(rawValue: "nosuchengine"))
        } throws: { error in
            guard case GraphvizError.layout(let engine, let message) = error else { return false }
            return engine == "nosuchengine" && message.contains("nosuchengine")
        }
        #expect(try !renderer.render(dot: "digraph { a }").isEmpty)
    }

    @Test("an unknown format is an error naming it")
    func unknownFormat() throws {
        #expect {
            _ = try renderer.render(dot: "digraph { a }", format: .init(rawValue: "nosuchformat"))
        } throws: { error in
            guard case GraphvizError.render(let format, let message) = error else { return false }
            return format == "nosuchformat" && message.contains("nosuchformat")
        }
        #expect(try !renderer.render(dot: "digraph { a }").isEmpty)
    }

    @Test("error descriptions are lowercase and carry Graphviz's message")
    func errorDescriptions() {
        let error = GraphvizError.syntax(message: "syntax error in line 1 near '}'")
        #expect(error.description == "graphviz cannot parse the DOT text: syntax error in line 1 near '}'")
        #expect(error.graphvizMessage == "syntax error in line 1 near '}'")
        #expect(GraphvizError.noLayoutEngines.description.contains("dot -c"))
        let missing = GraphvizError.pluginUnavailable(library: "core", message: "none of libgvplugin_core.so.6 is in /x")
        #expect(missing.description.hasPrefix("graphviz plugin library 'libgvplugin_core' cannot be loaded: none of"))
    }

    @Test("the plugins of the font-independent context are found beside libgvc")
    func pluginFolder() throws {
        let folder = try BuiltinPlugins.pluginFolder()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        for library in BuiltinPlugins.libraries {
            #expect(files.contains { $0.hasPrefix("libgvplugin_\(library).") }, "\(library) in \(folder)")
        }
    }

    // MARK: - Text

    @Test("labels with quotes, backslashes, markup characters, newlines, emoji and right-to-left text survive")
    func awkwardLabels() throws {
        let lines = [#"say "cheese""#, #"C:\Photos\new"#, "<b> & </b>", "📷 Camera 🇫🇷", "שלום עולם", "مرحبا"]
        // DOT quoted strings need `"` and `\` escaped, and `\n` for a line break.
        let escaped = lines.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
        let dot = "digraph { a [label=\"\(escaped.joined(separator: "\\n"))\"] }"
        let document = try SVGDocument.parse(try renderer.render(dot: dot)).get()
        #expect(document.texts == lines)
    }

    // MARK: - Determinism

    @Test("a graph with clusters renders to the same bytes however many graphs were rendered before it")
    func clusterOrderIsStable() throws {
        let clusters = (1...12).map { "subgraph cluster\($0) { id=\"c\($0)\"; a\($0) -> b\($0) }" }.joined(separator: "\n")
        // Named: an anonymous graph's title is its ID, which changes from render to render.
        let dot = "digraph G { \(clusters)\n a1 -> a2 -> a3 }"
        let first = try renderer.render(dot: dot)
        // Churn the heap with graphs of other sizes and names.
        for index in 0..<40 {
            let names = (0..<(index % 7 + 1)).map { "subgraph cluster_\(index)_\($0) { x\(index)_\($0) }" }.joined(separator: " ")
            _ = try renderer.render(dot: "digraph { \(names) }")
        }
        let again = try renderer.render(dot: dot)
        let identical = first == again
        #expect(identical, "the second render differs from the first")
        let ids = try SVGDocument.parse(again).get().groupIDs.filter { $0.hasPrefix("c") }
        #expect(ids == (1...12).map { "c\($0)" }, "clusters come out in the order they were written")
    }

    // MARK: - Concurrency

    @Test("8 concurrent tasks rendering 50 graphs each all get their own output")
    func concurrentRenders() async throws {
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var correct = 0
                    for index in 0..<50 {
                        let name = "t\(task)i\(index)"
                        let bytes = try GraphvizRenderer().render(dot: "digraph { \(name) -> done_\(name) }")
                        let svg = String(decoding: bytes, as: UTF8.self)
                        if svg.contains(">\(name)</text>"), svg.contains(">done_\(name)</text>"), svg.hasSuffix("</svg>\n") {
                            correct += 1
                        }
                    }
                    return correct
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: 50, count: 8))
    }

    // MARK: - Deep recursion

    @Test("a layout that recurses deeper than the calling thread's stack allows renders all the same")
    func deepRecursion() throws {
        // dot recurses once per node of a chain, about 50 bytes a level: rendered on
        // the caller's 128 KiB stack, 2,000 nodes end the process with SIGSEGV.
        let chain = (0..<2_000).map { "n\($0) -> n\($0 + 1)" }.joined(separator: "; ")
        let outcome = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.svg = try? GraphvizRenderer().render(dot: "digraph { \(chain) }")
            done.signal()
        }
        thread.stackSize = 128 * 1024
        thread.start()
        done.wait()
        let svg = String(decoding: try #require(outcome.svg), as: UTF8.self)
        #expect(svg.contains(">n0</text>") && svg.contains(">n2000</text>"))
    }

    /// Carries a render out of the small-stack thread.
    private final class ResultBox: @unchecked Sendable {
        var svg: [UInt8]?
    }

    // MARK: - Link variants

    /// A diagram with links on the graph, a cluster, nodes and edges; `prefix` and `suffix` shape every link.
    private static func linkedDOT(_ prefix: String, _ suffix: String, extra: String = "") -> String {
        """
        digraph { URL="\(prefix)index\(suffix)"; subgraph cluster_tab { label="Tab"; URL="\(prefix)tab\(suffix)"; a [URL="\(prefix)a\(suffix)"]; b }
        b [URL="\(prefix)b\(suffix)"\(extra)]; a -> b [URL="\(prefix)a\(suffix)"]; b -> c [href="\(prefix)c\(suffix)", label="go"]; c [URL="\(prefix)c\(suffix)"] }
        """
    }

    @Test("link variants render to the bytes each gets on its own", arguments: [
        ("../scenes/", ".md", "scenes/", ".html", true),
        // Values Graphviz escapes or expands: drawn by copying links between parsed graphs instead.
        ("../scenes/", ".md?a=1&b=2", "scenes/", ".html?a=1&amp;b=2", false),
        ("../scenes/\\N-", ".md", "scenes/", ".html", false),
    ])
    func linkVariantsMatchStandaloneRenders(_ markdownPrefix: String, _ markdownSuffix: String, _ htmlPrefix: String, _ htmlSuffix: String,
                                            _ substitutable: Bool) throws {
        let markdown = Self.linkedDOT(markdownPrefix, markdownSuffix)
        let html = Self.linkedDOT(htmlPrefix, htmlSuffix)
        let variants = try renderer.render(variants: [(markdown, .svg), (html, .svg)])
        #expect(variants.count == 2)
        #expect(variants.first == (try renderer.render(dot: markdown)))
        #expect(variants.last == (try renderer.render(dot: html)))
        #expect(variants.first != variants.last)
        #expect((LinkVariants.substitutedLinks(in: variants[0], first: markdown, second: html) != nil) == substitutable)
    }

    @Test("a value of one variant linking to two of the other, or a variant differing in more than links, renders on its own")
    func linkVariantsThatCannotBeSubstituted() throws {
        // `a` links to one page in the first variant and to two in the second.
        let first = #"digraph { a [URL="x.md"]; b [URL="x.md"]; a -> b }"#
        let second = #"digraph { a [URL="x.html"]; b [URL="y.html"]; a -> b }"#
        let variants = try renderer.render(variants: [(first, .svg), (second, .svg)])
        #expect(variants.last == (try renderer.render(dot: second)))
        #expect(LinkVariants.substitutedLinks(in: variants[0], first: first, second: second) == nil)
        // A label differs too: laid out on its own.
        let relabelled = Self.linkedDOT("", ".html", extra: ", label=\"Longer label\"")
        let plain = Self.linkedDOT("", ".md")
        let drawn = try renderer.render(variants: [(plain, .svg), (relabelled, .svg)])
        #expect(drawn.last == (try renderer.render(dot: relabelled)))
        #expect(LinkVariants.substitutedLinks(in: drawn[0], first: plain, second: relabelled) == nil)
    }

    @Test("link replacements made from two DOT texts turn the first's SVG into the second's, or refuse")
    func publicLinkReplacements() throws {
        let markdown = Self.linkedDOT("../scenes/", ".md"), html = Self.linkedDOT("scenes/", ".html")
        let replacements = try #require(GraphvizRenderer.linkReplacements(from: markdown, to: html))
        #expect(replacements.applied(to: try renderer.render(dot: markdown)) == (try renderer.render(dot: html)))
        // A link inside an HTML label is not a `URL` attribute: the DOT texts agree on it, but the SVG holds it,
        // so the replacements cannot vouch for the result and refuse.
        let labelled = #"digraph { a [URL="a.md", label=<<TABLE><TR><TD HREF="elsewhere.md">x</TD></TR></TABLE>>] }"#
        let labelledHTML = #"digraph { a [URL="a.html", label=<<TABLE><TR><TD HREF="elsewhere.md">x</TD></TR></TABLE>>] }"#
        let refusing = try #require(GraphvizRenderer.linkReplacements(from: labelled, to: labelledHTML))
        #expect(refusing.applied(to: try renderer.render(dot: labelled)) == nil)
        #expect(GraphvizRenderer.linkReplacements(from: markdown, to: Self.linkedDOT("", ".html", extra: ", label=\"x\"")) == nil)
    }

    @Test("substitution refuses an SVG holding a link that is not among the first variant's values")
    func substitutionRefusesUnknownLinks() {
        let first = #"digraph { a [URL="a.md"] }"#, second = #"digraph { a [URL="a.html"] }"#
        let svg = Array(#"<a xlink:href="a.md"></a><a xlink:href="elsewhere.md"></a>"#.utf8)
        #expect(LinkVariants.substitutedLinks(in: svg, first: first, second: second) == nil)
        let known = Array(#"<g><a xlink:href="a.md" xlink:title="a">x</a></g>"#.utf8)
        #expect(LinkVariants.substitutedLinks(in: known, first: first, second: second)
                == Array(#"<g><a xlink:href="a.html" xlink:title="a">x</a></g>"#.utf8))
    }

    @Test("link pairs found by searching are those of walking both texts byte by byte")
    func linkPairsMatchTheWalk() {
        // Texts made of pieces that meet at every boundary the search must get right: markers with and without a
        // separator before them, escaped quotes, values that never close, `=` with and without a quote after it.
        let pieces = [" ", "[", "URL=\"", "href=\"", "\"", "\\\"", "\\", "=", "a", "x.md", "label=\"", "URL=", "]", ";\n",
                      " URL=\"x.md\"", "[href=\"a/x.md\"", ", URL=\"\\\"x.md\"", " label=\" URL=\"x.md\"\""]
        var state: UInt64 = 0x1F2E_3D4C
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces[next(pieces.count)] }.joined() }
        func same(_ x: [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)]?, _ y: [(first: ArraySlice<UInt8>, second: ArraySlice<UInt8>)]?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.count == y.count && zip(x, y).allSatisfy { Array($0.first) == Array($1.first) && Array($0.second) == Array($1.second) }
        }
        var found = 0, refused = 0
        for round in 0..<4_000 {
            let first = text(1 + next(24))
            let second: String
            switch round % 4 {
            case 0: second = first
            // Every link value changed, as the HTML flavour does.
            case 1: second = first.replacingOccurrences(of: "x.md", with: "x.html")
            // One piece more or less somewhere.
            case 2: second = text(1 + next(24))
            default:
                var pieces = Array(first)
                if !pieces.isEmpty { pieces.remove(at: next(pieces.count)) }
                second = String(pieces)
            }
            let searched = LinkVariants.linkPairs(Array(first.utf8), Array(second.utf8)), walked = LinkVariants.linkPairsByWalking(first, second)
            #expect(same(searched, walked), "\(first.debugDescription) / \(second.debugDescription)")
            if let walked { found += walked.count } else { refused += 1 }
        }
        // The texts exercise both outcomes, with many links.
        #expect(found > 1_000 && refused > 500, "\(found) pairs, \(refused) refused")
    }

    // MARK: - Reporting

    @Test("renders report their timing and Graphviz's warnings")
    func reportsTiming() throws {
        let before = GraphvizRenderer.statistics
        let rendering = try renderer.renderWithReport(dot: #"digraph { a [shape=nosuchshape] }"#)
        #expect(rendering.timing.layout > .zero)
        #expect(rendering.warnings.contains { $0.contains("nosuchshape") })
        let after = GraphvizRenderer.statistics
        #expect(after.renders > before.renders)
        #expect(after.total.graphviz > before.total.graphviz)
        #expect(GraphvizRenderer.lastRenderDuration != nil)
    }

    @Test("the linked Graphviz reports its version")
    func version() {
        #expect(GraphvizRenderer.version?.first?.isNumber == true)
    }
}
