import Foundation
import ModelLoading
import SceneModel
import Testing

/// A multi-storyboard app (`Fixtures/Apps/Clash`): names that clash across files, a scene held by two containers,
/// bare names in a model, annotations that match nothing, the main storyboard.
@Suite struct StoryboardAppTests {
    static func path(_ name: String) -> String {
        let folder = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/Apps/Clash").path ?? "Fixtures/Apps/Clash"
        return (folder as NSString).appendingPathComponent(name)
    }

    static let files = ["Main.storyboard", "Social.storyboard", "Profile.storyboard"].map(path)

    /// With no initial view controller anywhere, the warning is at the main storyboard, whose initial view controller
    /// the app would start with: a storyboard added before it in path order does not move it (which made
    /// `check --git` report it anew).
    @Test func noInitialViewControllerIsSaidAtTheMainStoryboard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-initial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in [("Main.storyboard", "Main.storyboard"), ("Added.storyboard", "Social.storyboard")] {
            let text = try String(contentsOfFile: Self.path(source), encoding: .utf8)
                .replacingOccurrences(of: #" initialViewController="[^"]*""#, with: "", options: .regularExpression)
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let paths = ["Added.storyboard", "Main.storyboard"].map { folder.appendingPathComponent($0).path }
        let result = ModelLoader().load(storyboards: paths)
        let warning = try #require(result.diagnostics.first { $0.category == DiagnosticCategory.noInitialScene.id })
        #expect(warning.location == SourceLocation(file: paths[1], line: 1, column: 1), "\(warning)")
    }

    // MARK: - Names

    @Test func scenesOfOtherStoryboardsCarryTheirStoryboardsName() throws {
        // Given three storyboards with Main as the main one
        let imported = StoryboardImporter().importFiles(Self.files.reversed(), mainStoryboard: "Main")
        // Then Main's scenes have bare names and the others' carry their storyboard's name
        #expect(!imported.hasErrors)
        #expect(imported.scenes.map(\.id) == [
            "Profile.ProfileVC", "Profile.ProfileSettingsViewController", "Profile.HelpViewController",
            "Social.StyledNavigationController", "Social.SocialViewController", "Social.InviteViewController", "Social.HelpViewController",
            "TabBarController", "StyledNavigationController", "FeedViewController", "NavigationController", "ListViewController",
            "ListViewController@NavigationController",
        ])
        #expect(imported.initial?.value == "TabBarController", "the main storyboard's initial view controller, whatever the order")
        let tabs = try #require(imported.scene("TabBarController"))
        #expect(tabs.tabs.map(\.value) == ["StyledNavigationController", "Social.StyledNavigationController", "ListViewController"])
    }

    @Test func aSceneTwoContainersHoldGetsASecondInstanceNamedAfterItsParent() throws {
        let imported = StoryboardImporter().importFiles(Self.files, mainStoryboard: "Main")
        #expect(imported.scene("NavigationController")?.root?.value == "ListViewController@NavigationController")
        let copy = try #require(imported.scene("ListViewController@NavigationController"))
        #expect(copy.origin == Scene.Origin(storyboard: "Main.storyboard", objectID: "LST-aa-001"))
        #expect(copy.kind == .table)
    }

    @Test func segueIdentifiersNameTheirDestinationInTheirOwnStoryboard() throws {
        let imported = StoryboardImporter().importFiles(Self.files, mainStoryboard: "Main")
        let social = try #require(imported.scene("Social.SocialViewController"))
        // Across a reference the identifier comes from the reference, the destination is the scene it resolves to.
        #expect(social.segues.map(\.id) == ["show-ProfileVC", "present-HelpViewController"])
        #expect(social.segues.map { $0.destination?.value } == ["Profile.ProfileVC", "Social.HelpViewController"])
        #expect(social.segues.map(\.trigger) == ["Profile button", "Info button"], "a system button's type names it")
        let profile = try #require(imported.scene("Profile.ProfileVC"))
        #expect(profile.segues.first?.trigger == "Edit settings button", "an attributed title")
    }

    @Test func aFilesIdentifiersDoNotDependOnTheOtherFiles() throws {
        func ids(_ paths: [String], of file: String) -> [String] {
            let imported = StoryboardImporter().importFiles(paths, mainStoryboard: "Main")
            return imported.files.first { $0.path == file }?.controllers ?? []
        }
        let social = Self.path("Social.storyboard")
        let together = ids(Self.files, of: social)
        #expect(together == ["Social.StyledNavigationController", "Social.SocialViewController", "Social.InviteViewController", "Social.HelpViewController"])
        #expect(ids([social], of: social) == together)
        #expect(ids(Self.files.reversed(), of: social) == together)
        // Without the Profile storyboard the reference stands in under the name the real scene has.
        let alone = StoryboardImporter().importFiles([social], mainStoryboard: "Main")
        #expect(alone.scene("Social.SocialViewController")?.segues.first?.destination?.value == "Profile.ProfileVC")
        #expect(alone.scene("Profile.ProfileVC")?.summary?.hasPrefix("Stand-in") == true)
    }

    // MARK: - A model over the storyboards

    @Test func aModelMayUseBareNamesWhereTheyAreUnambiguous() throws {
        let result = ModelLoader().load(path: Self.path("App.yaml"))
        #expect(!result.hasErrors, "\(result.diagnostics.brief)")
        #expect(result.notes.isEmpty, "the model names its main storyboard")
        let model = try #require(result.model)
        #expect(model.initial?.value == "TabBarController")
        #expect(model.scene("Social.SocialViewController")?.summary == "The social tab.", "a bare name annotates the scene")
        #expect(model.scene("Profile.ProfileVC")?.unwindActions.map(\.value) == ["unwindToProfile"])
        #expect(model.scenes.last?.id == "Onboarding")
        let steps = try #require(model.flow("open-profile")?.steps)
        guard case .tap(let reference) = steps[1].action else { Issue.record("not a tap"); return }
        #expect(reference.scene == "Social.SocialViewController")
        #expect(reference.segue == "show-ProfileVC")
        guard case .expect(let expectation) = steps[2].action else { Issue.record("not an expectation"); return }
        #expect(expectation.visible?.value == "Profile.ProfileVC")
        #expect(expectation.stacks.first?.value.map(\.value) == ["Social.SocialViewController", "Profile.ProfileVC"])
        guard case .expect(let events) = steps[4].action else { Issue.record("not an expectation"); return }
        #expect(events.events.map(\.value) == ["Profile.ProfileSettingsViewController: viewDidLoad()"])
    }

    @Test func annotationsThatMatchNoSceneAreErrorsWithASuggestion() throws {
        let result = ModelLoader().load(path: Self.path("Mistyped.yaml"))
        #expect(result.model == nil)
        #expect(result.diagnostics.filter(\.isError).brief == [
            "Mistyped.yaml:6:3: error: scene 'ProfileSettingsViewControllr' matches no scene of the storyboards (did you mean 'Profile.ProfileSettingsViewController'?); a scene the model adds says so with its 'kind' (or 'new: true')",
            "Mistyped.yaml:8:3: error: scene 'Settings' matches no scene of the storyboards (did you mean 'Profile.ProfileSettingsViewController', titled 'Settings'?); a scene the model adds says so with its 'kind' (or 'new: true')",
            "Mistyped.yaml:10:3: error: scene 'HelpViewController' matches no scene of the storyboards (it is the bare name of 'Social.HelpViewController', 'Profile.HelpViewController'; write the one you mean); a scene the model adds says so with its 'kind' (or 'new: true')",
            "Mistyped.yaml:13:3: error: scene 'InviteViewController' says 'new: true', but the storyboards have a scene 'Social.InviteViewController'; remove 'new' to annotate it, or choose another identifier",
            "Mistyped.yaml:17:18: error: scene 'HelpViewController' in segue reference 'HelpViewController.close' is ambiguous: it is the bare name of 'Social.HelpViewController', 'Profile.HelpViewController'; write the one you mean",
            "Mistyped.yaml:18:18: error: unknown scene 'Feed' in 'present' step (did you mean 'FeedViewController', titled 'Feed'?)",
        ])
    }

    @Test func withoutAMainStoryboardNamedMainIsTheMainOne() throws {
        let result = ModelLoader().load(storyboards: Self.files.reversed())
        let model = try #require(result.model)
        #expect(model.initial?.value == "TabBarController", "Main is taken, wherever it is in the list")
        #expect(result.notes.isEmpty, "taking Main needs no note")
        // Without Main: the first with an initial view controller (Profile has none), with a note saying why.
        let others = ModelLoader().load(storyboards: [Self.files[2], Self.files[1]])
        #expect(others.model?.initial?.value == "StyledNavigationController")
        #expect(others.notes == ["no main storyboard is named: 'Social' (none is named Main; the first with an initial view controller) is taken as the main storyboard (its scenes have bare identifiers, the others' carry their storyboard's name); to name it, give the app's Info.plist with --info-plist, or a model with 'mainStoryboard:'"])
        // A Main that does not load makes no "none is named Main" note: its error is what to fix.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broken-main-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("Main.storyboard")
        try Data("<?xml version=\"1.0\"?>\n<document x=1>\n".utf8).write(to: broken)
        let withBrokenMain = ModelLoader().load(storyboards: [broken.path, Self.files[2], Self.files[1]])
        #expect(withBrokenMain.hasErrors)
        #expect(withBrokenMain.notes.isEmpty, "\(withBrokenMain.notes)")
        let named = ModelLoader().load(storyboards: Self.files.reversed(), mainStoryboard: "Main")
        #expect(named.notes.isEmpty)
        #expect(named.model?.initial?.value == "TabBarController")
        #expect(named.model?.name == "Clash", "the folder, for want of an Info.plist or an Xcode project")
    }
}

