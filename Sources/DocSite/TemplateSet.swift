import TextFormats
import Foundation
import Mustache
import SceneModel

/// The Mustache templates of the docs: the built-in defaults, each replaceable by a file of the same name.
public struct TemplateSet: Sendable {
    /// Names of the templates, e.g. `index.md`, `scene.html`, `_head.html`, `style.css`.
    public static var names: [String] { DefaultTemplates.all.map(\.name) }

    private var library: MustacheLibrary
    /// The templates without tags, by name: rendered as their text (as partials they go through the engine).
    private var plainTexts: [String: String] = [:]
    /// Which templates came from an override folder.
    public private(set) var overridden: [String] = []
    /// A digest of every template's text: pages made with the same digest and context are the same.
    public private(set) var digest = ""
    /// The file and the section tags of each template of the override folder, to say where a page ran out.
    private var overriddenSections: [String: (file: String, sections: [TemplateStructure.Tag])] = [:]
    /// The first page whose templates rendered more list items than a page may (`render`).
    let overrun = TemplateOverrun()
    /// The most bytes of data printed whole (`{{nav}}`, `{{app}}`) one page may come to, with override templates.
    public static let pageByteLimit = 64_000_000

    /// The most list items the templates of one page may render, counted over every section and partial. The
    /// built-in templates render a few thousand for a page of a 2,000-scene app; a user's templates that nest
    /// sections over a list in one another multiply them (five levels over 35 scenes: 52 million, a minute).
    public static let listItemLimit = 500_000

