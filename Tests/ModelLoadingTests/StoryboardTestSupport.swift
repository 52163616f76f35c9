import Foundation
import ModelLoading
import SceneModel

/// Paths and helpers shared by the storyboard tests.
enum StoryboardFixtures {
    /// The folder of the hand-written fixture storyboards (copied into the test bundle).
    static var folder: String {
        Bundle.module.resourceURL?.appendingPathComponent("Fixtures/Storyboards").path ?? "Fixtures/Storyboards"
    }

    static func path(_ name: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    static func importing(_ names: String...) -> StoryboardImport {
        StoryboardImporter().importFiles(names.map(path))
    }

    static func load(_ names: String...) -> LoadResult {
        ModelLoader().load(storyboards: names.map(path), name: "Fixture")
    }
}

extension StoryboardImport {
    func scene(_ id: String) -> Scene? { scenes.first { $0.id == id } }

    func messages(_ severity: Diagnostic.Severity? = nil) -> [String] {
        diagnostics.filter { severity == nil || $0.severity == severity }.map(\.message)
    }
}

extension Scene {
    func segueOrNil(_ id: String) -> Segue? { segues.first { $0.id == id } }
}

extension Array where Element == Diagnostic {
    /// `file:line:column: severity: message` with the file reduced to its name, for stable comparisons.
    var brief: [String] {
        map { "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }
}

/// The model with every source position, the file path and the storyboard list erased: what must survive a round trip.
func withoutLocations(_ model: SceneModel) -> SceneModel {
    func strip<T>(_ value: Located<T>) -> Located<T> { Located(value.value) }
    func strip<T>(_ value: Located<T>?) -> Located<T>? { value.map { Located($0.value) } }
    var result = model
    result.path = "<memory>"
    result.storyboards = []
    result.environmentLocation = nil
    result.initial = strip(model.initial)
    result.conditions = model.conditions.map { Condition(name: $0.name, value: $0.value) }
    result.replaceScenes(model.scenes.map { scene in
        var scene = scene
        scene.location = .unknown
        // Which scenes stand in for unresolved references is the importer's knowledge; the model format keeps their
        // summary, not the mark.
        scene.standsInFor = nil
        scene.customClass = strip(scene.customClass)
        scene.root = strip(scene.root)
        scene.tabs = scene.tabs.map(strip)
        scene.selected = strip(scene.selected)
        scene.primary = strip(scene.primary)
        scene.secondary = strip(scene.secondary)
        scene.supplementary = strip(scene.supplementary)
        scene.compact = strip(scene.compact)
        scene.pages = scene.pages.map(strip)
        scene.children = scene.children.map(strip)
        scene.overrides = scene.overrides.map(strip)
        scene.unwindActions = scene.unwindActions.map(strip)
        scene.segues = scene.segues.map { segue in
            var segue = segue
            segue.location = .unknown
            segue.kind = strip(segue.kind)
            segue.destination = strip(segue.destination)
            segue.action = strip(segue.action)
            segue.modalPresentationStyle = strip(segue.modalPresentationStyle)
            segue.modalTransitionStyle = strip(segue.modalTransitionStyle)
            segue.guardCondition = strip(segue.guardCondition)
            segue.call = strip(segue.call)
            // A segue's `<segue>` object and its identifier as the storyboard writes it are the importer's
            // knowledge, for `diff` between storyboards; the model format does not write them.
            segue.origin = nil
            segue.storyboardIdentifier = nil
            return segue
        }
        return scene
    })
    return result
}
