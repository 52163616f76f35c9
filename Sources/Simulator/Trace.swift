import SceneModel

// The trace of `scenograph simulate`: value types whose JSON form is the contract of
// model-format.md §2. Every type writes its keys in one fixed order (see `json`);
// `Encodable` goes through the same `JSONValue`, `Decodable` reads it back.

/// How much a trace reports.
public enum Detail: String, Sendable, Hashable, Codable, CaseIterable {
    /// The lifecycle, containment, segue and unwind callbacks, and `deinit`.
    case `default`
    /// Also layout callbacks, `viewIsAppearing(_:)`, the UIKit API calls and delegate callbacks.
    case full
}

/// The traces of every flow of a model.
public struct Trace: Sendable, Hashable, Codable, JSONRepresentable {
    public static let format = 1

    public var format: Int
    public var model: String
    public var flows: [FlowTrace]

    public init(model: String, flows: [FlowTrace], format: Int = Trace.format) {
        self.format = format
        self.model = model
        self.flows = flows
    }

    /// Whether every flow passed.
    public var passed: Bool { flows.allSatisfy { $0.result == .passed } }

    public var json: JSONValue {
        .object([("format", .int(format)), ("model", .string(model)), ("flows", .array(flows.map(\.json)))])
    }

    /// The JSON text of `simulate --format json`: byte-identical for equal traces.
    public func jsonText(state form: StateForm = .full) -> String {
        var text = ""
        writeJSON(state: form) { text += $0 }
        return text
    }

    /// The JSON of `simulate --format json`, handed to `write` piece by piece (the head, then
    /// one step at a time), so that a long trace never exists as one JSON tree or one string.
    /// The pieces joined are exactly `json(state:).render()`.
    public func writeJSON(state form: StateForm = .full, to write: (String) -> Void) {
        var head: [(key: String, value: JSONValue)] = [("format", .int(format)), ("model", .string(model))]
        if form == .changes { head.append(("stateForm", .string(form.rawValue))) }
        guard !flows.isEmpty else {
            write(JSONValue.object(head + [("flows", .array([]))]).render())
            return
        }
        func key(_ name: String) -> String { JSONValue.string(name).compact() + ": " }
        write("{\n" + head.map { "  " + key($0.key) + $0.value.compact() + ",\n" }.joined() + "  " + key("flows") + "[\n")
        for (f, flow) in flows.enumerated() {
            write("    {\n" + "      " + key("flow") + JSONValue.string(flow.flow).compact() + ",\n"
                  + "      " + key("environment") + flow.environment.json.compact() + ",\n"
                  + "      " + key("result") + JSONValue.string(flow.result.rawValue).compact() + ",\n"
                  + "      " + key("steps") + "[\n")
            var previous: State?
            for (s, step) in flow.steps.enumerated() {
                let withState = form == .full || previous != step.state
                let separator = s == flow.steps.count - 1 ? "\n" : ",\n"
                write("        " + step.json(includingState: withState).render(indent: 8) + separator)
                previous = step.state
            }
            write("      ]\n    }" + (f == flows.count - 1 ? "\n" : ",\n"))
        }
        write("  ]\n}\n")
    }

    /// The JSON tree of the trace in a state form (`json` is the full form).
    public func json(state form: StateForm) -> JSONValue {
        guard form == .changes else { return json }
        return .object([("format", .int(format)), ("model", .string(model)), ("stateForm", .string(form.rawValue)),
                        ("flows", .array(flows.map { $0.json(state: form) }))])
    }

    enum CodingKeys: String, CodingKey { case format, model, stateForm, flows }

    /// Reads either state form: a step without `state` has the previous step's.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(Int.self, forKey: .format)
        model = try c.decode(String.self, forKey: .model)
        _ = try c.decodeIfPresent(StateForm.self, forKey: .stateForm)
        flows = try c.decode([FlowTrace].self, forKey: .flows)
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// How a JSON trace writes each step's state (`simulate --state`).
public enum StateForm: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every step carries its state (model-format §2; the default).
    case full
    /// A step carries its state only when it differs from the previous step's; the trace
    /// says `"stateForm": "changes"`, and a step without `state` has the previous one's.
    case changes
}