    /// The defaults, with every `NAME.mustache` found in `overrides` replacing the default of that name.
    /// Unknown template files and syntax errors are reported as diagnostics naming the file, line and column.
    public static func load(overrides directory: String? = nil) -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        let read = TemplateSources.load(overrides: directory)
        guard let sources = read.sources else { return (nil, read.diagnostics) }
        let parsed = sources.parse()
        return (parsed.templates, read.diagnostics + parsed.diagnostics)
    }

    fileprivate init(library: MustacheLibrary, plainTexts: [String: String], overridden: [String], digest: String,
                     overriddenSections: [String: (file: String, sections: [TemplateStructure.Tag])]) {
        self.library = library
        self.plainTexts = plainTexts
        self.overridden = overridden
        self.digest = digest
        self.overriddenSections = overriddenSections
    }

    /// Renders template `name` with `context`. With templates of an override folder, the list items rendered are
    /// counted: past `listItemLimit` the lists end, the page is empty and `overrun` says where (the built-in
    /// templates are bounded, and render without the count).
    func render(_ name: String, _ context: [String: Any]) -> String {
        if let text = plainTexts[name] { return text }
        guard !overridden.isEmpty else { return library.render(context, withTemplate: name) ?? "" }
        let budget = ListItemBudget(limit: Self.listItemLimit, bytes: Self.pageByteLimit)
        let text = library.render(budget.counting(context), withTemplate: name) ?? ""
        guard let list = budget.exhaustedList else { return text }
        overrun.record(problem(template: name, list: list))
        return ""
    }

    /// Where a page ran out of list items: the first section over the list that ran out in the page's template or
    /// in one of the override folder's partials, else the template's first line.
    private func problem(template: String, list: String) -> Diagnostic {
        let candidates = [template] + overridden.filter { $0 != template && $0.hasPrefix("_") }
        for name in candidates {
            guard let read = overriddenSections[name],
                  let tag = read.sections.first(where: { $0.name == list || $0.name.hasSuffix("." + list) }) else { continue }
            return .error("the templates of one page render more than \(NumberText.grouped(Self.listItemLimit)) list items or \(Self.pageByteLimit / 1_000_000) MB of data printed whole ('\(template)'): the section over '\(tag.name)' here is repeated inside another over a list, and each level multiplies them; nest fewer sections over lists",
                          at: SourceLocation(file: read.file, line: tag.line, column: tag.column))
        }
        let file = overriddenSections[template]?.file ?? "<built-in \(template).mustache>"
        return .error("the templates of one page render more than \(NumberText.grouped(Self.listItemLimit)) list items or \(Self.pageByteLimit / 1_000_000) MB of data printed whole ('\(template)', '\(list)' last): sections over lists nested in one another, and data printed whole inside them, multiply; nest fewer",
                      at: SourceLocation(file: file, line: 1, column: 1))
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
    /// Warnings about templates that work but may not do what was meant (a Markdown template that sets no content
    /// type); `parse` reports them when the templates have no error, which would be the thing to fix first.
    private var advisories: [Diagnostic] = []

    /// The defaults, with every `NAME.mustache` found in `overrides` replacing the default of that name. Unknown
    /// template files are reported as warnings, a folder or file that cannot be read as an error.
    public static func load(overrides directory: String? = nil) -> (sources: TemplateSources?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var advisories: [Diagnostic] = []
        var overridden: [String] = []
        var sources: [(name: String, text: String, file: String)] = DefaultTemplates.all.map { ($0.name, $0.text, "<built-in \($0.name).mustache>") }
        if let directory {
            // Files are named under the folder as it was given, as every diagnostic names its file.
            func inFolder(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }
            let start = SourceLocation(file: directory, line: 1, column: 1)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                return (nil, [.error(InputFile.notUTF8(directory, what: "templates folder") ?? "no such templates folder '\(directory)'", at: start)])
            }
            guard isDirectory.boolValue else {
                return (nil, [.error("the templates folder '\(directory)' is a file: --templates names a folder of NAME.mustache files", at: start)])
            }
            // An unreadable folder is an error, not an empty one: the built-in templates would be used in silence.
            guard access(directory, R_OK | X_OK) == 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                let reason = access(directory, R_OK | X_OK) == 0 ? "it could not be listed" : String(cString: strerror(errno))
                return (nil, [.error("cannot read the templates folder '\(directory)': \(reason)", at: start)])
            }
            let names = TemplateSet.names
            for file in entries.sorted() where !file.hasSuffix(".mustache") && names.contains(file) {
                diagnostics.append(.warning("'\(file)' is not read as a template: template files end in '.mustache' (did you mean '\(file).mustache'?)",
                                            at: SourceLocation(file: inFolder(file), line: 1, column: 1)))
            }
            let templateFiles = entries.filter { $0.hasSuffix(".mustache") }.sorted()
            if templateFiles.isEmpty {
                diagnostics.append(.warning("the templates folder '\(directory)' holds no NAME.mustache file: the built-in templates are used (the repository's Templates/ folder holds copies to start from)",
                                            at: start))
            }
            for file in templateFiles {
                let name = String(file.dropLast(".mustache".count))
                let path = inFolder(file)
                let location = SourceLocation(file: path, line: 1, column: 1)
                // A name starting with '_' that is not a built-in one is a partial of the user's own (`{{> _brand.md}}`).
                let isOwnPartial = name.hasPrefix("_") && name.count > 1 && !names.contains(name)
                guard isOwnPartial || sources.contains(where: { $0.name == name }) else {
                    diagnostics.append(.warning("unknown template '\(file)' is ignored\(Identifier.didYouMean(name, among: names)); templates: \(names.joined(separator: ", ")) (a partial of your own is named _NAME.mustache)",
                                                at: location))
                    continue
                }
                // Checked before reading: a FIFO would block the read, a device never end it.
                // Read no further than the limit: a 10 GB template is said to be too large without being read.
                guard InputFile.isRegularFile(path), let (data, oversize) = InputFile.read(path, limit: Self.byteLimit) else {
                    diagnostics.append(.error(InputFile.unreadable(path, what: "template"), at: location))
                    continue
                }
                if let oversize {
                    diagnostics.append(.error("the template is \(NumberText.grouped(oversize)) bytes, more than the \(NumberText.grouped(Self.byteLimit)) a template may have", at: location))
                    continue
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    let bad = InputFile.firstInvalidByte(in: data)
                    diagnostics.append(.error("the template is not valid UTF-8\(bad.map { ": " + $0.detail } ?? "")",
                                              at: SourceLocation(file: path, line: bad?.line ?? 1, column: bad?.column ?? 1)))
                    continue
                }
                if name.hasSuffix(".md") && !text.contains("CONTENT_TYPE") {
                    advisories.append(.warning("'\(file)' does not set '{{% CONTENT_TYPE: MARKDOWN}}': its values are then escaped for HTML ('&quot;', '&lt;') and a '|' in one breaks a table; start the template with that line",
                                                at: location))
                }
                if let index = sources.firstIndex(where: { $0.name == name }) {
                    sources[index] = (name, text, path)
                } else {
                    sources.append((name, text, path))
                }
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
        var read = TemplateSources(digest: hasher.hexDigest(), overridden: overridden, sources: sources)
        read.advisories = advisories
        return (read, diagnostics)
    }

    /// The largest template file: 25 times the largest built-in one (`TemplateStructure` bounds its tags).
    static let byteLimit = 256 * 1024

    /// The templates parsed, or syntax errors naming the file, line and column.
    public func parse() -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        _ = Markdown.registered
        // Checked before the engine parses: it parses nested sections recursively.
        // Each template is read once; the structures serve the checks and the engine's texts below.
        let structures = sources.map { TemplateStructure(text: $0.text, isPartial: $0.name.hasPrefix("_")) }
        let structure = includeProblems(structures)
        if structure.hasErrors { return (nil, structure) }
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = structure
        // A page made from a template without tags is its text, byte for byte: the engine would drop a last
        // line's spaces (it holds them as the indentation of a tag that does not come).
        var plainTexts: [String: String] = [:]
        for (source, read) in zip(sources, structures) {
            if read.isPlainText { plainTexts[source.name] = source.text }
            do {
                try library.register(Self.engineText(source.text, isPlainText: read.isPlainText), named: source.name)
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
        // A partial starts over with the engine's HTML escaping: one of your own that a Markdown template includes
        // needs the Markdown line too (a '|' in a value would break a table, '&' would read '&amp;').
        var partialAdvice: [Diagnostic] = []
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var advised: Set<String> = []
        for (source, read) in zip(sources, structures) where source.name.hasSuffix(".md") {
            for tag in read.partials {
                guard let partial = byName[tag.name], overridden.contains(tag.name), !partial.text.contains("CONTENT_TYPE"),
                      !partial.name.hasSuffix(".md") || !advisories.contains(where: { $0.location.file == partial.file }),
                      advised.insert(tag.name).inserted else { continue }
                partialAdvice.append(.warning("'\(tag.name)', included by the Markdown template '\(source.name)', does not set '{{% CONTENT_TYPE: MARKDOWN}}': its values are escaped for HTML ('&quot;', '&lt;') and a '|' in one breaks a table; start it with that line",
                                              at: SourceLocation(file: partial.file, line: 1, column: 1)))
            }
        }
        var overriddenSections: [String: (file: String, sections: [TemplateStructure.Tag])] = [:]
        for (source, read) in zip(sources, structures) where overridden.contains(source.name) {
            overriddenSections[source.name] = (source.file, read.sections)
        }
        return (TemplateSet(library: library, plainTexts: plainTexts, overridden: overridden, digest: digest, overriddenSections: overriddenSections),
                diagnostics + advisories + partialAdvice)
    }

    /// The text the engine parses for a template: as it is, but for a template without tags that holds `{` (a
    /// style sheet, a script), whose braces the engine would each try as the start of a tag, at a cost that grows
    /// with the text after it (a 255 KiB style sheet took 5 s). There, delimiters that the text does not hold are
    /// set just before its first `{`, on a line with something else, so the tag is not standalone and the page is
    /// the text exactly.
    static func engineText(_ text: String, isPlainText: Bool? = nil) -> String {
        guard let brace = text.firstIndex(of: "{"), isPlainText ?? TemplateStructure(text: text).isPlainText,
              let free = unusedDelimiters.first(where: { pair in !text.unicodeScalars.contains { $0 == pair.open || $0 == pair.close } })
        else { return text }
        return String(text[..<brace]) + "{{=\(free.open) \(free.close)=}}" + text[brace...]
    }

    /// Delimiters for `engineText`, the first one the text does not hold: controls, then private-use characters.
    static let unusedDelimiters: [(open: Unicode.Scalar, close: Unicode.Scalar)] =
        [("\u{1}", "\u{2}"), ("\u{3}", "\u{4}"), ("\u{E000}", "\u{E001}"), ("\u{F8FE}", "\u{F8FF}"), ("\u{10FFFC}", "\u{10FFFD}")]

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

    /// Each template's first structural problem (`TemplateStructure`: unfinished tags, sections that do not close
    /// in order, names the engine cannot read, inheritance, nesting and size past their bounds), partials
    /// (`{{> name}}`) that name no template, and templates that include themselves, directly or through others:
    /// the engine would report the first without saying where a section opened, render nothing for unknown
    /// partials, and recurse until the stack overflows for the others. Each is reported at its tag. Without cycles,
    /// a template may still lead to at most `inclusionLimit` inclusions and `expandedLimit` bytes of template text.
    func includeProblems(_ structures: [TemplateStructure]) -> [Diagnostic] {
        let names = Set(sources.map(\.name))
        var includes: [String: [(name: String, location: SourceLocation)]] = [:]
        var diagnostics: [Diagnostic] = []
        for (source, structure) in zip(sources, structures) {
            if let problem = structure.problem {
                diagnostics.append(.error("template syntax error: \(problem.message)", at: SourceLocation(file: source.file, line: problem.line, column: problem.column)))
            }
            for tag in structure.partials {
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
        guard reported.isEmpty else { return diagnostics }
        // Without cycles, inclusions still multiply (each partial including the next twice, thirty deep, is a
        // billion), and few inclusions of big partials are as much text. Each is reported where its total first
        // passes the limit: at the template whose partials each stay within it.
        let own = Dictionary(sources.map { ($0.name, $0.text.utf8.count) }, uniquingKeysWith: { first, _ in first })
        let bounds: [(limit: Int, own: (String) -> Int, perInclusion: Int, says: String)] = [
            (Self.inclusionLimit, { _ in 0 }, 1,
             "includes partials more than \(NumberText.grouped(Self.inclusionLimit)) times over, counting their own inclusions: each level that includes a partial several times multiplies them; a page may include at most \(NumberText.grouped(Self.inclusionLimit))"),
            (Self.expandedLimit, { own[$0] ?? 0 }, 0,
             "is more than \(NumberText.grouped(Self.expandedLimit)) bytes with its partials, each counted as often as it is included: a page may have at most that much template text"),
        ]
        for bound in bounds {
            var totals: [String: Int] = [:]
            // A template's own amount, with each inclusion's and what it leads to, capped just past the limit.
            func total(_ name: String) -> Int {
                if let known = totals[name] { return known }
                var sum = bound.own(name)
                for include in includes[name] ?? [] { sum = min(bound.limit + 1, sum + bound.perInclusion + total(include.name)) }
                totals[name] = sum
                return sum
            }
            for name in names.sorted() where total(name) > bound.limit {
                let parts = includes[name] ?? []
                guard parts.allSatisfy({ total($0.name) <= bound.limit }), let first = parts.first else { continue }
                diagnostics.append(.error("template '\(name)' \(bound.says)", at: first.location))
            }
            if diagnostics.contains(where: \.isError) { break }
        }
        return diagnostics
    }

    /// The most partial inclusions one template may lead to, counting the partials' own.
    static let inclusionLimit = 10_000

    /// The most bytes of template text one template may lead to, its partials counted as often as it includes them
    /// (the built-in templates lead to a few tens of kilobytes each).
    static let expandedLimit = 1_000_000
}

// A template that prints a page's data whole (`{{app}}`, `{{flows}}`) instead of one of its fields gets it with the
// keys in order: Swift's own description of a dictionary follows its hash order, which changes from run to run, and
// the docs must come out the same every time. (Retroactive: the engine renders a value through this protocol when
// the value conforms; the dictionaries and lists of page data are the only values it would describe unordered.)
extension Dictionary: @retroactive MustacheCustomRenderable where Key == String {
    public var renderText: String { TemplateValueText.text(self) }
    public var isNull: Bool { false }
}

extension Array: @retroactive MustacheCustomRenderable {
    public var renderText: String { TemplateValueText.text(self) }
    public var isNull: Bool { false }
}

/// Page data as text with every dictionary's keys sorted: `{id: library, segues: [{id: open}]}`.
enum TemplateValueText {
    static func text(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key): " + text($0.value) }.joined(separator: ", ") + "}"
        case let list as [Any]:
            return "[" + list.map(text).joined(separator: ", ") + "]"
        case let custom as MustacheCustomRenderable:
            return custom.renderText
        default:
            return "\(value)"
        }
    }
}

