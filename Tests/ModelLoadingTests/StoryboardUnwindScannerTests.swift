import Foundation
import ModelLoading
import SceneModel
import Testing

/// `scenograph import --sources`: unwind actions found in Swift code, matched to imported scenes by class.
@Suite struct StoryboardUnwindScannerTests {
    @Test func findsUnwindActionsByClass() {
        let source = """
            final class LibraryViewController: UIViewController {
                // @IBAction func commented(_ segue: UIStoryboardSegue) {}
                let text = "@IBAction func quoted(_ segue: UIStoryboardSegue) {}"
                @IBAction func unwindToLibrary(_ segue: UIStoryboardSegue) {}
                @IBAction private func unwindToLibrary(segue: UIStoryboardSegue) { if true { } }
                @IBAction func tapped(_ sender: UIButton) {}
                class func make() -> Self { fatalError() }
                struct Nested { }
                @IBAction func afterNested(_ segue: UIStoryboardSegue) {}
            }
            extension Module.PhotoViewController {
                @IBAction @objc func unwind(to segue: UIStoryboardSegue!) {}
                @IBAction func two(_ segue: UIStoryboardSegue, _ other: Int) {}
            }
            @IBAction func outside(_ segue: UIStoryboardSegue) {}
            """
        let found = UnwindActionScanner().scan(source: source).map { "\($0.type).\($0.action)" }
        #expect(found == [
            "LibraryViewController.unwindToLibrary",
            "LibraryViewController.unwindToLibraryWithSegue",
            "LibraryViewController.afterNested",
            "PhotoViewController.unwindTo",
        ])
    }

    @Test func scansAFolderAndFillsTheScenesOfMatchingClasses() throws {
        let scan = SourceScan.scan(folders: [StoryboardFixtures.path("Sources")])
        #expect(!scan.diagnostics.hasErrors)
        #expect(scan.unwindActionsByClass["LibraryViewController"] == ["unwindToLibrary", "unwindToLibraryWithSegue"])
        #expect(scan.unwindActionsByClass["PhotoViewController"] == ["unwindTo"])

        let result = ModelLoader().load(storyboards: [StoryboardFixtures.path("Main.storyboard")],
                                        options: LoadOptions(name: "Photos", sources: [StoryboardFixtures.path("Sources")]))
        let model = try #require(result.model)
        #expect(model.scene("Library")?.unwindActions.map(\.value) == ["unwindToLibrary", "unwindToLibraryWithSegue"])
        // Both unwind segues now find their action.
        #expect(!result.diagnostics.contains { $0.message.contains("is implemented by no scene") })
    }

    @Test func aMissingFolderIsAnError() {
        let scan = SourceScan.scan(folders: [StoryboardFixtures.path("NoSuchFolder")])
        #expect(scan.diagnostics.hasErrors)
        #expect(scan.diagnostics.first?.message.hasPrefix("no such sources folder") == true)
        #expect(scan.diagnostics.first?.category == "input-file")
    }
}
