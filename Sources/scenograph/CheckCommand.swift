import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Check models: validation, flows and navigation lint rules.")
    func run() throws {}
}
