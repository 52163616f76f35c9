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
    /// The text form; with `.changes`, a step's state line only when its state differs from
    /// the previous step's.
    public static func render(_ trace: Trace, state form: StateForm = .full) -> String {
        var out = ""
        write(trace, state: form) { out += $0 }
        return out
    }

    /// The text form handed to `write` one step at a time (see `Trace.writeJSON`).
    public static func write(_ trace: Trace, state form: StateForm = .full, to write: (String) -> Void) {
        var out = "\(trace.model): \(trace.flows.count) flow\(trace.flows.count == 1 ? "" : "s")"
        let passed = trace.flows.filter { $0.result == .passed }.count
        out += ", \(passed) passed"
        let failed = trace.flows.filter { $0.result == .failed }.count
        if failed > 0 { out += ", \(failed) failed" }
        let errors = trace.flows.filter { $0.result == .error }.count
        if errors > 0 { out += ", \(errors) with errors" }
        write(out + "\n")
        for flow in trace.flows {
            write("\n")
            self.write(flow, state: form, to: write)
        }
    }

    public static func render(_ flow: FlowTrace, state form: StateForm = .full) -> String {
        var out = ""
        write(flow, state: form) { out += $0 }
        return out
    }

    static func write(_ flow: FlowTrace, state form: StateForm, to write: (String) -> Void) {
        let e = flow.environment
        write("flow \(flow.flow) (\(e.idiom.rawValue), width \(e.width.rawValue), height \(e.height.rawValue), iOS \(e.ios)): \(flow.result.rawValue)\n")
        var previous: State?
        for step in flow.steps {
            write("\n" + render(step, includingState: form == .full || previous != step.state))
            previous = step.state
        }
    }

    public static func render(_ step: StepTrace, includingState: Bool = true) -> String {
        var out = "  step \(step.index) · \(step.action)\n"
        for event in step.events { out += "    \(event.line)\n" }
        for warning in step.warnings { out += "    warning: \(warning)\n" }
        for failure in step.failures { out += "    FAILED \(failure.message) (\(failure.location))\n" }
        if let error = step.error { out += "    ERROR \(error.location): \(error.message)\n" }
        if includingState { out += "    state: \(summary(step.state))\n" }
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
    public func text(state form: StateForm = .full) -> String { TraceText.render(self, state: form) }
}

extension FlowTrace {
    /// The text form (see `TraceText`).
    public func text() -> String { TraceText.render(self) }
}
