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

    /// Twenty tabs, the first selected: the eighteen between the second and the last are one stand-in, drawn
    /// dashed without a link; a run of five off-screen tabs is drawn whole.
    func testLongRunsOfOffScreenSiblingsShareOneStandIn() throws {
        typealias Box = ChainFrame.Box
        func tabs(_ count: Int) -> Box {
            Box(instance: "tabs", className: "UITabBarController", isContainer: true, isVisible: true, children:
                [Box(instance: "tab0", className: "HomeViewController", caption: "selected", isVisible: true)]
                + (1..<count).map { Box(instance: "tab\($0)", className: "", caption: "holds 1") })
        }
        let short = ChainFrame.shortenedRuns(tabs(6).children)
        XCTAssertEqual(short.map(\.instance), ["tab0", "tab1", "tab2", "tab3", "tab4", "tab5"])
        let long = ChainFrame.shortenedRuns(tabs(20).children)
        XCTAssertEqual(long.map(\.instance), ["tab0", "tab1", "… 17 more", "tab19"])
        XCTAssertEqual(long[2].standsFor, (2...18).map { "tab\($0)" })
        XCTAssertEqual(long[2].className, "tab2 – tab18")
        // Runs on both sides of a visible child are shortened each on its own.
        var children = tabs(20).children
        children.swapAt(0, 10)
        XCTAssertEqual(ChainFrame.shortenedRuns(children).map(\.instance),
                       ["tab10", "… 8 more", "tab9", "tab0", "tab11", "… 7 more", "tab19"])

        var whole = tabs(20)
        whole.children = long
        let dot = ChainFilmstrip(links: DocumentLinks(prefix: "../", fileExtension: "md")).dot(for: [ChainFrame(title: "0. launch", layers: [.init(root: whole)])])
        let standIn = try XCTUnwrap(dot.split(separator: "\n").first { $0.contains("class=\"omitted\"") })
        XCTAssertTrue(standIn.contains("style=\"rounded,dashed\""), String(standIn))
        XCTAssertTrue(standIn.contains("label=\"… 17 more\\ntab2 – tab18\""), String(standIn))
        XCTAssertTrue(standIn.contains("tooltip=\"17 off screen: tab2, tab3, tab4, tab5, tab6, tab7, tab8, tab9, tab10, tab11, tab12, tab13, …\""), String(standIn))
        XCTAssertFalse(standIn.contains("URL="), "a stand-in links nowhere: \(standIn)")
        XCTAssertEqual(dot.components(separatedBy: "URL=").count - 1, 4, "tabs, tab0, tab1 and tab19 link to their scenes")
    }
}