/// A column-style split view whose compact column is the iPhone interface (`Fixtures/Apps/Compact`).
@Suite struct StoryboardCompactColumnTests {
    static let folder = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/Apps/Compact").path ?? "Fixtures/Apps/Compact"

    @Test func theCompactViewControllerIsTheSplitsCompactColumn() throws {
        let imported = StoryboardImporter().importFiles([(Self.folder as NSString).appendingPathComponent("Main.storyboard")])
        let split = try #require(imported.scene("SplitViewController"))
        #expect(split.compact?.value == "MainTabBarController")
        #expect(split.splitStyle == .doubleColumn)
        #expect(split.summary == nil)
    }

    @Test func theCompactColumnAndItsTabsAreReachable() throws {
        let result = ModelLoader().load(path: (Self.folder as NSString).appendingPathComponent("App.yaml"))
        #expect(result.model != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.brief)")
        let model = try #require(result.model)
        #expect(ModelValidator.reachableScenes(in: model).isSuperset(of: ["MainTabBarController", "HomeViewController", "SearchViewController"]))
    }
}

/// Code-driven navigation (`--sources`, `sources:`): the Clash app's Swift sources with every pattern the scan knows
/// and the ones it must not take for navigation (`Fixtures/Apps/Clash/Sources`).
@Suite struct CodeNavigationTests {
    static func path(_ name: String) -> String { StoryboardAppTests.path(name) }

