import XCTest
@testable import Diagrams
import SceneModel
import ScenographTestSupport

/// Every colour the style table uses for text reads on white at WCAG 2.1 AA (4.5:1).
final class DiagramStyleTests: XCTestCase {
    /// Every text colour of the table, named by where it is used.
    static var textColours: [(String, String)] {
        var colours: [(String, String)] = [
            ("text", DiagramStyle.textColor), ("secondary text", DiagramStyle.secondaryTextColor),
            ("destroyed mark", DiagramStyle.destroyedMark), ("presentation label", DiagramStyle.presentation.labelColor),
            ("relationship label", DiagramStyle.relationship.labelColor), ("initial arrow label", DiagramStyle.initial.labelColor),
        ]
        for kind in SegueKind.allCases { colours.append(("segue \(kind.rawValue) label", DiagramStyle.segue(kind).labelColor)) }
        for row in DiagramStyle.legendRows { colours.append(("legend \(row.kind)", row.style.labelColor)) }
        for style in [SequenceScript.MessageStyle.callback, .api, .user, .create, .destroy] {
            colours.append(("message \(style.rawValue)", DiagramStyle.message(style)))
        }
        return colours
    }

    func testEveryTextColourHasAContrastOfAtLeast4Point5OnWhite() throws {
        for (use, colour) in Self.textColours {
            let ratio = try XCTUnwrap(Contrast.ratio(colour, on: DiagramStyle.background), "\(use): \(colour) is not #RRGGBB")
            XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(use) \(colour) is \(String(format: "%.2f", ratio)):1 on white")
        }
    }

    /// The checker itself: known ratios (WebAIM's), so that a wrong formula cannot pass everything.
    func testContrastOfKnownPairs() throws {
        XCTAssertEqual(try XCTUnwrap(Contrast.ratio("#000000")), 21, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(Contrast.ratio("#9CA3AF")), 2.54, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(Contrast.ratio("#EA580C")), 3.56, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(Contrast.ratio("#0D9488")), 3.74, accuracy: 0.01)
    }
}
