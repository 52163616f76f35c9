import Foundation
@testable import ModelLoading
import SceneModel
import Testing

/// Models that import storyboards: the `storyboards:` key, annotations of imported scenes, and loading storyboards directly.
@Suite struct StoryboardModelTests {
    @Test func theStoryboardsKeyImportsFilesRelativeToTheModel() throws {
        let result = ModelLoader().load(path: StoryboardFixtures.path("App.yaml"))
        #expect(!result.hasErrors, "\(result.diagnostics.brief)")
        let model = try #require(result.model)
        #expect(model.initial?.value == "MainTabBarController")
        #expect(model.scene("Settings.SettingsNavigationController")?.origin?.storyboard == "Settings.storyboard")
        // Storyboard findings are reported against the storyboards.
        #expect(result.diagnostics.brief.contains { $0.hasPrefix("Main.storyboard:317:17: warning: unknown view controller element") })
    }

    @Test func sceneEntriesAddToImportedScenes() throws {
        let model = try #require(ModelLoader().load(path: StoryboardFixtures.path("App.yaml")).model)
        let library = try #require(model.scene("Library"))
        #expect(library.summary == "Grid of the user's photos.")
        #expect(library.kind == .table, "what the entry does not write stays as imported")
        #expect(library.className == "LibraryViewController")
        #expect(library.unwindActions.map(\.value) == ["unwindToLibrary"])
        let showPhoto = try #require(library.segueOrNil("showPhoto"))
        #expect(showPhoto.passes == "the selected Photo")
        #expect(showPhoto.guardCondition?.value == "photoSelected")
        #expect(showPhoto.trigger == "Photo cell selection")
        #expect(showPhoto.destination?.value == "Photo")
        #expect(library.segues.last?.id == "credits", "new segues come after the imported ones")
        #expect(library.segues.count == 10)
        #expect(model.scene("Photo")?.unwindActions.map(\.value) == ["unwindToLibraryWithSegue"])
        let pages = try #require(model.scene("PageViewController"))
        #expect(pages.kind == .page)
        #expect(pages.pages.map(\.value) == ["Credits", "About"])
        #expect(pages.className == "UIPageViewController")
        let warnings = ModelLoader().load(path: StoryboardFixtures.path("App.yaml")).diagnostics.map(\.message)
        #expect(!warnings.contains { $0.hasPrefix("page view controller") }, "the model made it a page scene")
        let direct = StoryboardFixtures.load("Main.storyboard").diagnostics.map(\.message)
        #expect(direct.contains { $0.hasPrefix("page view controller 'PageViewController' has no pages") })
        // Imported scenes first, in import order; the model's own scenes after them.
        #expect(model.scenes.suffix(2).map(\.id) == ["Credits", "About"])
        #expect(model.scenes.filter { $0.id == "Library" }.count == 1)
        #expect(model.flows.map(\.id) == ["open-photo"])
    }

