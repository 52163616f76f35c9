import TextFormats
import Foundation
import Mustache
import SceneModel

/// Renders DOT to an image; the identifier (e.g. the Graphviz version) is part of the cache key.
public struct DiagramRenderer: Sendable {
    public var identifier: String
    public var render: @Sendable (_ dot: String, _ engine: String, _ format: String) throws -> [UInt8]
    /// Renders variants of one diagram that differ only in their links, from one layout where it can.
    public var renderVariants: @Sendable (_ variants: [(dot: String, format: String)], _ engine: String) throws -> [[UInt8]]

    public init(identifier: String, render: @escaping @Sendable (_ dot: String, _ engine: String, _ format: String) throws -> [UInt8]) {
        self.identifier = identifier
        self.render = render
        self.renderVariants = { variants, engine in try variants.map { try render($0.dot, engine, $0.format) } }
    }

    public init(identifier: String, render: @escaping @Sendable (_ dot: String, _ engine: String, _ format: String) throws -> [UInt8],
                renderVariants: @escaping @Sendable (_ variants: [(dot: String, format: String)], _ engine: String) throws -> [[UInt8]]) {
        self.identifier = identifier
        self.render = render
        self.renderVariants = renderVariants
    }
}

/// One diagram's renders that share a layout: its DOT for each page flavour, as read back from its file (UTF-8
/// bytes: a pool that sends them elsewhere need not make a `String` of them), with the image format of each.
public struct RenderRequest: Sendable {
    public var engine: String
    public var variants: [(dot: [UInt8], format: String)]

    public init(engine: String, variants: [(dot: [UInt8], format: String)]) {
        self.engine = engine
        self.variants = variants
    }

    /// The variants with their DOT as text.
    public var textVariants: [(dot: String, format: String)] {
        variants.map { (String(decoding: $0.dot, as: UTF8.self), $0.format) }
    }
}

/// Where a build's renders run: in this process one after the other, or spread over worker processes.
public protocol RenderPool: AnyObject {
    /// Renders `request` now or later. `completion` runs on the caller's thread: before `submit` returns, during a
    /// later `submit`, or during `finish`.
    func submit(_ request: RenderRequest, completion: @escaping (Result<[[UInt8]], Error>) -> Void)
    /// Returns when every submitted request has completed.
    func finish()
    /// Told before the first `submit` how many requests will come.
    func prepare(requests: Int)
}

extension RenderPool {
    public func prepare(requests: Int) {}
}

/// Renders in this process, one request after the other.
public final class InProcessRenderPool: RenderPool {
    let renderer: DiagramRenderer

    public init(renderer: DiagramRenderer) { self.renderer = renderer }

    public func submit(_ request: RenderRequest, completion: @escaping (Result<[[UInt8]], Error>) -> Void) {
        completion(Result { try renderer.renderVariants(request.textVariants, request.engine) })
    }

    public func finish() {}
}

/// Progress of a docs build, for the command to show.
public enum DocSiteProgress: Sendable {
    /// Diagram `index` of `total` is being rendered (or taken from the cache) into `path`.
    case diagram(index: Int, total: Int, path: String, cached: Bool)
    case page(path: String)
}

/// A page whose templates (from an override folder) rendered more list items than a page may; where it ran out.
public struct TemplateOverrunError: Error, CustomStringConvertible, Sendable {
    public var diagnostic: Diagnostic
    public var description: String { diagnostic.description }
}

public struct DocSiteError: Error, CustomStringConvertible, Sendable {
    public var diagram: String
    public var message: String
    public var description: String { "cannot render diagram '\(diagram)': \(message)" }
}