    static func load() -> LoadResult {
        ModelLoader().load(storyboards: StoryboardAppTests.files, options: LoadOptions(mainStoryboard: "Main", sources: [path("Sources")]))
    }

    static func codeSegues(_ model: SceneModel, _ scene: String) -> [String] {
        (model.scene(scene)?.segues ?? []).filter { $0.kind.value == .code }.map { segue in
            "\(segue.id): \(segue.call?.value.rawValue ?? "?") \(segue.destination?.value ?? "-") @\((segue.codeLocation.map { ($0 as NSString).lastPathComponent }) ?? "?")"
        }
    }

    @Test func eachPatternBecomesACodeSegueOfTheScenesOfItsClass() throws {
        let result = Self.load()
        let model = try #require(result.model, "\(result.diagnostics.brief)")
        #expect(Self.codeSegues(model, "FeedViewController") == [
            "code-present-InviteViewController: present Social.InviteViewController @FeedViewController.swift:11",
            "code-push-ProfileVC: push Profile.ProfileVC @FeedViewController.swift:16",
            "code-showDetail-ListViewController: showDetail ListViewController @FeedViewController.swift:20",
            "code-present-StyledNavigationController: present Social.StyledNavigationController @FeedViewController.swift:25",
        ])
        #expect(Self.codeSegues(model, "Social.SocialViewController") == [
            "code-show-InviteViewController: show Social.InviteViewController @SocialViewController.swift:11",
        ])
        #expect(Self.codeSegues(model, "Profile.ProfileSettingsViewController") == ["code-dismiss: dismiss - @ProfileViewController.swift:5"])
        // performSegue(withIdentifier:) marks the storyboard segue it performs.
        #expect(model.scene("FeedViewController")?.segue("showFavorites")?.summary?.hasPrefix("Performed in code: `performSegue(withIdentifier: \"showFavorites\", sender: nil)` in FeedViewController.favorites()") == true)
        // Unwind actions come from the same scan.
        #expect(model.scene("Profile.ProfileVC")?.unwindActions.map(\.value) == ["unwindToProfile"])
        // A code segue is kept at its line of Swift.
        let push = try #require(model.scene("FeedViewController")?.segue("code-push-ProfileVC"))
        #expect(push.location.line == 16)
        #expect(push.isManual, "only 'perform:' runs code")
    }

    @Test func whatCannotBeResolvedIsListedNeverGuessed() throws {
        let unresolved = Self.load().diagnostics.filter { $0.category == "code-unresolved" }.brief
        #expect(unresolved == [
            "FeedViewController.swift:37:9: warning: FeedViewController.openSettings(): show(settings, sender: self): no scene has storyboard ID 'Nowhere' in storyboard 'Main'; not added",
            "FeedViewController.swift:41:9: warning: FeedViewController.misspelt(): performSegue(withIdentifier: \"showFavourites\", sender: nil): scene 'FeedViewController' has no segue 'showFavourites' (did you mean 'showFavorites'?); not added",
            "FeedViewController.swift:45:15: warning: FeedViewController.elsewhere(): other.present(makeSomething(), animated: true): cannot tell which scene, presented by 'other', not by this view controller; not added",
            "FeedViewController.swift:46:9: warning: FeedViewController.elsewhere(): present(makeSomething(), animated: true): cannot tell which scene, 'makeSomething()' is made elsewhere; not added",
            "FeedViewController.swift:48:9: warning: FeedViewController.elsewhere(): present(nav, animated: true): cannot tell which scene, a UINavigationController made in code around another view controller; not added",
            "FeedViewController.swift:51:9: warning: FeedViewController.elsewhere(): present(computed, animated: true): cannot tell which scene, the storyboard ID is computed (\"\\(…)\"); not added",
            "SocialViewController.swift:6:9: warning: SocialViewController.help(): present(help, animated: true): no scene has storyboard ID 'Help' in storyboard 'Social'; not added",
        ])
    }

    @Test func theScanFindsNothingInCommentsStringsDeclarationsAlertsOrOtherTypes() throws {
        let scan = SourceScan.scan(folders: [Self.path("Sources")])
        #expect(scan.fileCount == 3)
        let model = try #require(Self.load().model)
        let applied = scan.apply(to: model.scenes)
        #expect(applied.systemCount == 1, "the alert")
        // BadgeView is no scene's class; the commented, quoted and declared `present`s are not calls.
        #expect(scan.calls.filter { $0.type == "FeedViewController" }.count == 12)
        #expect(scan.calls.filter { $0.type == "BadgeView" }.map(\.text) == ["controller.present(ProfileViewController(), animated: true)"])
        #expect(!applied.scenes.flatMap(\.segues).contains { $0.codeLocation?.hasSuffix("FeedViewController.swift:74") == true })
    }

    @Test func aModelListsItsSourcesAndFlowsPerformTheCodeSegues() throws {
        let result = ModelLoader().load(path: Self.path("Coded.yaml"))
        #expect(!result.hasErrors, "\(result.diagnostics.brief)")
        #expect(!result.diagnostics.contains { $0.category == "code-unresolved" }, "turned off by the model")
        let model = try #require(result.model)
        #expect(model.scene("FeedViewController")?.segue("code-push-ProfileVC")?.codeLocation == Self.path("Sources/Feed/FeedViewController.swift") + ":16"
                || model.scene("FeedViewController")?.segue("code-push-ProfileVC")?.codeLocation?.hasSuffix("Sources/Feed/FeedViewController.swift:16") == true)
    }

    @Test func writtenCodeSeguesLoadBack() throws {
        let model = try #require(Self.load().model)
        let yaml = ModelWriter().yaml(for: model)
        #expect(yaml.contains("      code-dismiss: {kind: code, call: dismiss, summary: \"`dismiss(animated: true)` in ProfileSettingsViewController.done().\", at: "))
        let reloaded = try #require(ModelLoader().load(text: yaml, path: "Coded.yaml").model)
        #expect(withoutLocations(reloaded) == withoutLocations(model))
    }
}

