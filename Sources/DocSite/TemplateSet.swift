import TextFormats
import Foundation
import Mustache
import SceneModel

/// The Mustache templates of the docs: the built-in defaults, each replaceable by a file of the same name.
public struct TemplateSet: Sendable {
    /// Names of the templates, e.g. `index.md`, `scene.html`, `_head.html`, `style.css`.
    public static var names: [String] { DefaultTemplates.all.map(\.name) }

    private var library: MustacheLibrary
    /// Which templates came from an override folder.
    public private(set) var overridden: [String] = []
    /// A digest of every template's text: pages made with the same digest and context are the same.
    public private(set) var digest = ""


    /// The defaults, with every `NAME.mustache` found in `overrides` replacing the default of that name.
    /// Unknown template files and syntax errors are reported as diagnostics naming the file, line and column.
    public static func load(overrides directory: String? = nil) -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        let read = TemplateSources.load(overrides: directory)
        guard let sources = read.sources else { return (nil, read.diagnostics) }
        let parsed = sources.parse()
        return (parsed.templates, read.diagnostics + parsed.diagnostics)
    }

    fileprivate init(library: MustacheLibrary, overridden: [String], digest: String) {
        self.library = library
        self.overridden = overridden
        self.digest = digest
    }

    /// Renders template `name` with `context`.
    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}

/// The templates' text, read but not parsed: enough to know whether they are those of a previous run (`digest`),
/// which a run with nothing to do needs; `parse` makes the `TemplateSet` that renders.
public struct TemplateSources: Sendable {
    /// A digest of every template's text: pages made with the same digest and context are the same.
    public let digest: String
    /// Which templates came from an override folder.
    public let overridden: [String]
    private let sources: [(name: String, text: String, file: String)]

    /// The defaults, with every `NAME.mustache` found in `overrides` replacing the default of that name. Unknown
    /// template files are reported as warnings, a folder or file that cannot be read as an error.
    public static func load(overrides directory: String? = nil) -> (sources: TemplateSources?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var overridden: [String] = []
        var sources: [(name: String, text: String, file: String)] = DefaultTemplates.all.map { ($0.name, $0.text, "<built-in \($0.name).mustache>") }
        if let directory {
            let folder = URL(fileURLWithPath: directory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                return (nil, [.error("no such templates folder '\(directory)'", at: SourceLocation(file: directory, line: 1, column: 1))])
            }
            let names = TemplateSet.names
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
            for file in files {
                let name = String(file.dropLast(".mustache".count))
                let path = folder.appendingPathComponent(file).path
                guard let index = sources.firstIndex(where: { $0.name == name }) else {
                    diagnostics.append(.warning("unknown template '\(file)' is ignored\(Identifier.didYouMean(name, among: names)); templates: \(names.joined(separator: ", "))",
                                                at: SourceLocation(file: path, line: 1, column: 1)))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    diagnostics.append(.error("cannot read template '\(path)' as UTF-8", at: SourceLocation(file: path, line: 1, column: 1)))
                    continue
                }
                sources[index] = (name, text, path)
                overridden.append(name)
            }
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }
        var hasher = SHA256()
        for source in sources {
            hasher.update(source.name)
            hasher.update(byte: 0)
            hasher.update(source.text)
            hasher.update(byte: 0)
        }
        return (TemplateSources(digest: hasher.hexDigest(), overridden: overridden, sources: sources), diagnostics)
    }