/// What a build produced.
public struct DocSiteBuild: Sendable {
    /// The files, for a build into memory (`build(model:…)` without a sink); empty otherwise.
    public var files: [OutputFile]
    /// Images rendered by Graphviz.
    public var rendered: Int
    /// Images taken from the cache.
    public var reused: Int
    /// Seconds spent rendering (waiting for the renderer).
    public var renderSeconds: Double
    /// Seconds spent building each diagram's DOT, keying it and taking what is unchanged.
    public var planSeconds: Double = 0
    /// Seconds spent on pages: contexts, keys, templating.
    public var pagesSeconds: Double = 0
    /// Files in the output.
    public var fileCount: Int
    /// Files taken unchanged from the previous output (their inputs hash the same).
    public var unchanged: Int
    /// The diagrams with at least one image rendered or taken from the cache, by name.
    public var redrawnDiagrams: [String]
    /// The pages made from their templates, by path.
    public var templatedPages: [String]
    /// Every file with the key of its inputs and its stamp, for the next run.
    public var record: OutputRecord
}

/// Turns a model, its flow reports and its diagrams into the Markdown docs and the HTML site.
///
/// Every output file has a key: the hash of what it is made from (a page's template set and context, a diagram
/// image's renderer, engine, DOT, title and description, a DOT file's text). A file whose key matches the previous
/// run's (`previous`) is taken from the previous folder without templating or rendering; images are rendered once
/// per distinct DOT (and once per layout for the two page flavours) and cached by content across runs.
public struct DocSiteBuilder: Sendable {
    public var templates: TemplateSet
    public var renderer: DiagramRenderer
    public var cache: DiagramCache
    /// `svg` or `png`: the image format of the Markdown pages (the HTML site always inlines SVG).
    public var imageFormat: String
    public var html: Bool
    /// Threads that build diagrams' DOT texts at once (`generate --jobs`); the output does not depend on it.
    public var threads = 1

    public init(templates: TemplateSet, renderer: DiagramRenderer, cache: DiagramCache, imageFormat: String = "svg", html: Bool = true) {
        self.templates = templates
        self.renderer = renderer
        self.cache = cache
        self.imageFormat = imageFormat
        self.html = html
    }

