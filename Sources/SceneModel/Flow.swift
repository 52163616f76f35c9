/// A reference to a segue as `scene.segue`.
public struct SegueReference: Sendable, Hashable, CustomStringConvertible {
    public var scene: String
    public var segue: String
    public var location: SourceLocation
    /// Where the segue's part is written (`opne` of `home.opne`), when the reference is on one line as it reads;
    /// an error about the segue alone is placed there.
    public var segueLocation: SourceLocation?

    public init(scene: String, segue: String, location: SourceLocation = .unknown, segueLocation: SourceLocation? = nil) {
        self.scene = scene
        self.segue = segue
        self.location = location
        self.segueLocation = segueLocation
    }

    public var description: String { "\(scene).\(segue)" }
}

/// A scripted journey through the app.
public struct Flow: Sendable, Hashable, Identifiable {
    public var id: String
    public var location: SourceLocation
    public var summary: String?
    public var environment: EnvironmentChange?
    public var conditions: [Condition]
    public var steps: [Step]

    public init(id: String, location: SourceLocation = .unknown, summary: String? = nil,
                environment: EnvironmentChange? = nil, conditions: [Condition] = [], steps: [Step] = []) {
        self.id = id
        self.location = location
        self.summary = summary
        self.environment = environment
        self.conditions = conditions
        self.steps = steps
    }
}

/// One step of a flow, with the position it was written at.
public struct Step: Sendable, Hashable {
    public var action: StepAction
    public var location: SourceLocation

    public init(_ action: StepAction, at location: SourceLocation = .unknown) {
        self.action = action
        self.location = location
    }
}

/// What a step does.
public enum StepAction: Sendable, Hashable {
    case tap(SegueReference)
    case perform(SegueReference)
    case show(Located<String>, from: Located<String>?)
    case showDetail(Located<String>, from: Located<String>?)
    case present(Located<String>, from: Located<String>?, style: Located<PresentationStyle>?, transition: Located<TransitionStyle>?)
    case push(Located<String>, onto: Located<String>?)
    case dismiss(Located<String>)
    case back
    case popToRoot(Located<String>)
    case selectTab(Located<String>)
    case swipePage(PageDirection)
    case swipeDown
    case environment(EnvironmentChange)
    case set([Condition])
    case note(String)
    case expect(Expectation)

    /// The step's keyword in the model file.
    public var keyword: String {
        switch self {
        case .tap: "tap"
        case .perform: "perform"
        case .show: "show"
        case .showDetail: "showDetail"
        case .present: "present"
        case .push: "push"
        case .dismiss: "dismiss"
        case .back: "back"
        case .popToRoot: "popToRoot"
        case .selectTab: "selectTab"
        case .swipePage: "swipePage"
        case .swipeDown: "swipeDown"
        case .environment: "environment"
        case .set: "set"
        case .note: "note"
        case .expect: "expect"
        }
    }

    /// The step as one line of text, e.g. `tap: library.showPhoto` or `present: picker (from: camera, modalPresentationStyle: formSheet)`.
    public var text: String {
        func extras(_ pairs: [(String, String?)]) -> String {
            let present = pairs.compactMap { key, value in value.map { "\(key): \($0)" } }
            return present.isEmpty ? "" : " (" + present.joined(separator: ", ") + ")"
        }
        switch self {
        case .tap(let ref), .perform(let ref):
            return "\(keyword): \(ref)"
        case .show(let scene, let from), .showDetail(let scene, let from):
            return "\(keyword): \(scene.value)" + extras([("from", from?.value)])
        case .present(let scene, let from, let style, let transition):
            return "present: \(scene.value)" + extras([
                ("from", from?.value),
                ("modalPresentationStyle", style?.value.rawValue),
                ("modalTransitionStyle", transition?.value.rawValue),
            ])
        case .push(let scene, let onto):
            return "push: \(scene.value)" + extras([("onto", onto?.value)])
        case .dismiss(let scene), .popToRoot(let scene), .selectTab(let scene):
            return "\(keyword): \(scene.value)"
        case .back, .swipeDown:
            return keyword
        case .swipePage(let direction):
            return "swipePage: \(direction.rawValue)"
        case .environment(let change):
            let parts: [(String, String?)] = [
                ("idiom", change.idiom?.value.rawValue), ("width", change.width?.value.rawValue),
                ("height", change.height?.value.rawValue), ("ios", change.ios.map { String($0.value) }),
            ]
            return "environment: {" + parts.compactMap { k, v in v.map { "\(k): \($0)" } }.joined(separator: ", ") + "}"
        case .set(let conditions):
            return "set: {" + conditions.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        case .note(let text):
            return "note: \(text)"
        case .expect:
            return "expect"
        }
    }
}

/// Assertions on the state after the previous step and on its events.
public struct Expectation: Sendable, Hashable {
    public struct Entry<Value: Sendable & Hashable>: Sendable, Hashable {
        public var subject: Located<String>
        public var value: Value
        public init(subject: Located<String>, value: Value) {
            self.subject = subject
            self.value = value
        }
    }

    public var visible: Located<String>?
    public var chain: [Located<String>]?
    public var stacks: [Entry<[Located<String>]>]
    public var selected: [Entry<Located<String>>]
    public var collapsed: [Entry<Bool>]
    public var styles: [Entry<Located<PresentationStyle>>]
    public var events: [Located<String>]
    public var noEvents: [Located<String>]
    public var warnings: [Located<String>]

    public init() {
        stacks = []
        selected = []
        collapsed = []
        styles = []
        events = []
        noEvents = []
        warnings = []
    }
}

extension Expectation {
    /// Whether it checks nothing (`expect: {}`, or only empty lists): it holds whatever happens.
    public var checksNothing: Bool {
        visible == nil && chain == nil && stacks.isEmpty && selected.isEmpty && collapsed.isEmpty && styles.isEmpty
            && events.isEmpty && noEvents.isEmpty && warnings.isEmpty
    }

    /// What the expectation checks, in one line: `visible camera; chain [tabs]; 5 events in order`.
    public var summary: String {
        var parts: [String] = []
        if let visible { parts.append("visible \(visible.value)") }
        if let chain { parts.append("chain [\(chain.map(\.value).joined(separator: ", "))]") }
        for stack in stacks { parts.append("\(stack.subject.value) stack [\(stack.value.map(\.value).joined(separator: ", "))]") }
        for entry in selected { parts.append("\(entry.subject.value) selects \(entry.value.value)") }
        for entry in collapsed { parts.append("\(entry.subject.value) \(entry.value ? "collapsed" : "expanded")") }
        for entry in styles { parts.append("\(entry.subject.value) as \(entry.value.value.rawValue)") }
        if !events.isEmpty { parts.append("\(events.count) event\(events.count == 1 ? "" : "s") in order") }
        if !noEvents.isEmpty { parts.append("\(noEvents.count) event\(noEvents.count == 1 ? "" : "s") absent") }
        if !warnings.isEmpty { parts.append("warning \(warnings.map { "“\($0.value)”" }.joined(separator: ", "))") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }
}
