/// Renders DOT text with Graphviz's C libraries, in process.
///
/// Graphviz is not thread-safe, so every call takes one process-wide lock around
/// parsing, layout, rendering and freeing. Calls from many threads are safe and
/// run one at a time; to use more cores, use more processes.
public struct GraphvizRenderer: Sendable {
    public init() {}

    /// Lays out `dot` with `engine` and renders it as `format`.
    ///
    /// - Throws: `GraphvizError` carrying Graphviz's own message when the text does
    ///   not parse, the layout fails (including malformed HTML labels), or the
    ///   engine or format is unknown.
    public func render(dot: String, engine: Engine = .dot, format: Format = .svg) throws(GraphvizError) -> [UInt8] {
        try GraphvizSession.shared.render(dot: dot, engine: engine, format: format).bytes
    }

    /// Like `render(dot:engine:format:)`, with Graphviz's warnings and the time each phase took.
    public func renderWithReport(dot: String, engine: Engine = .dot, format: Format = .svg) throws(GraphvizError) -> Rendering {
        try GraphvizSession.shared.render(dot: dot, engine: engine, format: format)
    }

    /// Renders variants of one diagram whose DOT texts differ only in their links (`URL`, `href`), such as the
    /// same diagram linking to Markdown pages and to HTML pages: the first is laid out once and every variant of
    /// a format drawn by the same context is rendered from that layout with its own links. The bytes are those
    /// each variant gets from `render(dot:engine:format:)` on its own; a variant that differs in more than its
    /// links is laid out on its own.
    public func render(variants: [(dot: String, format: Format)], engine: Engine = .dot) throws(GraphvizError) -> [[UInt8]] {
        try GraphvizSession.shared.render(variants: variants, engine: engine).map(\.bytes)
    }

    /// When the SVG of DOT text `second` can be drawn from the SVG of `first` by replacing links (the texts differ
    /// only in `URL`/`href` values that Graphviz writes unchanged, one for one), what does it; nil otherwise. Lets a
    /// caller render only `first`, as `render(variants:)` does.
    public static func linkReplacements(from first: String, to second: String) -> LinkReplacements? {
        LinkVariants.replacements(from: Array(first.utf8), to: Array(second.utf8))
    }

    /// `linkReplacements(from:to:)` of two DOT texts given as UTF-8 bytes.
    public static func linkReplacements(from first: [UInt8], to second: [UInt8]) -> LinkReplacements? {
        LinkVariants.replacements(from: first, to: second)
    }

    /// Totals over every render of this process so far, for reporting Graphviz's share of the time.
    public static var statistics: Statistics { GraphvizSession.shared.statistics }

    /// How long the most recent render of this process spent inside Graphviz, if there was one.
    public static var lastRenderDuration: Duration? { GraphvizSession.shared.statistics.last?.graphviz }

    /// The version of the Graphviz libraries linked in, e.g. `2.43.0`.
    public static var version: String? { GraphvizSession.shared.version }

    /// The folder to load Graphviz's plugins from instead of the one beside libgvc. Set it before the first
    /// render (the library reads no environment; the executable passes `$GVBINDIR` here).
    nonisolated(unsafe) public static var pluginFolderOverride: String?

    /// A graph attribute naming a `rankdir` (`TB`, `LR`, …) to lay the graph out with instead, when its layout by
    /// dot comes out as a ribbon wider than GitHub's column and the other direction is clearly narrower (the rule:
    /// `WideLayout`). Graphviz's own programs ignore it; the same DOT text always gives the same drawing.
    public static let wideDirectionAttribute = "scenograph_rankdir_when_wide"

    /// A subgraph attribute: `true` leaves the subgraph and its nodes out of a layout turned by
    /// `wideDirectionAttribute` (a legend arranged for the first direction, which the page repeats anyway).
    public static let omittedWhenTurnedAttribute = "scenograph_omitted_when_turned"

