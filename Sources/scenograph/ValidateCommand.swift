import ArgumentParser
import ModelLoading
import SceneModel

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check model files and print their diagnostics.",
        discussion: """
            Prints every error and warning as PATH:LINE:COLUMN: error: MESSAGE on standard error, \
            in file order. Prints nothing when the models are clean. The exit status is 1 when any \
            error was found.
            """
    )

    @Argument(help: "Model files (YAML or JSON).")
    var models: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        var failed = false
        for path in models {
            let result = ModelLoader().load(path: path)
            Terminal.report(result.diagnostics)
            if result.hasErrors || (strict && !result.diagnostics.isEmpty) { failed = true }
        }
        if failed { throw ExitCode(1) }
    }
}
