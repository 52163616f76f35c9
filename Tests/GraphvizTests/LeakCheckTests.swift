import Foundation
import Graphviz
import XCTest

/// 1,000 renders in one process, for a leak checker. Skipped unless
/// `SCENOGRAPH_LEAK_CHECK=1`; `scripts/leak-check.sh` runs it under valgrind.
/// An XCTest case, not a Swift Testing one: valgrind 3.19 crashes in Swift
/// Testing's runner.
final class LeakCheckTests: XCTestCase {
    func testThousandRenders() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["SCENOGRAPH_LEAK_CHECK"] == "1", "set SCENOGRAPH_LEAK_CHECK=1 to run")
        let renderer = GraphvizRenderer()
        var failures = 0
        for index in 0..<1_000 {
            var dot = Self.graph(index)
            var engine: GraphvizRenderer.Engine = index % 10 == 9 ? .nop2 : .dot
            var format: GraphvizRenderer.Format = [.svg, .svg, .svg, .json, .dot][index % 5]
            // Every 25th render fails, in turn while parsing, laying out an HTML label,
            // choosing the engine and choosing the format.
            if index % 25 == 24 {
                switch (index / 25) % 4 {
                case 0: dot = "digraph G { a -> }"
                case 1: dot = "digraph G { a [label=<<b>open>] }"
                case 2: engine = .init(rawValue: "nosuchengine")
                default: format = .init(rawValue: "nosuchformat")
                }
            }
            do {
                _ = try renderer.render(dot: dot, engine: engine, format: format)
            } catch {
                failures += 1
            }
            // Every 10th index also renders link variants: one whose links are substituted in the SVG, and one
            // whose links (with `&`, which Graphviz escapes) are copied between parsed graphs.
            if index % 10 == 5 {
                let plain = Self.graph(index, linkSuffix: ".md"), html = Self.graph(index, linkSuffix: ".html")
                let escaped = Self.graph(index, linkSuffix: ".html?a&b")
                XCTAssertEqual(try renderer.render(variants: [(plain, .svg), (html, .svg), (escaped, .svg)]).count, 3)
            }
        }
        XCTAssertEqual(failures, 40)
    }

    /// Three clusters of three nodes with HTML labels, pinned positions (for nop2),
    /// tooltips, links and labelled edges.
    static func graph(_ index: Int, linkSuffix: String = ".html") -> String {
        var lines = ["digraph G {", "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eeeeee\"];"]
        for cluster in 0..<3 {
            lines.append("  subgraph cluster\(cluster) { id=\"c\(cluster)\"; label=\"cluster \(cluster)\";")
            for node in 0..<3 {
                let name = "n\(cluster)_\(node)"
                lines.append("    \(name) [pos=\"\(node * 150),\(cluster * 100)!\", label=<<b>\(name)</b><br/><font point-size=\"9\">#\(index)</font>>, tooltip=\"t\(index)\", URL=\"u/\(name)\(linkSuffix)\"];")
            }
            lines.append("  }")
        }
        lines.append("  n0_0 -> n1_1 -> n2_2 [label=\"edge \(index)\"];")
        lines.append("  n0_2 -> n2_0 [style=dashed, constraint=false];")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
