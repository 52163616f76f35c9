import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel
import Simulator

final class TraceDiagramsTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func example() throws -> SceneModel {
        try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
    }

    /// The visible set of a state: each layer's visible subtree, minus what full-screen and current-context presentations hide.
    func testVisibleSetFollowsCoveringPresentations() throws {
        let model = try Self.example()
        let simulator = Simulator(model: model)
        let quickLook = try XCTUnwrap(simulator.run(flowID: "quick-look-in-context"))
        let covered = TraceDiagrams.visibleSet(of: quickLook.steps[1].state)
        XCTAssertTrue(covered.isSuperset(of: ["tabs", "libraryNav", "quickLook"]), "\(covered.sorted())")
        XCTAssertFalse(covered.contains("library"), "currentContext hides its context's subtree")
        XCTAssertFalse(covered.contains("cameraNav"), "unselected tabs are not visible")
        let camera = try XCTUnwrap(simulator.run(flowID: "tag-people-from-camera"))
        let chained = TraceDiagrams.visibleSet(of: camera.steps[4].state)
        XCTAssertEqual(chained, ["pickerLibraryNav", "pickerAlbums", "peoplePickerNav", "peoplePicker"], "fullScreen hides the tab bar; the sheet above hides nothing")
    }
}
