import Diagrams
import DocSite
import Foundation
import Graphviz
import SceneModel
import Simulator

/// Assembles what the docs need from the other modules: flow reports from the simulator, diagram sources from
/// the diagram catalogue, each built once per page flavour.
struct DocsPipeline {
    let model: SceneModel
    /// The traces as the docs show them: places named from the docs' root folder.
    let traces: [FlowTrace]
    let catalogue: DiagramCatalogue
    /// The errors of the flows that failed or stopped, flow by flow in file order, with places named as the paths
    /// were given (as every command prints them, not as the docs' pages show them).
    let flowErrors: [Diagnostic]

    /// Simulates every flow once, on up to `threads` threads (flows are independent; traces keep the file's
    /// order); `detail` full draws every callback of the launch too.
    /// `root`: the folder the docs name the app's files from (`DocsPaths.root`), for the places of flow errors.
    init(model: SceneModel, detail: Detail = .default, imageFormat: String = "svg", segueGraphSceneLimit: Int = SegueGraphPartition.sceneLimit,
         threads: Int = 1, root: [String]? = nil) {
        self.model = model
        let simulator = Simulator(model: model)
        let flows = model.flows
        let simulated = parallelMap(flows.count, threads: threads) { simulator.run(flows[$0], detail: detail) }
        flowErrors = zip(flows, simulated).filter { $1.result != .passed }.flatMap { FlowDiagnostics.errors(for: $1, of: $0) }
        let traces = root.map { root in simulated.map { DocsPaths.relative($0, root: root) } } ?? simulated
        self.traces = traces
        self.catalogue = DiagramCatalogue(model: model, traces: traces, launch: detail == .full ? .full : .summary, imageFormat: imageFormat,
                                          segueGraphSceneLimit: segueGraphSceneLimit, threads: threads)
    }

    func flowReports() -> [FlowReport] {
        zip(model.flows, traces).map { FlowReport(flow: $0, trace: $1) }
    }

    /// Every diagram of the docs, with links to the Markdown pages and to the HTML pages; each DOT is built when
    /// the docs builder asks for it.
    func diagramSources() -> [DiagramSource] {
        catalogue.entries.map { entry in Self.source(entry) { entry.dotBytes(pageExtensions: $0) } }
    }

    /// A catalogue entry as the docs builder takes it: a part of a flow's sequence says which step it shows.
    static func source(_ entry: DiagramCatalogue.Entry, dots: @escaping @Sendable ([String]) -> [[UInt8]]) -> DiagramSource {
        var flowStep: DiagramSource.FlowStep?
        if case .sequencePart(let flow, let step, _) = entry.subject { flowStep = .init(flow: flow, step: step) }
        var source = DiagramSource(name: entry.name, engine: entry.engine.rawValue, title: entry.title, description: entry.description,
                                   flowStep: flowStep, manyDOTBytes: dots)
        if case .seguePart = entry.subject { source.isSegueGraphPart = true }
        return source
    }
}

extension DocsPipeline {
    /// The docs' legend, from the diagrams' style table.
    static var legend: [LegendRow] {
        DiagramStyle.legendRows.map {
            LegendRow(kind: $0.kind, name: $0.name, color: $0.style.color, drawnAs: $0.style.description, meaning: $0.meaning)
        }
            + DiagramStyle.sequenceKeyRows.map { LegendRow(kind: "sequence", name: $0.name, color: $0.color, drawnAs: $0.drawnAs, meaning: $0.meaning, group: "sequence") }
            + DiagramStyle.chainKeyRows.map { LegendRow(kind: "chains", name: $0.name, color: $0.color, drawnAs: $0.drawnAs, meaning: $0.meaning, group: "chains") }
    }
}

/// Renders through the in-process Graphviz binding; its identifier is part of the cache key.
enum GraphvizBridge {
    static func renderer() -> DiagramRenderer {
        DiagramRenderer(identifier: GraphvizRenderer.identifier) { dot, engine, format in
            try GraphvizRenderer().render(dot: dot, engine: .init(rawValue: engine), format: .init(rawValue: format))
        } renderVariants: { variants, engine in
            try GraphvizRenderer().render(variants: variants.map { ($0.dot, .init(rawValue: $0.format)) }, engine: .init(rawValue: engine))
        }
    }
}

/// Where rendered diagrams are cached: `$SCENOGRAPH_CACHE_DIR`, else `$XDG_CACHE_HOME/scenograph`,
/// else `~/.cache/scenograph`, `~` being `$HOME` (the account's home folder when it is not set), as shells and
/// other tools read it. Read here, so that no library reads the environment.
enum CacheLocation {
    static func standard() -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SCENOGRAPH_CACHE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? home(environment).appendingPathComponent(".cache")
        return base.appendingPathComponent("scenograph")
    }

    static func home(_ environment: [String: String]) -> URL {
        if let path = environment["HOME"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The most disk the cache may take before `generate` prunes it, 2 GiB unless `$SCENOGRAPH_CACHE_SIZE` says
    /// otherwise; nil: no limit.
    static func sizeLimit() throws(SizeError) -> Int64? {
        guard let text = ProcessInfo.processInfo.environment["SCENOGRAPH_CACHE_SIZE"], !text.isEmpty else { return standardSizeLimit }
        guard let size = ByteSize.parse(text) else { throw SizeError(text: text) }
        return size == 0 ? nil : size
    }

    static let standardSizeLimit: Int64 = 2 << 30

    /// Why `folder` cannot hold the cache (it is a file, or cannot be made or written), or nil when it can.
    static func problem(with folder: URL) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            if !isFolder.boolValue { return "is a file, not a folder" }
            return access(folder.path, W_OK | X_OK) == 0 ? nil : "is a folder this user cannot write"
        }
        // Missing, it is not made here: a run refused later (a cache inside the output folder) must leave nothing
        // behind, and the first cached render makes it. The nearest folder on its path must let this user make it.
        let ancestor = OutputWriter.missingFolders(of: folder.deletingLastPathComponent()).nearest
        guard FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder), isFolder.boolValue else {
            return "cannot be made ('\(ancestor.path)' is a file, not a folder)"
        }
        return access(ancestor.path, W_OK | X_OK) == 0 ? nil : "cannot be made ('\(ancestor.path)' is a folder this user cannot write)"
    }

    struct SizeError: Error, CustomStringConvertible {
        var text: String
        var description: String {
            "SCENOGRAPH_CACHE_SIZE is '\(text)': give the diagram cache's size as bytes or a whole number with K, M, G or T, such as 500M or 2G, at most 15 digits (0: no limit)"
        }
    }
}

