import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import Diagrams
import Graphviz
import ModelLoading
import SceneModel
import Simulator

/// Collects the `<g>` groups of an SVG with their class, and the text and y of their `<text>` elements.
private final class SVGGroups: NSObject, XMLParserDelegate {
    struct Group {
        var id: String
        var classes: [String]
        var texts: [String] = []
        var textY: [Double] = []
    }

    var groups: [Group] = []
    private var stack: [Int?] = []
    private var inText = false
    private var text = ""

    static func parse(_ bytes: [UInt8]) throws -> [Group] {
        let collector = SVGGroups()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "svg", code: 1) }
        return collector.groups
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "g" {
            groups.append(Group(id: attributes["id"] ?? "", classes: (attributes["class"] ?? "").split(separator: " ").map(String.init)))
            stack.append(groups.count - 1)
        } else if name == "text" {
            inText = true
            text = ""
            if let current = stack.last ?? nil, let y = attributes["y"].flatMap(Double.init) { groups[current].textY.append(y) }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { text += string } }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { _ = stack.popLast() }
        if name == "text" {
            inText = false
            if let current = stack.last ?? nil { groups[current].texts.append(text) }
        }
    }
}

final class SequenceSVGTests: XCTestCase {
    func testTheSVGHasALifelinePerInstanceAndAMessagePerEventInOrder() throws {
        let (model, trace) = try FlowDiagramGoldenTests.trace()
        let script = TraceDiagrams(model: model).sequenceScript(for: trace, launch: .full)
        let svg = try GraphvizRenderer().render(dot: SequenceDiagram().dot(for: script), engine: .nop2, format: .svg)
        let groups = try SVGGroups.parse(svg)

        let instances = Set(trace.steps.flatMap(\.events).map(\.receiver).filter { !$0.contains(".") })
        let lifelines = groups.filter { $0.classes.contains("lifeline") }
        XCTAssertEqual(lifelines.count, instances.count + 2, "one lifeline per instance, plus User and UIKit")

        let events = trace.steps.flatMap(\.events)
        // Graphviz writes edges in its own order: put the groups in event order by their `event-N` ids.
        let messages = groups.filter { $0.classes.contains("message") && !$0.classes.contains("user") }
            .sorted { (Int($0.id.dropFirst("event-".count)) ?? 0) < (Int($1.id.dropFirst("event-".count)) ?? 0) }
        XCTAssertEqual(messages.count, events.count, "one message group per event")
        XCTAssertTrue(messages.allSatisfy { $0.id.hasPrefix("event-") })
        // SVG y grows downwards: in trace order, every message is lower than the one before.
        let ys = messages.compactMap(\.textY.first)
        XCTAssertEqual(ys.count, messages.count)
        XCTAssertEqual(ys, ys.sorted(), "messages are drawn in trace order from top to bottom")
        XCTAssertEqual(Set(ys).count, ys.count, "one row per message")
        for (message, event) in zip(messages, events) {
            let label = message.texts.joined(separator: " ")
            XCTAssertTrue(label.contains(event.call == "perform()" ? "\(event.receiver).perform()" : event.call), "\(label) should name \(event.call)")
        }
        XCTAssertEqual(groups.filter { $0.classes.contains("warning") }.count, 1)
        XCTAssertEqual(groups.filter { $0.classes.contains("destroyed") }.count, events.filter { $0.call == "deinit" }.count)
    }

    func testEveryExampleFlowRendersBothDiagrams() throws {
        let model = try TraceDiagramsTests.example()
        let diagrams = TraceDiagrams(model: model)
        for trace in Simulator(model: model).runAll().flows {
            let sequence = try GraphvizRenderer().render(dot: SequenceDiagram().dot(for: diagrams.sequenceScript(for: trace, launch: .full)), engine: .nop2, format: .svg)
            let filmstrip = try GraphvizRenderer().render(dot: ChainFilmstrip().dot(for: diagrams.chainFrames(for: trace)), engine: .nop2, format: .svg)
            let sequenceGroups = try SVGGroups.parse(sequence)
            let frames = try SVGGroups.parse(filmstrip).filter { $0.classes.contains("frame") }
            XCTAssertEqual(sequenceGroups.filter { $0.classes.contains("message") && !$0.classes.contains("user") }.count,
                           trace.steps.reduce(0) { $0 + $1.events.count }, trace.flow)
            XCTAssertEqual(frames.count, diagrams.chainFrames(for: trace).count, trace.flow)
        }
    }
}
