import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing
@testable import Diagrams

/// Each diagram is built once and written for both flavours of the docs, its links carried over: the texts must be
/// those of building it once per flavour.
@Suite("DOT for both flavours from one graph")
struct RelinkedDOTTests {
    @Test("a link is relinked on its bytes as on its characters: extensions swapped before the first #, anchors kept")
    func relinkOnBytes() {
        // `relink` as it works on characters, for every link.
        func reference(_ link: String, from mine: DocumentLinks, to other: DocumentLinks) -> String {
            let anchorStart = link.firstIndex(of: "#") ?? link.endIndex
            let path = link[..<anchorStart], anchor = link[anchorStart...]
            for (from, to) in [(mine.fileExtension, other.fileExtension), (mine.imageExtension, other.imageExtension)]
            where path.hasSuffix("." + DocumentLinks.encoded(from)) {
                return path.dropLast(DocumentLinks.encoded(from).utf8.count) + DocumentLinks.encoded(to) + anchor
            }
            return link
        }
        let markdown = DocumentLinks(prefix: "../", fileExtension: "md", imageExtension: "svg")
        let pairs = [(markdown, DocumentLinks(prefix: "../")), (DocumentLinks(), markdown),
                     (DocumentLinks(fileExtension: "md", imageExtension: "png"), DocumentLinks(fileExtension: "html", imageExtension: "svg")),
                     (DocumentLinks(fileExtension: "", imageExtension: "svg"), DocumentLinks())]
        let links = ["../scenes/a.md", "../scenes/a.md#segue-go", "../scenes/a.md#segue-é#x", "segues/nav3.svg", "flows/f.md#step-2",
                     "scenes/a.html", "scenes/a.htmlx", "md", ".md", "#segue-a.md", "scenes/a.", "scenes/%C3%A9.md#segue-\u{301}",
                     "scenes/a.md\r\n#x", "x.png", "", "scenes/a.md#", "a.svg#b.md"]
        for (mine, other) in pairs {
            for link in links {
                #expect(mine.relink(link, to: other) == reference(link, from: mine, to: other), "\(link.debugDescription)")
            }
        }
    }

    @Test("every diagram of the example and the Trips fixture, with SVG and PNG images, whole and in parts",
          arguments: ["Examples/Photos.yaml", "Tests/ScenographCLITests/Fixtures/Trips.yaml"])
    func everyDiagram(path: String) throws {
        let model = try TestFiles.model(at: packageRoot.appendingPathComponent(path).path)
        let traces = Simulator(model: model).runAll().flows
        var compared = 0, linked = 0
        for (format, limit) in [("svg", SegueGraphPartition.sceneLimit), ("png", 10)] {
            let catalogue = DiagramCatalogue(model: model, traces: traces, imageFormat: format, segueGraphSceneLimit: limit)
            for entry in catalogue.entries {
                let separate = [entry.dot(pageExtension: "md"), entry.dot(pageExtension: "html")]
                #expect(entry.dots(pageExtensions: ["md", "html"]) == separate, "\(entry.name) (\(format))")
                #expect(entry.dots(pageExtensions: ["html", "md"]) == separate.reversed(), "\(entry.name) (\(format))")
                compared += 1
                if separate[0] != separate[1] { linked += 1 }
            }
        }
        // The comparison covers diagrams whose flavours differ, and the overview's links to its parts' images.
        #expect(compared > 20)
        #expect(linked > 10)
    }

    @Test("laying out the flows' sequence parts on several threads gives the same entries, in the same order",
          arguments: ["Examples/Photos.yaml", "Tests/ScenographCLITests/Fixtures/Trips.yaml"])
    func threadsLeaveTheCatalogueAlone(path: String) throws {
        let model = try TestFiles.model(at: packageRoot.appendingPathComponent(path).path)
        let traces = Simulator(model: model).runAll().flows
        let one = DiagramCatalogue(model: model, traces: traces)
        let four = DiagramCatalogue(model: model, traces: traces, threads: 4)
        #expect(one.entries.map(\.name) == four.entries.map(\.name))
        #expect(one.entries.map(\.description) == four.entries.map(\.description))
        #expect(zip(one.entries, four.entries).allSatisfy { $0.dot(pageExtension: "md") == $1.dot(pageExtension: "md") })
        // The comparison covers flows cut into parts.
        #expect(one.entries.filter { if case .sequencePart = $0.subject { true } else { false } }.count > 10)
    }

    @Test("sequence parts with the same script are built once, and each gets the DOT building it would give")
    func sharedParts() throws {
        let model = try TestFiles.model(at: packageRoot.appendingPathComponent("Examples/Photos.yaml").path)
        let traces = Simulator(model: model).runAll().flows
        let catalogue = DiagramCatalogue(model: model, traces: traces)
        let sharing = catalogue.entries.filter(\.sharesItsBuild)
        // Every flow's launch step is the same part.
        #expect(sharing.count >= model.flows.count)
        for entry in sharing {
            let separate = [entry.dot(pageExtension: "md"), entry.dot(pageExtension: "html")]
            // Asked in both orders and for one flavour: what is kept is per list of flavours.
            #expect(entry.dots(pageExtensions: ["md", "html"]) == separate, "\(entry.name)")
            #expect(entry.dots(pageExtensions: ["html", "md"]) == separate.reversed(), "\(entry.name)")
            #expect(entry.dots(pageExtensions: ["html"]) == [separate[1]], "\(entry.name)")
        }
        // Parts that differ do not share.
        let unique = catalogue.entries.filter { entry in
            if case .sequencePart = entry.subject { !entry.sharesItsBuild } else { false }
        }
        #expect(unique.count > 10)
        #expect(Set(unique.map { $0.dot(pageExtension: "md") }).count == unique.count)
    }

    @Test("a link keeps its prefix, anchor and odd characters; only the extension changes")
    func relink() {
        let markdown = DocumentLinks(prefix: "../", fileExtension: "md", imageExtension: "png")
        let html = DocumentLinks(prefix: "../", fileExtension: "html", imageExtension: "svg")
        let scene = Segue(id: "to.md", source: "notes.md", kind: .show, destination: "b")
        for link in [markdown.scene("notes.md"), markdown.scene("ünïcode & co"), markdown.flow("walk.png"),
                     markdown.segue(scene), markdown.diagram("segues/tab.md")] {
            let expected = [html.scene("notes.md"), html.scene("ünïcode & co"), html.flow("walk.png"),
                            html.segue(scene), html.diagram("segues/tab.md")]
            #expect(expected.contains(markdown.relink(link, to: html)), "\(link)")
        }
        #expect(markdown.relink(markdown.segue(scene), to: html) == html.segue(scene))
        #expect(markdown.relink(markdown.diagram("segues/tab.md"), to: html) == "../segues/tab.md.svg")
        #expect(markdown.relink("https://example.com/elsewhere", to: html) == "https://example.com/elsewhere")
    }
}