/// The first page whose templates rendered more list items than a page may; shared by the threads that template pages.
final class TemplateOverrun: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Diagnostic?

    func record(_ problem: Diagnostic) { lock.withLock { if first == nil { first = problem } } }
    var problem: Diagnostic? { lock.withLock { first } }
}

/// The count of list items one page's rendering may still take: every list of the page's data is handed to the
/// engine as a `CountedList` drawing on it, which ends when it runs out.
final class ListItemBudget {
    var remaining: Int
    /// Bytes of data printed whole left.
    var bytesRemaining: Int
    /// The key of the list that ran out, if one did.
    var exhaustedList: String?

    init(limit: Int, bytes: Int) {
        remaining = limit
        bytesRemaining = bytes
    }

    /// Takes one list item of `key`; false once the page's items or its bytes of data printed whole are spent.
    func take(_ key: String) -> Bool {
        guard remaining > 0, bytesRemaining > 0 else {
            if exhaustedList == nil { exhaustedList = key }
            return false
        }
        remaining -= 1
        return true
    }

    /// Charges data printed whole (`{{nav}}`); its text, or nothing once the page's bytes are spent.
    func printed(_ text: String, key: String) -> String {
        guard bytesRemaining > 0 else {
            if exhaustedList == nil { exhaustedList = key }
            return ""
        }
        bytesRemaining -= text.utf8.count
        return text
    }

