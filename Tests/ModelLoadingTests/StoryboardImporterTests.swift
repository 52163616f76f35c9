import Foundation
import ModelLoading
import SceneModel
import Testing

/// The mapping of Interface Builder XML to scenes and segues, on the hand-written `Main.storyboard` and friends.
@Suite struct StoryboardImporterTests {
    let main = StoryboardFixtures.importing("Main.storyboard")

    // MARK: - Controllers

    @Test func everyControllerElementBecomesAScene() throws {
        #expect(!main.hasErrors)
        let expected: [(id: String, kind: SceneKind, className: String)] = [
            ("MainTabBarController", .tabBar, "MainTabBarController"),
            ("LibraryNav", .navigation, "UINavigationController"),
            ("Library", .table, "LibraryViewController"),
            ("Photo", .content, "PhotoViewController"),
            ("AlbumsViewController", .collection, "AlbumsViewController"),
            ("SplitViewController", .split, "UISplitViewController"),
            ("Browser", .split, "UISplitViewController"),
            ("PageViewController", .content, "UIPageViewController"),
            ("SettingsHostingController", .content, "SettingsHostingController"),
            ("AVPlayerViewController", .content, "AVPlayerViewController"),
            ("GLKViewController", .content, "GLKViewController"),
            ("GlobeViewController", .content, "GlobeViewController"),
        ]
        for item in expected {
            let scene = try #require(main.scene(item.id), "missing scene \(item.id)")
            #expect(scene.kind == item.kind, "\(item.id)")
            #expect(scene.className == item.className, "\(item.id)")
        }
        let report = try #require(main.files.first)
        #expect(report.controllers.count == 25)
        #expect(report.placeholders.count == 3)
    }

    @Test func theSceneMemberIsTheControllerWhereverItStands() throws {
        // The tab bar's scene lists the first responder before the controller.
        let tabs = try #require(main.scene("MainTabBarController"))
        #expect(tabs.tabs.map(\.value) == ["LibraryNav", "Settings.initial", "AlbumsViewController"])
        #expect(main.initial?.value == "MainTabBarController")
    }

    @Test func containersGetTheirRelationships() throws {
        #expect(main.scene("LibraryNav")?.root?.value == "Library")
        let classic = try #require(main.scene("SplitViewController"))
        #expect(classic.splitStyle == .classic)
        #expect(classic.primary?.value == "NavigationController-AlbumListViewController")
        #expect(classic.secondary?.value == "AlbumViewController")
        let columns = try #require(main.scene("Browser"))
        #expect(columns.splitStyle == .tripleColumn)
        #expect(columns.primary?.value == "SidebarViewController")
        #expect(columns.supplementary?.value == "ListViewController")
        #expect(columns.secondary?.value == "ReaderViewController")
        #expect(columns.compact?.value == "CompactViewController")
    }

    @Test func controllersWithoutWhatUIKitNeedsAreContentWithAWarning() throws {
        let page = try #require(main.scene("PageViewController"))
        #expect(page.kind == .content)
        #expect(page.summary?.contains("scroll transition") == true)
        #expect(main.pageViewControllers.map(\.value) == ["PageViewController"])
        #expect(main.pageWarnings(for: main.scenes).map(\.message).first?.hasPrefix("page view controller 'PageViewController' has no pages") == true)
        #expect(main.messages(.warning).contains("unknown view controller element <sceneKitViewController>; imported as a content scene"))
        let empty = try #require(main.scene("OnboardingNav"))
        #expect(empty.kind == .content)
        #expect(empty.className == "UINavigationController")
        #expect(main.messages(.warning).contains { $0.hasPrefix("navigation controller 'OnboardingNav' has no root view controller") })
    }

    @Test func controllerAttributesAreKept() throws {
        let library = try #require(main.scene("Library"))
        #expect(library.title == "Library")
        #expect(library.storyboardID == "Library")
        #expect(library.definesPresentationContextSetting == true)
        #expect(library.origin == Scene.Origin(storyboard: "Main.storyboard", objectID: "LIB-00-001"))
        let editor = try #require(main.scene("EditorViewController-NewPhoto"))
        #expect(editor.title == "New Photo", "the navigation item's title when the controller has none")
        #expect(editor.providesPresentationContextTransitionStyle)
        #expect(editor.isModalInPresentation)
        #expect(main.scene("ViewController")?.modalPresentationStyle == .pageSheet)
        #expect(library.location.line == 44)
        #expect(library.location.column == 17)
        #expect((library.location.file as NSString).lastPathComponent == "Main.storyboard")
    }