/// Categories of storyboard findings, turned off by a model for the whole app or for one scene.
@Suite struct StoryboardLintSettingTests {
    static func load(_ extra: String) -> LoadResult {
        let text = "format: 1\nname: Clash\nstoryboards: [Main.storyboard, Social.storyboard, Profile.storyboard]\nmainStoryboard: Main\n" + extra
        return ModelLoader().load(text: text, path: StoryboardAppTests.path("Lint.yaml"))
    }

    @Test func aSceneTurnsOffItsOwnUnreachableWarning() {
        let plain = Self.load("").diagnostics.filter { $0.category == "unreachable-scene" }.map(\.message)
        #expect(plain.count == 1)
        #expect(plain.first?.hasPrefix("scene 'Profile.HelpViewController' is unreachable") == true)
        let off = Self.load("scenes:\n  Profile.HelpViewController: {lint: {disable: [unreachable-scene]}}\n")
        #expect(!off.diagnostics.contains { $0.category == "unreachable-scene" }, "\(off.diagnostics.brief)")
        let everywhere = Self.load("lint: {disable: [unreachable-scene]}\n")
        #expect(everywhere.diagnostics.isEmpty, "\(everywhere.diagnostics.brief)")
    }

    /// Another storyboard opens at its initial view controller (`instantiateInitialViewController()`, or the iPad
    /// storyboard of a universal app): that scene is an entry point, not dead code, also once imported to a model.
    @Test func aStoryboardsInitialViewControllerIsAnEntryPoint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("initial-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Main.storyboard", "Social.storyboard", "Profile.storyboard"] {
            var text = try String(contentsOfFile: StoryboardAppTests.path(name), encoding: .utf8)
            if name == "Profile.storyboard" {
                text = text.replacingOccurrences(of: "<document ", with: "<document initialViewController=\"HLP-cc-001\" ")
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let text = "format: 1\nname: Clash\nstoryboards: [Main.storyboard, Social.storyboard, Profile.storyboard]\nmainStoryboard: Main\n"
        let result = ModelLoader().load(text: text, path: folder.appendingPathComponent("App.yaml").path)
        #expect(!result.diagnostics.contains { $0.category == "unreachable-scene" }, "\(result.diagnostics.brief)")
        let model = try #require(result.model)
        #expect(model.scene("Profile.HelpViewController")?.origin?.isInitial == true)
        #expect(model.scene("Profile.ProfileVC")?.origin?.isInitial == false)
        // Imported to a model file and loaded back, the scene is still an entry point.
        let yaml = ModelWriter().yaml(for: model)
        #expect(yaml.contains("origin: {storyboard: Profile.storyboard, objectID: HLP-cc-001, initial: true}"))
        let reloaded = ModelLoader().load(text: yaml, path: folder.appendingPathComponent("Imported.yaml").path)
        #expect(reloaded.model?.scene("Profile.HelpViewController")?.origin?.isInitial == true)
        #expect(!reloaded.diagnostics.contains { $0.category == "unreachable-scene" }, "\(reloaded.diagnostics.brief)")
    }

    @Test func scenesWithAStoryboardIDAreEntryPointsForCode() {
        // Social.InviteViewController has a storyboard ID and nothing leads to it: code may instantiate it.
        let messages = Self.load("").diagnostics.map(\.message)
        #expect(!messages.contains { $0.contains("InviteViewController") })
    }
}
