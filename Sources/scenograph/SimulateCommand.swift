import ArgumentParser
import SceneModel
import Simulator

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a model's flows with UIKit's rules and print their traces.",
        discussion: """
            Prints, for each flow, every step with the callbacks UIKit makes, the UIKit warnings, \
            the failed expectations and the state afterwards. A flow whose step cannot happen stops \
            there; its error is also reported on standard error as PATH:LINE:COLUMN: error: MESSAGE, \
            like a failed expectation. The exit status is 1 when any flow failed or stopped with an error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The app: a model file (YAML or JSON), storyboards, or a folder holding either.")
    var inputs: [String]

    @Option(name: .customLong("flow"), help: "Run only the flow with this identifier.")
    var flowID: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: "Detail level: default or full (adds layout callbacks, viewIsAppearing, UIKit API and delegate calls).")
    var detail: Detail = .default

    @Option(name: .customLong("state"),
            help: "full: every step carries its state (the default); changes: a step carries its state only when it differs from the previous step's (JSON: \"stateForm\": \"changes\").")
    var stateForm: StateForm = .full

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let sceneModel = try ModelInput.load(inputs, input: input, output: output).model
        let simulator = Simulator(model: sceneModel)
        let trace: Trace
        let flows: [Flow]
        if let flowID {
            guard let flow = sceneModel.flow(flowID) else {
                Terminal.report([ModelInput.unknownFlow(flowID, in: sceneModel)])
                throw ExitCode(1)
            }
            flows = [flow]
            trace = Trace(model: sceneModel.name, flows: [simulator.run(flow, detail: detail)])
        } else {
            flows = sceneModel.flows
            trace = simulator.runAll(detail: detail)
        }
        // Written piece by piece: a long trace is never one string in memory.
        let stream = Terminal.Stream()
        switch format {
        case .text: TraceText.write(trace, state: stateForm) { stream.write($0) }
        case .json: trace.writeJSON(state: stateForm) { stream.write($0) }
        }
        stream.finish()
        // The model's `lint:` settings apply to UIKit's warnings (disabled, or raised to errors that fail the run);
        // failed expectations and steps that cannot happen are the flow's result and always shown.
        let diagnostics = zip(flows, trace.flows).flatMap { FlowDiagnostics.diagnostics(for: $1, of: $0) }.flatMap { diagnostic in
            diagnostic.category == FlowDiagnostics.uikitWarning ? sceneModel.applyingLintSettings(to: [diagnostic], scene: { _ in nil }) : [diagnostic]
        }
        // In file order, as every command prints its diagnostics (a step's checks are made in another order).
        Terminal.report(diagnostics.sortedByLocation(), output)
        if !trace.passed || diagnostics.contains(where: \.isError) { throw ExitCode(1) }
    }
}

extension Detail: ExpressibleByArgument {}
extension StateForm: ExpressibleByArgument {}
