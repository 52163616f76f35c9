import Foundation
import SceneModel

/// Renders DOT to an image; the identifier (e.g. the Graphviz version) is part of the cache key.
public struct DiagramRenderer: Sendable {
    public var identifier: String
    public var render: @Sendable (_ dot: String, _ engine: String, _ format: String) throws -> [UInt8]

    public init(identifier: String, render: @escaping @Sendable (_ dot: String, _ engine: String, _ format: String) throws -> [UInt8]) {
        self.identifier = identifier
        self.render = render
    }
}

/// Progress of a docs build, for the command to show.
public enum DocSiteProgress: Sendable {
    /// Diagram `index` of `total` is being rendered (or taken from the cache) into `path`.
    case diagram(index: Int, total: Int, path: String, cached: Bool)
    case page(path: String)
}

public struct DocSiteError: Error, CustomStringConvertible, Sendable {
    public var diagram: String
    public var message: String
    public var description: String { "cannot render diagram '\(diagram)': \(message)" }
}

/// What a build produced.
public struct DocSiteBuild: Sendable {
    public var files: [OutputFile]
    public var rendered: Int
    public var reused: Int
    /// Seconds spent inside the renderer.
    public var renderSeconds: Double
}

/// Turns a model, its flow reports and its diagrams into the Markdown docs and the HTML site.
public struct DocSiteBuilder: Sendable {
    public var templates: TemplateSet
    public var renderer: DiagramRenderer
    public var cache: DiagramCache
    /// `svg` or `png`: the image format of the Markdown pages (the HTML site always inlines SVG).
    public var imageFormat: String
    public var html: Bool

    public init(templates: TemplateSet, renderer: DiagramRenderer, cache: DiagramCache, imageFormat: String = "svg", html: Bool = true) {
        self.templates = templates
        self.renderer = renderer
        self.cache = cache
        self.imageFormat = imageFormat
        self.html = html
    }