    /// The templates parsed, or syntax errors naming the file, line and column.
    public func parse() -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        _ = Markdown.registered
        // Checked before the engine parses: it parses nested sections recursively.
        let structure = includeProblems()
        if structure.hasErrors { return (nil, structure) }
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = structure
        for source in sources {
            do {
                try library.register(source.text, named: source.name)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.line.trimmingCharacters(in: .whitespaces)
                let quoted = line.count > 80 ? String(line.prefix(80)) + "…" : line
                diagnostics.append(.error("template syntax error: \((error.error as? MustacheTemplate.Error).map(Self.explanation) ?? "\(error.error)"), in '\(quoted)'",
                                          at: SourceLocation(file: source.file, line: error.context.lineNumber, column: error.context.columnNumber)))
            } catch {
                diagnostics.append(.error("template syntax error: \(error)", at: SourceLocation(file: source.file, line: 1, column: 1)))
            }
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }
        return (TemplateSet(library: library, overridden: overridden, digest: digest), diagnostics)
    }

    static func explanation(of error: MustacheTemplate.Error) -> String {
        switch error {
        case .sectionCloseNameIncorrect: "a section is closed with another name than the one it was opened with"
        case .unfinishedName: "a tag is not finished (a name without its closing braces)"
        case .expectedSectionEnd: "a section is not closed"
        case .invalidSetDelimiter: "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: "a transform is applied to an inherited section"
        case .illegalTokenInsideInheritSection: "an inherited section holds a tag it cannot hold"
        case .textInsideInheritSection: "an inherited section holds text outside a block"
        case .invalidConfigVariableSyntax: "a configuration tag is malformed"
        case .unrecognisedConfigVariable: "a configuration tag names an unknown setting"
        }
    }

    /// Partials (`{{> name}}`, `{{< name}}`) that name no template, templates that include themselves, directly
    /// or through others, and sections nested past `sectionDepth`: the engine would render nothing for the first and
    /// recurse until the stack overflows for the others. Each is reported at its tag. (A template that changes its
    /// delimiters is read with the default ones.)
    func includeProblems() -> [Diagnostic] {
        let names = Set(sources.map(\.name))
        var includes: [String: [(name: String, location: SourceLocation)]] = [:]
        var diagnostics: [Diagnostic] = []
        for source in sources {
            let tags = Self.tags(in: source.text)
            if let deep = Self.tooDeep(in: tags) {
                diagnostics.append(.error("sections nested more than \(Self.sectionDepth) levels deep; a template may nest at most \(Self.sectionDepth)",
                                          at: SourceLocation(file: source.file, line: deep.line, column: deep.column)))
            }
            for tag in Self.partialTags(in: tags) {
                let location = SourceLocation(file: source.file, line: tag.line, column: tag.column)
                if names.contains(tag.name) {
                    includes[source.name, default: []].append((tag.name, location))
                } else {
                    diagnostics.append(.error("template includes '\(tag.name)', which is no template\(Identifier.didYouMean(tag.name, among: names.sorted())); templates: \(names.sorted().joined(separator: ", "))", at: location))
                }
            }
        }
        // Depth-first from each template in name order; a tag leading back to a template on the path closes a cycle.
        var done: Set<String> = []
        var reported: Set<String> = []
        func visit(_ name: String, path: [String]) {
            for include in includes[name] ?? [] {
                if let start = path.firstIndex(of: include.name) {
                    let cycle = path[start...] + [include.name]
                    if reported.insert(cycle.sorted().joined(separator: " ")).inserted {
                        diagnostics.append(.error("template '\(name)' includes '\(include.name)', which leads back to it (\(cycle.joined(separator: " → "))): a template cannot include itself", at: include.location))
                    }
                } else if !done.contains(include.name) {
                    visit(include.name, path: path + [include.name])
                }
            }
            done.insert(name)
        }
        for name in names.sorted() where !done.contains(name) { visit(name, path: [name]) }
        return diagnostics
    }

    /// The deepest nesting of sections a template may have: the engine parses them recursively, and a few hundred
    /// levels overflow its stack.
    static let sectionDepth = 100

    /// The first of a template's `tags` that opens a section past `sectionDepth`, with its position.
    static func tooDeep(in tags: [Tag]) -> (line: Int, column: Int)? {
        var depth = 0
        for tag in tags {
            switch tag.inside.first {
            case "#", "^", "$", "<":
                depth += 1
                if depth > sectionDepth { return (tag.line, tag.column) }
            case "/":
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return nil
    }

    /// The partial and parent tags among a template's `tags`, with their positions (1-based line and column).
    static func partialTags(in tags: [Tag]) -> [(name: String, line: Int, column: Int)] {
        tags.compactMap { tag in
            guard let marker = tag.inside.first, marker == ">" || marker == "<" else { return nil }
            let name = tag.inside.dropFirst().trimmingCharacters(in: .whitespaces)
            return (name, tag.line, tag.column)
        }
    }

    typealias Tag = (inside: String, line: Int, column: Int)

    /// Every `{{…}}` tag of a template's text: what is inside the braces, trimmed, and where the tag starts.
    static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        var line = 1
        var column = 1
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            for character in rest[rest.startIndex..<open.lowerBound] {
                if character == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            let tagLine = line, tagColumn = column
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            tags.append((rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces), tagLine, tagColumn))
            for character in rest[open.lowerBound..<close.upperBound] {
                if character == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            rest = rest[close.upperBound...]
        }
        return tags
    }
}
