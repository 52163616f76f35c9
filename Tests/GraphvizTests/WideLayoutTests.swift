import Foundation
import Testing
@testable import Graphviz

@Suite("Wide layouts turned")
struct WideLayoutTests {
    let renderer = GraphvizRenderer()
    let attribute = GraphvizRenderer.wideDirectionAttribute

    /// A chain of `count` boxes laid out left to right (a ribbon when long), with a legend-like cluster marked to
    /// be left out of a turned layout, and `extra` graph attributes.
    func chain(_ count: Int, extra: String = "") -> String {
        let nodes = (0..<count).map { "n\($0) [label=\"a scene with a long name \($0)\", id=\"n\($0)\"];" }.joined(separator: " ")
        let edges = (1..<count).map { "n\($0 - 1) -> n\($0);" }.joined(separator: " ")
        return """
            digraph { rankdir=LR; \(extra) node [shape=box];
              subgraph cluster_key { \(GraphvizRenderer.omittedWhenTurnedAttribute)="true"; id="key"; k1 -> k2 }
              \(nodes) \(edges) }
            """
    }

    func size(_ svg: [UInt8]) throws -> WideLayout.Size {
        let box = try #require(try SVGDocument.parse(svg).get().viewBoxSize)
        return WideLayout.Size(width: box.width, height: box.height)
    }

    @Test("a ribbon that names another direction is laid out in it, without the subgraphs marked to be left out")
    func ribbonIsTurned() throws {
        let plain = try size(renderer.render(dot: chain(12)))
        #expect(WideLayout.isWide(plain), "\(plain)")
        let turnedSVG = try renderer.render(dot: chain(12, extra: "\(attribute)=\"TB\";"))
        let turned = try size(turnedSVG)
        #expect(turned.height > turned.width, "\(turned)")
        #expect(turned.width <= WideLayout.narrowerShare * plain.width)
        let text = String(decoding: turnedSVG, as: UTF8.self)
        #expect(!text.contains("id=\"key\"") && text.contains("id=\"n11\""))
        // The same text gives the same bytes every time.
        let again = try renderer.render(dot: chain(12, extra: "\(attribute)=\"TB\";"))
        #expect(again.elementsEqual(turnedSVG), "the same bytes again")
    }

    @Test("a graph that is not wide, or asks for no turn, or is laid out by another engine, is drawn as it is")
    func othersUnchanged() throws {
        // Short: not wide; its bytes are those of the text without the attribute, legend included.
        let short = try renderer.render(dot: chain(3, extra: "\(attribute)=\"TB\";"))
        let shortPlain = try renderer.render(dot: chain(3))
        #expect(short.elementsEqual(shortPlain), "the bytes of the text without the attribute")
        #expect(String(decoding: short, as: UTF8.self).contains("id=\"key\""))
        // Wide without the attribute, or with a value that is no direction: left to right.
        let wide = try renderer.render(dot: chain(12))
        let sideways = try renderer.render(dot: chain(12, extra: "\(attribute)=\"sideways\";"))
        #expect(sideways.elementsEqual(wide), "no direction: drawn as it is")
        #expect(WideLayout.isWide(try size(wide)))
        // Another engine (named by the call or by the graph's `layout`) has no ranks to turn.
        let neato = try renderer.render(dot: chain(12, extra: "\(attribute)=\"TB\"; layout=neato;"))
        #expect(String(decoding: neato, as: UTF8.self).contains("id=\"key\""))
    }

    @Test("a ribbon whose other direction is about as wide is drawn as at first, with what was marked")
    func turnNotWorthItIsUndone() throws {
        // A chain of 30 (wide left to right) beside a fan of 30 (as wide top to bottom).
        let fan = (0..<30).map { "f\($0) [label=\"a fan child with a long name \($0)\"]; root -> f\($0);" }.joined(separator: " ")
        let dot = chain(30, extra: fan)
        let first = try renderer.render(dot: dot)
        #expect(WideLayout.isWide(try size(first)))
        let turned = try renderer.render(dot: dot.replacingOccurrences(of: "rankdir=LR;", with: "rankdir=TB;"))
        #expect(!WideLayout.prefers(try size(turned), over: try size(first)), "the fixture must not be worth turning")
        let asked = try renderer.render(dot: dot.replacingOccurrences(of: "rankdir=LR;", with: "rankdir=LR; \(attribute)=\"TB\";"))
        #expect(asked.elementsEqual(first), "drawn as without the attribute")
    }

    @Test("variants of a turned graph that differ in their links are drawn from the turned layout with their own links")
    func turnedVariants() throws {
        func linked(_ suffix: String) -> String {
            var dot = chain(12, extra: "\(attribute)=\"TB\";")
            for index in 0..<12 { dot = dot.replacingOccurrences(of: "id=\"n\(index)\"", with: "id=\"n\(index)\", URL=\"pages/n\(index).\(suffix)\"") }
            return dot
        }
        // DOT output: drawn from the first layout by copying the links onto it (not by replacing them in SVG text).
        let both = try renderer.render(variants: [(linked("md"), .dot), (linked("html"), .dot)])
        try #require(both.count == 2)
        let alone = try renderer.render(dot: linked("html"), format: .dot)
        #expect(both[1].elementsEqual(alone), "the second variant as rendered on its own")
        let text = String(decoding: both[1], as: UTF8.self)
        #expect(text.contains("pages/n3.html") && !text.contains(".md") && text.contains("rankdir=TB"))
    }

    @Test("Graphviz's warnings of a text laid out twice are reported once")
    func warningsOnce() throws {
        // An unknown arrow is reported at every layout (an unknown shape only the first time in a process).
        let plain = try renderer.renderWithReport(dot: chain(12).replacingOccurrences(of: "n0 -> n1;", with: "n0 -> n1 [arrowhead=nosucharrow];"))
        let turned = try renderer.renderWithReport(dot: chain(12, extra: "\(attribute)=\"TB\";").replacingOccurrences(of: "n0 -> n1;", with: "n0 -> n1 [arrowhead=nosucharrow];"))
        let count = { (rendering: Rendering) in rendering.warnings.joined(separator: "\n").components(separatedBy: "nosucharrow").count - 1 }
        #expect(count(plain) >= 1)
        #expect(count(turned) == count(plain))
    }

    @Test("the rule: wide past the readable width and twice as wide as tall; kept when a quarter narrower")
    func rule() {
        #expect(WideLayout.isWide(.init(width: 3_000, height: 700)))
        #expect(!WideLayout.isWide(.init(width: 1_000, height: 100)), "narrow enough to read")
        #expect(!WideLayout.isWide(.init(width: 3_000, height: 1_600)), "not a ribbon")
        #expect(WideLayout.prefers(.init(width: 2_250, height: 5_000), over: .init(width: 3_000, height: 700)))
        #expect(!WideLayout.prefers(.init(width: 2_300, height: 900), over: .init(width: 3_000, height: 700)))
        #expect(WideLayout.size(fromBoundingBox: "0,0,8781.2,754") == .init(width: 8781.2, height: 754))
        #expect(WideLayout.size(fromBoundingBox: "0 0 10 20") == .init(width: 10, height: 20))
        #expect(WideLayout.size(fromBoundingBox: "0,0,10") == nil)
        #expect(WideLayout.size(fromBoundingBox: "0,0,nan,1") == nil)
    }
}
