import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel

final class PossibleChainsDiagramTests: XCTestCase {

    func testTheCameraChainOfTheExampleIsFound() throws {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        let chains = model.possibleModalChains().map { $0.scenes.joined(separator: " > ") }
        XCTAssertTrue(chains.contains("tabs > pickerLibraryNav > peoplePickerNav"), "\(chains)")
        XCTAssertTrue(chains.contains("tabs > peoplePickerNav"), "the people picker is also presented from the photo")
        XCTAssertTrue(chains.contains("tabs > editor"))
        XCTAssertFalse(chains.contains { $0.contains("about") }, "about is pushed, never presented by a segue")
        let dot = PossibleChainsDiagram().dot(for: model)
        XCTAssertTrue(dot.contains("label=\"fullScreen\\nfrom camera.openLibrary\""))
        if let path = ProcessInfo.processInfo.environment["SCENOGRAPH_DUMP_CHAINS"] {
            try dot.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    func testChainsDoNotRepeatAScene() throws {
        let text = """
            format: 1
            name: Loop
            initial: a
            scenes:
              a: {segues: {toB: {kind: present, to: b, trigger: x}}}
              b: {segues: {toA: {kind: present, to: a, trigger: y}, toC: {kind: popover, to: c, trigger: z, anchor: w}}}
              c: {}
            """
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "loop.yaml").model)
        XCTAssertEqual(model.possibleModalChains().map(\.scenes), [["a", "b", "c"]])
        XCTAssertEqual(model.possibleModalChains().first?.links.map(\.style), [.automatic, .popover])
    }

    /// A segue with a label (an imported segue's trigger, standing for its made-up identifier) is named by it, as in
    /// the segue graph; its identifier stays in the tooltip.
    func testALabelledSegueIsNamedByItsLabel() throws {
        let text = """
            format: 1
            name: L
            initial: a
            scenes:
              a: {segues: {present-b: {kind: present, to: b, trigger: x, label: Instagram Example cell selection}, toC: {kind: present, to: c, trigger: y}}}
              b: {}
              c: {}
            """
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "l.yaml").model)
        let dot = PossibleChainsDiagram().dot(for: model)
        XCTAssertTrue(dot.contains("label=\"automatic\\nfrom a:\\nInstagram Example cell\\nselection\""), dot)
        XCTAssertTrue(dot.contains("tooltip=\"a.present-b presents b (automatic)\""), dot)
        XCTAssertTrue(dot.contains("label=\"automatic\\nfrom a.toC\""), dot)
    }
}
