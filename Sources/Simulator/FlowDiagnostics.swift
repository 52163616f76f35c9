import SceneModel

/// Positioned diagnostics for a simulated flow, so that every failure can be reported as
/// `PATH:LINE:COLUMN: error: …` with its step: the step that stopped the flow (an error at
/// the step's position), every failed expectation (an error at the expected value's
/// position) and every UIKit warning (a warning at the position of the step that caused it).
public enum FlowDiagnostics {
    /// The category of a step that could not happen.
    public static let flowError = DiagnosticCategory.flowError.id
    /// The category of a failed `expect`.
    public static let expectationFailed = DiagnosticCategory.flowExpectation.id
    /// The category of a UIKit warning (a call UIKit rejects without changing anything).
    public static let uikitWarning = DiagnosticCategory.uikitWarning.id

    /// The diagnostics of `trace`, the simulation of `flow`, in step order.
    public static func diagnostics(for trace: FlowTrace, of flow: Flow) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for step in trace.steps {
            let name = "flow '\(trace.flow)' step \(step.index)"
            for warning in step.warnings {
                result.append(.warning("\(name) (\(step.action)): UIKit warning: \(warning)",
                                       at: location(of: step.index, in: flow), category: uikitWarning))
            }
            for failure in step.failures {
                result.append(.error("\(name): expectation failed: \(failure.message)", at: failure.location,
                                     category: expectationFailed))
            }
            if let error = step.error {
                result.append(.error("\(name) (\(step.action)): \(error.message)", at: error.location, category: flowError))
            }
        }
        return result
    }

    /// The errors of a flow that failed or stopped (failed expectations, a step that could not happen) in file order,
    /// as every command prints its diagnostics: a step's checks are made in another order than they are written.
    public static func errors(for trace: FlowTrace, of flow: Flow) -> [Diagnostic] {
        diagnostics(for: trace, of: flow).filter(\.isError).sortedByLocation()
    }

    /// Where step `index` is written: the flow's own position for the launch (step 0).
    public static func location(of index: Int, in flow: Flow) -> SourceLocation {
        flow.steps.indices.contains(index - 1) ? flow.steps[index - 1].location : flow.location
    }
}
