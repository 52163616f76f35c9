import CGraphviz
import CGraphvizNumbers
import Foundation

/// The process-wide Graphviz state: one lock, two reused `GVC_t`s, and the messages
/// Graphviz reported during the current render. Everything here runs under `lock`.
///
/// Text formats (SVG, DOT, JSON, …) are laid out and rendered by a context without a
/// text-layout plugin, so label widths come from Graphviz's built-in font tables and
/// the bytes do not depend on the fonts installed. Formats the core plugin cannot
/// draw (PNG, PDF: cairo) use `gvContext()`, whose pango plugin measures and draws
/// with the machine's fonts: those bytes may differ from machine to machine.
final class GraphvizSession: @unchecked Sendable {
    static let shared = GraphvizSession()

    private let lock = NSLock()
    /// The font-independent context, created by the first render. Never freed: it lives as long as the process.
    private var context: OpaquePointer?
    /// The formats `context` can render (`svg`, `dot`, `json`, …).
    private var builtinFormats: Set<String> = []
    /// `gvContext()`, with every installed plugin, created by the first render of a format `context` lacks.
    private var fontContext: OpaquePointer?
    private var totals = Statistics()
    private let renderThread = LargeStackThread()

    private init() {}

    var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return totals
    }

    var version: String? {
        lock.lock()
        defer { lock.unlock() }
        guard let context = try? openContext(), let text = gvcVersion(context) else { return nil }
        return String(cString: text)
    }

    func render(dot: String, engine: GraphvizRenderer.Engine, format: GraphvizRenderer.Format) throws(GraphvizError) -> Rendering {
        let renderings = try render(variants: [(dot, format)], engine: engine)
        // One variant in, one rendering out.
        return renderings.first ?? Rendering(bytes: [], warnings: [], timing: RenderTiming())
    }

    /// Renders variants of one diagram that differ only in their links: the first is laid out, and every other one
    /// rendered in the same context is drawn from that layout with its own `URL`/`href` values (see `LinkVariants`).
    /// A variant that differs in anything else, or needs another context, is laid out on its own.
    func render(variants: [(dot: String, format: GraphvizRenderer.Format)], engine: GraphvizRenderer.Engine) throws(GraphvizError) -> [Rendering] {
        let clock = ContinuousClock()
        let requested = clock.now
        lock.lock()
        defer { lock.unlock() }
        let job = RenderJob(timing: RenderTiming(waiting: clock.now - requested))
        // Graphviz runs on its own large stack: deep recursion on big graphs must not
        // overflow the caller's (a 2,000-node chain needs more than 128 KiB).
        renderThread.run { [self] in
            let cpuStart = Self.threadCPUTime()
            var ownCPU = Duration.zero
            job.outcome = Result { () throws(GraphvizError) in
                try renderLocked(variants: variants, engine: engine, timing: &job.timing, ownCPU: &ownCPU, clock: clock)
            }
            // Graphviz's CPU time is the thread's, less the link substitution, which is this project's code.
            job.cpu = Self.threadCPUTime() - cpuStart - ownCPU
        }
        record(job.timing)
        totals.cpu += job.cpu
        switch job.outcome {
        case .success(let outputs):
            totals.renders += outputs.count
            let warnings = GraphvizMessages.current.warnings
            return outputs.enumerated().map { offset, bytes in
                Rendering(bytes: bytes, warnings: warnings, timing: offset == 0 ? job.timing : RenderTiming())
            }
        case .failure(let error):
            totals.failures += 1
            throw error
        }
    }

    /// What one render hands back from the render thread; only touched with the lock held.
    private final class RenderJob: @unchecked Sendable {
        var timing: RenderTiming
        var outcome: Result<[[UInt8]], GraphvizError> = .success([])
        var cpu: Duration = .zero
        init(timing: RenderTiming) { self.timing = timing }
    }

    private func record(_ timing: RenderTiming) {
        totals.total.waiting += timing.waiting
        totals.total.parse += timing.parse
        totals.total.layout += timing.layout
        totals.total.render += timing.render
        totals.last = timing
    }

    // MARK: - The C calls (lock held)

    private func renderLocked(variants: [(dot: String, format: GraphvizRenderer.Format)], engine: GraphvizRenderer.Engine,
                              timing: inout RenderTiming, ownCPU: inout Duration, clock: ContinuousClock) throws(GraphvizError) -> [[UInt8]] {
        // A previous failure leaves agerrors() at AGERR; without a reset every later render would fail too.
        GraphvizMessages.current = GraphvizMessages()
        installMessageHandler()
        _ = agreseterrors()
        guard let first = variants.first else { return [] }
        return try withLayout(first.dot, engine: engine, format: first.format, timing: &timing, clock: clock) {
            graph, context, timing throws(GraphvizError) in
            var outputs = [try renderGraph(graph, context: context, format: first.format, timing: &timing, clock: clock)]
            for variant in variants.dropFirst() {
                if first.format == .svg, variant.format == .svg {
                    let start = Self.threadCPUTime()
                    let substituted = LinkVariants.substitutedLinks(in: outputs[0], first: first.dot, second: variant.dot)
                    ownCPU += Self.threadCPUTime() - start
                    if let substituted {
                        outputs.append(substituted)
                        continue
                    }
                }
                let variantContext = try openContext(for: variant.format)
                let compared = Self.threadCPUTime()
                let onlyLinksDiffer = variantContext == context && LinkVariants.differOnlyInLinks(first.dot, variant.dot)
                ownCPU += Self.threadCPUTime() - compared
                guard onlyLinksDiffer else {
                    outputs.append(try renderAlone(variant.dot, engine: engine, format: variant.format, timing: &timing, clock: clock))
                    continue
                }
                let links = try parse(variant.dot, timing: &timing, clock: clock)
                // A layout turned top to bottom left out some subgraphs: the variant's graph leaves out the same.
                if let drawn = Self.graphAttribute(graph, "rankdir"), drawn != Self.graphAttribute(links, "rankdir") {
                    Self.turn(links, to: drawn)
                }
                LinkVariants.copyLinks(from: links, to: graph)
                agclose(links)
                outputs.append(try renderGraph(graph, context: context, format: variant.format, timing: &timing, clock: clock))
            }
            return outputs
        }
    }

    /// Parses, lays out and renders one DOT text on its own.
    private func renderAlone(_ dot: String, engine: GraphvizRenderer.Engine, format: GraphvizRenderer.Format,
                             timing: inout RenderTiming, clock: ContinuousClock) throws(GraphvizError) -> [UInt8] {
        try withLayout(dot, engine: engine, format: format, timing: &timing, clock: clock) { graph, context, timing throws(GraphvizError) in
            try renderGraph(graph, context: context, format: format, timing: &timing, clock: clock)
        }
    }

    /// Parses and lays out `dot` in the context of `format` (again in another direction when it asks for that and
    /// comes out wide: `layOutTurnedIfWide`), hands the laid-out graph to `body`, and frees it (the freeing counted
    /// as render time) however `body` ends.
    private func withLayout<Result>(
        _ dot: String, engine: GraphvizRenderer.Engine, format: GraphvizRenderer.Format, timing: inout RenderTiming,
        clock: ContinuousClock,
        _ body: (UnsafeMutablePointer<Agraph_t>, OpaquePointer, inout RenderTiming) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        let context = try openContext(for: format)
        let first = try parse(dot, timing: &timing, clock: clock)
        // Nil between closing one graph and parsing the next, so that a failed parse is not closed twice.
        var graph: UnsafeMutablePointer<Agraph_t>? = first
        defer { if let graph { close(graph, context: context, timing: &timing, clock: clock) } }
        try layout(first, context: context, engine: engine, timing: &timing, clock: clock)
        try layOutTurnedIfWide(&graph, dot: dot, context: context, engine: engine, timing: &timing, clock: clock)
        // A layout laid out again ends with a graph, or throws.
        guard let laidOut = graph else { throw .syntax(message: "agmemread returned no graph") }
        return try body(laidOut, context, &timing)
    }

    /// Frees the layout of `graph` and closes it.
    private func close(_ graph: UnsafeMutablePointer<Agraph_t>, context: OpaquePointer, timing: inout RenderTiming, clock: ContinuousClock) {
        let start = clock.now
        gvFreeLayout(context, graph)
        agclose(graph)
        timing.render += clock.now - start
    }

    /// For a graph laid out by dot that names another direction in `GraphvizRenderer.wideDirectionAttribute`: when
    /// its layout came out wide, lays the text out again in that direction (`turned`), and keeps that layout when
    /// it is narrow enough to be worth it (`WideLayout`); otherwise, or when that layout fails, lays the text out
    /// as at first (a third layout, which the rule makes rare). Each graph is closed before the next is parsed:
    /// Graphviz 2.42 keeps the attribute symbols of the graph laid out last in globals, and drawing one graph while
    /// another is laid out crashes. Graphviz's messages are those of the layout kept. Decided from the text alone,
    /// so the same text always gives the same drawing.
    private func layOutTurnedIfWide(_ graph: inout UnsafeMutablePointer<Agraph_t>?, dot: String, context: OpaquePointer,
                                    engine: GraphvizRenderer.Engine, timing: inout RenderTiming, clock: ContinuousClock) throws(GraphvizError) {
        guard let first = graph else { return }
        // The `layout` attribute overrides the engine asked for.
        let layoutEngine = Self.graphAttribute(first, "layout").flatMap { $0.isEmpty ? nil : $0 } ?? engine.rawValue
        guard layoutEngine == GraphvizRenderer.Engine.dot.rawValue, let direction = Self.graphAttribute(first, GraphvizRenderer.wideDirectionAttribute),
              WideLayout.directions.contains(direction), let box = Self.boundingBox(first), WideLayout.isWide(box) else { return }
        // Some warnings come only the first time a process meets their cause (an unknown shape): the first
        // layout's are kept, and a later layout adds those it does not repeat.
        let firstMessages = GraphvizMessages.current
        /// Closes the current graph, and parses and lays out the text again, `prepare`d first.
        func again(_ prepare: (UnsafeMutablePointer<Agraph_t>) -> Void) throws(GraphvizError) {
            if let current = graph { close(current, context: context, timing: &timing, clock: clock) }
            graph = nil
            GraphvizMessages.current = GraphvizMessages()
            _ = agreseterrors()
            let parsed = try parse(dot, timing: &timing, clock: clock)
            graph = parsed
            prepare(parsed)
            try layout(parsed, context: context, engine: engine, timing: &timing, clock: clock)
            GraphvizMessages.current = firstMessages.adding(GraphvizMessages.current)
        }
        do {
            try again { Self.turn($0, to: direction) }
            if let turnedGraph = graph, let turned = Self.boundingBox(turnedGraph), WideLayout.prefers(turned, over: box) { return }
        } catch {
            // The layout that worked is drawn instead.
        }
        try again { _ in }
    }

    /// Prepares a parsed graph for a layout in `direction`: sets its `rankdir` and deletes the subgraphs marked
    /// with `GraphvizRenderer.omittedWhenTurnedAttribute` (a legend arranged for the first direction). A variant
    /// drawn from a turned layout is prepared the same way, so that its graph matches the one laid out.
    static func turn(_ graph: UnsafeMutablePointer<Agraph_t>, to direction: String) {
        setGraphAttribute(graph, "rankdir", direction)
        deleteSubgraphs(of: graph, marked: GraphvizRenderer.omittedWhenTurnedAttribute)
    }

    /// Sets a graph attribute, declaring it when the graph does not.
    private static func setGraphAttribute(_ graph: UnsafeMutablePointer<Agraph_t>, _ name: String, _ value: String) {
        // Graphviz 2.42 declares the parameters `char *`; agsafeset copies them.
        _ = name.withCString { name in
            value.withCString { value in
                "".withCString { empty in
                    agsafeset(graph, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value), UnsafeMutablePointer(mutating: empty))
                }
            }
        }
    }

    /// Deletes, with their nodes, the subgraphs of `graph` (at any depth) whose attribute `name` is `true`.
    private static func deleteSubgraphs(of graph: UnsafeMutablePointer<Agraph_t>, marked name: String) {
        var marked: [(parent: UnsafeMutablePointer<Agraph_t>, subgraph: UnsafeMutablePointer<Agraph_t>)] = []
        func visit(_ parent: UnsafeMutablePointer<Agraph_t>) {
            var next = agfstsubg(parent)
            while let subgraph = next {
                if graphAttribute(subgraph, name) == "true" { marked.append((parent, subgraph)) } else { visit(subgraph) }
                next = agnxtsubg(subgraph)
            }
        }
        visit(graph)
        // A node in two marked subgraphs is deleted once.
        var nodes: [UnsafeMutablePointer<Agnode_t>] = []
        var collected: Set<UnsafeMutablePointer<Agnode_t>> = []
        for (parent, subgraph) in marked {
            var node = agfstnode(subgraph)
            while let current = node {
                if collected.insert(current).inserted { nodes.append(current) }
                node = agnxtnode(subgraph, current)
            }
            _ = agdelsubg(parent, subgraph)
        }
        for node in nodes { _ = agdelnode(graph, node) }
    }

    /// A graph attribute's value; nil when the graph does not declare it.
    private static func graphAttribute(_ graph: UnsafeMutablePointer<Agraph_t>, _ name: String) -> String? {
        guard let value = name.withCString({ agget(graph, UnsafeMutablePointer(mutating: $0)) }) else { return nil }
        return String(cString: value)
    }

    /// The size of a laid-out graph, in points, from the `bb` attribute `gvLayout` sets.
    private static func boundingBox(_ graph: UnsafeMutablePointer<Agraph_t>) -> WideLayout.Size? {
        guard let text = graphAttribute(graph, "bb") else { return nil }
        return WideLayout.size(fromBoundingBox: text)
    }

    private func parse(_ dot: String, timing: inout RenderTiming, clock: ContinuousClock) throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t> {
        var start = clock.now
        let parsed = dot.withCString { agmemread($0) }
        timing.parse += clock.now - start
        guard let graph = parsed else {
            throw .syntax(message: GraphvizMessages.current.errorText(fallback: "agmemread returned no graph"))
        }
        if Self.errorRaised {
            start = clock.now
            agclose(graph)
            timing.parse += clock.now - start
            throw .syntax(message: GraphvizMessages.current.errorText(fallback: "the parser reported an error"))
        }
        return graph
    }

    /// Lays `graph` out; on failure the caller still frees the layout and closes the graph.
    private func layout(_ graph: UnsafeMutablePointer<Agraph_t>, context: OpaquePointer, engine: GraphvizRenderer.Engine,
                        timing: inout RenderTiming, clock: ContinuousClock) throws(GraphvizError) {
        let start = clock.now
        let layoutStatus = gvLayout(context, graph, engine.rawValue)
        timing.layout += clock.now - start
        // A malformed HTML label makes gvLayout return 0 but raises the error level: check both.
        if layoutStatus != 0 || Self.errorRaised {
            throw .layout(engine: engine.rawValue, message: GraphvizMessages.current.errorText(fallback: "gvLayout returned \(layoutStatus)"))
        }
    }

    private func renderGraph(_ graph: UnsafeMutablePointer<Agraph_t>, context: OpaquePointer, format: GraphvizRenderer.Format,
                             timing: inout RenderTiming, clock: ContinuousClock) throws(GraphvizError) -> [UInt8] {
        let start = clock.now
        defer { timing.render += clock.now - start }
        let output = renderData(gvRenderData, context, graph, format.rawValue)
        defer { if let data = output.data { gvFreeRenderData(data) } }
        if output.status != 0 || Self.errorRaised {
            throw .render(format: format.rawValue, message: GraphvizMessages.current.errorText(fallback: "gvRenderData returned \(output.status)"))
        }
        guard let data = output.data else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: output.length) { Array(UnsafeBufferPointer(start: $0, count: output.length)) }
    }

    /// CPU time of the calling thread: what Graphviz itself costs, whatever else the machine runs.
    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Whether Graphviz raised its error level to `AGERR` since the last `agreseterrors()`.
    private static var errorRaised: Bool { agerrors() >= Int32(AGERR.rawValue) }

    /// The context that renders `format`: the font-independent one when it can.
    private func openContext(for format: GraphvizRenderer.Format) throws(GraphvizError) -> OpaquePointer {
        let builtin = try openContext()
        if builtinFormats.contains(format.rawValue) { return builtin }
        return try openFontContext()
    }

    /// The font-independent context, created on first use from the layout and core plugins.
    private func openContext() throws(GraphvizError) -> OpaquePointer {
        if let context { return context }
        prepareFirstContext()
        let symbols = try BuiltinPlugins.symbolList()
        // 0: only the listed plugins, never the plugin list of the installation.
        guard let created = gvContextPlugins(symbols, 0) else { throw .contextUnavailable }
        guard !Self.pluginNames(created, kind: "layout").isEmpty else {
            _ = gvFreeContext(created)
            throw .pluginUnavailable(library: "dot_layout", message: "it provides no layout engine")
        }
        // Device names can carry a `:plugin` suffix in some versions.
        builtinFormats = Set(Self.pluginNames(created, kind: "device").map { String($0.prefix { $0 != ":" }) })
        Self.chooseNumberWriter(version: gvcVersion(created).map { String(cString: $0) })
        context = created
        return created
    }

    /// Whether the SVG renderer's numbers are written by the project's copy of `gvprintdouble` (see
    /// `cgraphviz_numbers.c`): only for the library versions whose rules it reproduces.
    static func chooseNumberWriter(version: String?) {
        setNumberWriter(own: version.map { $0.hasPrefix("2.42.") || $0.hasPrefix("2.43.") } ?? false)
    }

    /// For tests: switch between the two writers (a render running meanwhile may use either: they write the same bytes).
    static func setNumberWriter(own: Bool) {
        cgraphviz_numbers_use_own(own ? 1 : 0)
    }

    /// `gvContext()`, created on first use; fails when Graphviz loaded no layout plugins.
    private func openFontContext() throws(GraphvizError) -> OpaquePointer {
        if let fontContext { return fontContext }
        prepareFirstContext()
        guard let created = gvContext() else { throw .contextUnavailable }
        guard !Self.pluginNames(created, kind: "layout").isEmpty else {
            _ = gvFreeContext(created)
            throw .noLayoutEngines
        }
        fontContext = created
        return created
    }

    private func prepareFirstContext() {
        installMessageHandler()
        // Before the first graph exists: graphs opened under the default discipline
        // would be closed by this one.
        CreationOrderIDs.install()
    }

    /// The names of the plugins of `kind` ("layout", "device", …) that `context` has loaded.
    private static func pluginNames(_ context: OpaquePointer, kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let name = list[index] {
                names.append(String(cString: name))
                free(name)
            }
        }
        free(list)
        return names
    }

    /// Routes Graphviz's messages to `GraphvizMessages.current` instead of standard error.
    private func installMessageHandler() {
        _ = agseterr(AGWARN)
        // The parameter is `char *` in Graphviz 2.x and `const char *` in later versions; inference takes either.
        _ = agseterrf { fragment in
            if let fragment { GraphvizMessages.current.append(String(cString: fragment)) }
            return 0
        }
    }
}