    public func build(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], diagrams: [DiagramSource],
                      legend: [LegendRow] = [], progress: (DocSiteProgress) -> Void = { _ in }) throws -> DocSiteBuild {
        var files: [OutputFile] = []
        var rendered = 0, reused = 0
        var renderSeconds = 0.0
        // Render every diagram once per format; links are resolved per place of use afterwards.
        var formats = [imageFormat]
        if html && imageFormat != "svg" { formats.append("svg") }
        // name → inline SVG of the HTML flavour
        var inline: [String: String] = [:]
        var renders: [(diagram: DiagramSource, ext: String, format: String)] = []
        for diagram in diagrams {
            renders.append((diagram, "md", imageFormat))
            if html { renders.append((diagram, "html", "svg")) }
        }
        for (index, render) in renders.enumerated() {
            let diagram = render.diagram
            let dot = diagram.dot(forPageExtension: render.ext)
            let key = DiagramCache.key(renderer: renderer.identifier, engine: diagram.engine, format: render.format, dot: dot)
            let prefix = render.ext == "html" ? "site/" : ""
            let path = "\(prefix)\(diagram.name).\(render.format)"
            var bytes: [UInt8]
            if let hit = cache.lookup(key, format: render.format) {
                progress(.diagram(index: index + 1, total: renders.count, path: path, cached: true))
                bytes = hit
                reused += 1
            } else {
                progress(.diagram(index: index + 1, total: renders.count, path: path, cached: false))
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    bytes = try renderer.render(dot, diagram.engine, render.format)
                } catch {
                    throw DocSiteError(diagram: path, message: "\(error)")
                }
                renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                cache.store(bytes, key: key, format: render.format)
                rendered += 1
            }
            if render.format == "svg" {
                bytes = Array(SVGAccessibility.label(String(decoding: bytes, as: UTF8.self), title: diagram.title,
                                                     description: diagram.description).utf8)
            }
            files.append(OutputFile(path: path, contents: bytes))
            files.append(OutputFile(path: "\(prefix)\(diagram.name).dot", text: dot))
            if render.ext == "html" {
                inline[diagram.name] = Self.inlineSVG(String(decoding: bytes, as: UTF8.self), idPrefix: Self.idPrefix(diagram.name))
            }
        }

        let diagramsByName = Dictionary(diagrams.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func diagramEntry(_ name: String, root: String, ext: String) -> [String: Any]? {
            guard let diagram = diagramsByName[name] else { return nil }
            let format = ext == "html" ? "svg" : imageFormat
            var entry: [String: Any] = [
                "name": name, "image": root + "\(name).\(format)", "imagePath": "\(name).\(format)",
                "dot": root + "\(name).dot", "dotPath": "\(name).dot",
                "title": diagram.title, "description": diagram.description,
            ]
            if ext == "html", let svg = inline[name] { entry["inline"] = svg }
            return entry
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

        for ext in html ? ["md", "html"] : ["md"] {
            var contexts = PageContexts(model: model, warnings: warnings, flows: flows, pageExtension: ext)
            contexts.legend = legend
            let prefix = ext == "html" ? "site/" : ""
            func page(_ template: String, _ path: String, _ context: [String: Any]) {
                progress(.page(path: prefix + path))
                files.append(OutputFile(path: prefix + path, text: templates.render("\(template).\(ext)", context)))
            }
            page("index", "index.\(ext)", contexts.index(diagrams: pageDiagrams(["segues": "segues", "chains": "chains"], "", ext)))
            for scene in model.scenes {
                let names = ["neighbourhood": "scenes/\(scene.id)-neighbourhood"]
                page("scene", contexts.scenePath(scene.id), contexts.scene(scene, diagrams: pageDiagrams(names, "../", ext)))
            }
            for report in flows {
                let names = ["sequence": "flows/\(report.flow.id)-sequence", "filmstrip": "flows/\(report.flow.id)-chains"]
                let parts = (stepParts[report.flow.id] ?? [:]).mapValues { names in names.compactMap { diagramEntry($0, root: "../", ext: ext) } }
                page("flow", contexts.flowPath(report.flow.id), contexts.flow(report, diagrams: pageDiagrams(names, "../", ext), parts: parts))
            }
        }
        if html {
            files.append(OutputFile(path: "site/style.css", text: templates.render("style.css", [:])))
            files.append(OutputFile(path: "site/site.js", text: templates.render("site.js", [:])))
            files.append(OutputFile(path: "site/nav.js", text: SiteNavigation(model: model, flows: flows).script()))
        }
        files.sort { $0.path < $1.path }
        return DocSiteBuild(files: files, rendered: rendered, reused: reused, renderSeconds: renderSeconds)
    }

    /// An SVG document as an element to inline in HTML: from `<svg` on, without the XML prolog, doctype and
    /// comments, every `id` prefixed with `idPrefix` so that the diagrams of one page (each with its `graph0`,
    /// `node1`, `step-3`…) and the page itself keep unique ids. Text and attribute values cannot hold ` id="`
    /// (Graphviz escapes their quotes), so only attributes change.
    static func inlineSVG(_ svg: String, idPrefix: String = "") -> String {
        let bytes = Array(svg.utf8)
        let marker = Array("<svg".utf8)
        guard bytes.count >= marker.count else { return "" }
        for index in 0...(bytes.count - marker.count) where bytes[index] == marker[0] && bytes[index..<index + marker.count].elementsEqual(marker) {
            let element = String(decoding: bytes[index...], as: UTF8.self)
            return idPrefix.isEmpty ? element : element.replacingOccurrences(of: " id=\"", with: " id=\"" + idPrefix)
        }
        return ""
    }

    /// `flows/share-a-photo-step-1` → `flows-share-a-photo-step-1-`: a diagram's ids inside a page.
    static func idPrefix(_ name: String) -> String {
        name.replacingOccurrences(of: "/", with: "-") + "-"
    }
}
