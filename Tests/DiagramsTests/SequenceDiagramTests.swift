import Foundation
import XCTest
@testable import Diagrams

final class SequenceDiagramTests: XCTestCase {
    /// A message's label ends before the lifeline it points at, whichever way it goes, however narrow the headers:
    /// the gap beside the target widens, and gaps fitted for earlier messages stay wide enough.
    func testMessageLabelsEndBeforeTheirTargetsLifeline() {
        var script = SequenceScript(title: "labels")
        script.participants = [
            .init(id: "UIKit", title: "UIKit", role: .uikit),
            .init(id: "A", title: "A", role: .content),
            .init(id: "B", title: "B", role: .content),
        ]
        let long = "prepare(for:sender:) MainViewController.showDetailOfTheSelectedItem → DetailViewController"
        script.items = [.step(index: 0, text: "launch"),
                        .message(from: "UIKit", to: "A", label: long, style: .callback),
                        .message(from: "B", to: "A", label: long + " again", style: .callback),
                        .message(from: "UIKit", to: "B", label: "init(coder:)", style: .create)]
        let layout = SequenceLayout(script: script, style: SequenceDiagram.Style())
        let width = TextMetrics.width(long, fontSize: SequenceDiagram.Style().fontSize)
        XCTAssertGreaterThanOrEqual(layout.columns[1] - layout.columns[0], width + 24, "rightwards, into A")
        XCTAssertGreaterThanOrEqual(layout.columns[2] - layout.columns[1], TextMetrics.width(long + " again", fontSize: SequenceDiagram.Style().fontSize) + 24, "leftwards, from B into A")
        // Unfitted, the headers alone would have put the lanes closer than the label is long.
        let lanes = SequenceLayout.Lanes(script.participants, style: SequenceDiagram.Style())
        XCTAssertLessThan(lanes.columns[1] - lanes.columns[0], width)
    }

    /// Reference scenario 1 (push by a show segue), then `back`, with a note and a UIKit warning.
    static func scenarioScript() -> SequenceScript {
        var script = SequenceScript(title: "push-and-back")
        script.participants = [
            .init(id: "User", title: "User", role: .user),
            .init(id: "UIKit", title: "UIKit", role: .uikit),
            .init(id: "Nav", title: "Nav", subtitle: "UINavigationController", role: .container),
            .init(id: "A", title: "A", subtitle: "ListViewController", detail: "in Nav", role: .content),
            .init(id: "B", title: "B", subtitle: "DetailViewController", detail: "in Nav", role: .content),
        ]
        let callbacks: [(String, String)] = [
            ("A", "shouldPerformSegue(withIdentifier:sender:) A.toB → true"),
        ]
        script.items = [.step(index: 0, text: "launch")]
        script.items += [("Nav", "init(coder:)"), ("A", "init(coder:)"), ("A", "awakeFromNib()"), ("A", "willMove(toParent:) Nav"),
                         ("A", "didMove(toParent:) Nav"), ("Nav", "awakeFromNib()"), ("Nav", "viewDidLoad()"), ("Nav", "viewWillAppear(_:)"),
                         ("A", "viewDidLoad()"), ("A", "viewWillAppear(_:)"), ("Nav", "viewDidAppear(_:)"), ("A", "viewDidAppear(_:)")]
            .map { .message(from: "UIKit", to: $0.0, label: $0.1, style: $0.1 == "init(coder:)" ? .create : .callback) }
        script.items.append(.step(index: 1, text: "tap: A.toB"))
        let tapStart = script.items.count
        script.items.append(.message(from: "User", to: "A", label: "tap Next button", style: .user))
        script.items += callbacks.map { .message(from: "UIKit", to: $0.0, label: $0.1, style: .callback) }
        script.items += [("B", "init(coder:)"), ("B", "awakeFromNib()"), ("A", "prepare(for:sender:) A.toB → B"), ("B", "willMove(toParent:) Nav"),
                         ("B", "viewDidLoad()"), ("A", "viewWillDisappear(_:)"), ("B", "viewWillAppear(_:)"), ("A", "viewDidDisappear(_:)"),
                         ("B", "viewDidAppear(_:)"), ("B", "didMove(toParent:) Nav")]
            .map { .message(from: "UIKit", to: $0.0, label: $0.1, style: $0.1 == "init(coder:)" ? .create : .callback) }
        script.items.append(.activation(participant: "A", from: tapStart, to: script.items.count - 1))
        script.items.append(.step(index: 2, text: "note: the user reads the detail"))
        script.items.append(.note("The user reads the detail, then goes back with the navigation bar's back button."))
        script.items.append(.step(index: 3, text: "present: C (from: A)"))
        script.items.append(.warning("Attempt to present <C> on <Nav> (from <A>) which is already presenting <D>."))
        script.items.append(.step(index: 4, text: "back"))
        script.items += [("B", "willMove(toParent:) nil"), ("B", "viewWillDisappear(_:)"), ("A", "viewWillAppear(_:)"), ("B", "viewDidDisappear(_:)"),
                         ("A", "viewDidAppear(_:)"), ("B", "didMove(toParent:) nil")]
            .map { .message(from: "UIKit", to: $0.0, label: $0.1, style: .callback) }
        script.items.append(.message(from: "UIKit", to: "B", label: "deinit", style: .destroy))
        return script
    }

    /// The layout of a hand-written script; set SCENOGRAPH_DUMP=FILE to write its DOT for viewing.
    func testScenarioLayout() throws {
        let script = Self.scenarioScript()
        let dot = SequenceDiagram().dot(for: script)
        let messages = script.items.filter { if case .message = $0 { true } else { false } }.count
        XCTAssertEqual(dot.components(separatedBy: "class=\"message ").count - 1, messages)
        XCTAssertEqual(dot.components(separatedBy: "class=\"lifeline\"").count - 1, script.participants.count)
        XCTAssertEqual(dot.components(separatedBy: "class=\"step\"").count - 1, 5)
        XCTAssertEqual(dot.components(separatedBy: "class=\"activation\"").count - 1, 1)
        XCTAssertEqual(dot.components(separatedBy: "class=\"destroyed\"").count - 1, 1, "B ends with a cross")
        XCTAssertEqual(dot.components(separatedBy: "class=\"participant-end ").count - 1, 4, "headers repeated at the bottom for the four alive")
        XCTAssertTrue(dot.contains("class=\"warning\""))
        XCTAssertTrue(dot.contains("class=\"note\""))
        // Every node is pinned, so nop2 keeps lifelines in columns and messages in rows.
        for line in dot.split(separator: "\n") where line.contains("shape=") {
            XCTAssertTrue(line.contains("!\""), "unpinned node: \(line)")
        }
        XCTAssertEqual(dot, SequenceDiagram().dot(for: script), "deterministic")
        if let path = ProcessInfo.processInfo.environment["SCENOGRAPH_DUMP"] {
            try dot.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