/// Calls `gvRenderData`, whose length parameter is `unsigned int *` in Graphviz 2.42
/// and `size_t *` in current Graphviz: the generic `Length` takes whichever the header declares.
private func renderData<Context, Graph, Length: BinaryInteger>(
    _ function: (Context, Graph, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Length>?) -> Int32,
    _ context: Context, _ graph: Graph, _ format: String
) -> (status: Int32, data: UnsafeMutablePointer<CChar>?, length: Int) {
    var data: UnsafeMutablePointer<CChar>?
    var length: Length = 0
    let status = format.withCString { function(context, graph, $0, &data, &length) }
    return (status, data, Int(length))
}

// MARK: - Messages

/// What Graphviz reported through `agseterrf` during the current render.
///
/// Graphviz calls the handler with fragments: `"Error"`, `": "`, then the text; a
/// continuation (`AGPREV`) comes without a prefix. Fragments are joined into messages here.
struct GraphvizMessages {
    /// Written by the C callback, which cannot capture context; only touched with the session's lock held.
    nonisolated(unsafe) static var current = GraphvizMessages()

    enum Level { case error, warning }

    private(set) var messages: [(level: Level, text: String)] = []
    private var expectingSeparator = false

    mutating func append(_ fragment: String) {
        let atMessageStart = messages.last.map { $0.text.hasSuffix("\n") || $0.text.isEmpty } ?? true
        if atMessageStart, fragment == "Error" || fragment == "Warning" {
            messages.append((fragment == "Error" ? .error : .warning, ""))
            expectingSeparator = true
            return
        }
        if expectingSeparator, fragment == ": " {
            expectingSeparator = false
            return
        }
        expectingSeparator = false
        if messages.isEmpty { messages.append((.error, "")) }
        messages[messages.count - 1].text += fragment
    }

    /// The messages of `level`, each on one line: Graphviz continues some messages on
    /// further lines (the HTML label's text, the node it belongs to).
    private func texts(_ level: Level) -> [String] {
        messages.filter { $0.level == level }
            .map { message in
                message.text.split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                    .joined(separator: " ")
            }
            .filter { !$0.isEmpty }
    }

    var warnings: [String] { texts(.warning) }

    /// These messages, then those of `later` not among them: the messages of a text laid out twice, each once.
    func adding(_ later: GraphvizMessages) -> GraphvizMessages {
        var merged = self
        for message in later.messages where !messages.contains(where: { $0.level == message.level && $0.text == message.text }) {
            merged.messages.append(message)
        }
        return merged
    }

    /// The error messages joined with "; ", else the warnings, else `fallback`.
    func errorText(fallback: String) -> String {
        let errors = texts(.error)
        if !errors.isEmpty { return errors.joined(separator: "; ") }
        let warnings = texts(.warning)
        return warnings.isEmpty ? fallback : warnings.joined(separator: "; ")
    }
}
