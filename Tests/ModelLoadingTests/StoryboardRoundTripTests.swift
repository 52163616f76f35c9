import Foundation
import ModelLoading
import SceneModel
import Testing

/// `scenograph import` writes YAML; loading it must give the model the import made (source positions aside).
@Suite struct StoryboardRoundTripTests {
    static let sets: [[String]] = [
        ["Main.storyboard", "Settings.storyboard"],
        ["Legacy.storyboard"],
        ["CycleA.storyboard", "CycleB.storyboard"],
        ["TV.storyboard"],
    ]

    @Test(arguments: sets)
    func importedYAMLLoadsAsTheSameModel(_ names: [String]) throws {
        let direct = ModelLoader().load(storyboards: names.map(StoryboardFixtures.path), name: "Round trip")
        let model = try #require(direct.model, "\(direct.diagnostics.brief)")
        let yaml = ModelWriter(header: ["test"]).yaml(for: model)
        let loaded = ModelLoader().load(text: yaml, path: "roundtrip.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.brief)\n\(yaml)")
        let reloaded = try #require(loaded.model)
        #expect(withoutLocations(reloaded) == withoutLocations(model))
        // Writing the reloaded model gives the same text.
        #expect(ModelWriter(header: ["test"]).yaml(for: reloaded) == yaml)
    }

    @Test func theWrittenFileHasAllTheFormatAsksFor() throws {
        let model = try #require(StoryboardFixtures.load("Main.storyboard").model)
        let yaml = ModelWriter(header: ["Imported by a test."]).yaml(for: model)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "# Imported by a test.")
        #expect(lines.contains("format: 1"))
        #expect(lines.contains("initial: MainTabBarController"))
        #expect(lines.contains("scenes:"))
        #expect(lines.contains("flows:"))
        #expect(lines.contains("  #     - tap: Library.showPhoto"))
        #expect(lines.contains("      showPhoto: {kind: show, to: Photo, trigger: Photo cell selection}"))
        #expect(lines.contains("    origin: {storyboard: Main.storyboard, objectID: LIB-00-001}"))
        #expect(yaml == ModelWriter(header: ["Imported by a test."]).yaml(for: try #require(StoryboardFixtures.load("Main.storyboard").model)))
    }

    @Test func awkwardTextIsQuotedSoItReadsBackUnchanged() throws {
        let awkward = [
            "yes", "No", "null", "~", "1.5", "42", "-dash", "a: b", "#hash", "x #y", "comma, list", "[bracket]", "{brace}",
            "quote \"inside\"", "back\\slash", "line\nbreak", "tab\there", "trailing ", " leading", "it's", "Ünïcode",
            "@at", "&anchor", "*alias", "!tag", "%percent", "`tick", "|pipe", ">fold", "?question", "",
        ]
        var scene = Scene(id: "awkward")
        var model = SceneModel(name: "Quoting", initial: Located("awkward"), scenes: [])
        for (offset, text) in awkward.enumerated() {
            var segue = Segue(id: "s\(offset)", source: "awkward", kind: .show, destination: "awkward")
            segue.trigger = text
            segue.summary = text
            scene.segues.append(segue)
        }
        scene.title = "title: with colon"
        scene.summary = "Multi-line\nsummary with \"quotes\""
        model.replaceScenes([scene])
        let yaml = ModelWriter().yaml(for: model)
        let loaded = ModelLoader().load(text: yaml, path: "quoting.yaml")
        let reloaded = try #require(loaded.model, "\(loaded.diagnostics.brief)\n\(yaml)")
        #expect(reloaded.scene("awkward")?.segues.map(\.trigger) == awkward)
        #expect(reloaded.scene("awkward")?.segues.map(\.summary) == awkward)
        #expect(reloaded.scene("awkward")?.title == "title: with colon")
        #expect(reloaded.scene("awkward")?.summary == "Multi-line\nsummary with \"quotes\"")
    }
}
