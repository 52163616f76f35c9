import Foundation
import Graphviz
import ModelLoading
import SceneModel
import Testing
@testable import Diagrams

@Suite("Segue graph")
struct SegueGraphTests {
    // MARK: - Golden files

    @Test("the DOT of the small fixture matches its golden file byte for byte")
    func smallGolden() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        try TestFiles.expectGolden(SegueGraph(model: model).dot, "small-segues.dot")
    }

    @Test("the DOT of the bundled example matches its golden file byte for byte")
    func exampleGolden() throws {
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        try TestFiles.expectGolden(SegueGraph(model: model).dot, "photos-segues.dot")
    }

    @Test("a dense graph (every scene presenting every other) is laid out by neato with straight edges and no edge labels; others are not")
    func denseGraphsHaveBoundedLayout() throws {
        func complete(_ count: Int) throws -> SceneModel {
            var text = "format: 1\nname: K\ninitial: s0\nscenes:\n"
            for from in 0..<count {
                let segues = (0..<count).filter { $0 != from }.map { "p\($0): {kind: present, to: s\($0), trigger: b\($0)}" }
                text += "  s\(from): {segues: {\(segues.joined(separator: ", "))}}\n"
            }
            return try TestFiles.model(text: text, path: "K.yaml")
        }
        let denseDOT = SegueGraph(model: try complete(30)).dot
        #expect(denseDOT.contains("layout=\"neato\"") && denseDOT.contains("splines=\"line\""))
        #expect(!denseDOT.contains("label=\"p1\\n"), "no edge labels")
        #expect(!denseDOT.contains("subgraph"), "no container boxes or legend, which neato would draw around scattered nodes")
        #expect(denseDOT.contains("tooltip=\"s0.p1: present"), "the tooltip names the segue")
        let sparse = SegueGraph(model: try complete(8)).dot
        #expect(!sparse.contains("layout=") && !sparse.contains("splines="), "56 edges between 8 scenes lay out as usual")
        #expect(sparse.contains("label=\"p1\\n") && sparse.contains("label=\"Legend\""))
        let example = SegueGraph(model: try TestFiles.model(at: TestFiles.example("Photos.yaml"))).dot
        #expect(!example.contains("layout="))
        // 60 scenes each presenting the 59 others (3,540 segues) took dot 32 s and 500 MB; neato lays it out
        // (in-process, the same renderer `generate` uses) whatever the machine, and the SVG draws every segue.
        let svg = String(decoding: try GraphvizRenderer().render(dot: SegueGraph(model: try complete(60)).dot, format: .svg), as: UTF8.self)
        #expect(svg.components(separatedBy: "class=\"edge segue segue&#45;present\"").count - 1 == 3_540)
        #expect(SegueGraph.isDense(edges: 871, scenes: 30) && !SegueGraph.isDense(edges: 199, scenes: 10) && !SegueGraph.isDense(edges: 1_000, scenes: 700))
        // A mesh inside a bigger app: 30 scenes each presenting the others, among 250 more in a chain, is under 8
        // edges per scene as a whole; dot ran minutes on such a graph and crashed. A hub (one scene leading to 150
        // others, each coming back) is not a mesh.
        func app(core: Int, chain: Int, hub: Int) throws -> SceneModel {
            var text = "format: 1\nname: M\ninitial: h\nscenes:\n"
            text += "  h: {unwindActions: [back], segues: {\((0..<hub).map { "o\($0): {kind: present, to: x\($0), trigger: b\($0)}" }.joined(separator: ", "))}}\n"
            for index in 0..<hub { text += "  x\(index): {segues: {back: {kind: unwind, action: back, trigger: Back}}}\n" }
            for from in 0..<core {
                let segues = (0..<core).filter { $0 != from }.map { "p\($0): {kind: present, to: s\($0), trigger: b\($0)}" }
                text += "  s\(from): {segues: {\(segues.joined(separator: ", "))}}\n"
            }
            for index in 0..<chain { text += "  c\(index): {segues: {next: {kind: show, to: \(index + 1 < chain ? "c\(index + 1)" : "h"), trigger: Next}}}\n" }
            return try TestFiles.model(text: text, path: "M.yaml")
        }
        #expect(SegueGraph(model: try app(core: 30, chain: 250, hub: 0)).dot.contains("layout=\"neato\""))
        #expect(!SegueGraph(model: try app(core: 0, chain: 100, hub: 150)).dot.contains("layout="))
        // A long chain whose every scene unwinds to the first: few edges per scene, but each unwind spans the chain's
        // ranks (some 45,000 virtual nodes at 300; dot took 45 s). The example needs a few dozen.
        var chain = "format: 1\nname: U\ninitial: c0\nscenes:\n  c0: {unwindActions: [home], segues: {next: {kind: show, to: c1, trigger: Next}}}\n"
        for index in 1..<300 {
            let next = index + 1 < 300 ? "next: {kind: show, to: c\(index + 1), trigger: Next}, " : ""
            chain += "  c\(index): {segues: {\(next)home: {kind: unwind, action: home, trigger: Home}}}\n"
        }
        let unwinding = try #require(ModelLoader().load(text: chain, path: "U.yaml").model)
        #expect(SegueGraph(model: unwinding).dot.contains("layout=\"neato\""))
        let photos = SegueGraph(model: try TestFiles.model(at: TestFiles.example("Photos.yaml"))).graph()
        let photoEdges = photos.statements.compactMap { statement -> (from: DOTID, to: DOTID)? in
            guard case .edge(let edge) = statement else { return nil }
            return (edge.from, edge.to)
        }
        #expect(SegueGraph.estimatedVirtualNodes(photoEdges) < 200)
    }

    @Test("a segue graph that comes out as a ribbon is laid out top to bottom, without its legend; a compact one stays left to right")
    func ribbonsAreTurned() throws {
        // A tab bar of 3 tabs, each a navigation stack of `depth` scenes pushed one after another.
        func stacks(depth: Int) throws -> SceneModel {
            var text = "format: 1\nname: R\ninitial: tabs\nscenes:\n  tabs: {kind: tabBar, tabs: [nav0, nav1, nav2]}\n"
            for tab in 0..<3 {
                text += "  nav\(tab): {kind: navigation, root: t\(tab)s0}\n"
                for level in 0..<depth {
                    let next = level + 1 < depth ? "{segues: {next: {kind: show, to: t\(tab)s\(level + 1), trigger: row}}}" : "{}"
                    text += "  t\(tab)s\(level): \(next)\n"
                }
            }
            return try TestFiles.model(text: text, path: "R.yaml")
        }
        #expect(DiagramStyle.wideDirectionAttribute == GraphvizRenderer.wideDirectionAttribute)
        #expect(DiagramStyle.omittedWhenTurnedAttribute == GraphvizRenderer.omittedWhenTurnedAttribute)
        func size(_ svg: String) throws -> WideLayout.Size {
            let box = try #require(try SVGDocument.parse(Array(svg.utf8)).get().viewBoxSize)
            return WideLayout.Size(width: box.width, height: box.height)
        }
        let long = SegueGraph(model: try stacks(depth: 12)).dot
        #expect(long.contains("rankdir=\"LR\"") && long.contains("scenograph_rankdir_when_wide=\"TB\""))
        #expect(long.contains("scenograph_omitted_when_turned=\"true\""), "the legend is marked")
        let longSVG = String(decoding: try GraphvizRenderer().render(dot: long), as: UTF8.self)
        let turned = try size(longSVG)
        #expect(turned.height > turned.width, "\(turned)")
        #expect(!longSVG.contains("id=\"legend\"") && longSVG.contains("id=\"scene&#45;t2s11\""))
        let shortSVG = String(decoding: try GraphvizRenderer().render(dot: SegueGraph(model: try stacks(depth: 2)).dot), as: UTF8.self)
        let short = try size(shortSVG)
        #expect(short.width > short.height && shortSVG.contains("id=\"legend\""), "\(short)")
    }

    @Test("Mermaid nodes of scenes sharing a title are told apart by their ids, as the Graphviz graph's are")
    func mermaidLabelsNameTheScene() throws {
        let text = "format: 1\nname: T\ninitial: a\nscenes:\n  a: {title: Swipe, class: Presented}\n  b: {title: Swipe, class: Presented}\n  Swipe: {title: Swipe}\n"
        let model = try #require(ModelLoader().load(text: text, path: "T.yaml").model)
        let mermaid = MermaidSegueGraph(model: model).text
        #expect(mermaid.contains("\"Swipe<br>a<br>Presented\""), "\(mermaid)")
        #expect(mermaid.contains("\"Swipe<br>b<br>Presented\""))
        #expect(mermaid.contains("\"Swipe<br>UIViewController\""), "an id equal to the title is not repeated")
    }

    // MARK: - Structure

    @Test("a scene's neighbourhood outlines that scene thick and classes it focus; no other scene, and no other graph")
    func neighbourhoodFocus() throws {
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let entry = try #require(DiagramCatalogue(model: model, traces: []).entries.first { $0.subject == .neighbourhood(scene: "photo") })
        let dot = entry.dot(pageExtension: "md")
        let focused = dot.split(separator: "\n").filter { $0.contains(" focus\"") }
        #expect(focused.count == 1)
        #expect(focused.first?.contains("id=\"scene-photo\"") == true)
        #expect(focused.first?.contains("penwidth=\"3\"") == true)
        #expect(dot.components(separatedBy: "penwidth=\"3\"").count == 2, "only the scene itself is outlined thick")
        #expect(!SegueGraph(model: model).dot.contains(" focus\""), "the segue graph is about no one scene")
    }

    @Test("every scene is a node, containers are nested clusters holding their children")
    func containment() throws {
        // Given the small fixture
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        // When its graph is built
        let graph = SegueGraph(model: model).graph()
        let index = GraphIndex(graph)
        // Then every scene has exactly one node, and each sits in its container's cluster
        #expect(Set(index.nodesByID.keys.filter { $0.hasPrefix("scene-") }) == Set(model.scenes.map { "scene-" + $0.id }))
        #expect(index.clusterPath(of: "scene-home") == ["container-tabs", "container-homeNav"])
        #expect(index.clusterPath(of: "scene-banner") == ["container-tabs", "container-homeNav"], "an embedded scene sits beside its embedder")
        #expect(index.clusterPath(of: "scene-sidebar") == ["container-tabs", "container-albums"])
        #expect(index.clusterPath(of: "scene-page2") == ["container-fancy", "container-tour"])
        #expect(index.clusterPath(of: "scene-compose") == ["container-composeNav"])
        #expect(index.clusterPath(of: "scene-item") == [])
        // And containers draw relationship links, labelled with the child's role
        #expect(index.edge("relationship-tabs.albums")?["label"] == .string("tab 2 (selected)"))
        #expect(index.edge("relationship-albums.sidebar")?["label"] == .string("primary"))
        #expect(index.edge("relationship-tour.page2")?["label"] == .string("page 2"))
        #expect(index.edge("relationship-tabs.homeNav")?["class"] == .string("relationship relationship-tabBar"))
    }

    @Test("a split's compact column is drawn as a relationship labelled compact")
    func compactColumn() throws {
        let text = """
            format: 1
            name: Compact
            initial: split
            scenes:
              split: {kind: split, style: doubleColumn, primary: list, secondary: detail, compact: tabs}
              list: {}
              detail: {}
              tabs: {kind: tabBar, tabs: [home]}
              home: {}
            """
        let model = try #require(ModelLoader().load(text: text, path: "Compact.yaml").model)
        let index = GraphIndex(SegueGraph(model: model).graph())
        #expect(index.edge("relationship-split.tabs")?["label"] == .string("compact"))
        #expect(index.clusterPath(of: "scene-home") == ["container-split", "container-tabs"])
    }

    @Test("a segue's label replaces its identifier in the graph and in Mermaid; the tooltip still names the identifier")
    func seguesShowTheirLabel() throws {
        let text = """
            format: 1
            name: Labels
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list:
                unwindActions: [back]
                segues:
                  show-detail: {kind: show, to: detail, trigger: Row cell selection, label: Row cell selection}
                  edit: {kind: present, to: detail, trigger: Edit button}
              detail:
                segues:
                  unwind-back: {kind: unwind, action: back, trigger: Done button, label: Done button}
            """
        let model = try #require(ModelLoader().load(text: text, path: "Labels.yaml").model)
        let index = GraphIndex(SegueGraph(model: model).graph())
        #expect(index.edge("segue-list.show-detail")?["label"] == .string("Row cell selection"))
        #expect(index.edge("segue-list.edit")?["label"] == .string("edit\nautomatic"), "no label: the identifier")
        guard case .string(let tooltip)? = index.edge("segue-list.show-detail")?["tooltip"] else {
            Issue.record("no tooltip")
            return
        }
        #expect(tooltip.hasPrefix("list.show-detail: show → detail"))
        let unwind = index.edgeAttributes.first { $0.key.hasPrefix("segue-detail.unwind-back") }?.value
        #expect(unwind?["label"] == .string("Done button\nback(_:)"))
        let segue = try #require(model.segue(SegueReference(scene: "list", segue: "show-detail")))
        #expect(MermaidSegueGraph.label(segue, in: model) == "Row cell selection")
        // The model file keeps it.
        let written = ModelWriter().yaml(for: model)
        #expect(written.contains("label: Row cell selection"))
        #expect(ModelLoader().load(text: written, path: "again.yaml").model?.segue(SegueReference(scene: "list", segue: "show-detail"))?.label
                == "Row cell selection")
        // An empty label would draw a nameless arrow: it is an error at its place.
        let empty = ModelLoader().load(text: text.replacingOccurrences(of: "label: Row cell selection", with: "label: \" \""), path: "Empty.yaml")
        #expect(empty.model == nil)
        #expect(empty.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
                == ["9:81 label ' ' is empty: leave 'label' out to show the identifier 'show-detail'"])
    }

    @Test("a long segue name is drawn in lines of at most 24 characters, broken at spaces; a longer word stays whole")
    func longNamesWrap() throws {
        let text = """
            format: 1
            name: Long
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list:
                unwindActions: [back]
                segues:
                  open: {kind: show, to: detail, trigger: Simplest table view example with sections cell selection}
                  sheet: {kind: present, to: detail, trigger: x, label: A rather long hand written label}
                  id-of-thirty-characters-long: {kind: push, to: detail, trigger: y}
              detail:
                segues:
                  back: {kind: unwind, action: back, trigger: Done, label: Done button in the navigation bar}
            """
        let model = try #require(ModelLoader().load(text: text, path: "Long.yaml").model)
        let index = GraphIndex(SegueGraph(model: model).graph())
        #expect(index.edge("segue-list.open")?["label"] == .string("open"), "an unnamed trigger is not the label")
        #expect(index.edge("segue-list.sheet")?["label"] == .string("A rather long hand\nwritten label\nautomatic"))
        #expect(index.edge("segue-list.id-of-thirty-characters-long")?["label"] == .string("id-of-thirty-characters-long (push, deprecated)"))
        let unwind = index.edgeAttributes.first { $0.key.hasPrefix("segue-detail.back") }?.value
        #expect(unwind?["label"] == .string("Done button in the\nnavigation bar\nback(_:)"))
    }

    @Test("each segue kind has its own edge style; deprecated kinds are marked")
    func segueStyles() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let index = GraphIndex(SegueGraph(model: model).graph())
        let ids = ["segue-home.open", "segue-sidebar.pick", "segue-home.compose", "segue-home.info",
                   "segue-home.banner", "segue-compose.done.home", "segue-home.fancy"]
        let styles = try ids.map { id in
            let edge = try #require(index.edge(id), "no edge \(id)")
            return [edge["color"], edge["style"], edge["arrowhead"]].map { $0.map(String.init(describing:)) ?? "-" }.joined(separator: " ")
        }
        #expect(Set(styles).count == ids.count, "edge styles must differ: \(styles)")
        #expect(index.edge("segue-home.legacy")?["style"] == .string("dotted"))
        #expect(index.edge("segue-home.legacy")?["class"] == .string("segue segue-show deprecated segue-push"))
        #expect(index.edge("segue-home.legacy")?["label"] == .string("legacy (push, deprecated)"))
    }

    @Test("modal edges carry the presentation style: the segue's, else the destination's")
    func presentationStyles() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let index = GraphIndex(SegueGraph(model: model).graph())
        #expect(index.edge("segue-home.compose")?["label"] == .string("compose\nformSheet"))
        #expect(index.edge("segue-home.oldModal")?["label"] == .string("oldModal (modal, deprecated)\npopover"))
        #expect(index.edge("segue-home.fancy")?["label"] == .string("fancy\nFadeSegue\nautomatic"))
        #expect(index.edge("segue-home.info")?["label"] == .string("info\npopover, adapts to none"))
        #expect(index.edge("segue-home.open")?["label"] == .string("open"))
    }

    @Test("unwind segues are dashed edges back to every scene implementing the action, or to a note when none does")
    func unwinds() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let index = GraphIndex(SegueGraph(model: model).graph())
        for target in ["home", "item"] {
            let edge = try #require(index.edge("segue-compose.done.\(target)"))
            #expect(edge["style"] == .string("dashed"))
            // Written from the scene it returns to, drawn towards it (the arrowhead at the tail), pulling nothing:
            // never `constraint=false`, which made labelled flat edges Graphviz 2.43 crashes on.
            #expect(edge["constraint"] == nil)
            #expect(edge["dir"] == .string("back") && edge["arrowtail"] == .string("normal") && edge["arrowhead"] == .string("none"))
            #expect(edge["weight"] == .string("0"))
            #expect(index.endpoints["segue-compose.done.\(target)"]?.from == index.nodesByID["scene-\(target)"])
            #expect(index.endpoints["segue-compose.done.\(target)"]?.to == index.nodesByID["scene-compose"])
        }
        let lost = try #require(index.edge("segue-compose.lost.unresolved"))
        #expect(lost["style"] == .string("dashed"))
        #expect(index.nodesByID["unresolved-compose.lost"] != nil)
    }

    @Test("the initial scene gets an entry arrow, and the legend shows the kinds in use")
    func initialAndLegend() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let index = GraphIndex(SegueGraph(model: model).graph())
        #expect(index.endpoints["initial-edge"]?.to == index.nodesByID["scene-tabs"])
        #expect(index.nodesByID["initial"] != nil)
        let legendNodes = index.nodesByID.keys.filter { $0.hasPrefix("legend-scene-") }
        #expect(Set(legendNodes) == Set(SceneKind.allCases.map { "legend-scene-\($0.rawValue)" }))
        let legendLinks = Set(index.edgeAttributes.keys.filter { $0.hasPrefix("legend-link-") })
        #expect(legendLinks == Set(["relationship", "show", "showDetail", "present", "popover", "embed", "unwind", "custom",
                                    "push", "modal", "replace"].map { "legend-link-" + $0 }))
        let withoutLegend = GraphIndex(SegueGraph(model: model, options: .init(showsLegend: false)).graph())
        #expect(withoutLegend.clusterIDs.contains("legend") == false)
    }

    @Test("nodes and edges link to the docs pages, with the extension asked for")
    func links() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let html = GraphIndex(SegueGraph(model: model).graph())
        #expect(html.node("scene-home")?["URL"] == .string("scenes/home.html"))
        #expect(html.edge("segue-home.open")?["URL"] == .string("scenes/home.html#segue-open"))
        let markdown = GraphIndex(SegueGraph(model: model, options: .init(links: DocumentLinks(prefix: "../", fileExtension: "md"))).graph())
        #expect(markdown.node("scene-home")?["URL"] == .string("../scenes/home.md"))
        let none = GraphIndex(SegueGraph(model: model, options: .init(links: nil)).graph())
        #expect(none.node("scene-home")?["URL"] == nil)
        #expect(none.node("scene-home")?["tooltip"] == .string("home: HomeViewController (table)\nThe first tab."))
    }

    @Test("node identifiers are generated in file order, never taken from the model")
    func generatedIdentifiers() throws {
        let model = try TestFiles.model(at: TestFiles.fixture("Small.yaml"))
        let index = GraphIndex(SegueGraph(model: model).graph())
        for (offset, scene) in model.scenes.enumerated() {
            #expect(index.nodesByID["scene-\(scene.id)"] == .node(offset + 1))
        }
    }

    @Test("a model that was never validated (a containment cycle, a missing destination) still draws every scene")
    func unvalidatedModel() throws {
        // Given two navigation controllers that are each other's root, and a segue to nowhere
        var first = Scene(id: "first", kind: .navigation)
        first.root = Located("second")
        var second = Scene(id: "second", kind: .navigation)
        second.root = Located("first")
        second.segues = [Segue(id: "lost", source: "second", kind: .show, destination: "nowhere")]
        let model = SceneModel(name: "Cycle", initial: Located("first"), scenes: [first, second])
        // When the graph is built and rendered
        let graph = SegueGraph(model: model).graph()
        let index = GraphIndex(graph)
        // Then both scenes are drawn once, and the lost segue ends at a note
        #expect(Set(index.nodesByID.keys.filter { $0.hasPrefix("scene-") }) == ["scene-first", "scene-second"])
        #expect(index.nodesByID["unresolved-second.lost"] != nil)
        #expect(try !GraphvizRenderer().render(dot: graph.text).isEmpty)
    }

    // MARK: - Rendering

    @Test("a backslash in user text shows in labels as itself and in tooltips as its look-alike: Graphviz expands \\N there even when escaped")
    func backslashesInTooltips() throws {
        let text = "format: 1\nname: E\ninitial: a\nscenes:\n  a:\n    segues:\n      go: {kind: present, to: b, trigger: 'tr \\N \\G \\E'}\n  b: {class: 'C\\Nx'}\n"
        let model = try #require(ModelLoader().load(text: text, path: "E.yaml").model)
        let svg = String(decoding: try GraphvizRenderer().render(dot: SegueGraph(model: model).dot), as: UTF8.self)
        #expect(svg.contains("trigger: tr \u{29F5}N \u{29F5}G \u{29F5}E"), "\(svg)")
        #expect(svg.contains("b: C\u{29F5}Nx (content)"))
        #expect(!svg.contains("segues n") && !svg.contains("Cn2x"), "no internal name leaks into a tooltip")
        #expect(svg.contains(">C\\Nx<"), "the label keeps the backslash")
    }

    @Test("SVG text names Helvetica, then Arial (and its metric twins), then sans-serif: a viewer without Helvetica draws the widths the layout measured")
    func svgFontListNamesArial() throws {
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let svg = String(decoding: try GraphvizRenderer().render(dot: SegueGraph(model: model).dot), as: UTF8.self)
        var families: Set<String> = []
        var rest = svg[...]
        while let start = rest.range(of: "font-family=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            families.insert(String(rest[..<end]))
        }
        // Graphviz writes its own list for a bare "Helvetica" ("Helvetica,sans-Serif"), which a Linux viewer draws
        // with DejaVu Sans, about 8% wider than the labels' boxes.
        #expect(families == ["Helvetica,Arial,sans-serif"])
    }

    @Test("a scene named after its class shows the name once; another shows its class under its name")
    func aSceneNamedAfterItsClassShowsTheNameOnce() throws {
        let text = "format: 1\nname: C\ninitial: RootViewController\nscenes:\n  RootViewController:\n    class: RootViewController\n    segues:\n      go: {kind: present, to: detail, trigger: Go}\n  detail: {class: DetailViewController}\n"
        let model = try #require(ModelLoader().load(text: text, path: "C.yaml").model)
        let dot = SegueGraph(model: model).dot
        let root = try #require(dot.split(separator: "\n").first { $0.contains("id=\"scene-RootViewController\"") })
        #expect(root.contains("label=<<b>RootViewController</b>>,"), "the label names it once: \(root)")
        let detail = try #require(dot.split(separator: "\n").first { $0.contains("id=\"scene-detail\"") })
        #expect(detail.contains(">DetailViewController</font>"), "\(detail)")
    }

    @Test("the example's SVG has a <g> for every scene, container, segue and relationship")
    func exampleSVG() throws {
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let svg = try GraphvizRenderer().render(dot: SegueGraph(model: model).dot)
        let document = try SVGDocument.parse(svg).get()
        let groups = Set(document.groupIDs)
        var expected: Set<String> = ["segue-graph", "initial", "initial-edge", "legend"]
        for scene in model.scenes {
            expected.insert("scene-\(scene.id)")
            if scene.kind.isContainer { expected.insert("container-\(scene.id)") }
            for child in scene.containedScenes { expected.insert("relationship-\(scene.id).\(child.value)") }
            for segue in scene.segues {
                if segue.kind.value == .unwind {
                    for target in model.scenesImplementing(unwindAction: segue.action?.value ?? "") {
                        expected.insert("segue-\(segue.qualifiedID).\(target.id)")
                    }
                } else {
                    expected.insert("segue-\(segue.qualifiedID)")
                }
            }
        }
        #expect(expected.subtracting(groups).isEmpty, "missing: \(expected.subtracting(groups).sorted())")
        #expect(document.group(id: "scene-library")?.attributes["class"] == "node scene scene-collection")
        #expect(document.group(id: "segue-camera.openLibrary")?.attributes["class"] == "edge segue segue-present")
        #expect(document.group(id: "container-libraryNav")?.attributes["class"] == "cluster container container-navigation")
        let links = document.elements.compactMap { $0.attributes["xlink:href"] }
        #expect(links.contains("scenes/library.html"))
        #expect(links.contains("scenes/library.html#segue-showPhoto"))
        #expect(document.texts.contains("PhotoLibraryViewController"))
    }

    @Test("the same model gives byte-identical DOT and SVG")
    func deterministic() throws {
        let first = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let second = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let dot = SegueGraph(model: first).dot
        #expect(dot == SegueGraph(model: second).dot)
        let renderer = GraphvizRenderer()
        let firstSVG = try renderer.render(dot: dot)
        // Other renders in between must not change the next one.
        _ = try renderer.render(dot: SegueGraph(model: first, options: .init(showsLegend: false)).dot)
        let secondSVG = try renderer.render(dot: SegueGraph(model: second).dot)
        let identical = firstSVG == secondSVG
        #expect(identical, "the SVG differs between two renders of the same model")
    }

    @Test("titles, classes and summaries with markup characters, quotes, backslashes, emoji and right-to-left text render intact")
    func awkwardText() throws {
        let title = #"Say "cheese" <b>&</b> \N 📷"#
        let className = "Photos.Viewer<Image>"
        let summary = "שלום עולם\nمرحبا & \"bye\" \\l"
        let yaml = """
            format: 1
            name: Awkward
            initial: viewer
            scenes:
              viewer:
                class: '\(className)'
                title: '\(title)'
                summary: '\(summary.replacingOccurrences(of: "\n", with: "\n\n"))'
                segues:
                  go: {kind: custom, class: 'Fade<&>Segue', to: other, trigger: 'the "Go" button'}
              other: {}
            """
        let result = ModelLoader().load(text: yaml, path: "awkward.yaml")
        let model = try #require(result.model, "\(result.diagnostics)")
        let svg = try GraphvizRenderer().render(dot: SegueGraph(model: model).dot)
        let document = try SVGDocument.parse(svg).get()
        #expect(document.texts.contains(title))
        #expect(document.texts.contains(className))
        #expect(document.texts.contains("Fade<&>Segue"))
        let viewer = try #require(document.elements.first { $0.attributes["xlink:href"] == "scenes/viewer.html" && $0.name == "a" })
        // A tooltip shows a backslash as its look-alike (Graphviz would expand `\N` and the like there).
        #expect(viewer.attributes["xlink:title"] == "viewer: \(className) (content)\n\(summary.replacingOccurrences(of: "\\", with: "\u{29F5}"))")
        let go = try #require(document.elements.first { $0.attributes["xlink:href"] == "scenes/viewer.html#segue-go" })
        #expect(go.attributes["xlink:title"]?.contains(#"trigger: the "Go" button"#) == true)
    }
    @Test("a scene with an empty title is drawn with its id, and Graphviz accepts the label")
    func emptyTitle() throws {
        let result = ModelLoader().load(text: "format: 1\nname: T\ninitial: a\nscenes:\n  a: {title: ''}\n", path: "t.yaml")
        let model = try #require(result.model)
        let dot = SegueGraph(model: model).dot
        #expect(dot.contains("<b>a</b>"))
        let svg = try GraphvizRenderer().render(dot: dot, engine: .dot, format: .svg)
        #expect(!svg.isEmpty)
    }
}

