import SceneModel
import Simulator

extension FlowReport {
    /// The report of a simulated flow, with each step's effect in words.
    public init(flow: Flow, trace: FlowTrace) {
        let environment = trace.environment
        let environmentText = "\(environment.idiom.rawValue), \(environment.width.rawValue) width, \(environment.height.rawValue) height, iOS \(environment.ios)"
        var steps: [StepReport] = []
        var previous: State?
        for step in trace.steps {
            let line = step.index == 0 ? flow.location.line : (step.index <= flow.steps.count ? flow.steps[step.index - 1].location.line : 0)
            var failures = step.failures.map(\.message)
            if let error = step.error { failures.append("flow error at \(error.location): \(error.message)") }
            let isExpectation = step.index > 0 && step.index <= flow.steps.count && {
                if case .expect = flow.steps[step.index - 1].action { return true }
                return false
            }()
            var text = step.action
            var note: String?
            var expected: (inOrder: [String], absent: [String]) = ([], [])
            var checksNothing = false
            if step.index > 0, step.index <= flow.steps.count {
                switch flow.steps[step.index - 1].action {
                case .expect(let expectation):
                    text = "expect: " + expectation.summary
                    expected = (expectation.events.map(\.value), expectation.noEvents.map(\.value))
                    checksNothing = expectation.checksNothing
                case .note(let words):
                    note = words
                default:
                    break
                }
            }
            var report = StepReport(
                index: step.index, text: text, line: line,
                effect: isExpectation || note != nil ? "" : StepNarrative.describe(step, after: previous),
                events: step.events.map { ($0.receiver, $0.call, $0.detail) },
                warnings: step.warnings, failures: failures, isExpectation: isExpectation)
            report.note = note
            report.expectedEvents = expected.inOrder
            report.absentEvents = expected.absent
            report.checksNothing = checksNothing
            steps.append(report)
            previous = step.state
        }
        self.init(flow: flow, environment: environmentText, result: trace.result, steps: steps)
    }
}
