import ArgumentParser

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Not built yet."
    )

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        Terminal.error("scenograph render is not built yet")
        throw ExitCode(1)
    }
}