    /// `context` with every list in it, at any depth, counted.
    func counting(_ context: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        result.reserveCapacity(context.count)
        for (key, value) in context { result[key] = counting(value, key: key) }
        return result
    }

    func counting(_ value: Any, key: String) -> Any {
        switch value {
        case let dictionary as [String: Any]: counting(dictionary)
        case let list as [Any]: CountedList(elements: list.map { counting($0, key: key) }, key: key, budget: self)
        // Data made when a template asks for it (a page's `nav`): its lists are counted as they are made.
        case let parent as MustacheParent: CountedParent(base: parent, budget: self)
        default: value
        }
    }
}

/// Data of a page that makes its children when a template asks for them, with those children counted.
struct CountedParent: MustacheParent, MustacheCustomRenderable {
    let base: MustacheParent
    let budget: ListItemBudget

    func child(named name: String) -> Any? { base.child(named: name).map { budget.counting($0, key: name) } }
    var renderText: String { budget.printed((base as? MustacheCustomRenderable)?.renderText ?? String(describing: base), key: "(data printed whole)") }
    var isNull: Bool { (base as? MustacheCustomRenderable)?.isNull ?? false }
}

/// A list of a page's data that takes one item of its page's `ListItemBudget` per item rendered.
struct CountedList: MustacheSequence, MustacheCustomRenderable {
    let elements: [Any]
    let key: String
    let budget: ListItemBudget

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Any]>
        let key: String
        let budget: ListItemBudget

        mutating func next() -> Any? {
            guard let element = base.next(), budget.take(key) else { return nil }
            return element
        }
    }

    func makeIterator() -> Iterator { Iterator(base: elements.makeIterator(), key: key, budget: budget) }

    // Printed whole (`{{list}}`), as a list of the page's data is.
    var renderText: String { budget.printed(TemplateValueText.text(elements), key: key) }
    var isNull: Bool { false }
}
