import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel
import Simulator

/// The DOT of known traces, compared byte for byte. Regenerate with SCENOGRAPH_UPDATE_GOLDEN=1 and review the diff.
final class FlowDiagramGoldenTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let model = """
        format: 1
        name: PushAndPresent
        initial: nav
        scenes:
          nav: {kind: navigation, root: list}
          list:
            class: ListViewController
            unwindActions: [unwindToList]
            segues:
              open: {kind: show, to: detail, trigger: cell selection}
          detail:
            class: DetailViewController
            segues:
              edit: {kind: present, to: editor, trigger: Edit button, modalPresentationStyle: fullScreen}
          editor:
            class: EditorViewController
            segues:
              done: {kind: unwind, action: unwindToList, trigger: Done button}
        flows:
          open-edit-unwind:
            steps:
              - tap: list.open
              - tap: detail.edit
              - note: The editor covers the whole screen.
              - present: detail
                from: list
              - tap: editor.done
              - expect: {visible: list, chain: [nav]}
        """

    static func trace() throws -> (SceneModel, FlowTrace) {
        let model = try XCTUnwrap(ModelLoader().load(text: Self.model, path: "golden.yaml").model)
        let trace = try XCTUnwrap(Simulator(model: model).run(flowID: "open-edit-unwind"))
        return (model, trace)
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SCENOGRAPH_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(name) differs from its golden file", file: file, line: line)
    }

    func testSequenceDOTOfAKnownTrace() throws {
        let (model, trace) = try Self.trace()
        XCTAssertEqual(trace.result, .passed)
        let script = TraceDiagrams(model: model).sequenceScript(for: trace, launch: .full)
        // User, UIKit, then nav, list, detail, editor, detail#2 in order of appearance.
        XCTAssertEqual(script.participants.map(\.id), ["User", "UIKit", "nav", "list", "detail", "editor", "detail#2"])
        try assertGolden(SequenceDiagram().dot(for: script), "open-edit-unwind-sequence.dot")
    }

    func testChainFilmstripDOTOfAKnownTrace() throws {
        let (model, trace) = try Self.trace()
        let frames = TraceDiagrams(model: model).chainFrames(for: trace)
        // launch, two taps, the rejected present and the unwind; the note and the expectation change nothing.
        XCTAssertEqual(frames.map(\.title), ["0. launch", "1. tap: list.open", "2. tap: detail.edit", "4. present: detail (from: list)", "5. tap: editor.done"])
        XCTAssertEqual(frames[2].layers.count, 2)
        XCTAssertEqual(frames[2].layers[1].link, "fullScreen · coverVertical, from detail")
        try assertGolden(ChainFilmstrip().dot(for: frames), "open-edit-unwind-chains.dot")
    }

    func testSequenceScriptCarriesEveryEventInOrder() throws {
        let (model, trace) = try Self.trace()
        let script = TraceDiagrams(model: model).sequenceScript(for: trace, launch: .full)
        let messages = script.items.compactMap { item -> String? in
            guard case .message(_, let to, let label, let style) = item, style != .user else { return nil }
            return "\(to): \(label)"
        }
        let events = trace.steps.flatMap(\.events)
        XCTAssertEqual(messages.count, events.count, "one message per event")
        for (message, event) in zip(messages, events) {
            XCTAssertTrue(message.hasPrefix(event.receiver == "detail.edit" ? "detail" : event.receiver), "\(message) vs \(event.text)")
            XCTAssertTrue(message.contains(event.call), "\(message) vs \(event.text)")
        }
        let warnings = script.items.filter { if case .warning = $0 { true } else { false } }
        XCTAssertEqual(warnings.count, 1, "the rejected present is drawn as a warning")
        let notes = script.items.filter { if case .note = $0 { true } else { false } }
        XCTAssertEqual(notes.count, 1)
    }
}
