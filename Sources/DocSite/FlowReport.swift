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
        /// Each callback: its receiver, its signature and what follows the signature in the text trace
        /// (`Event.detail`: an argument, a segue and its destination, a result), empty when nothing does.
        public var events: [(receiver: String, call: String, detail: String)]
        public var warnings: [String]
        public var failures: [String]
        public var isExpectation: Bool
        /// A `note:` step's words, shown as text rather than as a step.
        public var note: String?
        /// An `expect` step's events: those that must happen in this order, and those that must not.
        public var expectedEvents: [String] = []
        public var absentEvents: [String] = []
        /// An `expect` step that checks nothing (`expect: {}`, which a warning names).
        public var checksNothing = false

        public init(index: Int, text: String, line: Int, effect: String = "", events: [(receiver: String, call: String, detail: String)] = [],
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

/// A diagram to render: its output name without extension (e.g. `flows/share-sequence`), its layout engine,
/// and its DOT text for each page flavour (links to `.md` pages, links to `.html` pages), given as text or built
/// when the docs builder asks for it (so that a build holds one diagram's DOT at a time).
public struct DiagramSource: Sendable {
    public var name: String
    public var engine: String
    /// A short title, and what the diagram shows in one sentence (for an `aria-label`).
    public var title: String
    public var description: String
    /// The DOT for pages of each extension asked for (`md`, `html`), in order, as UTF-8.
    private let dots: @Sendable (_ pageExtensions: [String]) -> [[UInt8]]
    /// For a part of a flow's sequence: the flow and step it shows, so that the flow page puts it with the step.
    public var flowStep: FlowStep?
    /// Whether this is one part of a segue graph drawn in parts: the index lists those under the overview.
    public var isSegueGraphPart = false

    /// A flow's step, by flow id and step index (0 is the launch).
    public struct FlowStep: Sendable, Hashable {
        public var flow: String
        public var step: Int
        public init(flow: String, step: Int) {
            self.flow = flow
            self.step = step
        }
    }

    public init(name: String, engine: String = "dot", title: String = "", description: String = "",
                markdownDOT: String, htmlDOT: String, flowStep: FlowStep? = nil) {
        self.init(name: name, engine: engine, title: title, description: description, flowStep: flowStep) { $0 == "html" ? htmlDOT : markdownDOT }
    }

    /// A diagram whose DOT `dots` builds for a page extension (`md`, `html`) when it is needed.
    public init(name: String, engine: String = "dot", title: String = "", description: String = "", flowStep: FlowStep? = nil,
                dots: @escaping @Sendable (_ pageExtension: String) -> String) {
        self.init(name: name, engine: engine, title: title, description: description, flowStep: flowStep,
                  manyDOTs: { $0.map(dots) })
    }

    /// A diagram whose DOT `manyDOTs` builds for several page extensions at once (`["md", "html"]`), in order.
    public init(name: String, engine: String = "dot", title: String = "", description: String = "", flowStep: FlowStep? = nil,
                manyDOTs dots: @escaping @Sendable (_ pageExtensions: [String]) -> [String]) {
        self.init(name: name, engine: engine, title: title, description: description, flowStep: flowStep,
                  manyDOTBytes: { dots($0).map { Array($0.utf8) } })
    }

    /// Like `manyDOTs`, with each DOT as UTF-8 bytes: what the builder hashes and writes, without a text copy.
    public init(name: String, engine: String = "dot", title: String = "", description: String = "", flowStep: FlowStep? = nil,
                manyDOTBytes dots: @escaping @Sendable (_ pageExtensions: [String]) -> [[UInt8]]) {
        self.name = name
        self.flowStep = flowStep
        self.engine = engine
        self.title = title
        self.description = description
        self.dots = dots
    }

    /// A diagram without links: the same DOT for both flavours.
    public init(name: String, dot: String, engine: String = "dot") {
        self.init(name: name, engine: engine, markdownDOT: dot, htmlDOT: dot)
    }

    /// The DOT whose links point at the Markdown pages.
    public var markdownDOT: String { String(decoding: dots(["md"]).first ?? [], as: UTF8.self) }
    /// The DOT whose links point at the HTML pages.
    public var htmlDOT: String { String(decoding: dots(["html"]).first ?? [], as: UTF8.self) }

    /// The DOT for pages of each of `extensions`, in order.
    func dots(forPageExtensions extensions: [String]) -> [[UInt8]] { dots(extensions) }
}

/// One row of the docs' legend: a kind of link, the colour and way it is drawn, and what it means.
/// The executable fills these from the diagrams' style table, so the legend always says what the pictures show.
public struct LegendRow: Sendable, Hashable {
    /// The kind's id (`show`, `relationship`).
    public var kind: String
    /// The name shown (`push (deprecated)`).
    public var name: String
    /// The drawn colour, `#RRGGBB`.
    public var color: String
    /// The line and arrowheads in words.
    public var drawnAs: String
    public var meaning: String
    /// Which diagrams the row is about: `segues` (the index's legend), `sequence` or `chains` (the key of flow pages).
    public var group: String

    public init(kind: String, name: String, color: String, drawnAs: String, meaning: String, group: String = "segues") {
        self.kind = kind
        self.name = name
        self.color = color
        self.drawnAs = drawnAs
        self.meaning = meaning
        self.group = group
    }
}
