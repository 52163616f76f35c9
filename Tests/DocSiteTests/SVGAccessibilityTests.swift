@testable import DocSite
import XCTest

/// Graphviz's SVG made to say what it shows: labelled root, titles from tooltips, no Graphviz ids.
final class SVGAccessibilityTests: XCTestCase {
    static let svg = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <svg width="100pt" height="50pt"
         viewBox="0.00 0.00 100.00 50.00" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
        <g id="graph0" class="graph">
        <title>sequence</title>
        <g id="node1" class="node">
        <title>n1</title>
        <g id="a_node1"><a xlink:href="scenes/a.md" xlink:title="a: AViewController &amp; more">
        <text fill="#1f2937">a</text>
        </a>
        </g>
        </g>
        <g id="edge1" class="edge">
        <title>p0t&#45;&gt;p1t</title>
        <path d="M0,0"/>
        </g>
        </g>
        </svg>
        """

    func testTitlesComeFromTooltipsAndTheRootIsLabelled() {
        let labelled = SVGAccessibility.label(Self.svg, title: "Step 1 of f", description: "The callbacks of \"step 1\".")
        XCTAssertTrue(labelled.contains("<svg role=\"img\" aria-label=\"Step 1 of f: The callbacks of &quot;step 1&quot;.\" width=\"100pt\""))
        XCTAssertTrue(labelled.contains("<title>Step 1 of f</title>"))
        XCTAssertTrue(labelled.contains("<title>a: AViewController &amp; more</title>"))
        XCTAssertFalse(labelled.contains("<title>n1</title>"))
        XCTAssertFalse(labelled.contains("p0t"), "a title without a tooltip is dropped")
        XCTAssertTrue(labelled.contains("xlink:href=\"scenes/a.md\""), "links are untouched")
    }

    /// The labeller copies the text between the lines it changes in one piece; going line by line gives the
    /// reference, on Graphviz's shape and on texts made to catch every boundary.
    func testCopyingInPiecesGivesWhatGoingLineByLineGives() {
        let cases = [
            Self.svg, Self.svg + "\n", "\n" + Self.svg, "<svg a>\n<title>t</title>\n<g>", "<svg a>", "", "\n", "\n\n",
            "x\n<title>t</title>", "x\n<title>t</title>\n", "x\n<title>g</title>\n<title>n</title>\n<a xlink:title=\"tip\">",
            "x\n<title>g</title>\n<title>n</title>\n<a xlink:title=\"\">\n<title>m</title>",
            "x\n<title>g</title>\n<title>n</title>", "x\n<title>g</title>\n<title>n</title>\n",
            "x\n<title>no close\n<title></title>\n<svg b>\n<svg c>\n<title>late</title>\n<a xlink:title=\"t2\">",
            "x\n<title>before root</title>\n<title>dropped</title>\n<svg r>\ny",
            "<title>first</title>\n<title>n</title>\n<a xlink:title=\"t\">\n<title>m</title>\n<svg r>", "<title>open\n<title>g</title>\n<title>d</title>",
            "<title>only</title>",
        ]
        for text in cases {
            let svg = Array(text.utf8)
            let label = "T: d"
            XCTAssertEqual(String(decoding: SVGAccessibility.label(svg, title: "T", description: "d"), as: UTF8.self),
                           String(decoding: SVGAccessibility.labelByLines(svg, label: label, title: "T"), as: UTF8.self), text.debugDescription)
        }
    }
}
