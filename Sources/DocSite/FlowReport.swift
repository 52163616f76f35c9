import SceneModel
import Simulator

/// What the docs need to know about one simulated flow, independent of the simulator's types.
public struct FlowReport: Sendable {
    public struct StepReport: Sendable {
        public var index: Int
        public var text: String
        public var line: Int
        /// The step's effect in words, e.g. "library pushes photo onto libraryNav".
        public var effect: String
        public var events: [(receiver: String, call: String)]
        public var warnings: [String]
        public var failures: [String]
        public var isExpectation: Bool

        public init(index: Int, text: String, line: Int, effect: String = "", events: [(receiver: String, call: String)] = [],
                    warnings: [String] = [], failures: [String] = [], isExpectation: Bool = false) {
            self.index = index
            self.text = text
            self.line = line
            self.effect = effect
            self.events = events
            self.warnings = warnings
            self.failures = failures
            self.isExpectation = isExpectation
        }
    }

    public var flow: Flow
    /// E.g. "phone, compact width, regular height, iOS 17".
    public var environment: String
    public var result: FlowResult
    public var steps: [StepReport]

    public init(flow: Flow, environment: String, result: FlowResult, steps: [StepReport]) {
        self.flow = flow
        self.environment = environment
        self.result = result
        self.steps = steps
    }
}

/// A diagram to render: its output name without extension (e.g. `flows/share-sequence`), DOT text and layout engine.
public struct DiagramSource: Sendable, Hashable {
    public var name: String
    public var dot: String
    public var engine: String

    public init(name: String, dot: String, engine: String = "dot") {
        self.name = name
        self.dot = dot
        self.engine = engine
    }
}