    @Test func entriesForImportedScenesAreCheckedLikeAnyOther() {
        let result = ModelLoader().load(path: StoryboardFixtures.path("Clash.yaml"))
        #expect(result.model == nil)
        let errors = result.diagnostics.filter(\.isError).brief
        #expect(errors == [
            "Clash.yaml:6:5: error: key 'pages' applies only to page scenes, and scene 'Library' is table",
            "Clash.yaml:8:19: error: key 'anchor' applies only to popover segues, and segue 'Library.showPhoto' is show",
        ])
    }

    @Test func aMissingStoryboardIsAnErrorAtItsEntry() {
        let result = ModelLoader().load(path: StoryboardFixtures.path("MissingStoryboard.yaml"))
        #expect(result.model == nil)
        #expect(result.diagnostics.filter(\.isError).brief.count == 1)
        let error = result.diagnostics.first(where: \.isError)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 32)
        #expect(error?.message.hasPrefix("no such storyboard file '") == true)
        #expect(error?.message.hasSuffix("Fixtures/Storyboards/Nowhere.storyboard'") == true)
    }

    /// A storyboard named with another case, or misspelt, gets the file of its folder it probably means.
    @Test func aMissingStoryboardSuggestsTheFileMeant() {
        let caseOnly = StoryboardImportSession.nearestStoryboard(to: StoryboardFixtures.path("main.storyboard"))
        #expect(caseOnly.hasPrefix(" (did you mean 'Main.storyboard'? file names differ in case"), "\(caseOnly)")
        #expect(StoryboardImportSession.nearestStoryboard(to: StoryboardFixtures.path("Setings.storyboard")) == " (did you mean 'Settings.storyboard'?)")
        #expect(StoryboardImportSession.nearestStoryboard(to: "/nonexistent/Main.storyboard") == "")
    }

    @Test func aModelThatOnlyListsStoryboards() throws {
        let text = """
            format: 1
            name: Photos
            storyboards: [Main.storyboard, Settings.storyboard]
            """
        let result = ModelLoader().load(text: text, path: StoryboardFixtures.path("Only.yaml"))
        #expect(!result.hasErrors, "\(result.diagnostics.brief)")
        let model = try #require(result.model)
        #expect(model.initial?.value == "MainTabBarController")
        #expect(model.scenes.count == StoryboardFixtures.importing("Main.storyboard", "Settings.storyboard").scenes.count)
    }

    @Test func aModelCanChooseItsInitialSceneAndIdiom() throws {
        let text = """
            format: 1
            name: Legacy
            storyboards: Legacy.storyboard
            initial: PlacesViewController
            """
        let model = try #require(ModelLoader().load(text: text, path: StoryboardFixtures.path("Legacy.yaml")).model)
        #expect(model.initial?.value == "PlacesViewController")
        #expect(model.environment.idiom == .pad, "an iPad-only storyboard makes iPad the default idiom")
        let phone = try #require(ModelLoader().load(text: text + "\nenvironment: {idiom: phone}", path: StoryboardFixtures.path("Legacy.yaml")).model)
        #expect(phone.environment.idiom == .phone)
    }

    @Test func storyboardErrorsFailTheModel() {
        let text = """
            format: 1
            name: Broken
            storyboards: [Main.storyboard, Mac.storyboard]
            """
        let result = ModelLoader().load(text: text, path: StoryboardFixtures.path("Broken.yaml"))
        #expect(result.model == nil)
        #expect(result.diagnostics.filter(\.isError).brief == [
            "Mac.storyboard:2:1: error: macOS storyboards are not supported (targetRuntime 'MacOSX.Cocoa'); Scenograph documents iOS UIKit apps",
        ])
    }

    @Test func aBrokenStoryboardIsNotFollowedByErrorsAboutItsScenes() {
        let text = """
            format: 1
            name: Broken
            storyboards: [Malformed.storyboard]
            initial: Library
            flows:
              open:
                steps:
                  - tap: Library.showPhoto
            """
        let result = ModelLoader().load(text: text, path: StoryboardFixtures.path("Broken.yaml"))
        #expect(result.diagnostics.brief == ["Malformed.storyboard:6:48: error: malformed XML: a space is required here (between attributes)"])
    }

    @Test func aStoryboardLoadsAsAModelOfItsOwn() throws {
        let result = ModelLoader().load(path: StoryboardFixtures.path("Main.storyboard"))
        #expect(!result.hasErrors)
        let model = try #require(result.model)
        #expect(model.name == "Fixtures", "the folder above Storyboards, which names no app")
        #expect(model.initial?.value == "MainTabBarController")
        #expect(model.storyboards.isEmpty)
    }

    @Test func withoutAnInitialViewControllerTheFirstRootSceneIsUsed() throws {
        let data = StoryboardReferenceTests.storyboard(initial: nil, body:
            StoryboardReferenceTests.placeholder("r1", name: "Elsewhere")
            + StoryboardReferenceTests.controller("c1", storyboardID: "First")
            + StoryboardReferenceTests.controller("c2", storyboardID: "Second"))
        let imported = StoryboardImporter().importContents([("Loose.storyboard", data)])
        #expect(imported.initial == nil)
        #expect(imported.fallbackInitial == "First", "stand-ins for references come last")
        let result = ModelLoader().load(imported: imported, name: "Loose", path: "Loose.storyboard")
        #expect(result.model?.initial?.value == "First")
        #expect(result.diagnostics.brief.contains("Loose.storyboard:1:1: warning: no storyboard has an initial view controller; 'First', the first scene no container holds, is the initial scene"))
    }

    @Test func defaultNamesWithoutAProject() {
        #expect(InfoPlist.projectName(around: "/nonexistent/Photos/Base.lproj/Main.storyboard") == "Photos")
        #expect(InfoPlist.projectName(around: "/Main.storyboard") == "Main")
        // Folders every project has under another name are passed over, for a few levels.
        #expect(InfoPlist.projectName(around: "/nonexistent/Keyboard/Storyboard/Base.lproj/Main.storyboard") == "Keyboard")
        #expect(InfoPlist.projectName(around: "/nonexistent/GoMap/src/iOS/Base.lproj/Main.storyboard") == "GoMap")
        #expect(InfoPlist.projectName(around: "/nonexistent/App/Base.lproj/Main.storyboard") == "App")
        #expect(InfoPlist.projectName(around: "/src/Resources/Main.storyboard") == "Resources", "with no other, the nearest")
        #expect(InfoPlist.projectName(around: "/Users/alice/src/Main.storyboard") == "src", "never a user's name")
        #expect(InfoPlist.projectName(around: "/tmp/Storyboards/Main.storyboard") == "Storyboards", "never a top folder")
        #expect(InfoPlist.projectName(around: NSHomeDirectory() + "/Storyboards/Main.storyboard") == "Storyboards", "never the home folder")
    }
}

/// Names shared after every candidate get `-2`, `-3`… in order; the numbering resumes per name, which must give what
/// trying every number from 2 again gives.
@Suite struct StoryboardNameNumberingTests {
    /// The rule as written: for each object in order (kept names first), the first of `name`, `name-2`, … not taken.
    static func reference(_ names: [String], keeps: [Bool]) -> [String] {
        var used: Set<String> = []
        var result = names
        for index in names.indices.filter({ keeps[$0] }) + names.indices.filter({ !keeps[$0] }) {
            var unique = names[index]
            var number = 2
            while used.contains(unique) {
                unique = "\(names[index])-\(number)"
                number += 1
            }
            used.insert(unique)
            result[index] = unique
        }
        return result
    }

    @Test func numberingMatchesTheRule() {
        var generator = SystemRandomNumberGenerator()
        // Names that collide with numbered ones too ('a-2' written as a name).
        let pool = ["a", "b", "a-2", "a-3", "b-2", "c"]
        for _ in 0..<300 {
            let count = Int.random(in: 1...40, using: &generator)
            let names = (0..<count).map { _ in pool.randomElement(using: &generator) ?? "a" }
            let keeps = names.map { _ in Bool.random(using: &generator) }
            #expect(StoryboardNames.resolve(names.map { [$0] }, keeps: keeps) == Self.reference(names, keeps: keeps), "\(names) \(keeps)")
        }
        let many = StoryboardNames.resolve(Array(repeating: ["ViewController"], count: 20_000))
        #expect(many.first == "ViewController" && many.last == "ViewController-20000" && Set(many).count == 20_000)
    }
}
