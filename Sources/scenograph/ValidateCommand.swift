import ArgumentParser
import ModelLoading
import SceneModel

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check apps (model files, storyboards or folders) and print their diagnostics.",
        discussion: """
            Prints every error and warning as PATH:LINE:COLUMN: error: MESSAGE [category] on standard error, \
            in file order; warnings of one category are grouped on one line when there are more than three \
            (--verbose lists each). Prints nothing when the apps are clean. The exit status is 1 when any \
            error was found.

            Each model file is checked on its own; the storyboards given (or found in a folder that holds no \
            model) are checked together as one app. A model turns categories off or down with 'lint:'.
            """
    )

    @Argument(help: "Model files (YAML or JSON), storyboards, or folders holding either.")
    var inputs: [String]

    @Flag(help: "Treat warnings as errors: they are reported as errors and fail the command.")
    var strict = false

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let apps: [ModelInput.App]
        do {
            apps = try ModelInput.apps(inputs)
        } catch let failure as ModelInput.Failure {
            Terminal.error(failure.message)
            throw ExitCode(1)
        }
        var failed = false
        for app in apps {
            var result = ModelInput.load(app, options: input.loadOptions)
            if strict {
                result.diagnostics = result.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.severity = .error
                    return diagnostic
                }
            }
            Terminal.report(result, output)
            if result.hasErrors { failed = true }
        }
        if failed { throw ExitCode(1) }
    }
}
