import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel
import Simulator

final class TraceDiagramsTests: XCTestCase {

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

    /// A context presentation leaves the visible set with its context's tab and comes back with it.
    func testVisibleSetDropsAContextPresentationWhoseTabIsHidden() throws {
        let text = """
            format: 1
            name: Tabs
            initial: tabs
            scenes:
              tabs: {kind: tabBar, tabs: [nav1, nav2]}
              nav1: {kind: navigation, root: a}
              nav2: {kind: navigation, root: x}
              a: {segues: {over: {kind: present, to: d, trigger: Over, modalPresentationStyle: overCurrentContext}}}
              x: {}
              d: {}
            flows:
              f:
                steps:
                  - tap: a.over
                  - selectTab: nav2
                  - selectTab: nav1
            """
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Tabs.yaml").model)
        let flow = try XCTUnwrap(Simulator(model: model).run(flowID: "f"))
        XCTAssertEqual(TraceDiagrams.visibleSet(of: flow.steps[1].state), ["tabs", "nav1", "a", "d"])
        XCTAssertEqual(TraceDiagrams.visibleSet(of: flow.steps[2].state), ["tabs", "nav2", "x"])
        XCTAssertEqual(TraceDiagrams.visibleSet(of: flow.steps[3].state), ["tabs", "nav1", "a", "d"])
    }
}
