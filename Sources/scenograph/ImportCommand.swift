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

            With --sources DIR, the app's Swift sources add unwind actions and 'code' segues for the navigation \
            the code does (present, pushViewController, show, showDetailViewController, dismiss); calls whose \
            destination the code does not name are listed as warnings. The main storyboard (whose scenes keep \
            bare identifiers) comes from the app's Info.plist (--info-plist, or one found beside the \
            storyboards), else it is the first storyboard given.

            To keep documenting a storyboard as it changes, list it under 'storyboards:' in a model file \
            instead, and annotate its scenes under 'scenes:'.
            """
    )

    @Argument(help: "Storyboards (references between them are resolved), a folder holding them, or a model file that lists them.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The model file to write (default: standard output).")
    var output: String?

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let (model, _, app) = try ModelInput.load(inputs, input: input, output: outputOptions)
        let destination = try app.outputFile(output, model: model, input: input)
        if let output, (output as NSString).pathExtension.lowercased() == "json" {
            // The model is written as YAML, with comments: under a .json name every JSON reader would refuse it.
            throw ValidationError("-o \(output): import writes the model as YAML; name the file .yaml (models may be JSON, but import does not write JSON)")
        }
        let files = (app.model.map { [$0] } ?? app.storyboards).map { ($0 as NSString).lastPathComponent }
        let writer = ModelWriter(header: [
            "Imported from \(files.joined(separator: ", ")) by scenograph import.",
            "Scene ids come from storyboard IDs, else custom classes, else the labels Interface Builder shows, else",
            "the kinds; scenes of storyboards other than the main one carry the storyboard's name (docs/storyboards.md).",
            "'origin' keeps each scene's storyboard object (and marks each storyboard's initial view controller).",
        ])
        let text = writer.yaml(for: model)
        guard let destination else {
            Terminal.out(text)
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: destination)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
    }
}
