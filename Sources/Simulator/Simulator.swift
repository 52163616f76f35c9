import SceneModel

/// Simulates the flows of a scene model with UIKit's presentation and lifecycle rules
/// (docs/semantics.md). Pure and deterministic: the same model and flow always give the
/// same trace, and nothing is printed or read.
public struct Simulator: Sendable {
    public let model: SceneModel

    public init(model: SceneModel) {
        self.model = model
    }

    /// The environment a flow starts in (`SceneModel.environment(of:)`).
    public func environment(of flow: Flow) -> Environment { model.environment(of: flow) }

    /// Runs every flow of the model, in file order.
    public func runAll(detail: Detail = .default) -> Trace {
        Trace(model: model.name, flows: model.flows.map { run($0, detail: detail) })
    }

    /// Runs the flow with identifier `id`, if the model has one.
    public func run(flowID id: String, detail: Detail = .default) -> FlowTrace? {
        model.flow(id).map { run($0, detail: detail) }
    }

    /// Runs one flow: step 0 is the launch, then each step in order. A step that cannot
    /// happen stops the flow with result `error`; failed `expect` steps make it `failed`
    /// and the flow goes on.
    public func run(_ flow: Flow, detail: Detail = .default) -> FlowTrace {
        let environment = environment(of: flow)
        var conditions: [String: Bool] = [:]
        for condition in model.conditions + flow.conditions { conditions[condition.name] = condition.value }
        var flowRun = FlowRun(model: model, detail: detail, environment: environment, conditions: conditions)
        var steps: [StepTrace] = []
        var result = FlowResult.passed

        func record(_ index: Int, _ action: String, error: StepError?) {
            let (events, warnings) = flowRun.finishStep(reportDeinit: error == nil)
            // An unchanged state shares the previous step's storage, so a long flow that does
            // not change the app costs no state memory per step.
            var state = flowRun.world.snapshot()
            if let last = steps.last?.state, last == state { state = last }
            steps.append(StepTrace(index: index, action: action, events: events, warnings: warnings,
                                   error: error, state: state))
            if error != nil { result = .error }
        }

        do {
            try flowRun.launch()
            record(0, "launch", error: nil)
        } catch {
            let location = model.initial?.location ?? flow.location
            record(0, "launch", error: StepError(message: Self.message(error), location: location))
        }

        var previous = 0
        for (offset, step) in flow.steps.enumerated() where result != .error {
            let index = offset + 1
            switch step.action {
            case .expect(let expectation):
                let state = steps[steps.count - 1].state
                let failures = ExpectationCheck.failures(of: expectation, in: flowRun.world, state: state, previous: steps[previous])
                steps.append(StepTrace(index: index, action: step.action.text, failures: failures, state: state))
                if !failures.isEmpty { result = .failed }
            default:
                var failure: StepError?
                do {
                    try flowRun.perform(step.action)
                } catch {
                    failure = StepError(message: Self.message(error), location: step.location)
                }
                record(index, step.action.text, error: failure)
                switch step.action {
                case .note, .set: break
                default: previous = steps.count - 1
                }
            }
        }
        return FlowTrace(flow: flow.id, environment: environment, result: result, steps: steps)
    }

    private static func message(_ error: Error) -> String {
        (error as? FlowFailure)?.message ?? String(describing: error)
    }
}