/// How a flow ended.
public enum FlowResult: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every step happened and every `expect` held.
    case passed
    /// Every step happened, but some `expect` failed (see the steps' `failures`).
    case failed
    /// A step could not happen; the flow stopped there (see that step's `error`).
    case error
}

/// The trace of one flow.
public struct FlowTrace: Sendable, Hashable, Codable, JSONRepresentable {
    public var flow: String
    public var environment: Environment
    public var result: FlowResult
    public var steps: [StepTrace]

    public init(flow: String, environment: Environment, result: FlowResult, steps: [StepTrace]) {
        self.flow = flow
        self.environment = environment
        self.result = result
        self.steps = steps
    }

    /// The step that stopped the flow, if one did.
    public var errorStep: StepTrace? { steps.last { $0.error != nil } }

    /// Every failed expectation, in step order.
    public var failures: [(step: Int, failure: Failure)] {
        steps.flatMap { step in step.failures.map { (step.index, $0) } }
    }

    public var json: JSONValue { json(state: .full) }

    /// The JSON of the flow; with `.changes`, a step's state only when it differs from the previous step's.
    public func json(state form: StateForm) -> JSONValue {
        var previous: State?
        var stepValues: [JSONValue] = []
        for step in steps {
            stepValues.append(step.json(includingState: form == .full || previous != step.state))
            previous = step.state
        }
        return .object([
            ("flow", .string(flow)),
            ("environment", environment.json),
            ("result", .string(result.rawValue)),
            ("steps", .array(stepValues)),
        ])
    }

    enum CodingKeys: String, CodingKey { case flow, environment, result, steps }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        flow = try c.decode(String.self, forKey: .flow)
        environment = try c.decode(Environment.self, forKey: .environment)
        result = try c.decode(FlowResult.self, forKey: .result)
        var list = try c.nestedUnkeyedContainer(forKey: .steps)
        var steps: [StepTrace] = []
        while !list.isAtEnd {
            steps.append(try StepTrace(from: try list.superDecoder(), previousState: steps.last?.state))
        }
        self.steps = steps
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

extension Environment {
    /// `{"idiom", "width", "height", "ios"}`.
    public var json: JSONValue {
        .object([
            ("idiom", .string(idiom.rawValue)), ("width", .string(width.rawValue)),
            ("height", .string(height.rawValue)), ("ios", .int(ios)),
        ])
    }
}

/// One step of a flow: what happened, what it warned about, which expectations failed,
/// and the state afterwards.
public struct StepTrace: Sendable, Hashable, Codable, JSONRepresentable {
    /// 0 for the launch, then the position of the step in the flow (1-based).
    public var index: Int
    /// The step as written, e.g. `tap: library.showPhoto`; `launch` for step 0.
    public var action: String
    public var events: [Event]
    /// UIKit warnings: calls UIKit rejects without changing anything.
    public var warnings: [String]
    /// Failed assertions of an `expect` step.
    public var failures: [Failure]
    /// Why the step could not happen; the flow stopped here. Omitted from JSON when `nil`.
    public var error: StepError?
    public var state: State

    public init(index: Int, action: String, events: [Event] = [], warnings: [String] = [], failures: [Failure] = [],
                error: StepError? = nil, state: State) {
        self.index = index
        self.action = action
        self.events = events
        self.warnings = warnings
        self.failures = failures
        self.error = error
        self.state = state
    }

    public var json: JSONValue { json(includingState: true) }

    /// The step's JSON, without `state` when `includingState` is false (`--state changes`).
    public func json(includingState: Bool) -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = [
            ("index", .int(index)),
            ("action", .string(action)),
            ("events", .array(events.map(\.json))),
            ("warnings", .array(warnings.map { .string($0) })),
            ("failures", .array(failures.map(\.json))),
        ]
        if let error { entries.append(("error", error.json)) }
        if includingState { entries.append(("state", state.json)) }
        return .object(entries)
    }

