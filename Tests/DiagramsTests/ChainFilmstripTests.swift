import Foundation
import XCTest
@testable import Diagrams

final class ChainFilmstripTests: XCTestCase {
    static func frames() -> [ChainFrame] {
        typealias Box = ChainFrame.Box
        func tabs(visibleCamera: Bool) -> Box {
            Box(instance: "tabs", className: "UITabBarController", isContainer: true, isVisible: visibleCamera, children: [
                Box(instance: "libraryNav", className: "UINavigationController", isContainer: true, children: [
                    Box(instance: "library", className: "PhotoLibraryViewController", caption: "top"),
                ]),
                Box(instance: "cameraNav", className: "UINavigationController", isContainer: true, caption: "selected", isVisible: visibleCamera, children: [
                    Box(instance: "camera", className: "CameraViewController", caption: "top", isVisible: visibleCamera),
                ]),
            ])
        }
        let picker = Box(instance: "pickerLibraryNav", className: "UINavigationController", isContainer: true, isVisible: true, children: [
            Box(instance: "pickerAlbums", className: "AlbumPickerViewController", caption: "top", isVisible: true),
        ])
        let people = Box(instance: "peoplePickerNav", className: "UINavigationController", isContainer: true, isVisible: true, children: [
            Box(instance: "peoplePicker", className: "PeoplePickerViewController", caption: "top", isVisible: true),
        ])
        return [
            ChainFrame(title: "1. selectTab: cameraNav", layers: [.init(root: tabs(visibleCamera: true))]),
            ChainFrame(title: "2. tap: camera.openLibrary", layers: [
                .init(root: tabs(visibleCamera: false)),
                .init(root: picker, presenter: "tabs", link: "fullScreen · coverVertical, from camera"),
            ]),
            ChainFrame(title: "3. tap: pickerAlbums.tagPeople", layers: [
                .init(root: tabs(visibleCamera: false)),
                .init(root: picker, presenter: "tabs", link: "fullScreen · coverVertical, from camera"),
                .init(root: people, presenter: "pickerLibraryNav", link: "pageSheet · coverVertical, from pickerAlbums"),
            ]),
        ]
    }

    func testEveryInstanceOfEveryFrameIsANode() throws {
        let dot = ChainFilmstrip().dot(for: Self.frames())
        XCTAssertEqual(dot.components(separatedBy: "class=\"frame\"").count - 1, 3)
        XCTAssertEqual(dot.components(separatedBy: "class=\"presentation\"").count - 1, 3)
        // 5 boxes in frame 1, 7 in frame 2, 9 in frame 3.
        XCTAssertEqual(dot.components(separatedBy: "class=\"instance").count - 1, 21)
        XCTAssertTrue(dot.contains("label=\"pageSheet · coverVertical, from pickerAlbums\""))
        XCTAssertEqual(dot, ChainFilmstrip().dot(for: Self.frames()), "deterministic")
        // Set SCENOGRAPH_DUMP=FILE to write the DOT for viewing.
        if let path = ProcessInfo.processInfo.environment["SCENOGRAPH_DUMP"] {
            try dot.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
