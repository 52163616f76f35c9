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
}
