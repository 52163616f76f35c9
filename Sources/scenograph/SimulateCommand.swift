import ArgumentParser

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Not built yet."
    )

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        Terminal.error("scenograph simulate is not built yet")
        throw ExitCode(1)
    }
}
