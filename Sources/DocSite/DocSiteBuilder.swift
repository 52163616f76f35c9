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

    /// Placeholders diagrams use in URLs: the path to the docs root, and the page extension.
    public static let rootPlaceholder = "@ROOT@"
    public static let extensionPlaceholder = "@EXT@"

    public init(templates: TemplateSet, renderer: DiagramRenderer, cache: DiagramCache, imageFormat: String = "svg", html: Bool = true) {
        self.templates = templates
        self.renderer = renderer
        self.cache = cache
        self.imageFormat = imageFormat
        self.html = html
    }

    public func build(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], diagrams: [DiagramSource],
                      progress: (DocSiteProgress) -> Void = { _ in }) throws -> DocSiteBuild {
        var files: [OutputFile] = []
        var rendered = 0, reused = 0
        var renderSeconds = 0.0
        // Render every diagram once per format; links are resolved per place of use afterwards.
        var formats = [imageFormat]
        if html && imageFormat != "svg" { formats.append("svg") }
        var images: [String: [String: String]] = [:] // name → format → text (svg) ; png kept in files only
        let total = diagrams.count * formats.count
        var index = 0
        for diagram in diagrams {
            for format in formats {
                index += 1
                let key = DiagramCache.key(renderer: renderer.identifier, engine: diagram.engine, format: format, dot: diagram.dot)
                let path = "\(diagram.name).\(format)"
                var bytes: [UInt8]
                if let hit = cache.lookup(key, format: format) {
                    progress(.diagram(index: index, total: total, path: path, cached: true))
                    bytes = hit
                    reused += 1
                } else {
                    progress(.diagram(index: index, total: total, path: path, cached: false))
                    let start = DispatchTime.now().uptimeNanoseconds
                    do {
                        bytes = try renderer.render(diagram.dot, diagram.engine, format)
                    } catch {
                        throw DocSiteError(diagram: path, message: "\(error)")
                    }
                    renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    cache.store(bytes, key: key, format: format)
                    rendered += 1
                }
                let depth = diagram.name.split(separator: "/").count - 1
                let fileRoot = String(repeating: "../", count: depth)
                if format == "svg" {
                    let text = String(decoding: bytes, as: UTF8.self)
                    images[diagram.name, default: [:]]["svg"] = text
                    if format == imageFormat {
                        files.append(OutputFile(path: path, text: resolve(text, root: fileRoot, ext: "md")))
                    }
                    if html {
                        files.append(OutputFile(path: "site/\(path)", text: resolve(text, root: fileRoot, ext: "html")))
                    }
                } else {
                    files.append(OutputFile(path: path, contents: bytes))
                }
            }
            let depth = diagram.name.split(separator: "/").count - 1
            let fileRoot = String(repeating: "../", count: depth)
            files.append(OutputFile(path: "\(diagram.name).dot", text: resolve(diagram.dot, root: fileRoot, ext: "md")))
            if html {
                files.append(OutputFile(path: "site/\(diagram.name).dot", text: resolve(diagram.dot, root: fileRoot, ext: "html")))
            }
        }

        let pageDiagrams = { (names: [String: String], root: String, ext: String) -> [String: Any] in
            var result: [String: Any] = [:]
            for (slot, name) in names.sorted(by: { $0.key < $1.key }) {
                guard diagrams.contains(where: { $0.name == name }) else { continue }
                var entry: [String: Any] = [
                    "image": root + "\(name).\(imageFormat)", "imagePath": "\(name).\(imageFormat)",
                    "dot": root + "\(name).dot", "dotPath": "\(name).dot",
                ]
                if ext == "html", let svg = images[name]?["svg"] {
                    entry["inline"] = Self.inlineSVG(resolve(svg, root: root, ext: "html"))
                }
                result[slot] = entry
            }
            return result
        }

        for ext in html ? ["md", "html"] : ["md"] {
            let contexts = PageContexts(model: model, warnings: warnings, flows: flows, pageExtension: ext)
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
                page("flow", contexts.flowPath(report.flow.id), contexts.flow(report, diagrams: pageDiagrams(names, "../", ext)))
            }
        }
        if html {
            files.append(OutputFile(path: "site/style.css", text: templates.render("style.css", [:])))
        }
        files.sort { $0.path < $1.path }
        return DocSiteBuild(files: files, rendered: rendered, reused: reused, renderSeconds: renderSeconds)
    }

    /// Replaces the link placeholders of a diagram for a file or page at a given depth.
    /// Works on UTF-8 bytes: DOT and SVG texts run to megabytes, and most contain no placeholder at all.
    func resolve(_ text: String, root: String, ext: String) -> String {
        let at = UInt8(ascii: "@")
        guard text.utf8.contains(at) else { return text }
        let rootToken = Array(Self.rootPlaceholder.utf8), extToken = Array(Self.extensionPlaceholder.utf8)
        let rootBytes = Array(root.utf8), extBytes = Array(ext.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == at {
                    if bytes.count - index >= rootToken.count, bytes[index..<index + rootToken.count].elementsEqual(rootToken) {
                        out += rootBytes
                        index += rootToken.count
                        continue
                    }
                    if bytes.count - index >= extToken.count, bytes[index..<index + extToken.count].elementsEqual(extToken) {
                        out += extBytes
                        index += extToken.count
                        continue
                    }
                }
                out.append(bytes[index])
                index += 1
            }
        } ?? {
            out = Array(text.replacingOccurrences(of: Self.rootPlaceholder, with: root)
                .replacingOccurrences(of: Self.extensionPlaceholder, with: ext).utf8)
        }()
        return String(decoding: out, as: UTF8.self)
    }

    /// An SVG document as an element to inline in HTML: from `<svg` on, without the XML prolog, doctype and comments.
    static func inlineSVG(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        let marker = Array("<svg".utf8)
        guard bytes.count >= marker.count else { return "" }
        for index in 0...(bytes.count - marker.count) where bytes[index] == marker[0] && bytes[index..<index + marker.count].elementsEqual(marker) {
            return String(decoding: bytes[index...], as: UTF8.self)
        }
        return ""
    }
}