    enum CodingKeys: String, CodingKey { case index, action, events, warnings, failures, error, state }

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, previousState: nil)
    }

    /// Reads a step; one written without `state` (`--state changes`) has `previousState`.
    init(from decoder: Decoder, previousState: State?) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        action = try c.decode(String.self, forKey: .action)
        events = try c.decode([Event].self, forKey: .events)
        warnings = try c.decode([String].self, forKey: .warnings)
        failures = try c.decode([Failure].self, forKey: .failures)
        error = try c.decodeIfPresent(StepError.self, forKey: .error)
        if let state = try c.decodeIfPresent(State.self, forKey: .state) {
            self.state = state
        } else if let previousState {
            state = previousState
        } else {
            state = try c.decode(State.self, forKey: .state)
        }
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// A callback UIKit makes (or, at full detail, an API call the app makes).
public struct Event: Sendable, Hashable, Codable, JSONRepresentable {
    /// What an event is, assigned where the simulator emits it: consumers (diagrams, docs)
    /// switch over it instead of reading the call's signature.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `init(coder:)`: the instance is created.
        case creation
        /// `awakeFromNib()`, `viewDidLoad()`, the appearance callbacks (`viewWillAppear(_:)`,
        /// `viewIsAppearing(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`,
        /// `viewDidDisappear(_:)`), the layout callbacks and `viewWillTransition(to:with:)`.
        case lifecycle
        /// `willMove(toParent:)` and `didMove(toParent:)`.
        case containment
        /// `shouldPerformSegue(withIdentifier:sender:)`; `result` says what it returned.
        case segueCheck
        /// `prepare(for:sender:)`, with the segue and its `destination`.
        case seguePrepare
        /// `perform()` on a segue object; the receiver is the segue `S.G`.
        case seguePerform
        /// The unwind destination's action method, e.g. `unwindToLibrary(_:)`.
        case unwindAction
        /// A UIKit API call the app makes (full detail): `present(_:animated:completion:)`,
        /// `dismiss(animated:completion:)`, `pushViewController(_:animated:)`,
        /// `popViewController(animated:)`, `popToRootViewController(animated:)`,
        /// `show(_:sender:)`, `showDetailViewController(_:sender:)`,
        /// `performSegue(withIdentifier:sender:)`, `unwind(for:towards:)`.
        case api
        /// A delegate callback (full detail): presentation controller, split view and page
        /// view controller delegate and data source methods.
        case delegate
        /// `deinit`: the instance leaves the app.
        case destruction
    }

    /// The argument of `willMove(toParent:)`/`didMove(toParent:)` and of the API calls.
    public enum Argument: Sendable, Hashable {
        /// An instance name.
        case instance(String)
        /// `nil`, written as JSON `null`.
        case null

        public var text: String {
            switch self {
            case .instance(let name): name
            case .null: "nil"
            }
        }
    }

    /// An instance name, or `S.G` for a segue's `perform()`.
    public var receiver: String
    /// The Swift signature, e.g. `viewWillAppear(_:)`.
    public var call: String
    public var kind: Kind
    public var argument: Argument?
    /// `S.G` for segue-related calls.
    public var segue: String?
    /// The destination instance of `prepare(for:sender:)`.
    public var destination: String?
    /// What `shouldPerformSegue(withIdentifier:sender:)` returned.
    public var result: Bool?

    public init(receiver: String, call: String, kind: Kind, argument: Argument? = nil, segue: String? = nil,
                destination: String? = nil, result: Bool? = nil) {
        self.receiver = receiver
        self.call = call
        self.kind = kind
        self.argument = argument
        self.segue = segue
        self.destination = destination
        self.result = result
    }

    /// `"<receiver>: <call>"`, the form `expect: {events: […]}` uses.
    public var text: String { "\(receiver): \(call)" }

    /// One line for people: `photo: willMove(toParent:) libraryNav`,
    /// `library: prepare(for:sender:) library.showPhoto → photo`,
    /// `library: shouldPerformSegue(withIdentifier:sender:) library.showPhoto = true`.
    public var line: String {
        let detail = detail
        return detail.isEmpty ? text : text + " " + detail
    }

    /// What the line gives after the call: `libraryNav`, `library.showPhoto → photo`, `library.showPhoto = true`;
    /// empty for a call without argument.
    public var detail: String {
        var parts: [String] = []
        if let argument { parts.append(argument.text) }
        if let segue { parts.append(segue) }
        if let destination { parts.append("→ " + destination) }
        if let result { parts.append("= \(result)") }
        return parts.joined(separator: " ")
    }

    public var json: JSONValue {
        var entries: [(key: String, value: JSONValue)] = [
            ("receiver", .string(receiver)), ("call", .string(call)), ("kind", .string(kind.rawValue)),
        ]
        switch argument {
        case .instance(let name): entries.append(("argument", .string(name)))
        case .null: entries.append(("argument", .null))
        case nil: break
        }
        if let segue { entries.append(("segue", .string(segue))) }
        if let destination { entries.append(("destination", .string(destination))) }
        if let result { entries.append(("result", .bool(result))) }
        return .object(entries)
    }

    enum CodingKeys: String, CodingKey { case receiver, call, kind, argument, segue, destination, result }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        receiver = try c.decode(String.self, forKey: .receiver)
        call = try c.decode(String.self, forKey: .call)
        kind = try c.decode(Kind.self, forKey: .kind)
        if c.contains(.argument) {
            argument = try c.decodeNil(forKey: .argument) ? .null : .instance(try c.decode(String.self, forKey: .argument))
        }
        segue = try c.decodeIfPresent(String.self, forKey: .segue)
        destination = try c.decodeIfPresent(String.self, forKey: .destination)
        result = try c.decodeIfPresent(Bool.self, forKey: .result)
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// A failed assertion of an `expect` step.
public struct Failure: Sendable, Hashable, Codable, JSONRepresentable {
    /// The `expect` key: `visible`, `chain`, `stacks`, `selected`, `collapsed`, `styles`, `events`, `noEvents`, `warnings`.
    public var expectation: String
    /// What the model expects, as written (lists as `[a, b]`).
    public var expected: String
    /// What the simulation produced.
    public var actual: String
    /// Where the failing value is written in the model.
    public var location: SourceLocation