    /// Builds into memory: the files come back in `DocSiteBuild.files`, sorted by path.
    public func build(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], diagrams: [DiagramSource],
                      legend: [LegendRow] = [], progress: (DocSiteProgress) -> Void = { _ in }) throws -> DocSiteBuild {
        let memory = MemoryOutput()
        var build = try self.build(model: model, warnings: warnings, flows: flows, diagrams: diagrams, legend: legend,
                                   into: memory, previous: nil, pool: InProcessRenderPool(renderer: renderer), progress: progress)
        build.files = memory.sorted
        return build
    }

    /// Builds into `sink`, reusing what `previous` recorded where the inputs are unchanged, rendering through `pool`.
    public func build(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], diagrams: [DiagramSource],
                      legend: [LegendRow] = [], into sink: OutputSink, previous: OutputRecord?, pool: RenderPool,
                      progress: (DocSiteProgress) -> Void = { _ in }) throws -> DocSiteBuild {
        let state = BuildState(sink: sink, previous: previous)
        var clock = DispatchTime.now().uptimeNanoseconds
        func lap() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            defer { clock = now }
            return Double(now - clock) / 1e9
        }
        try planDiagrams(diagrams, state: state)
        let planSeconds = lap()
        try renderDiagrams(state: state, pool: pool, progress: progress)
        _ = lap()
        try writePages(model: model, warnings: warnings, flows: flows, diagrams: diagrams, legend: legend, state: state, progress: progress)
        var build = DocSiteBuild(files: [], rendered: state.rendered, reused: state.fromCache, renderSeconds: state.renderSeconds,
                                 fileCount: state.record.entries.count, unchanged: state.unchanged,
                                 redrawnDiagrams: state.redrawn.sorted(), templatedPages: state.templated, record: state.record)
        build.planSeconds = planSeconds
        build.pagesSeconds = lap()
        return build
    }

    // MARK: - Diagrams

    /// One image file waiting for the render of its key.
    struct ImageOutput {
        var path: String
        var key: String
        var format: String
        var diagram: String
        /// Title and description for the SVG's accessible names; nil for formats that carry none.
        var label: (title: String, description: String)?
    }

    /// A render still to do: one DOT (read back from the DOT file written for it) in one format.
    struct PendingRender {
        var key: String
        var dotPath: String
        var format: String
    }

    final class BuildState {
        let sink: OutputSink
        let previous: OutputRecord?
        var record = OutputRecord()
        var unchanged = 0
        var rendered = 0
        var fromCache = 0
        var renderSeconds = 0.0
        var redrawn: Set<String> = []
        var templated: [String] = []
        /// Image files waiting for each render key.
        var waiting: [String: [ImageOutput]] = [:]
        /// Renders to do, grouped per diagram (variants share a layout), in catalogue order.
        var requests: [(diagram: String, engine: String, renders: [PendingRender])] = []
        /// Keys found in the cache.
        var cached: [String] = []
        /// Keys already given a render or a cache read.
        var planned: Set<String> = []
        /// Where the DOT of each planned key was written, and its engine.
        var sources: [String: (dotPath: String, engine: String)] = [:]
        var error: Error?

        init(sink: OutputSink, previous: OutputRecord?) {
            self.sink = sink
            self.previous = previous
        }

        /// Takes `path` from the previous output when its key is unchanged; true when it did.
        func reuse(_ path: String, key: String) -> Bool {
            guard let old = previous?[path], old.key == key, let stamp = sink.reuse(path, stamp: old.stamp) else { return false }
            record[path] = OutputRecord.Entry(key: key, stamp: stamp)
            unchanged += 1
            return true
        }

        func write(_ bytes: [UInt8], to path: String, key: String) throws {
            let stamp = try sink.write(bytes, to: path)
            record[path] = OutputRecord.Entry(key: key, stamp: stamp)
        }
    }

    static func key(_ parts: String...) -> String {
        var hasher = SHA256()
        for part in parts {
            hasher.update(part)
            hasher.update(byte: 0)
        }
        return hasher.hexDigest()
    }

    /// Writes every diagram's DOT files and works out, for each image, whether it is unchanged, in the cache or to
    /// be rendered. DOT texts are not kept: a render reads its DOT back from the file written here.
    private func planDiagrams(_ diagrams: [DiagramSource], state: BuildState) throws {
        var flavours: [(ext: String, prefix: String, format: String)] = [("md", "", imageFormat)]
        if html { flavours.append(("html", "site/", "svg")) }
        // DOT texts are built and hashed on `threads` background threads, a bounded window ahead of this one, which
        // writes and plans them in catalogue order.
        let extensions = flavours.map(\.ext)
        let work = OrderedWork<(index: Int, dots: [(dot: [UInt8], digest: String)])>(threads: threads, window: min(64 * threads, 512))
        defer { work.stop() }
        func plan(_ prepared: (index: Int, dots: [(dot: [UInt8], digest: String)])) throws {
            let diagram = diagrams[prepared.index]
            var renders: [PendingRender] = []
            for (flavour, (dot, dotKey)) in zip(flavours, prepared.dots) {
                let dotPath = "\(flavour.prefix)\(diagram.name).dot"
                if !state.reuse(dotPath, key: dotKey) {
                    try state.write(dot, to: dotPath, key: dotKey)
                }
                let renderKey = DiagramCache.key(renderer: renderer.identifier, engine: diagram.engine, format: flavour.format, dotDigest: dotKey)
                let labelled = flavour.format == "svg"
                let imagePath = "\(flavour.prefix)\(diagram.name).\(flavour.format)"
                let imageKey = labelled ? Self.key("labelled", renderKey, diagram.title, diagram.description) : renderKey
                if state.reuse(imagePath, key: imageKey) {
                    cache.touch(renderKey, format: flavour.format)
                    continue
                }
                state.redrawn.insert(diagram.name)
                state.waiting[renderKey, default: []].append(ImageOutput(
                    path: imagePath, key: imageKey, format: flavour.format, diagram: diagram.name,
                    label: labelled ? (diagram.title, diagram.description) : nil))
                guard state.planned.insert(renderKey).inserted else { continue }
                state.sources[renderKey] = (dotPath, diagram.engine)
                if cache.contains(renderKey, format: flavour.format) {
                    state.cached.append(renderKey)
                } else {
                    renders.append(PendingRender(key: renderKey, dotPath: dotPath, format: flavour.format))
                }
            }
            if !renders.isEmpty { state.requests.append((diagram.name, diagram.engine, renders)) }
        }
        for (index, diagram) in diagrams.enumerated() {
            try work.submit({ (index, Self.prepareDOT(diagram, extensions: extensions)) }, handle: plan)
        }
        try work.finish(handle: plan)
    }

    /// The DOT text of a diagram for each page extension, with its SHA-256 digest.
    static func prepareDOT(_ diagram: DiagramSource, extensions: [String]) -> [(dot: [UInt8], digest: String)] {
        diagram.dots(forPageExtensions: extensions).map { dot in
            var hasher = SHA256()
            hasher.update(dot)
            return (dot, hasher.hexDigest())
        }
    }

    /// Renders what is missing (biggest DOT first, so that parallel workers end together), then writes every
    /// waiting image: labelled for accessibility when it is SVG.
    private func renderDiagrams(state: BuildState, pool: RenderPool, progress: (DocSiteProgress) -> Void) throws {
        let total = state.requests.reduce(0) { $0 + $1.renders.count } + state.cached.count
        var done = 0
        func deliver(_ key: String, _ bytes: [UInt8]) throws {
            for output in state.waiting[key] ?? [] {
                var image = bytes
                if let label = output.label { image = SVGAccessibility.label(image, title: label.title, description: label.description) }
                try state.write(image, to: output.path, key: output.key)
            }
            state.waiting[key] = nil
        }
        for key in state.cached {
            guard let first = state.waiting[key]?.first, let source = state.sources[key] else { continue }
            if let bytes = cache.lookup(key, format: first.format) {
                done += 1
                progress(.diagram(index: done, total: total, path: first.path, cached: true))
                state.fromCache += 1
                try deliver(key, bytes)
            } else {
                // Gone from the cache since it was planned: render it after all.
                state.requests.append((first.diagram, source.engine, [PendingRender(key: key, dotPath: source.dotPath, format: first.format)]))
            }
        }
        // Requests are sent biggest DOT first; each reads its DOT files, written while planning, just before it is
        // sent, so that the DOT texts of all diagrams are never held at once.
        var requests: [(engine: String, renders: [PendingRender], size: Int64, diagram: String)] = []
        for entry in state.requests {
            let size = entry.renders.reduce(Int64(0)) { $0 + max(0, state.record[$1.dotPath]?.stamp.size ?? 0) }
            requests.append((entry.engine, entry.renders, size, entry.diagram))
        }
        requests.sort { $0.size != $1.size ? $0.size > $1.size : $0.diagram < $1.diagram }
        state.requests = []
        pool.prepare(requests: requests.count)
        let start = DispatchTime.now().uptimeNanoseconds
        try withoutActuallyEscaping(progress) { progress in
            for item in requests {
                if state.error != nil { break }
                var variants: [(dot: [UInt8], format: String)] = []
                for render in item.renders {
                    guard let bytes = state.sink.read(render.dotPath) else {
                        pool.finish()
                        throw DocSiteError(diagram: render.dotPath, message: "its DOT file cannot be read back")
                    }
                    variants.append((bytes, render.format))
                }
                let renders = item.renders
                pool.submit(RenderRequest(engine: item.engine, variants: variants)) { result in
                    guard state.error == nil else { return }
                    do {
                        let images: [[UInt8]]
                        do {
                            images = try result.get()
                        } catch {
                            throw DocSiteError(diagram: state.waiting[renders[0].key]?.first?.path ?? item.diagram, message: "\(error)")
                        }
                        for (render, bytes) in zip(renders, images) {
                            done += 1
                            progress(.diagram(index: done, total: total, path: state.waiting[render.key]?.first?.path ?? item.diagram, cached: false))
                            state.rendered += 1
                            cache.store(bytes, key: render.key, format: render.format)
                            try deliver(render.key, bytes)
                        }
                    } catch {
                        state.error = error
                    }
                }
            }
            pool.finish()
        }
        state.renderSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let error = state.error { throw error }
    }

    // MARK: - Pages

    private func writePages(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], diagrams: [DiagramSource],
                            legend: [LegendRow], state: BuildState, progress: (DocSiteProgress) -> Void) throws {
        let templateDigest = templates.digest
        let diagramsByName = Dictionary(diagrams.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sink = state.sink
        // Pages are made on background threads, which read the record of the diagrams as it stands now: the pages
        // written meanwhile change `state.record`, not this copy.
        let diagramRecord = state.record
        let previous = state.previous
        func diagramEntry(_ name: String, root: String, ext: String) -> [String: Any]? {
            guard let diagram = diagramsByName[name] else { return nil }
            let format = ext == "html" ? "svg" : imageFormat
            var entry: [String: Any] = [
                "name": name, "image": root + "\(name).\(format)", "imagePath": "\(name).\(format)",
                "dot": root + "\(name).dot", "dotPath": "\(name).dot",
                "title": diagram.title, "description": diagram.description,
            ]
            if ext == "html", let file = diagramRecord["site/\(name).svg"] {
                let path = "site/\(name).svg"
                entry["inline"] = InlineSVG(key: file.key, idPrefix: Self.idPrefix(name)) { sink.read(path) ?? [] }
            }
            return entry
        }
        /// The size of the SVGs an HTML page may inline, to bound the pages held at once.
        func inlineWeight(_ names: [String], ext: String) -> Int {
            guard ext == "html" else { return 0 }
            return names.reduce(0) { $0 + Int(max(0, diagramRecord["site/\($1).svg"]?.stamp.size ?? 0)) }
        }
        let pageDiagrams = { (names: [String: String], root: String, ext: String) -> [String: Any] in
            var result: [String: Any] = [:]
            for (slot, name) in names.sorted(by: { $0.key < $1.key }) {
                result[slot] = diagramEntry(name, root: root, ext: ext)
            }
            return result
        }
        // The parts of each flow's sequence, by flow and step, in catalogue order.
        var stepParts: [String: [Int: [String]]] = [:]
        for diagram in diagrams {
            guard let place = diagram.flowStep else { continue }
            stepParts[place.flow, default: [:]][place.step, default: []].append(diagram.name)
        }

        // The site's navigation script, which takes a while for thousands of scenes, is made meanwhile.
        // Where pushed scenes live: for the scene pages of both flavours and the sidebar, found once.
        let pushedOnto = PageContexts.navigationStacks(of: model)
        let navigationScript = html ? BackgroundValue { Array(SiteNavigation(model: model, flows: flows, pushedOnto: pushedOnto).script().utf8) } : nil

        for ext in html ? ["md", "html"] : ["md"] {
            let contexts = {
                var contexts = PageContexts(model: model, warnings: warnings, flows: flows, pageExtension: ext, pushedOnto: pushedOnto)
                contexts.legend = legend
                return contexts
            }()
            let navigation = NavigationContext.digest(contexts)
            let prefix = ext == "html" ? "site/" : ""
            // Each page's context, key and text are made on `threads` background threads, a bounded window (and at
            // most 16 MB of inlined diagrams) ahead of this thread, which writes each page in order. A page whose
            // key is the one the previous run recorded comes back without text, to be taken from that run.
            typealias Page = (path: String, key: String, text: String?, make: () -> String)
            let work = OrderedWork<Page>(threads: threads, window: min(16 * threads, 128), maxWeight: 16_000_000)
            defer { work.stop() }
            let templates = templates
            func write(_ page: Page) throws {
                if page.text == nil, state.reuse(page.path, key: page.key) { return }
                progress(.page(path: page.path))
                state.templated.append(page.path)
                let text = page.text ?? page.make()
                // A page whose templates ran out of list items (this one, or one templated before it) ends the build.
                if let problem = templates.overrun.problem { throw TemplateOverrunError(diagnostic: problem) }
                try state.write(Array(text.utf8), to: page.path, key: page.key)
            }
            func page(_ template: String, _ path: String, weight: Int = 0, _ context: @escaping () -> [String: Any]) throws {
                let output = prefix + path, name = "\(template).\(ext)"
                try work.submit(weight: weight, {
                    let context = context()
                    let key = Self.pageKey(template: name, templates: templateDigest, navigation: navigation, context: context)
                    let make = { templates.render(name, context) }
                    return previous?[output]?.key == key ? (output, key, nil, make) : (output, key, make(), make)
                }, handle: write)
            }
            let segueParts = diagrams.filter(\.isSegueGraphPart).map(\.name)
            try page("index", "index.\(ext)", weight: inlineWeight(["segues", "chains"] + segueParts, ext: ext)) {
                contexts.index(diagrams: pageDiagrams(["segues": "segues", "chains": "chains"], "", ext),
                                  segueParts: segueParts.compactMap { diagramEntry($0, root: "", ext: ext) })
            }
            for scene in model.scenes {
                let neighbourhood = "scenes/\(scene.id)-neighbourhood"
                try page("scene", contexts.scenePath(scene.id), weight: inlineWeight([neighbourhood], ext: ext)) {
                    contexts.scene(scene, diagrams: pageDiagrams(["neighbourhood": neighbourhood], "../", ext))
                }
            }
            for report in flows {
                let names = ["sequence": "flows/\(report.flow.id)-sequence", "filmstrip": "flows/\(report.flow.id)-chains"]
                let steps = stepParts[report.flow.id] ?? [:]
                try page("flow", contexts.flowPath(report.flow.id), weight: inlineWeight(Array(names.values) + steps.values.joined(), ext: ext)) {
                    let parts = steps.mapValues { names in names.compactMap { diagramEntry($0, root: "../", ext: ext) } }
                    return contexts.flow(report, diagrams: pageDiagrams(names, "../", ext), parts: parts)
                }
            }
            try work.finish(handle: write)
        }
        if html {
            for asset in ["style.css", "site.js"] {
                let key = Self.key("asset", templateDigest, asset)
                if !state.reuse("site/\(asset)", key: key) {
                    try state.write(Array(templates.render(asset, [:]).utf8), to: "site/\(asset)", key: key)
                }
            }
            let navigation = navigationScript?.value ?? []
            let key = Self.key("nav", SHA256.hex(navigation))
            if !state.reuse("site/nav.js", key: key) { try state.write(navigation, to: "site/nav.js", key: key) }
            // GitHub Pages publishing a branch runs Jekyll, which drops files whose names start with '_' (scene ids
            // can); an empty `.nojekyll` turns it off. A file a person put there would be removed by the next run.
            let noJekyll = Self.key("nojekyll")
            if !state.reuse("site/.nojekyll", key: noJekyll) { try state.write([], to: "site/.nojekyll", key: noJekyll) }
        }
    }

    /// The key of a page: its template (with every template it may include), the navigation every page can read,
    /// and its context, where an inline SVG counts by its key rather than its text.
    static func pageKey(template: String, templates: String, navigation: String, context: [String: Any]) -> String {
        var hasher = SHA256()
        hasher.update("page\0\(template)\0\(templates)\0\(navigation)\0")
        ContextDigest.add(context, to: &hasher)
        return hasher.hexDigest()
    }

    /// An SVG document as an element to inline in HTML: from `<svg` on, without the XML prolog, doctype and
    /// comments, every `id` prefixed with `idPrefix` so that the diagrams of one page (each with its `graph0`,
    /// `node1`, `step-3`…) and the page itself keep unique ids. Text and attribute values cannot hold ` id="`
    /// (Graphviz escapes their quotes), so only attributes change.
    static func inlineSVG(_ svg: String, idPrefix: String = "") -> String {
        String(decoding: inlineSVG(Array(svg.utf8), idPrefix: idPrefix), as: UTF8.self)
    }

    static func inlineSVG(_ svg: [UInt8], idPrefix: String = "") -> [UInt8] {
        let marker = Array("<svg".utf8)
        guard let start = ByteSearch.firstIndex(of: marker, in: svg[...]) else { return [] }
        let element = svg[start...]
        guard !idPrefix.isEmpty else { return Array(element) }
        let id = Array(" id=\"".utf8)
        let prefix = Array(idPrefix.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(element.count + element.count / 20)
        var rest = element
        while let found = ByteSearch.firstIndex(of: id, in: rest) {
            result.append(contentsOf: rest[rest.startIndex..<found])
            result.append(contentsOf: id)
            result.append(contentsOf: prefix)
            rest = rest[(found + id.count)...]
        }
        result.append(contentsOf: rest)
        return result
    }

    /// `flows/share-a-photo-step-1` → `flows-share-a-photo-step-1-`: a diagram's ids inside a page.
    static func idPrefix(_ name: String) -> String {
        name.replacingOccurrences(of: "/", with: "-") + "-"
    }
}

/// A diagram's SVG inlined in an HTML page, read from its file only when the page is templated; in the page's key
/// it counts by the key of that file.
struct InlineSVG: MustacheCustomRenderable, MustacheParent {
    let key: String
    let idPrefix: String
    let load: () -> [UInt8]

    var renderText: String { String(decoding: DocSiteBuilder.inlineSVG(load(), idPrefix: idPrefix), as: UTF8.self) }
    var isNull: Bool { false }
    func child(named: String) -> Any? { nil }
}

/// Feeds a template context to a hasher: dictionaries with sorted keys, arrays in order, every value with its type,
/// so that two contexts hash the same exactly when templates see the same values.
enum ContextDigest {
    static func add(_ value: Any?, to hasher: inout SHA256) {
        // The common exact types first, recognised by their type alone: a failed `as?` cast costs far more than
        // this comparison, and every other value (optionals, typed arrays…) still goes through the casts below.
        if let value {
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == ObjectIdentifier(String.self), let text = value as? String {
                addText(text, to: &hasher)
                return
            }
            if type == ObjectIdentifier([String: Any].self), let dictionary = value as? [String: Any] {
                addDictionary(dictionary, to: &hasher)
                return
            }
            if type == ObjectIdentifier([[String: Any]].self), let array = value as? [[String: Any]] {
                addArray(array, to: &hasher, element: addDictionary)
                return
            }
            if type == ObjectIdentifier(Bool.self), let flag = value as? Bool {
                hasher.update(byte: flag ? 2 : 3)
                return
            }
        }
        switch value {
        case nil:
            hasher.update(byte: 0)
        case let text as String:
            addText(text, to: &hasher)
        case let flag as Bool:
            hasher.update(byte: flag ? 2 : 3)
        case let number as Int:
            hasher.update(byte: 4)
            hasher.update(decimal: number)
            hasher.update(byte: 0)
        case let dictionary as [String: Any]:
            addDictionary(dictionary, to: &hasher)
        case let array as [Any]:
            addArray(array, to: &hasher, element: add)
        case let inline as InlineSVG:
            hasher.update(byte: 9)
            hasher.update(inline.key)
            hasher.update(inline.idPrefix)
            hasher.update(byte: 0)
        case let navigation as NavigationContext:
            // The scenes and flows are in the page key once (`NavigationContext.digest`); the page adds its own path.
            hasher.update(byte: 10)
            hasher.update(navigation.current)
            hasher.update(byte: 0)
        case let number as Double:
            hasher.update(byte: 11)
            hasher.update(String(number))
            hasher.update(byte: 0)
        case let some?:
            hasher.update(byte: 12)
            hasher.update(String(reflecting: type(of: some)))
            hasher.update(byte: 0)
            hasher.update(String(describing: some))
            hasher.update(byte: 0)
        }
    }

    private static func addText(_ text: String, to hasher: inout SHA256) {
        hasher.update(byte: 1)
        hasher.update(decimal: text.utf8.count)
        hasher.update(byte: 0)
        hasher.update(text)
    }

    private static func addArray<Element>(_ array: [Element], to hasher: inout SHA256,
                                          element: (Element, inout SHA256) -> Void) {
        hasher.update(byte: 7)
        for item in array { element(item, &hasher) }
        hasher.update(byte: 8)
    }

    private static func addDictionary(_ dictionary: [String: Any], to hasher: inout SHA256) {
        hasher.update(byte: 5)
        for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
            hasher.update(key)
            hasher.update(byte: 0)
            add(element, to: &hasher)
        }
        hasher.update(byte: 6)
    }
}
