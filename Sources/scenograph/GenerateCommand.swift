import ArgumentParser

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Not built yet."
    )

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        Terminal.error("scenograph generate is not built yet")
        throw ExitCode(1)
    }
}
