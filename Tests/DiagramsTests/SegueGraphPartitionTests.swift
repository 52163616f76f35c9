import Foundation
import ModelLoading
import SceneModel
import Testing
@testable import Diagrams

@Suite("Segue graph in parts")
struct SegueGraphPartitionTests {
    /// A tab bar of `tabs` navigation stacks, each `depth` scenes deep (pushed by show segues) with a sheet per
    /// scene that unwinds back; every third scene also shows a scene of the next tab.
    static func tabBarModel(tabs: Int, depth: Int) throws -> SceneModel {
        var yaml = "format: 1\nname: Big\ninitial: tabs\nscenes:\n  tabs:\n    kind: tabBar\n    tabs: ["
            + (0..<tabs).map { "nav\($0)" }.joined(separator: ", ") + "]\n"
        for t in 0..<tabs {
            yaml += "  nav\(t):\n    kind: navigation\n    root: s\(t)_0\n"
            for d in 0..<depth {
                yaml += "  s\(t)_\(d):\n    unwindActions: [back\(t)_\(d)]\n    segues:\n"
                if d + 1 < depth { yaml += "      next: {kind: show, to: s\(t)_\(d + 1), trigger: Next}\n" }
                if (t * depth + d) % 3 == 0 { yaml += "      jump: {kind: show, to: s\((t + 1) % tabs)_\((d * 7 + 3) % depth), trigger: Jump}\n" }
                yaml += "      edit: {kind: present, to: sheet\(t)_\(d), trigger: Edit}\n"
                yaml += "  sheet\(t)_\(d):\n    segues:\n      done: {kind: unwind, action: back\(t)_\(d), trigger: Done}\n"
            }
        }
        let result = ModelLoader().load(text: yaml, path: "big.yaml")
        return try #require(result.model, "\(result.diagnostics)")
    }

    @Test("past 700 scenes the graph is cut into parts that each fit, every scene in exactly one")
    func partsFit() throws {
        // Given a tab bar of 36 stacks, 901 scenes
        let model = try Self.tabBarModel(tabs: 36, depth: 12)
        #expect(model.scenes.count == 1 + 36 * 25)
        #expect(SegueGraphPartition.needsParts(model))
        // When it is partitioned
        let partition = SegueGraphPartition(model: model)
        // Then the tab bar is a part of its own and each stack (with what it pushes and presents) one more
        #expect(partition.parts.first?.id == "tabs")
        #expect(partition.parts.first?.scenes == ["tabs"])
        #expect(partition.parts.count == 37)
        #expect(partition.parts.dropFirst().allSatisfy { $0.id.hasPrefix("nav") && $0.parent == 0 })
        // And every scene is in exactly one part, no part is too big, and ids are unique
        let all = partition.parts.flatMap(\.scenes)
        #expect(all.count == model.scenes.count)
        #expect(Set(all) == Set(model.scenes.map(\.id)))
        #expect(partition.parts.allSatisfy { $0.scenes.count <= SegueGraphPartition.sceneLimit })
        #expect(Set(partition.parts.map(\.id)).count == partition.parts.count)
        // And the partition is the same every time
        #expect(SegueGraphPartition(model: model).parts == partition.parts)
    }

    @Test("a graph within the limits stays one graph")
    func smallStaysWhole() throws {
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        #expect(!SegueGraphPartition.needsParts(model))
        let catalogue = DiagramCatalogue(model: model, traces: [])
        #expect(catalogue.entries.first?.subject == .segueGraph)
        #expect(!catalogue.entries.contains { if case .seguePart = $0.subject { true } else { false } })
    }

    @Test("the catalogue has the overview as `segues`, linking every part's graph, and each part links back to the others")
    func overviewLinksParts() throws {
        // Given the example with a limit of 10 scenes per graph
        let model = try TestFiles.model(at: TestFiles.example("Photos.yaml"))
        let catalogue = DiagramCatalogue(model: model, traces: [], segueGraphSceneLimit: 10)
        let overview = try #require(catalogue.entry(.segueOverview))
        #expect(overview.name == "segues")
        let parts = catalogue.entries.filter { if case .seguePart = $0.subject { true } else { false } }
        #expect(parts.count > 3)
        // Then the overview has a box per part linking its graph, and counted arrows between parts
        let dot = overview.dot(pageExtension: "md")
        for part in parts {
            #expect(part.name.hasPrefix("segues/"))
            #expect(dot.contains("URL=\"\(part.name).svg\""), "the overview links \(part.name)")
        }
        #expect(dot.contains("class=\"part-link\""))
        // And a part's scenes link to their pages from the part's folder, the other parts to their graphs
        let library = try #require(catalogue.entry(.seguePart(id: "library")))
        let partDOT = library.dot(pageExtension: "html")
        #expect(partDOT.contains("URL=\"../scenes/library.html\""))
        #expect(partDOT.contains("URL=\"../segues/photo.svg\""), "the part the library leads to is a box linking its graph")
        // And with PNG images for Markdown, the Markdown flavour links the PNG files
        let png = DiagramCatalogue(model: model, traces: [], imageFormat: "png", segueGraphSceneLimit: 10)
        #expect(try #require(png.entry(.segueOverview)).dot(pageExtension: "md").contains("URL=\"segues/tabs.png\""))
        // And rendering the whole graph on request still draws every scene
        #expect(catalogue.entry(.segueGraph)?.dot(pageExtension: nil).contains("scene-photoDetails") == true)
    }

    @Test("each part's graph draws its scenes once and every segue touching them")
    func partsDrawEverySegue() throws {
        let model = try Self.tabBarModel(tabs: 36, depth: 12)
        let partition = SegueGraphPartition(model: model)
        var drawnSegues: Set<String> = []
        for index in partition.parts.indices {
            let graph = SegueGraph(model: model, options: .init(links: nil, part: .init(partition: partition, index: index))).dot
            for scene in partition.parts[index].scenes {
                #expect(graph.contains("id=\"scene-\(scene)\""))
            }
            for match in graph.split(separator: "id=\"segue-").dropFirst() {
                drawnSegues.insert(String(match.prefix { $0 != "\"" }))
            }
        }
        // Every segue appears in the part it leaves (unwinds once per scene they return to).
        for scene in model.scenes {
            for segue in scene.segues {
                let id = segue.qualifiedID
                #expect(drawnSegues.contains { $0 == id || $0.hasPrefix(id + ".") }, "\(id) is drawn")
            }
        }
    }
}