    public init(expectation: String, expected: String, actual: String, location: SourceLocation) {
        self.expectation = expectation
        self.expected = expected
        self.actual = actual
        self.location = location
    }

    /// `visible: expected photo, actual library`.
    public var message: String { "\(expectation): expected \(expected), actual \(actual)" }

    public var json: JSONValue {
        .object([
            ("expectation", .string(expectation)), ("expected", .string(expected)),
            ("actual", .string(actual)), ("location", .string(location.description)),
        ])
    }

    enum CodingKeys: String, CodingKey { case expectation, expected, actual, location }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        expectation = try c.decode(String.self, forKey: .expectation)
        expected = try c.decode(String.self, forKey: .expected)
        actual = try c.decode(String.self, forKey: .actual)
        location = SourceLocation(parsing: try c.decode(String.self, forKey: .location))
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// Why a step could not happen (a flow error).
public struct StepError: Sendable, Hashable, Codable, JSONRepresentable, Error {
    public var message: String
    /// The step's position in the model file.
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var json: JSONValue {
        .object([("message", .string(message)), ("location", .string(location.description))])
    }

    enum CodingKeys: String, CodingKey { case message, location }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        message = try c.decode(String.self, forKey: .message)
        location = SourceLocation(parsing: try c.decode(String.self, forKey: .location))
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

extension SourceLocation {
    /// Reads `file:line:column` (the file may itself contain colons).
    init(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
        } else {
            self.init(file: text, line: 0, column: 0)
        }
    }
}

/// The app's state after a step.
public struct State: Sendable, Hashable, Codable, JSONRepresentable {
    /// The window's root followed by every presented view controller, in order.
    public var chain: [String]
    /// The front-most content instance (see `expect: visible`).
    public var visible: String
    /// One entry per presented view controller, in chain order.
    public var presentations: [Presentation]
    /// Every live container, layer by layer, parents before children.
    public var containers: [Container]

    public init(chain: [String], visible: String, presentations: [Presentation], containers: [Container]) {
        self.chain = chain
        self.visible = visible
        self.presentations = presentations
        self.containers = containers
    }

    /// The container entry of instance `name`.
    public func container(_ name: String) -> Container? { containers.first { $0.name == name } }