    // MARK: - Identifiers

    @Test func sceneIdentifiersFollowTheDocumentedScheme() throws {
        // Storyboard ID, else custom class, else label, else the kind; never an object id.
        #expect(main.scene("Photo")?.origin?.objectID == "DET-00-001")
        #expect(main.scene("TagsViewController")?.origin?.objectID == "TAG-00-001")
        #expect(main.scene("ViewController")?.origin?.objectID == "INF-00-001")
        // Two scenes of class EditorViewController: the one with a title is told apart by it.
        #expect(main.scene("EditorViewController-NewPhoto")?.origin?.objectID == "EDT-00-001")
        #expect(main.scene("EditorViewController")?.origin?.objectID == "FIL-00-001")
        // Containers without names are named after their kind, and told apart by their first child.
        #expect(main.scene("NavigationController-EditorViewController")?.origin?.objectID == "ADD-00-001")
        #expect(main.scene("NavigationController-AlbumListViewController")?.origin?.objectID == "MNV-00-001")
        // Scenes of storyboards that are not imported stand in under the name they would have.
        #expect(main.scene("Settings.Account")?.storyboardID == "Account")
        let ids = main.scenes.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy(Identifier.isValidScene))
        #expect(!ids.contains { $0.contains("-00-0") }, "no object ids")
        // Same input, same identifiers.
        #expect(StoryboardFixtures.importing("Main.storyboard").scenes.map(\.id) == ids)
    }

    @Test func aSceneEmbeddedTwiceGetsASecondInstance() throws {
        let photo = try #require(main.scene("Photo"))
        let embeds = photo.segues.filter { $0.kind.value == .embed }.compactMap(\.destination?.value)
        #expect(embeds == ["TagsViewController", "TagsViewController@Photo"], "the second instance is named after its parent")
        let copy = try #require(main.scene("TagsViewController@Photo"))
        #expect(copy.origin?.objectID == "TAG-00-001")
    }

    // MARK: - Segues

    @Test func seguesOfEveryOwnerAndKind() throws {
        let library = try #require(main.scene("Library"))
        func segue(_ id: String) throws -> Segue { try #require(library.segueOrNil(id), "missing segue \(id)") }

        let showPhoto = try segue("showPhoto")
        #expect(showPhoto.kind.value == .show)
        #expect(showPhoto.destination?.value == "Photo")
        #expect(showPhoto.trigger == "Photo cell selection", "the reuse identifier PhotoCell, without saying cell twice")
        #expect(try segue("showInfo").trigger == "Photo cell accessory button")
        #expect(try segue("show-Account").trigger == "Account cell selection")
        #expect(try segue("show-Account").destination?.value == "Settings.Account")

        let filters = try segue("filters")
        #expect(filters.kind.value == .popover)
        #expect(filters.anchor == "Filters button")
        #expect(filters.trigger == "Filters button")

        let add = try segue("add_photo")
        #expect(add.kind.value == .present)
        #expect(add.trigger == "Add button")
        #expect(add.modalPresentationStyle?.value == .formSheet)
        #expect(add.modalTransitionStyle?.value == .crossDissolve)

        let manual = try segue("openDetail")
        #expect(manual.isManual)
        #expect(manual.animated == false)
        let fade = try segue("fade")
        #expect(fade.kind.value == .custom)
        #expect(fade.customClass == "FadeSegue")
        #expect(fade.isManual)

        // Free-standing objects of the scene: a gesture recognizer and a button.
        let gesture = try segue("custom-ViewController")
        #expect(gesture.trigger == "tap gesture")
        #expect(gesture.customClass == "CrossfadeSegue")
        #expect(try segue("show-ViewController").trigger == "Help button")
        #expect(library.segues.count == 9)
    }

    /// A segue the storyboard names keeps its identifier in diagrams; one it does not name, whose identifier is made
    /// of its kind and destination, is labelled with its trigger; a manual one without a name keeps the made-up id.
    @Test func unnamedSeguesAreLabelledWithTheirTrigger() throws {
        let library = try #require(main.scene("Library"))
        let named = try #require(library.segueOrNil("showPhoto"))
        #expect(named.label == nil)
        #expect(named.displayName == "showPhoto")
        let unnamed = try #require(library.segueOrNil("show-Account"))
        #expect(unnamed.label == "Account cell selection")
        #expect(unnamed.displayName == "Account cell selection")
        let photo = try #require(main.scene("Photo"))
        #expect(photo.segueOrNil("unwind-unwindToLibrary")?.displayName == "Done button")
        #expect(photo.segueOrNil("tags")?.label == nil, "named")
        let unnamedEmbed = try #require(photo.segues.first { $0.kind.value == .embed && $0.id != "tags" })
        #expect(unnamedEmbed.label == "container view", "an embed segue is labelled with its container view")
        for segue in main.scenes.flatMap(\.segues) where segue.trigger == nil && segue.kind.value != .embed {
            #expect(segue.label == nil, "\(segue.qualifiedID) has no trigger to be labelled with")
        }
    }

    @Test func embedUnwindAndShowDetailSegues() throws {
        let photo = try #require(main.scene("Photo"))
        let embed = try #require(photo.segueOrNil("tags"))
        #expect(embed.kind.value == .embed)
        #expect(embed.trigger == nil, "an embed segue fires by itself")
        let done = try #require(photo.segueOrNil("unwind-unwindToLibrary"))
        #expect(done.kind.value == .unwind)
        #expect(done.action?.value == "unwindToLibrary")
        #expect(done.destination == nil)
        #expect(done.trigger == "Done button")
        let manual = try #require(photo.segueOrNil("backToLibrary"))
        #expect(manual.action?.value == "unwindToLibraryWithSegue")
        #expect(manual.isManual)
        let details = try #require(photo.segueOrNil("details"))
        #expect(details.kind.value == .popover)
        #expect(details.isManual)
        #expect(details.anchor == "Share button", "a manual popover is anchored to its anchor view")
        #expect(photo.segueOrNil("showDetail-ViewController")?.trigger == "Share button")
        #expect(photo.segueOrNil("present-Help")?.trigger == "Help Button", "a document label naming the kind is not repeated")
        #expect(photo.segueOrNil("present-Help")?.destination?.value == "Help.initial")
        #expect(main.scene("EditorViewController-NewPhoto")?.segues.first?.trigger == "Caption text field")
        #expect(main.scene("AlbumsViewController")?.segues.first?.modalPresentationStyle?.value == .fullScreen)
        #expect(main.scene("AlbumListViewController")?.segues.first?.trigger == "Favorites cell selection")
    }

    @Test func segueCountsByInterfaceBuilderKind() throws {
        let report = try #require(main.files.first)
        #expect(report.segueCounts == [
            "relationship": 12, "show": 5, "popoverPresentation": 2, "presentation": 3, "custom": 3,
            "embed": 2, "unwind": 2, "showDetail": 2,
        ])
        // `<segue reference=…>` tie-breakers are not segues.
        #expect(report.segueCount == 31)
        #expect(main.scenes.flatMap(\.segues).count == 19, "relationships become container fields")
    }

    /// An iPad storyboard makes the model's idiom pad when the model does not say, under the width it writes.
    @Test func theStoryboardsIdiomKeepsTheWidthTheModelWrites() throws {
        func environment(_ written: String) throws -> Environment {
            let text = "format: 1\nname: L\nenvironment: \(written)\nstoryboards: [Legacy.storyboard]\n"
            let loaded = ModelLoader().load(text: text, path: StoryboardFixtures.path("L.yaml"))
            return try #require(loaded.model, "\(loaded.diagnostics.prefix(2))").environment
        }
        #expect(try environment("{width: compact}") == Environment(idiom: .pad, width: .compact))
        #expect(try environment("{ios: 16}") == Environment(idiom: .pad, width: .regular, ios: 16))
    }

    @Test func legacyFilesWithNumericIDsAndDeprecatedKinds() throws {
        let legacy = StoryboardFixtures.importing("Legacy.storyboard")
        #expect(!legacy.hasErrors)
        #expect(legacy.idiom == .pad)
        #expect(legacy.initial?.value == "SplitViewController")
        let places = try #require(legacy.scene("PlacesViewController"))
        #expect(places.title == "Places")
        let kinds = places.segues.map { "\($0.id):\($0.kind.value.rawValue)" }
        #expect(kinds == ["Show_Photos:push", "Show_Map:replace", "About:popover", "Login:modal"])
        #expect(places.segueOrNil("About")?.anchor == "About button")
        #expect(places.segueOrNil("Login")?.modalTransitionStyle?.value == .flipHorizontal)
        #expect(legacy.messages(.warning).contains("'popover' segues are deprecated; segue 'PlacesViewController.About' is imported as a popover presentation"),
                "the warning names its segue")
        #expect(legacy.files.first?.segueCounts == ["relationship": 3, "push": 1, "replace": 1, "popover": 1, "modal": 1])
    }

    // MARK: - Runtimes and file problems

    /// A folder whose storyboards are all skipped (another platform's, launch screens) says so, not "no view
    /// controllers to import", which read as if the storyboard were empty.
    @Test func aFolderOfSkippedStoryboardsSaysSo() {
        let paths = ["Watch.storyboard", "Mac.storyboard", "LaunchScreen.storyboard"].map(StoryboardFixtures.path)
        var options = LoadOptions()
        options.foundInFolders = Set(paths)
        let result = ModelLoader().load(storyboards: paths, options: options)
        #expect(result.model == nil)
        let errors = result.diagnostics.filter(\.isError).map(\.message)
        #expect(errors == ["nothing to import: every storyboard found was skipped (1 launch screen, 1 macOS storyboard, 1 watchOS storyboard); Scenograph documents the navigation of iOS UIKit apps"])
    }

    /// Two storyboards of the same file name are told apart in their scenes' origins by their folder (the docs said
    /// both were imported from `iPad.storyboard`, and a large app's segue graph drew them as one storyboard).
    @Test func sameNamedStoryboardsHaveDistinctOrigins() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: StoryboardFixtures.path("Settings.storyboard")))
        let twins = StoryboardImporter().importContents([(path: "App/Shutterbug/Base.lproj/Settings.storyboard", data: data),
                                                         (path: "App/SPoT/Settings.storyboard", data: data)])
        #expect(!twins.hasErrors, "\(twins.diagnostics)")
        let origins = Set(twins.scenes.compactMap { $0.origin?.storyboard })
        #expect(origins == ["Shutterbug/Settings.storyboard", "SPoT/Settings.storyboard"])
        let segueOrigins = Set(twins.scenes.flatMap(\.segues).compactMap { segue in segue.origin.map(\.storyboard) })
        #expect(!segueOrigins.isEmpty && segueOrigins.isSubset(of: origins))
        // In folders of the same name: as many folders as tell them apart.
        let same = StoryboardImporter().importContents([(path: "A/App/Base.lproj/Settings.storyboard", data: data), (path: "B/App/Settings.storyboard", data: data)])
        #expect(Set(same.scenes.compactMap { $0.origin?.storyboard }) == ["A/App/Settings.storyboard", "B/App/Settings.storyboard"])
        // Whatever folder they are in (diff --git reads a revision in a temporary folder): the same origins and ids.
        let main = try Data(contentsOf: URL(fileURLWithPath: StoryboardFixtures.path("Main.storyboard")))
        func imported(under root: String) -> (origins: Set<String>, ids: [String]) {
            let result = StoryboardImporter().importContents([(path: root + "Main.storyboard", data: main), (path: root + "Settings.storyboard", data: data),
                                                              (path: root + "Sub/Settings.storyboard", data: data)])
            return (Set(result.scenes.compactMap { $0.origin?.storyboard }), result.scenes.map(\.id))
        }
        let here = imported(under: ""), elsewhere = imported(under: "/tmp/scenograph-git-1-X/")
        #expect(here.origins == ["Main.storyboard", "Settings.storyboard", "Sub/Settings.storyboard"])
        #expect(here.ids.contains { $0.hasPrefix("Settings.") } && here.ids.contains { $0.hasPrefix("Sub-Settings.") }, "\(here.ids)")
        #expect(elsewhere.origins == here.origins && elsewhere.ids == here.ids, "\(here.ids) \(elsewhere.ids)")
        // Alone, a storyboard's origin is its file name.
        let alone = StoryboardImporter().importContents([(path: "App/SPoT/Settings.storyboard", data: data)])
        #expect(Set(alone.scenes.compactMap { $0.origin?.storyboard }) == ["Settings.storyboard"])
    }

    @Test func runtimeGate() throws {
        let tv = StoryboardFixtures.importing("TV.storyboard")
        #expect(!tv.hasErrors)
        #expect(tv.scene("TVHomeViewController") != nil)
        #expect(tv.diagnostics.brief == ["TV.storyboard:2:1: warning: tvOS storyboard (targetRuntime 'AppleTV'): imported, but Scenograph applies iOS's UIKit rules to it"])

        let mac = StoryboardFixtures.importing("Mac.storyboard")
        #expect(mac.diagnostics.brief == ["Mac.storyboard:2:1: error: macOS storyboards are not supported (targetRuntime 'MacOSX.Cocoa'); Scenograph documents iOS UIKit apps"])
        #expect(mac.files.first?.status == .failed)
        let watch = StoryboardFixtures.importing("Watch.storyboard")
        #expect(watch.diagnostics.brief == ["Watch.storyboard:2:1: error: watchOS storyboards are not supported (targetRuntime 'watchKit'); Scenograph documents iOS UIKit apps"])

        let launch = StoryboardFixtures.importing("LaunchScreen.storyboard", "Legacy.storyboard")
        #expect(!launch.hasErrors)
        #expect(launch.files.map(\.status) == [.skippedLaunchScreen, .imported])
        #expect(launch.messages(.warning).contains("launch screen storyboard 'LaunchScreen.storyboard' skipped: a launch screen has no navigation"))
        #expect(launch.scenes.allSatisfy { $0.origin?.storyboard == "Legacy.storyboard" })

        let xib = StoryboardFixtures.importing("View.storyboard")
        #expect(xib.diagnostics.brief == ["View.storyboard:2:1: error: a XIB file, not a storyboard (type 'com.apple.InterfaceBuilder3.CocoaTouch.XIB'); Scenograph imports storyboards"])
    }

    @Test func malformedFilesAreReportedWithLineAndColumn() {
        #expect(StoryboardFixtures.importing("Malformed.storyboard").diagnostics.brief
            == ["Malformed.storyboard:6:48: error: malformed XML: a space is required here (between attributes)"])
        #expect(StoryboardFixtures.importing("Mismatched.storyboard").diagnostics.brief
            == ["Mismatched.storyboard:7:13: error: malformed XML: the closing tag does not match the open element <viewController> opened at line 6"])
        // An attribute written twice is named, at its second occurrence (the parser stops at the end of the tag).
        let twice = Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
            + "  <scenes>\n    <scene sceneID=\"s\"><objects><viewController id=\"v\" title=\"A > B\" title='B' sceneMemberID=\"viewController\"/></objects></scene>\n  </scenes>\n</document>\n").utf8)
        #expect(StoryboardImporter().importContents([("Twice.storyboard", twice)]).diagnostics.brief
            == ["Twice.storyboard:4:70: error: malformed XML: an attribute is written twice: 'title'"])
        #expect(StoryboardFixtures.importing("Conflict.storyboard").diagnostics.brief
            == ["Conflict.storyboard:6:1: error: merge conflict marker '<<<<<<<' found; the storyboard was committed in the middle of a merge: resolve the conflict first"])
        #expect(StoryboardFixtures.importing("Empty.storyboard").diagnostics.brief
            == ["Empty.storyboard:1:1: error: malformed XML: the file is empty or not XML"])
    }

    @Test func missingAndRepeatedFiles() {
        let result = StoryboardImporter().importFiles([StoryboardFixtures.path("Legacy.storyboard"), StoryboardFixtures.path("Nowhere.storyboard"),
                                                       StoryboardFixtures.path("Legacy.storyboard")])
        #expect(result.diagnostics.brief.contains { $0.hasPrefix("Nowhere.storyboard:1:1: error: no such storyboard file '") })
        #expect(result.messages(.warning).contains { $0.hasSuffix("Legacy.storyboard' is given twice; importing it once") })
        #expect(result.files.map(\.status) == [.imported, .failed, .duplicate])
    }
}