/// Finds nodes, edges and clusters of a `DOTGraph` by their `id` attribute.
struct GraphIndex {
    var nodesByID: [String: DOTID] = [:]
    var nodeAttributes: [String: DOTAttributes] = [:]
    var edgeAttributes: [String: DOTAttributes] = [:]
    var endpoints: [String: (from: DOTID, to: DOTID)] = [:]
    var clusterIDs: [String] = []
    /// The `id`s of the clusters around each node, outermost first.
    var clusters: [String: [String]] = [:]

    init(_ graph: DOTGraph) {
        visit(graph.statements, path: [])
    }

    private mutating func visit(_ statements: [DOTStatement], path: [String]) {
        for statement in statements {
            switch statement {
            case .node(let node):
                guard case .string(let id)? = node.attributes["id"] else { continue }
                nodesByID[id] = node.id
                nodeAttributes[id] = node.attributes
                clusters[id] = path
            case .edge(let edge):
                guard case .string(let id)? = edge.attributes["id"] else { continue }
                edgeAttributes[id] = edge.attributes
                endpoints[id] = (edge.from, edge.to)
            case .subgraph(let subgraph):
                if case .string(let id)? = subgraph.attributes["id"], subgraph.id.rawValue.hasPrefix("cluster") {
                    clusterIDs.append(id)
                    visit(subgraph.statements, path: path + [id])
                } else {
                    visit(subgraph.statements, path: path)
                }
            }
        }
    }

    func node(_ id: String) -> DOTAttributes? { nodeAttributes[id] }
    func edge(_ id: String) -> DOTAttributes? { edgeAttributes[id] }
    func clusterPath(of id: String) -> [String]? { clusters[id] }

}
