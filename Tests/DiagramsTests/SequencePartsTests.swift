import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel
import Simulator

/// A flow's sequence cut into parts that fit a page: one per step, only its participants, the launch summarised.
final class SequencePartsTests: XCTestCase {

    static func load(_ path: String) throws -> SceneModel {
        try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent(path).path).model)
    }

    static let models = ["Examples/Photos.yaml", "Tests/ScenographCLITests/Fixtures/Trips.yaml"]

    func messages(_ script: SequenceScript) -> [String] {
        script.items.compactMap { item in
            guard case .message(let from, let to, let label, _) = item else { return nil }
            return "\(from)→\(to): \(label)"
        }
    }

    /// Every part of every flow of both models is at most the maximum width, and lists exactly the participants its
    /// messages use.
    func testEveryPartFitsAndHasOnlyItsParticipants() throws {
        for path in Self.models {
            let model = try Self.load(path)
            let diagrams = TraceDiagrams(model: model)
            for trace in Simulator(model: model).runAll().flows {
                let parts = diagrams.sequenceParts(for: trace, style: .part)
                XCTAssertFalse(parts.isEmpty, trace.flow)
                for part in parts {
                    let width = SequenceLayout(script: part.script, style: .part).width
                    XCTAssertLessThanOrEqual(width, SequencePart.maximumWidth, "\(trace.flow) step \(part.step) part \(part.part)")
                    var used: Set<String> = []
                    for item in part.script.items {
                        if case .message(let from, let to, _, _) = item { used.insert(from); used.insert(to) }
                    }
                    XCTAssertEqual(Set(part.script.participants.map(\.id)), used, "\(trace.flow) step \(part.step)")
                }
            }
        }
    }

    /// Where a step is cut does not depend on how widths are worked out: the parts of every step of both models, at
    /// widths from narrow (a cut at nearly every message) to the maximum, are those of laying out every candidate
    /// part in full and cutting before the first message that makes it too wide.
    func testCutsAreThoseOfLayingOutEveryCandidate() throws {
        var cuts = 0
        for path in Self.models {
            let model = try Self.load(path)
            let diagrams = TraceDiagrams(model: model)
            for trace in Simulator(model: model).runAll().flows {
                for launch in [LaunchDetail.summary, .full] {
                    let (segments, participants) = diagrams.sequenceSegments(for: trace, launch: launch)
                    for maxWidth in [150.0, 300, 450, 600, 800, 1_000, SequencePart.maximumWidth] {
                        for style in [SequenceDiagram.Style.part, .init()] {
                            for segment in segments {
                                let chunks = TraceDiagrams.chunks(of: segment, participants: participants, maxWidth: maxWidth, style: style)
                                let slow = TraceDiagrams.chunks(of: segment, participants: participants, maxWidth: maxWidth, style: style,
                                                                layingOutEveryCandidate: true)
                                XCTAssertEqual(chunks, slow, "\(trace.flow) step \(segment.step) at \(maxWidth)")
                                cuts += max(0, chunks.count - 1)
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(cuts, 100, "the widths tried cut steps")
    }

    /// At full detail the parts, one after another, carry every message of the whole-flow diagram in order.
    func testPartsTogetherCarryTheWholeFlow() throws {
        let model = try Self.load("Examples/Photos.yaml")
        let diagrams = TraceDiagrams(model: model)
        for trace in Simulator(model: model).runAll().flows {
            let whole = messages(diagrams.sequenceScript(for: trace, launch: .full))
            let parts = diagrams.sequenceParts(for: trace, launch: .full).flatMap { messages($0.script) }
            XCTAssertEqual(parts, whole, trace.flow)
        }
    }

    /// The launch is summarised: the containers off screen are notes, not lifelines; each on-screen instance gets
    /// one row of appearance callbacks; the full launch has one message per event.
    func testTheLaunchIsSummarisedUnlessFull() throws {
        let model = try Self.load("Examples/Photos.yaml")
        let trace = try XCTUnwrap(Simulator(model: model).run(flowID: "share-a-photo"))
        let diagrams = TraceDiagrams(model: model)
        let launch = try XCTUnwrap(diagrams.sequenceParts(for: trace).first)
        XCTAssertEqual(launch.step, 0)
        let lanes = launch.script.participants.map(\.id)
        XCTAssertEqual(lanes, ["UIKit", "tabs", "libraryNav", "library", "filterBar"])
        let notes = launch.script.items.compactMap { item -> String? in if case .note(let text) = item { return text } else { return nil } }
        XCTAssertTrue(notes.contains { $0.hasPrefix("cameraNav (UINavigationController) is created with camera") }, "\(notes)")
        XCTAssertTrue(messages(launch.script).contains("UIKit→filterBar: viewDidLoad() · viewWillAppear(_:) · viewDidAppear(_:)"),
                      "\(messages(launch.script))")
        let full = try XCTUnwrap(diagrams.sequenceParts(for: trace, launch: .full, maxWidth: .infinity).first)
        XCTAssertEqual(messages(full.script).count, trace.steps[0].events.count)
        XCTAssertLessThan(messages(launch.script).count, trace.steps[0].events.count / 3)
    }

    /// A step whose participants do not fit is cut into parts, numbered in their step bands.
    func testAStepTooWideIsCutIntoNumberedParts() throws {
        let model = try Self.load("Examples/Photos.yaml")
        let trace = try XCTUnwrap(Simulator(model: model).run(flowID: "whats-new-pages"))
        let parts = TraceDiagrams(model: model).sequenceParts(for: trace, maxWidth: 500).filter { $0.step == 3 }
        XCTAssertGreaterThan(parts.count, 2)
        for part in parts {
            XCTAssertEqual(part.of, parts.count)
            guard case .step(_, let text)? = part.script.items.first else { return XCTFail("a part starts with its step band") }
            XCTAssertTrue(text.hasSuffix("(part \(part.part) of \(parts.count))"), text)
            // A part holds at least one message; only a single message may be wider than the limit.
            let count = messages(part.script).count
            XCTAssertGreaterThan(count, 0)
            if count > 1 { XCTAssertLessThanOrEqual(SequenceLayout(script: part.script, style: .init()).width, 500) }
        }
    }

    /// Parts are catalogue entries named after their flow and step, with titles and descriptions naming the step.
    func testPartsAreCatalogueEntries() throws {
        let model = try Self.load("Examples/Photos.yaml")
        let traces = Simulator(model: model).runAll().flows
        let catalogue = DiagramCatalogue(model: model, traces: traces)
        let entry = try XCTUnwrap(catalogue.entry(.sequencePart(flow: "share-a-photo", step: 1, part: 1)))
        // Next to the flow's page, so that links inside the inlined SVG work from the page too.
        XCTAssertEqual(entry.name, "flows/share-a-photo-step-1")
        XCTAssertEqual(entry.rootPrefix, "../")
        XCTAssertTrue(entry.description.contains("step 1 (tap: library.showPhoto)"), entry.description)
        XCTAssertTrue(entry.dot(pageExtension: "md").contains("URL=\"../scenes/photo.md\""))
        // Parts end with their lifelines: no header is repeated at the bottom.
        XCTAssertFalse(entry.dot(pageExtension: nil).contains("participant-end"))
    }
}

/// The chain pictures: frames wrap into rows, long chains keep their ends around a stand-in.
final class FilmstripBoundsTests: XCTestCase {
    func testALongChainIsSummarised() throws {
        let text = """
            format: 1
            name: Loop
            initial: a
            scenes:
              a: {segues: {next: {kind: present, to: b, trigger: Next, modalPresentationStyle: pageSheet}}}
              b: {segues: {next: {kind: present, to: b, trigger: Next, modalPresentationStyle: pageSheet}}}
            flows:
              f:
                steps:
            """ + "\n      - tap: a.next" + String(repeating: "\n      - tap: b.next", count: 19) + "\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Loop.yaml").model)
        let trace = try XCTUnwrap(Simulator(model: model).run(flowID: "f"))
        XCTAssertEqual(trace.steps.last?.state.chain.count, 21)
        let frames = TraceDiagrams(model: model).chainFrames(for: trace)
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.layers.count, ChainFrame.maximumLayers)
        XCTAssertEqual(last.layers[2].omitted, 16)
        XCTAssertEqual(last.layers.last?.root.instance, "b#20")
        let dot = ChainFilmstrip().dot(for: frames)
        XCTAssertTrue(dot.contains("… 16 more presented view controllers"))
        // Frames wrap: the picture is no wider than the maximum, however many frames.
        let width = try XCTUnwrap(dot.components(separatedBy: "corner1 [").last?.components(separatedBy: "pos=\"").dropFirst().first?
            .split(separator: ",").first.flatMap { Double($0) })
        XCTAssertLessThanOrEqual(width, SequencePart.maximumWidth)
    }

    /// A flow too long for one diagram keeps its parts but not its whole-flow sequence.
    func testAVeryLongFlowHasNoWholeSequence() throws {
        let text = """
            format: 1
            name: Cycle
            initial: a
            scenes:
              a: {segues: {next: {kind: present, to: b, trigger: Next, modalPresentationStyle: fullScreen}}}
              b: {segues: {next: {kind: present, to: a, trigger: Next, modalPresentationStyle: fullScreen}}}
            flows:
              f:
                steps:
            """ + (0..<SequencePart.wholeFlowLimit).map { "\n      - tap: \($0 % 2 == 0 ? "a" : "b").next" }.joined() + "\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Cycle.yaml").model)
        let traces = Simulator(model: model).runAll().flows
        let catalogue = DiagramCatalogue(model: model, traces: traces)
        XCTAssertNil(catalogue.entry(.sequence(flow: "f")))
        XCTAssertNotNil(catalogue.entry(.sequencePart(flow: "f", step: SequencePart.wholeFlowLimit, part: 1)))
        XCTAssertNotNil(catalogue.entry(.filmstrip(flow: "f")))
    }
}
