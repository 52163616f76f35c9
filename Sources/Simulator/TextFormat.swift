import SceneModel

/// The text form of a trace (`simulate --format text`): one heading per flow and per
/// step, one event a line, then the step's warnings, failed expectations, error and state.
///
/// ```
/// flow browse-photos (phone, width compact, height regular, iOS 17): passed
///
///   step 1 · tap: library.showPhoto
///     library: shouldPerformSegue(withIdentifier:sender:) library.showPhoto = true
///     photo: init(coder:)
///     …
///     warning: Attempt to present …
///     FAILED visible: expected photo, actual library (Photos.yaml:12:20)
///     ERROR Photos.yaml:14:9: back: 'libraryNav' is at its root; there is no back button
///     state: chain tabs · visible photo · libraryNav [library, photo]
/// ```
public enum TraceText {
    public static func render(_ trace: Trace) -> String {
        var out = "\(trace.model): \(trace.flows.count) flow\(trace.flows.count == 1 ? "" : "s")"
        let passed = trace.flows.filter { $0.result == .passed }.count
        out += ", \(passed) passed"
        let failed = trace.flows.filter { $0.result == .failed }.count
        if failed > 0 { out += ", \(failed) failed" }
        let errors = trace.flows.filter { $0.result == .error }.count
        if errors > 0 { out += ", \(errors) with errors" }
        out += "\n"
        for flow in trace.flows {
            out += "\n" + render(flow)
        }
        return out
    }

    public static func render(_ flow: FlowTrace) -> String {
        let e = flow.environment
        var out = "flow \(flow.flow) (\(e.idiom.rawValue), width \(e.width.rawValue), height \(e.height.rawValue), iOS \(e.ios)): \(flow.result.rawValue)\n"
        for step in flow.steps {
            out += "\n" + render(step)
        }
        return out
    }

    public static func render(_ step: StepTrace) -> String {
        var out = "  step \(step.index) · \(step.action)\n"
        for event in step.events { out += "    \(event.line)\n" }
        for warning in step.warnings { out += "    warning: \(warning)\n" }
        for failure in step.failures { out += "    FAILED \(failure.message) (\(failure.location))\n" }
        if let error = step.error { out += "    ERROR \(error.location): \(error.message)\n" }
        out += "    state: \(summary(step.state))\n"
        return out
    }

    /// `chain tabs, about · visible about · about pageSheet from recipe · libraryNav [library, photo] · tabs [libraryNav*, cameraNav]`.
    public static func summary(_ state: State) -> String {
        var parts = ["chain " + state.chain.joined(separator: ", "), "visible \(state.visible)"]
        for p in state.presentations {
            parts.append("\(p.presented) \(p.style.rawValue) on \(p.presenter) from \(p.source)")
        }
        for c in state.containers {
            let children = c.children.map { $0 == c.selected ? $0 + "*" : $0 }.joined(separator: ", ")
            var entry = "\(c.name) [\(children)]"
            if c.collapsed == true { entry += " collapsed" }
            parts.append(entry)
        }
        return parts.joined(separator: " · ")
    }
}

extension Trace {
    /// The text form (see `TraceText`).
    public func text() -> String { TraceText.render(self) }
}

extension FlowTrace {
    /// The text form (see `TraceText`).
    public func text() -> String { TraceText.render(self) }
}
