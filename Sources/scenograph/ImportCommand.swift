import ArgumentParser

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Not built yet."
    )

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        Terminal.error("scenograph import is not built yet")
        throw ExitCode(1)
    }
}
