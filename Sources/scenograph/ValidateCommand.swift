import ArgumentParser
import ModelLoading
import SceneModel

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check model files or storyboards and print their diagnostics.",
        discussion: """
            Prints every error and warning as PATH:LINE:COLUMN: error: MESSAGE on standard error, \
            in file order. Prints nothing when the models are clean. The exit status is 1 when any \
            error was found.
            """
    )

    @Argument(help: "Model files (YAML or JSON), or storyboards: the storyboards given are checked together as one app.")
    var models: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        var failed = false
        func check(_ result: LoadResult) {
            Terminal.report(result.diagnostics)
            if result.hasErrors || (strict && !result.diagnostics.isEmpty) { failed = true }
        }
        let storyboards = models.filter { $0.lowercased().hasSuffix(".storyboard") }
        for path in models where !storyboards.contains(path) {
            check(ModelLoader().load(path: path))
        }
        if !storyboards.isEmpty {
            check(ModelLoader().load(storyboards: storyboards))
        }
        if failed { throw ExitCode(1) }
    }
}