    /// The presentation whose presented instance is `name`.
    public func presentation(of name: String) -> Presentation? { presentations.first { $0.presented == name } }

    public var json: JSONValue {
        .object([
            ("chain", .array(chain.map { .string($0) })),
            ("visible", .string(visible)),
            ("presentations", .array(presentations.map(\.json))),
            ("containers", .object(containers.map { ($0.name, $0.json) })),
        ])
    }

    enum CodingKeys: String, CodingKey { case chain, visible, presentations, containers }

    private struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chain = try c.decode([String].self, forKey: .chain)
        visible = try c.decode(String.self, forKey: .visible)
        presentations = try c.decode([Presentation].self, forKey: .presentations)
        // A keyed container does not promise the file's key order; entries are put back
        // in chain order, parents before children, as they were written.
        let entries = try c.nestedContainer(keyedBy: NameKey.self, forKey: .containers)
        var byName: [String: Container] = [:]
        for key in entries.allKeys {
            var container = try entries.decode(Container.self, forKey: key)
            container.name = key.stringValue
            byName[key.stringValue] = container
        }
        var ordered: [Container] = []
        var placed: Set<String> = []
        func place(_ name: String) {
            guard let container = byName[name], placed.insert(name).inserted else { return }
            ordered.append(container)
            for child in container.children { place(child) }
        }
        for root in chain { place(root) }
        for name in byName.keys.sorted() { place(name) }
        containers = ordered
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// One presented view controller.
public struct Presentation: Sendable, Hashable, Codable, JSONRepresentable {
    /// `presentingViewController`.
    public var presenter: String
    public var presented: String
    /// The view controller whose call or segue started the presentation.
    public var source: String
    /// The resolved presentation style (after `automatic` and adaptation).
    public var style: PresentationStyle
    public var transition: TransitionStyle

    public init(presenter: String, presented: String, source: String, style: PresentationStyle, transition: TransitionStyle) {
        self.presenter = presenter
        self.presented = presented
        self.source = source
        self.style = style
        self.transition = transition
    }

    public var json: JSONValue {
        .object([
            ("presenter", .string(presenter)), ("presented", .string(presented)), ("source", .string(source)),
            ("style", .string(style.rawValue)), ("transition", .string(transition.rawValue)),
        ])
    }

    enum CodingKeys: String, CodingKey { case presenter, presented, source, style, transition }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        presenter = try c.decode(String.self, forKey: .presenter)
        presented = try c.decode(String.self, forKey: .presented)
        source = try c.decode(String.self, forKey: .source)
        style = try c.decode(PresentationStyle.self, forKey: .style)
        transition = try c.decode(TransitionStyle.self, forKey: .transition)
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// A live container instance and its children.
public struct Container: Sendable, Hashable, Codable, JSONRepresentable {
    /// The instance name; the key of the entry in JSON.
    public var name: String
    public var kind: SceneKind
    /// Navigation: the stack, bottom first. Tab bar: the tabs. Split: the columns it holds
    /// (primary, supplementary, secondary). Page: the current page. Custom container: its children.
    public var children: [String]
    /// Tab bar only: the selected tab.
    public var selected: String?
    /// Split only: whether the split view is collapsed.
    public var collapsed: Bool?

    public init(name: String, kind: SceneKind, children: [String], selected: String? = nil, collapsed: Bool? = nil) {
        self.name = name
        self.kind = kind
        self.children = children
        self.selected = selected
        self.collapsed = collapsed
    }

    public var json: JSONValue {
        var entries: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("children", .array(children.map { .string($0) })),
        ]
        if let selected { entries.append(("selected", .string(selected))) }
        if let collapsed { entries.append(("collapsed", .bool(collapsed))) }
        return .object(entries)
    }

    enum CodingKeys: String, CodingKey { case kind, children, selected, collapsed }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = ""
        kind = try c.decode(SceneKind.self, forKey: .kind)
        children = try c.decode([String].self, forKey: .children)
        selected = try c.decodeIfPresent(String.self, forKey: .selected)
        collapsed = try c.decodeIfPresent(Bool.self, forKey: .collapsed)
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}
