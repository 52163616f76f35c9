import Testing
@testable import Diagrams

@Suite("DOT writer")
struct DOTWriterTests {
    @Test("quoted strings escape quotes and backslashes and turn line breaks into \\n")
    func quoting() {
        #expect(DOTWriter.quoted(#"say "hi""#) == #""say \"hi\"""#)
        #expect(DOTWriter.quoted(#"C:\new\N"#) == #""C:\\new\\N""#)
        #expect(DOTWriter.quoted("a\nb\r\nc\rd") == #""a\nb\nc\nd""#)
        #expect(DOTWriter.quoted("tab\there\u{0}\u{7}") == #""tab here""#)
        #expect(DOTWriter.quoted(#"ends with \"#) == #""ends with \\""#)
        #expect(DOTWriter.quoted("📷 שלום") == "\"📷 שלום\"")
    }

    @Test("numbers: at most two decimals, no trailing zeros, never -0, as the String-built reference writes them")
    func pointNumbers() {
        #expect(DOTWriter.number(0) == "0")
        #expect(DOTWriter.number(-0.004) == "0")
        #expect(DOTWriter.number(12.5) == "12.5")
        #expect(DOTWriter.number(-3) == "-3")
        #expect(DOTWriter.number(0.05) == "0.05")
        #expect(DOTWriter.number(-0.5) == "-0.5")
        #expect(DOTWriter.number(400.475) == "400.48")
        #expect(DOTWriter.number(1_000_000.1) == "1000000.1")
        #expect(DOTWriter.number(.nan) == "0")
        #expect(DOTWriter.number(-.infinity) == "0")
        // The formatting this writer replaced, built from Strings.
        func reference(_ value: Double) -> String {
            guard value.isFinite else { return "0" }
            let hundredths = Int((value * 100).rounded())
            if hundredths == 0 { return "0" }
            let sign = hundredths < 0 ? "-" : ""
            let magnitude = abs(hundredths)
            let whole = magnitude / 100, fraction = magnitude % 100
            if fraction == 0 { return sign + String(whole) }
            if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
            return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -1e7...1e7, using: &generator) / Double([1, 10, 1_000, 100_000].randomElement(using: &generator) ?? 1)
            #expect(DOTWriter.number(value) == reference(value), "\(value)")
        }
        #expect(DOTValue.pinned(x: 78, y: -356.125) == .string("78,-356.13!"))
        var text = CoordinateText()
        text.append(UInt8(ascii: "e"))
        text.append(UInt8(ascii: ","))
        text.append(1.5, 2)
        #expect(text.string == "e,1.5,2")
    }

    @Test("HTML labels escape markup characters in text and attribute values")
    func htmlEscaping() {
        let label = HTMLLabel.bold(.text(#"<b>"Tom" & 'Jerry'</b>"#)) + .lineBreak() + .text("two\nlines")
        #expect(label.markup == #"<b>&lt;b&gt;&quot;Tom&quot; &amp; 'Jerry'&lt;/b&gt;</b><br/>two<br/>lines"#)
        let font = HTMLLabel.font(.text("x"), pointSize: 9, color: #"red" onload="x"#)
        #expect(font.markup == #"<font color="red&quot; onload=&quot;x" point-size="9">x</font>"#)
        let table = HTMLLabel.table([[HTMLCell(.text("a"), attributes: ["bgcolor": "#fff"])]], attributes: ["border": "0"])
        #expect(table.markup == ##"<table border="0"><tr><td bgcolor="#fff">a</td></tr></table>"##)
    }

    @Test("styling around nothing is nothing: Graphviz rejects an empty <b></b>")
    func emptyStyling() {
        #expect(HTMLLabel.bold(.text("")) == .empty)
        #expect(HTMLLabel.font(.text(""), pointSize: 9) == .empty)
        #expect(HTMLLabel.bold(.text("")) + .lineBreak() == .lineBreak())
    }

    @Test("identifiers are generated or plain ASCII names, never arbitrary text")
    func identifiers() {
        #expect(DOTID.node(12).rawValue == "n12")
        #expect(DOTID.cluster(3).rawValue == "cluster3")
        #expect(DOTID("legend_1")?.rawValue == "legend_1")
        for bad in ["", "1a", "a-b", "a b", "node", "Graph", "x\"y", "naïve", "a;b"] {
            #expect(DOTID(bad) == nil, "\(bad) should be rejected")
        }
        var generator = DOTIDGenerator()
        #expect([generator.node(), generator.node(), generator.cluster(), generator.node()].map(\.rawValue) == ["n1", "n2", "cluster1", "n3"])
    }

    @Test("an attribute name is written bare exactly when it would be a valid identifier")
    func attributeNames() {
        let names = ["label", "URL", "fontname", "penwidth", "labelfloat", "_x1", "node", "Edge", "GRAPH", "digraph", "SubGraph",
                     "strict", "strictly", "nodes", "1x", "a-b", "a b", "naïve", ""]
        var attributes = DOTAttributes()
        for name in names { attributes[name] = "v" }
        let text = DOTGraph(statements: [.node(DOTNode(.node(1), attributes))]).text
        for name in names {
            let bare = DOTID(name) != nil
            #expect(text.contains(bare ? " \(name)=\"v\"" : "\(DOTWriter.quoted(name))=\"v\""), "\(name)")
        }
    }

    @Test("attributes are written sorted by name, statements in the order they were added")
    func deterministicOutput() {
        var late: DOTAttributes = ["z": "1"]
        late["a"] = "2"
        late["m"] = .html(.text("<x>"))
        let graph = DOTGraph(
            id: .subgraph(0),
            attributes: ["rankdir": "LR", "label": "T"],
            nodeDefaults: ["shape": "box"],
            statements: [
                .node(DOTNode(.node(2), late)),
                .subgraph(DOTSubgraph(.cluster(1), ["label": ""], statements: [.node(DOTNode(.node(1)))])),
                .edge(DOTEdge(from: .node(2), to: .node(1), ["weird name": "v"])),
            ]
        )
        #expect(graph.text == """
            digraph s0 {
              graph [label="T", rankdir="LR"];
              node [shape="box"];
              n2 [a="2", m=<&lt;x&gt;>, z="1"];
              subgraph cluster1 {
                graph [label=""];
                n1;
              }
              n2 -> n1 ["weird name"="v"];
            }

            """)
    }

    @Test("numbers are written the short way")
    func numbers() {
        #expect(DOTValue.number(2) == .string("2"))
        #expect(DOTValue.number(0.25) == .string("0.25"))
        #expect(DOTValue.number(-1.5) == .string("-1.5"))
    }

    @Test("document links follow the prefix and extension, and percent-encode what would break an SVG attribute")
    func links() {
        #expect(DocumentLinks().scene("library") == "scenes/library.html")
        #expect(DocumentLinks(prefix: "../", fileExtension: "md").scene("library") == "../scenes/library.md")
        #expect(DocumentLinks().flow("share-a-photo") == "flows/share-a-photo.html")
        #expect(DocumentLinks(prefix: "a&b <c>/").scene("x") == "a%26b%20%3Cc%3E/scenes/x.html")
    }
}
