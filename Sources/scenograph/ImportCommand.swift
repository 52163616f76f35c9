import ArgumentParser
import DocSite
import Foundation
import ModelLoading
import SceneModel

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a scene model file from Xcode storyboards.",
        discussion: """
            Reads the storyboards, resolves storyboard references between them and writes a format-1 \
            model (scenes, segues, initial scene and an empty 'flows:' to fill in) to standard output or \
            to the file given with -o. Loading that file gives the same model as importing the storyboards \
            directly. Diagnostics go to standard error as PATH:LINE:COLUMN: error: MESSAGE; on an error \
            nothing is written and the exit status is 1.

            To keep documenting a storyboard as it changes, list it under 'storyboards:' in a model file \
            instead, and annotate its scenes under 'scenes:'.
            """
    )

    @Argument(help: "Storyboard files; references between them are resolved.")
    var storyboards: [String]

    @Option(name: .shortAndLong, help: "The model file to write (default: standard output).")
    var output: String?

    @Option(help: "The app's name (default: the folder of the first storyboard).")
    var name: String?

    @Option(help: ArgumentHelp("A folder of Swift sources to scan for unwind actions.",
                               discussion: "Every '@IBAction func name(_: UIStoryboardSegue)' found is added to the 'unwindActions' of the scenes of its class."))
    var sources: String?

    func run() throws {
        var imported = StoryboardImporter().importFiles(storyboards)
        if let sources {
            let scan = UnwindActionScanner().scan(directory: sources)
            Terminal.report(scan.diagnostics)
            if scan.hasErrors { throw ExitCode(1) }
            imported.addUnwindActions(scan.actionsByClass)
        }
        let loader = ModelLoader()
        let name = self.name ?? InfoPlist.projectName(around: storyboards.first ?? ".")
        let result = loader.load(imported: imported, name: name, path: storyboards.first ?? "")
        Terminal.report(result.diagnostics)
        guard let model = result.model else { throw ExitCode(1) }

        let files = storyboards.map { ($0 as NSString).lastPathComponent }
        let writer = ModelWriter(header: [
            "Imported from \(files.joined(separator: ", ")) by scenograph import.",
            "Scene ids come from storyboard IDs, else custom classes, else the element and its object id;",
            "'origin' keeps each scene's storyboard object.",
        ])
        let text = writer.yaml(for: model)
        guard let output else {
            Terminal.out(text)
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: output)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
    }
}
