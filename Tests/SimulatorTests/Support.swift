import ModelLoading
import SceneModel
import Simulator
import Testing

/// A small model with one flow `f`, assembled from YAML fragments.
struct Scenario {
    static let path = "Test.yaml"

    var document: String
    var model: SceneModel

    /// `scenes` and `steps` are YAML written without base indentation.
    init(initial: String, scenes: String, steps: String, environment: String? = nil, conditions: String? = nil,
         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var lines = ["format: 1", "name: Test"]
        if let environment { lines.append("environment: \(environment)") }
        if let conditions { lines.append("conditions: \(conditions)") }
        lines.append("initial: \(initial)")
        lines.append("scenes:")
        lines += scenes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        lines.append("flows:")
        lines.append("  f:")
        lines.append("    steps:")
        lines += steps.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
        document = lines.joined(separator: "\n") + "\n"
        let result = ModelLoader().load(text: document, path: Self.path)
        let errors = result.diagnostics.filter(\.isError)
        #expect(errors.isEmpty, "model does not load:\n\(errors.map(\.description).joined(separator: "\n"))\n\(document)",
                sourceLocation: sourceLocation)
        model = try #require(result.model, sourceLocation: sourceLocation)
    }

    func run(detail: Detail = .default) throws -> FlowTrace {
        let flow = try #require(model.flow("f"))
        return Simulator(model: model).run(flow, detail: detail)
    }

    /// `Test.yaml:LINE:COLUMN` of the first occurrence of `marker` in the document, `offset` columns further.
    func location(of marker: String, offset: Int = 0) -> String {
        for (number, line) in document.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            if let range = text.range(of: marker) {
                return "\(Self.path):\(number + 1):\(text.distance(from: text.startIndex, to: range.lowerBound) + 1 + offset)"
            }
        }
        return "marker '\(marker)' not found"
    }
}

/// Runs a one-flow model.
func simulate(initial: String, scenes: String, steps: String, environment: String? = nil, conditions: String? = nil,
              detail: Detail = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> FlowTrace {
    try Scenario(initial: initial, scenes: scenes, steps: steps, environment: environment, conditions: conditions,
                 sourceLocation: sourceLocation).run(detail: detail)
}

// MARK: - Compact event notation

/// The abbreviations of uikit-semantics §12: `B.vDL`, `B.wM(Nav)`, `A.prepare(A.toB→B)`,
/// `A.shouldPerform(A.toB)=true`, `C.unwindToA(C.exit)`, `A.toB.perform`, `B.deinit`.
/// Other calls keep their base name: `Nav.pushViewController(B)`.
func abbreviate(_ event: Event) -> String {
    let base = String(event.call.prefix { $0 != "(" })
    let short: String
    switch base {
    case "init": short = "init"
    case "awakeFromNib": short = "awake"
    case "viewDidLoad": short = "vDL"
    case "viewWillAppear": short = "vWA"
    case "viewDidAppear": short = "vDA"
    case "viewWillDisappear": short = "vWD"
    case "viewDidDisappear": short = "vDD"
    case "willMove": short = "wM"
    case "didMove": short = "dM"
    case "shouldPerformSegue": short = "shouldPerform"
    default: short = base
    }
    var text = "\(event.receiver).\(short)"
    var arguments: [String] = []
    if let argument = event.argument { arguments.append(argument.text) }
    if let segue = event.segue { arguments.append(event.destination.map { "\(segue)→\($0)" } ?? segue) }
    if !arguments.isEmpty { text += "(" + arguments.joined(separator: ",") + ")" }
    if let result = event.result { text += "=\(result)" }
    return text
}

/// The events of step `index`, abbreviated.
func events(_ trace: FlowTrace, _ index: Int) -> [String] {
    guard trace.steps.indices.contains(index) else { return ["<no step \(index)>"] }
    return trace.steps[index].events.map(abbreviate)
}

/// Splits an event list written on one or more lines.
func list(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

// MARK: - Compact state notation

/// `chain Nav,C | visible C | C on Nav from A fullScreen/coverVertical | Nav[A,B] Tab[X*,Y] S[P,D]collapsed`.
func summary(_ state: State) -> String {
    var parts = ["chain " + state.chain.joined(separator: ","), "visible " + state.visible]
    for p in state.presentations {
        parts.append("\(p.presented) on \(p.presenter) from \(p.source) \(p.style.rawValue)/\(p.transition.rawValue)")
    }
    let containers = state.containers.map { c -> String in
        let children = c.children.map { $0 == c.selected ? $0 + "*" : $0 }.joined(separator: ",")
        return "\(c.name)[\(children)]" + (c.collapsed == true ? "collapsed" : "")
    }
    if !containers.isEmpty { parts.append(containers.joined(separator: " ")) }
    return parts.joined(separator: " | ")
}

func summary(_ trace: FlowTrace, _ index: Int) -> String {
    guard trace.steps.indices.contains(index) else { return "<no step \(index)>" }
    return summary(trace.steps[index].state)
}

/// The flow's error as `LOCATION: MESSAGE`.
func errorText(_ trace: FlowTrace) -> String? {
    trace.errorStep?.error.map { "\($0.location): \($0.message)" }
}
