import Foundation
import ModelLoading
import SceneModel
import Testing

/// Storyboard references (`viewControllerPlaceholder`) resolved across the imported files.
@Suite struct StoryboardReferenceTests {
    /// One storyboard of `count` references, each leading to the next (by storyboard ID, in the same file), the last to
    /// `last`: a view controller, or the first reference (a cycle).
    static func chain(_ count: Int, lastTo last: String) -> Data {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="HOM">"#,
                     "<scenes>",
                     #"<scene sceneID="s0"><objects><viewController id="HOM" storyboardIdentifier="Home" sceneMemberID="viewController"><connections><segue destination="P0" kind="show" identifier="next" id="sg"/></connections></viewController></objects></scene>"#]
        for index in 0..<count {
            let next = index + 1 < count ? "p\(index + 1)" : last
            lines.append(#"<scene><objects><viewControllerPlaceholder storyboardName="Chain" referencedIdentifier="\#(next)" storyboardIdentifier="p\#(index)" id="P\#(index)" sceneMemberID="viewController"/></objects></scene>"#)
        }
        lines += ["</scenes>", "</document>"]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// Two scenes of one object id are an error at the second (a merge gone wrong), not one scene named after the
    /// second with the first's segues.
    @Test func anObjectIDUsedTwiceIsAnError() throws {
        let text = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="A"><scenes>
            <scene sceneID="s1"><objects><viewController id="A" title="First" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s2"><objects><viewController id="A" title="Second" sceneMemberID="viewController"/></objects></scene>
            </scenes></document>
            """#
        let result = StoryboardImporter().importContents([(path: "Twice.storyboard", data: Data(text.utf8))])
        #expect(result.diagnostics.filter(\.isError).map(\.description)
                == ["Twice.storyboard:4:30: error: <viewController> has the object id 'A' of the <viewController> at line 3; every object of a storyboard has its own id (a merge gone wrong?) [syntax]"])
    }

    /// A storyboard reference left unset in Interface Builder names no storyboard: said so ("?.storyboard" before).
    @Test func aReferenceThatNamesNoStoryboardIsSaidSo() throws {
        let text = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="A"><scenes>
            <scene sceneID="s1"><objects><viewController id="A" sceneMemberID="viewController"><view key="view" id="V"/>
            <connections><segue destination="R" kind="show" identifier="go" id="G"/></connections></viewController></objects></scene>
            <scene sceneID="s2"><objects><viewControllerPlaceholder id="R" sceneMemberID="viewController"/></objects></scene>
            </scenes></document>
            """#
        let result = StoryboardImporter().importContents([(path: "Unset.storyboard", data: Data(text.utf8))])
        let warnings = result.diagnostics.filter { !$0.isError }.map(\.message)
        #expect(warnings == ["storyboard reference to the initial view controller of an unnamed storyboard cannot be resolved: set the reference's Storyboard in Interface Builder; a stand-in scene takes its place"])
        #expect(result.scenes.contains { $0.standsInFor == "the initial view controller of an unnamed storyboard" })
    }

    /// Two segues of a scene with one storyboard identifier are imported under two ids, and a warning says that the
    /// app's performSegue(withIdentifier:) reaches only one of them (it was silent, and check could not see it).
    @Test func aSegueIdentifierUsedTwiceInASceneIsAWarning() throws {
        let text = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="A"><scenes>
            <scene sceneID="s1"><objects><viewController id="A" title="Home" sceneMemberID="viewController"><connections>
            <segue destination="B" kind="presentation" identifier="go" id="g1"/>
            <segue destination="C" kind="presentation" identifier="go" id="g2"/>
            <segue destination="C" kind="show" identifier="other" id="g3"/>
            </connections></viewController></objects></scene>
            <scene sceneID="s2"><objects><viewController id="B" title="B" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s3"><objects><viewController id="C" title="C" sceneMemberID="viewController"/></objects></scene>
            </scenes></document>
            """#
        let result = StoryboardImporter().importContents([(path: "Twice.storyboard", data: Data(text.utf8))])
        #expect(result.scenes.first { $0.id == "Home" }?.segues.map(\.id) == ["go", "go-2", "other"])
        #expect(result.diagnostics.map(\.description) == [
            "Twice.storyboard:5:1: warning: scene 'Home' has two segues with the storyboard identifier 'go' (the first at line 4, imported as 'go', this one as 'go-2'); performSegue(withIdentifier:) reaches only one [duplicate-segue-id]",
        ])
    }

    /// An identifier with spaces or signs becomes a model identifier (`Show_Detail`); the string the code compares
    /// (`performSegue(withIdentifier: "Show Detail")`) is the segue's label, which diagrams draw and pages quote.
    @Test func aSegueIdentifierThatIsNotOneAsWrittenIsItsLabel() throws {
        let data = Self.storyboard(initial: "A", body: #"""
            <scene sceneID="s1"><objects><viewController id="A" title="Home" sceneMemberID="viewController"><connections>
            <segue destination="B" kind="presentation" identifier="Show Detail" id="g1"/>
            <segue destination="B" kind="show" identifier="plain" id="g2"/>
            <segue destination="B" kind="show" identifier="Show_Detail" id="g3"/>
            <segue destination="B" kind="show" identifier="   " id="g4"/>
            </connections></viewController></objects></scene>
            """# + Self.controller("B"))
        let result = StoryboardImporter().importContents([(path: "Spaces.storyboard", data: data)])
        let segues = try #require(result.scenes.first { $0.id == "Home" }?.segues)
        // `Show_Detail`, written so, numbered beside the first, carries its string too; blanks make no label.
        #expect(segues.map(\.id) == ["Show_Detail", "plain", "Show_Detail-2", "___"])
        #expect(segues.map(\.label) == ["Show Detail", nil, "Show_Detail", nil])
        #expect(segues.first?.displayName == "Show Detail")
        // The import's file loads back to the same segues.
        let model = try #require(ModelLoader().load(imported: result, name: "Spaces", path: "Spaces.storyboard").model)
        let reloaded = ModelLoader().load(text: ModelWriter().yaml(for: model), path: "Spaces.yaml")
        #expect(!reloaded.diagnostics.contains { $0.isError }, "\(reloaded.diagnostics.map(\.description))")
        #expect(reloaded.model?.scene("Home")?.segues.map(\.label) == ["Show Detail", nil, "Show_Detail", nil])
    }

    /// Scene names are file names: two that differ only in case (storyboard IDs `CON` and `con`) would be one page
    /// on macOS's file system, so the second is numbered as a shared name is; a model written by hand that does so is
    /// an error at the second.
    @Test func sceneNamesThatDifferOnlyInCaseAreToldApart() throws {
        let data = Self.storyboard(initial: "A", body: Self.controller("A", storyboardID: "CON", segueTo: "B") + Self.controller("B", storyboardID: "con"))
        let result = StoryboardImporter().importContents([(path: "Case.storyboard", data: data)])
        #expect(result.scenes.map(\.id) == ["CON", "con-2"])
        #expect(result.scenes.first?.segues.first?.destination?.value == "con-2")
        let yaml = "format: 1\nname: C\ninitial: a\nscenes:\n  a:\n    segues: {go: {kind: show, to: A, trigger: x}}\n  A: {}\nflows:\n  f: {steps: [{tap: a.go}]}\n  F: {steps: [{tap: a.go}]}\n"
        let loaded = ModelLoader().load(text: yaml, path: "c.yaml")
        #expect(loaded.diagnostics.filter(\.isError).map(\.description) == [
            "c.yaml:7:3: error: scene id 'A' differs from scene id 'a' (line 5) only in case: their pages and diagrams would be one file on a file system that ignores case (macOS's, Windows's); rename one [model-format]",
            "c.yaml:10:3: error: flow id 'F' differs from flow id 'f' (line 9) only in case: their pages and diagrams would be one file on a file system that ignores case (macOS's, Windows's); rename one [model-format]",
        ])
    }

    /// A storyboard with classic Mac line ends (CR alone) is positioned as XML counts its lines, as one with LF or
    /// CRLF is: its scans counted line feeds only, and every position was on line 1.
    @Test func positionsAreTheSameWhateverTheLineEnds() throws {
        let lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="A"><scenes>"#,
            #"<scene sceneID="s1"><objects>"#,
            #"    <viewController id="A" title="Home" modalPresentationStyle="bogus" sceneMemberID="viewController"/>"#,
            #"</objects></scene></scenes></document>"#,
        ]
        var found: [String] = []
        for end in ["\n", "\r\n", "\r"] {
            let result = StoryboardImporter().importContents([(path: "Ends.storyboard", data: Data(lines.joined(separator: end).utf8))])
            found.append(result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        #expect(found.first == "Ends.storyboard:4:5: warning: unknown modalPresentationStyle 'bogus' ignored [storyboard-ignored]")
        #expect(Set(found).count == 1, "\(found)")
    }

    /// Long chains of references are followed once, not from every reference again (cubic time), and without
    /// recursion (10,000 overflowed the stack); a long cycle names its first references and the one met again.
    @Test func longChainsAndCyclesOfReferences() throws {
        let resolved = StoryboardImporter().importContents([(path: "Chain.storyboard", data: Self.chain(3_000, lastTo: "Home"))])
        #expect(resolved.files.first?.placeholders.count == 3_000)
        #expect(resolved.files.first?.placeholders.allSatisfy(\.isResolved) == true)
        let home = try #require(resolved.scenes.first { $0.storyboardID == "Home" })
        #expect(home.segueOrNil("next")?.destination?.value == home.id, "the chain leads back to Home")
        let looped = StoryboardImporter().importContents([(path: "Chain.storyboard", data: Self.chain(3_000, lastTo: "p0"))])
        #expect(looped.files.first?.placeholders.allSatisfy { !$0.isResolved } == true)
        let cycles = looped.diagnostics.filter { $0.message.contains("the references form a cycle") }.map(\.message)
        #expect(cycles.count == 3_000, "\(looped.diagnostics.prefix(3))")
        #expect(cycles.first?.hasSuffix("cycle (" + Array(repeating: "Chain.storyboard", count: 8).joined(separator: " → ") + " → … → Chain.storyboard); a stand-in scene takes its place") == true, "\(cycles.first ?? "")")
    }

    @Test func referencesResolveAcrossFilesInBothDirections() throws {
        let result = StoryboardFixtures.importing("Main.storyboard", "Settings.storyboard")
        #expect(!result.hasErrors)
        // Main's tab points at Settings' initial view controller.
        let tabs = try #require(result.scene("MainTabBarController"))
        #expect(tabs.tabs.map(\.value) == ["LibraryNav", "Settings.SettingsNavigationController", "AlbumsViewController"])
        // A reference with an identifier reaches that scene, not a stand-in.
        let account = try #require(result.scene("Settings.Account"))
        #expect(account.origin?.storyboard == "Settings.storyboard")
        #expect(result.scene("Library")?.segueOrNil("show-Account")?.destination?.value == "Settings.Account")
        // Settings refers back into Main.
        let settings = try #require(result.scene("Settings.settings_root"))
        #expect(settings.storyboardID == "settings.root")
        #expect(settings.segueOrNil("openLibrary")?.destination?.value == "Photo")
        #expect(settings.segueOrNil("show-Account")?.trigger == "Account cell selection")
        // The initial scene is the main storyboard's (here the first given).
        #expect(result.initial?.value == "MainTabBarController")

        let main = try #require(result.files.first)
        #expect(main.placeholders.map(\.isResolved) == [true, true, false])
        #expect(main.placeholders.map(\.sceneID) == ["Settings.SettingsNavigationController", "Settings.Account", "Help.initial"])
        #expect(result.files[1].placeholders.map(\.isResolved) == [true, false])
    }

    @Test func unresolvableReferencesNameTheMissingFileOrIdentifier() throws {
        let result = StoryboardFixtures.importing("Main.storyboard", "Settings.storyboard")
        let warnings = result.diagnostics.filter { $0.message.hasPrefix("storyboard reference") }.brief
        #expect(warnings == [
            "Main.storyboard:341:17: warning: storyboard reference to the initial view controller of Help.storyboard cannot be resolved: Help.storyboard is not among the imported storyboards; a stand-in scene takes its place",
            "Settings.storyboard:76:17: warning: storyboard reference to view controller 'Nope' of Main.storyboard cannot be resolved: Main.storyboard has no view controller with storyboard ID 'Nope'; a stand-in scene takes its place",
        ])
        // The stand-in keeps the model whole: the segue still has a destination.
        // Named as the scene would be: a scene of the main storyboard has a bare name.
        let standIn = try #require(result.scene("Nope"))
        #expect(standIn.kind == .content)
        #expect(standIn.summary == "Stand-in for view controller 'Nope' of Main.storyboard, which does not resolve: Main.storyboard has no view controller with storyboard ID 'Nope'.")
        #expect(result.scene("Settings.settings_root")?.segueOrNil("openMissing")?.destination?.value == "Nope")
    }

    @Test func referenceCyclesEndInAWarning() throws {
        let result = StoryboardFixtures.importing("CycleA.storyboard", "CycleB.storyboard")
        #expect(!result.hasErrors)
        let cycles = result.messages(.warning).filter { $0.contains("cycle") }
        #expect(cycles == [
            "storyboard reference to the initial view controller of CycleB.storyboard cannot be resolved: the references form a cycle (CycleA.storyboard → CycleB.storyboard → CycleA.storyboard); a stand-in scene takes its place",
            "storyboard reference to the initial view controller of CycleA.storyboard cannot be resolved: the references form a cycle (CycleB.storyboard → CycleA.storyboard → CycleB.storyboard); a stand-in scene takes its place",
        ])
        // A reference with an identifier into the cycle still resolves.
        #expect(result.scene("CycleB.Away")?.segueOrNil("home")?.destination?.value == "Home")
        let model = StoryboardFixtures.load("CycleA.storyboard", "CycleB.storyboard")
        #expect(model.model != nil)
    }

    @Test func referencesChainThroughAnInitialReference() throws {
        // Start → (Middle's initial, itself a reference) → End's scene.
        let result = StoryboardImporter().importContents([
            ("App/Start.storyboard", Self.storyboard(initial: "s1", body: Self.controller("s1", segueTo: "r1") + Self.placeholder("r1", name: "Middle"))),
            ("App/Middle.storyboard", Self.storyboard(initial: "r2", body: Self.placeholder("r2", name: "End", identifier: "Target"))),
            ("App/End.storyboard", Self.storyboard(initial: nil, body: Self.controller("e1", storyboardID: "Target"))),
        ])
        #expect(!result.hasErrors)
        #expect(result.scene("ViewController")?.segues.first?.destination?.value == "End.Target")
        #expect(result.scene("ViewController")?.segues.first?.id == "show-Middle", "named from the reference, whatever it resolves to")
        #expect(result.files.map { $0.placeholders.map(\.isResolved) } == [[true], [true], []])
    }

    /// UIKit finds a storyboard ID by its exact characters: an é written as one character does not match an e with a
    /// combining accent, though Swift's strings call them equal.
    @Test func storyboardIDsMatchCharacterForCharacter() throws {
        func importing(referenced: String) -> StoryboardImport {
            StoryboardImporter().importContents([
                ("App/Start.storyboard", Self.storyboard(initial: "s1", body: Self.controller("s1", segueTo: "r1") + Self.placeholder("r1", name: "End", identifier: referenced))),
                ("App/End.storyboard", Self.storyboard(initial: nil, body: Self.controller("e1", storyboardID: "Caf\u{E9}"))),
            ])
        }
        #expect(importing(referenced: "Caf\u{E9}").files.first?.placeholders.map(\.isResolved) == [true])
        let decomposed = importing(referenced: "Cafe\u{301}")
        #expect(decomposed.files.first?.placeholders.map(\.isResolved) == [false])
        #expect(decomposed.diagnostics.contains { $0.message.contains("End.storyboard has no view controller with storyboard ID") })
    }

    @Test func aNameInSeveralFoldersResolvesToTheClosestFile() throws {
        let result = StoryboardImporter().importContents([
            ("Phone/Main.storyboard", Self.storyboard(initial: "p1", body: Self.controller("p1", storyboardID: "PhoneHome", segueTo: "p2") + Self.placeholder("p2", name: "Detail"))),
            ("Tablet/Main.storyboard", Self.storyboard(initial: "t1", body: Self.controller("t1", storyboardID: "TabletHome", segueTo: "t2") + Self.placeholder("t2", name: "Detail"))),
            ("Phone/Detail.storyboard", Self.storyboard(initial: "d1", body: Self.controller("d1", storyboardID: "PhoneDetail"))),
            ("Tablet/Detail.storyboard", Self.storyboard(initial: "d1", body: Self.controller("d1", storyboardID: "TabletDetail"))),
        ])
        #expect(!result.hasErrors)
        // Storyboards sharing a name are told apart by their folder; the main storyboard keeps bare names.
        #expect(result.scene("PhoneHome")?.segues.first?.destination?.value == "Phone-Detail.PhoneDetail")
        #expect(result.scene("Tablet-Main.TabletHome")?.segues.first?.destination?.value == "Tablet-Detail.TabletDetail")
        #expect(result.initial?.value == "PhoneHome")
    }

    @Test func scenesOfOtherStoryboardsCarryTheStoryboardsName() throws {
        let a = ("A.storyboard", Self.storyboard(initial: "x1", body: Self.controller("x1", storyboardID: "Home") + Self.controller("x2", storyboardID: "Other")))
        let b = ("B.storyboard", Self.storyboard(initial: nil, body: Self.controller("x1", storyboardID: "Home") + Self.controller("x3", storyboardID: "Home-x2")))
        let result = StoryboardImporter().importContents([a, b])
        #expect(result.scenes.map(\.id) == ["Home", "Other", "B.Home", "B.Home-x2"])
        #expect(result.mainStoryboard == MainStoryboard(name: "A", isNamed: false, isImported: true, guess: .initialViewController))
        // Without `Main` or an initial view controller, the first given.
        let plain = ("C.storyboard", Self.storyboard(initial: nil, body: Self.controller("x1", storyboardID: "Home")))
        #expect(StoryboardImporter().importContents([b, plain]).mainStoryboard == MainStoryboard(name: "B", isNamed: false, isImported: true, guess: .first))
        #expect(StoryboardImporter().importContents([plain, b]).mainStoryboard?.name == "C")
        // The initial view controller decides over the order, and `Main` over both.
        #expect(StoryboardImporter().importContents([b, a]).mainStoryboard?.name == "A")
        let main = ("Main.storyboard", Self.storyboard(initial: nil, body: Self.controller("x1", storyboardID: "Start")))
        #expect(StoryboardImporter().importContents([a, b, main]).mainStoryboard == MainStoryboard(name: "Main", isNamed: false, isImported: true, guess: .xcodeDefault))
        // Without `Main`, a name starting with it (with an initial view controller) decides over the order: a storyboard
        // added before it (Refactor to Storyboard's `Editing`) does not rename every scene.
        let books = ("MainStoryboard.storyboard", Self.storyboard(initial: "x1", body: Self.controller("x1", storyboardID: "Root")))
        let editing = ("Editing.storyboard", Self.storyboard(initial: "e1", body: Self.controller("e1", storyboardID: "Edit")))
        #expect(StoryboardImporter().importContents([editing, books]).mainStoryboard
                == MainStoryboard(name: "MainStoryboard", isNamed: false, isImported: true, guess: .mainPrefix))
        let unlaunched = ("MainMenu.storyboard", Self.storyboard(initial: nil, body: Self.controller("m1", storyboardID: "Menu")))
        #expect(StoryboardImporter().importContents([editing, unlaunched]).mainStoryboard?.name == "Editing", "one without an initial view controller is not taken for it")
        let maintenance = ("Maintenance.storyboard", Self.storyboard(initial: "m1", body: Self.controller("m1", storyboardID: "Fix")))
        #expect(StoryboardImporter().importContents([editing, maintenance]).mainStoryboard?.name == "Editing", "Maintenance is not named like Main")
        #expect(["MainStoryboard", "Main_iPhone", "Main-iPad", "MainMenu"].allSatisfy(StoryboardImporter.isNamedLikeMain))
        #expect(!["Maintenance", "Mainly", "main", "Main", "Domain"].contains(where: StoryboardImporter.isNamedLikeMain))
        // The main storyboard decides, not the order.
        let named = StoryboardImporter().importContents([b, a], mainStoryboard: "A")
        #expect(named.scenes.map(\.id) == ["B.Home", "B.Home-x2", "Home", "Other"])
        #expect(named.initial?.value == "Home")
        // A main storyboard that is not imported qualifies every scene.
        let alone = StoryboardImporter().importContents([b], mainStoryboard: "Main.storyboard")
        #expect(alone.scenes.map(\.id) == ["B.Home", "B.Home-x2"])
        #expect(alone.mainStoryboard == MainStoryboard(name: "Main", isNamed: true, isImported: false))
    }

    @Test func bundleReferencesSayWhereTheyPoint() {
        let result = StoryboardImporter().importContents([
            ("References.storyboard", Self.storyboard(initial: "c1", body: Self.controller("c1", segueTo: "r1")
                + #"<scene sceneID="sr1"><objects><viewControllerPlaceholder storyboardName="Shared" bundleIdentifier="com.example.kit" id="r1" sceneMemberID="viewController"/></objects></scene>"#)),
        ])
        #expect(result.messages(.warning) == [
            "storyboard reference to the initial view controller of Shared.storyboard cannot be resolved: Shared.storyboard is not among the imported storyboards (it is in bundle 'com.example.kit'); a stand-in scene takes its place",
        ])
    }

    /// A segue without a kind (Interface Builder writes one on every segue) is said to be ignored, where it is, as one
    /// of an unknown kind is; it was dropped in silence.
    @Test func aSegueWithoutAKindIsSaidToBeIgnored() throws {
        let body = Self.controller("a", segueTo: "b").replacingOccurrences(of: #" kind="show""#, with: "") + Self.controller("b")
        let result = StoryboardImporter().importContents([("Main.storyboard", Self.storyboard(initial: "a", body: body))])
        let warning = try #require(result.diagnostics.first { $0.message.hasPrefix("segue without a kind") })
        #expect(warning.severity == .warning && warning.location.line == 4, "\(warning)")
        #expect(result.scenes.first { $0.id == "ViewController" || $0.origin?.objectID == "a" }?.segues.isEmpty == true)
    }

    /// Two objects of one id other than scenes (two segues, a segue and a view: a merge gone wrong) are an error at
    /// the second, as two scenes of one id are; they were imported in silence.
    @Test func twoObjectsOfOneIDAreAnError() throws {
        let body = Self.controller("a", segueTo: "b").replacingOccurrences(of: "</connections>", with: #"<segue destination="b" kind="presentation" id="seg-a"/></connections>"#)
            + Self.controller("b")
        let result = StoryboardImporter().importContents([("Main.storyboard", Self.storyboard(initial: "a", body: body))])
        #expect(result.diagnostics.filter(\.isError).map(\.message) == [
            "<segue> has the object id 'seg-a' of the <segue> at line 4; every object of a storyboard has its own id (a merge gone wrong?)",
        ])
    }

    // MARK: - Building storyboards

    static func storyboard(initial: String?, body: String) -> Data {
        let initialAttribute = initial.map { #" initialViewController="\#($0)""# } ?? ""
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"\(initialAttribute)>
                <scenes>
                    \(body)
                </scenes>
            </document>
            """.utf8)
    }

    static func controller(_ id: String, storyboardID: String? = nil, segueTo destination: String? = nil) -> String {
        let identifier = storyboardID.map { #" storyboardIdentifier="\#($0)""# } ?? ""
        let segue = destination.map { #"<connections><segue destination="\#($0)" kind="show" id="seg-\#(id)"/></connections>"# } ?? ""
        return #"<scene sceneID="sc-\#(id)"><objects><viewController id="\#(id)"\#(identifier) sceneMemberID="viewController">\#(segue)</viewController></objects></scene>"#
    }

    static func placeholder(_ id: String, name: String, identifier: String? = nil) -> String {
        let reference = identifier.map { #" referencedIdentifier="\#($0)""# } ?? ""
        return #"<scene sceneID="sc-\#(id)"><objects><viewControllerPlaceholder storyboardName="\#(name)"\#(reference) id="\#(id)" sceneMemberID="viewController"/></objects></scene>"#
    }
}