    /// What decides the bytes of a render besides its input, for cache keys: the Graphviz
    /// version, how text is measured and when a wide layout is turned. Renders cached under another identifier (such as
    /// SVGs measured with the machine's fonts) are not reused.
    public static var identifier: String { "graphviz-\(version ?? "unknown")-builtin-text-metrics-bold-\(WideLayout.ruleIdentifier)" }
}

// MARK: - Engines and formats

extension GraphvizRenderer {
    /// A Graphviz layout engine, named as `dot -K` names it.
    ///
    /// Any plugin name can be written (`Engine(rawValue: "osage")`); an engine
    /// Graphviz does not know is reported by `render` as `GraphvizError.layout`.
    public struct Engine: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Layered drawings of directed graphs.
        public static let dot = Engine(rawValue: "dot")
        /// Spring model.
        public static let neato = Engine(rawValue: "neato")
        /// Keeps the positions given by `pos="x,y!"` and only routes edges (`neato -n2`).
        public static let nop2 = Engine(rawValue: "nop2")
        /// Force-directed placement.
        public static let fdp = Engine(rawValue: "fdp")
        /// Force-directed placement for large graphs.
        public static let sfdp = Engine(rawValue: "sfdp")
        /// Circular layout.
        public static let circo = Engine(rawValue: "circo")
        /// Radial layout.
        public static let twopi = Engine(rawValue: "twopi")

        /// The engines Scenograph uses and tests.
        public static let known: [Engine] = [.dot, .neato, .nop2, .fdp, .sfdp, .circo, .twopi]

        public var description: String { rawValue }
    }

    /// An output format, named as `dot -T` names it.
    ///
    /// Any device name can be written (`Format(rawValue: "ps")`); a format
    /// Graphviz does not know is reported by `render` as `GraphvizError.render`.
    public struct Format: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let svg = Format(rawValue: "svg")
        public static let png = Format(rawValue: "png")
        public static let pdf = Format(rawValue: "pdf")
        /// DOT with the layout's positions added.
        public static let dot = Format(rawValue: "dot")
        public static let json = Format(rawValue: "json")

        /// The formats Scenograph uses and tests.
        public static let known: [Format] = [.svg, .png, .pdf, .dot, .json]

        /// The usual file name extension, without the dot.
        public var fileExtension: String {
            switch rawValue {
            case "dot": "gv"
            default: rawValue
            }
        }

        public var description: String { rawValue }
    }
}

// MARK: - Results

/// The output of one render, with what Graphviz reported along the way.
public struct Rendering: Sendable, Hashable {
    /// The rendered file (SVG text, PNG bytes, …).
    public var bytes: [UInt8]
    /// Graphviz's warnings, one a message, without the `Warning: ` prefix.
    public var warnings: [String]
    public var timing: RenderTiming

    public init(bytes: [UInt8], warnings: [String], timing: RenderTiming) {
        self.bytes = bytes
        self.warnings = warnings
        self.timing = timing
    }
}

/// Where the time of one render went.
public struct RenderTiming: Sendable, Hashable {
    /// Waiting for other threads' renders to release the lock.
    public var waiting: Duration
    /// `agmemread`.
    public var parse: Duration
    /// `gvLayout`.
    public var layout: Duration
    /// `gvRenderData`, and freeing the layout and the graph.
    public var render: Duration

    public init(waiting: Duration = .zero, parse: Duration = .zero, layout: Duration = .zero, render: Duration = .zero) {
        self.waiting = waiting
        self.parse = parse
        self.layout = layout
        self.render = render
    }

    /// Time spent inside Graphviz: parse, layout and render, without waiting.
    public var graphviz: Duration { parse + layout + render }
}

/// Totals over the renders of this process.
public struct Statistics: Sendable, Hashable {
    /// Renders that produced output.
    public var renders: Int = 0
    /// Renders that threw.
    public var failures: Int = 0
    /// Summed over every render, failed or not.
    public var total: RenderTiming = RenderTiming()
    /// CPU time of the thread running Graphviz, summed over every render: unlike the timings, it does not grow
    /// when other processes share the machine.
    public var cpu: Duration = .zero
    /// The most recent render, failed or not.
    public var last: RenderTiming?

    public init() {}
}
