import TextFormats
import Foundation
import SceneModel

/// Imports Interface Builder storyboards into scenes of the scene model.
///
/// Every storyboard given is read, checked (`targetRuntime`, launch screens) and mapped; storyboard
/// references are resolved across the given files. See `docs/storyboards.md` for the mapping and the
/// scene identifier scheme.
public struct StoryboardImporter: Sendable {
    /// A storyboard to import: its path, and where a model file lists it (for "no such file" messages).
    public struct Input: Sendable, Hashable {
        public var path: String
        public var listedAt: SourceLocation?
        /// Found in a folder rather than named: a storyboard of another platform is skipped with a warning.
        public var isFoundInFolder: Bool

        public init(path: String, listedAt: SourceLocation? = nil, isFoundInFolder: Bool = false) {
            self.path = path
            self.listedAt = listedAt
            self.isFoundInFolder = isFoundInFolder
        }
    }

    public init() {}

    /// Imports the storyboards at `paths`; paths are used as written in diagnostics.
    ///
    /// `mainStoryboard` names the app's main storyboard (`Main`, or a path to it): its scenes get bare identifiers
    /// and its initial view controller is the initial scene. Without it, the first storyboard given is the main one
    /// (`StoryboardImport.mainStoryboard` says so).
    public func importFiles(_ paths: [String], mainStoryboard: String? = nil) -> StoryboardImport {
        importFiles(paths.map { Input(path: $0) }, mainStoryboard: mainStoryboard)
    }

    public func importFiles(_ inputs: [Input], mainStoryboard: String? = nil) -> StoryboardImport {
        var files: [(input: Input, data: Data?)] = []
        let session = StoryboardImportSession(mainStoryboard: mainStoryboard)
        for input in inputs {
            // Never more than the parser's limit and a byte: a larger file is said to be too large without being read.
            let read = InputFile.read(input.path, limit: InputLimits.storyboardBytes)
            if let size = read?.size { session.oversizedFiles[input.path] = size }
            files.append((input, read?.data))
        }
        return session.run(files)
    }

    /// Imports storyboards whose contents are already in memory (`path` names each in diagnostics).
    public func importContents(_ contents: [(path: String, data: Data)], mainStoryboard: String? = nil) -> StoryboardImport {
        StoryboardImportSession(mainStoryboard: mainStoryboard).run(contents.map { (Input(path: $0.path), $0.data) })
    }

    /// A storyboard's name as storyboard references and `UIMainStoryboardFile` write it: `Settings` for
    /// `.../Base.lproj/Settings.storyboard`; a name without `.storyboard` is returned as it is.
    /// `Main` followed by a word of its own: `MainStoryboard`, `Main_iPhone`, `Main-iPad`, not `Maintenance`.
    public static func isNamedLikeMain(_ name: String) -> Bool {
        guard name.hasPrefix("Main"), let next = name.dropFirst(4).first else { return false }
        return !next.isLowercase
    }

    public static func storyboardName(of path: String) -> String {
        StoryboardImportSession.storyboardName(of: path)
    }
}

/// What an import produced: scenes in file order, the initial scene, diagnostics and a report per file.
public struct StoryboardImport: Sendable {
    /// Imported scenes: each file's scenes in file order, files in the order given.
    public var scenes: [Scene]
    /// The main storyboard's initial view controller, else that of the first storyboard (in the order given) with one.
    public var initial: Located<String>?
    /// The storyboard whose scenes have bare identifiers, and how it was chosen.
    public var mainStoryboard: MainStoryboard?
    /// Each imported storyboard's initial view controller, by storyboard name (what
    /// `instantiateInitialViewController()` returns); the first file of a name wins.
    public var initialScenes: [String: String] = [:]
    /// When no storyboard has an initial view controller: the first scene that no container holds.
    public var fallbackInitial: String?
    /// `pad` when every imported storyboard targets iPad only, else `nil` (the model's default).
    public var idiom: Idiom?
    public var diagnostics: [Diagnostic]
    /// One report per storyboard given, in the same order.
    public var files: [StoryboardFileReport]
    /// Scenes imported from page view controllers, which the storyboard gives no pages (see `pageWarnings(for:)`).
    public var pageViewControllers: [Located<String>]

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// A warning for each imported page view controller that is still not a `page` scene among `scenes`: a model can
    /// make it one (`kind: page`, `pages: [...]`) under its identifier.
    public func pageWarnings(for scenes: [Scene]) -> [Diagnostic] {
        pageViewControllers.compactMap { page in
            guard let scene = scenes.first(where: { $0.id == page.value }), scene.kind != .page else { return nil }
            return .warning("page view controller '\(page.value)' has no pages in the storyboard (they are set in code); imported as a content scene: give it 'kind: page' and 'pages' under 'scenes:' in a model to simulate paging",
                            at: page.location, category: .containerSetInCode, subject: "'\(page.value)'")
        }
    }
}

/// The main storyboard of an import: named by the caller, or guessed.
public struct MainStoryboard: Sendable, Hashable {
    /// Why a storyboard no one named is taken as the main one.
    public enum Guess: Sendable, Hashable {
        /// It is named `Main`, as Xcode's app templates name it.
        case xcodeDefault
        /// None is named `Main`; its name starts with `Main` (`MainStoryboard`, `Main_iPhone`) and it has an initial
        /// view controller: the first such.
        case mainPrefix
        /// No storyboard is named `Main`, and it is the first with an initial view controller.
        case initialViewController
        /// None is named `Main` or has an initial view controller: it is the first.
        case first
    }

    /// The storyboard's name (`Main`).
    public var name: String
    /// Whether the caller named it; otherwise it is guessed (`guess`).
    public var isNamed: Bool
    /// Whether a storyboard of that name is among the imported ones.
    public var isImported: Bool
    /// Why it was taken, when no one named it.
    public var guess: Guess?

    public init(name: String, isNamed: Bool, isImported: Bool, guess: Guess? = nil) {
        self.name = name
        self.isNamed = isNamed
        self.isImported = isImported
        self.guess = guess
    }
}

/// What was imported from one storyboard.
public struct StoryboardFileReport: Sendable, Hashable {
    public enum Status: Sendable, Hashable {
        case imported
        /// A launch screen: it has no navigation, so it is not imported.
        case skippedLaunchScreen
        /// A storyboard of another platform found in a folder: not the app's, so it is not imported.
        case skippedPlatform
        /// The same file given again: imported once, at its first mention.
        case duplicate
        /// Not imported because of an error (unreadable, malformed, unsupported runtime).
        case failed
    }

    public var path: String
    /// The storyboard's name, as storyboard references write it.
    public var name: String
    public var runtime: StoryboardRuntime?
    public var status: Status
    /// Scene identifiers of the file's view controllers (storyboard references excluded), in file order.
    public var controllers: [String]
    public var placeholders: [StoryboardPlaceholderReport]
    /// Imported segues by Interface Builder kind (`show`, `presentation`, `relationship`, …).
    public var segueCounts: [String: Int]

    public var segueCount: Int { segueCounts.values.reduce(0, +) }
}

/// A storyboard reference and what it became.
public struct StoryboardPlaceholderReport: Sendable, Hashable {
    public var objectID: String
    public var storyboardName: String?
    public var referencedIdentifier: String?
    /// The scene the reference stands for: the referenced scene, or the stand-in scene made when it cannot be resolved.
    public var sceneID: String
    public var isResolved: Bool
}

// MARK: - Import session

/// An object of one of the imported files: a view controller or a storyboard reference.
struct ObjectKey: Hashable {
    var file: Int
    var objectID: String
}

/// One run of the importer: reads the files, resolves references, names scenes, maps them.
final class StoryboardImportSession {
    /// The sizes of files read only up to the limit, by path: over it, said with their whole size.
    var oversizedFiles: [String: Int] = [:]
    private var diagnostics: [Diagnostic] = []
    private var documents: [StoryboardDocument] = []
    /// Report index of each accepted document.
    private var reportIndex: [Int] = []
    private var reports: [StoryboardFileReport] = []

    private var controllers: [ObjectKey: StoryboardElement] = [:]
    private var placeholders: [ObjectKey: StoryboardPlaceholder] = [:]
    /// Per document: storyboard ID → object id of the scene member carrying it.
    /// Object id of each storyboard ID, per document. Keys compare literally, as UIKit's lookup does (`NSString`
    /// equality): an `é` written as one character and as `e` with a combining accent are two IDs.
    private var storyboardIDs: [[LiteralText: String]] = []
    /// Resolved or stand-in target of each storyboard reference.
    private var resolution: [ObjectKey: (target: ObjectKey, resolved: Bool)] = [:]
    /// Scene identifier of each view controller and stand-in.
    private var names: [ObjectKey: String] = [:]
    private var pageViewControllers: [Located<String>] = []
    /// The main storyboard as the caller named it (a name), if it did, and the path it gave, if it gave one.
    private let requestedMain: String?
    private let requestedMainPath: String?
    /// Each document's qualifier: none for the main storyboard, else its name (with its folder when another
    /// imported storyboard has the same name).
    private var qualifiers: [String?] = []
    /// The main storyboard's name, and the first imported document of that name.
    private var mainName: String?
    private var mainDocument: Int?
    /// Each view controller's name within its own storyboard (without the storyboard qualifier).
    private var localNames: [ObjectKey: String] = [:]
    /// Storyboard references that stand in for a scene of a storyboard that is not imported.
    private var standInNames: Set<String> = []

    /// A suggestion for a storyboard that is not there: a file of its folder whose name differs only in case (which
    /// a Mac's file system forgives and Linux's does not), or one close to it.
    static func nearestStoryboard(to path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        // A symbolic link whose target is gone is there by name: say where it points.
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            return " (it is a symbolic link to '\(target)', which does not exist)"
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) else { return "" }
        let storyboards = entries.filter { $0.lowercased().hasSuffix(".storyboard") }.sorted()
        if let same = storyboards.first(where: { $0.lowercased() == name.lowercased() }) {
            return " (did you mean '\(same)'? file names differ in case: a Mac's file system forgives that, Linux's does not)"
        }
        return Identifier.didYouMean(name, among: storyboards)
    }

    init(mainStoryboard: String? = nil) {
        requestedMain = mainStoryboard.map { $0.lowercased().hasSuffix(".storyboard") ? Self.storyboardName(of: $0) : $0 }
        requestedMainPath = mainStoryboard.flatMap { $0.contains("/") ? URL(fileURLWithPath: $0).standardizedFileURL.path : nil }
    }

    /// A warning; by default about something of the storyboard that is left out.
    private func warning(_ message: String, at location: SourceLocation, category: DiagnosticCategory = .storyboardIgnored,
                         subject: String? = nil) {
        diagnostics.append(.warning(message, at: location, category: category, subject: subject))
    }

    private func error(_ message: String, at location: SourceLocation, category: DiagnosticCategory) {
        diagnostics.append(.error(message, at: location, category: category))
    }

    func run(_ files: [(input: StoryboardImporter.Input, data: Data?)]) -> StoryboardImport {
        var seenPaths: Set<String> = []
        for (input, data) in files {
            let path = input.path
            let start = SourceLocation(file: path, line: 1, column: 1)
            var report = StoryboardFileReport(path: path, name: StoryboardImportSession.storyboardName(of: path), runtime: nil,
                                              status: .failed, controllers: [], placeholders: [], segueCounts: [:])
            defer { reports.append(report) }
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            guard seenPaths.insert(standardized).inserted else {
                warning("storyboard '\(path)' is given twice; importing it once", at: input.listedAt ?? start, category: .duplicateInput)
                report.status = .duplicate
                continue
            }
            guard let data else {
                let exists = FileManager.default.fileExists(atPath: path)
                error(exists ? "cannot read storyboard '\(path)'" : InputFile.notUTF8(path, what: "storyboard") ?? "no such storyboard file '\(path)'\(Self.nearestStoryboard(to: path))",
                      at: input.listedAt ?? start, category: .inputFile)
                continue
            }
            let root: StoryboardElement
            switch StoryboardXML.parse(data, file: path, size: oversizedFiles[path]) {
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                continue
            case .success(let element):
                root = element
            }
            if let problem = StoryboardDocument.kindProblem(of: root) {
                error(problem, at: root.location, category: .unsupportedStoryboard)
                continue
            }
            let document = StoryboardDocument(root: root, path: path)
            report.runtime = document.runtime
            let attribute = document.runtimeAttribute.map { "targetRuntime '\($0)'" } ?? "document type '\(root["type"] ?? "")'"
            switch document.runtime {
            case .iOS, .iPad:
                break
            case .tvOS:
                warning("tvOS storyboard (\(attribute)): imported, but Scenograph applies iOS's UIKit rules to it", at: document.location,
                        category: .tvOSStoryboard)
            case .macOS, .watchOS:
                if input.isFoundInFolder {
                    // A folder of an app's sources may hold its other targets' storyboards: they are not this app's.
                    warning("\(document.runtime.displayName) storyboard (\(attribute)) skipped: Scenograph documents iOS UIKit apps",
                            at: document.location, category: .unsupportedStoryboard)
                    report.status = .skippedPlatform
                } else {
                    error("\(document.runtime.displayName) storyboards are not supported (\(attribute)); Scenograph documents iOS UIKit apps",
                          at: document.location, category: .unsupportedStoryboard)
                }
                continue
            case .unknown:
                error("unsupported storyboard runtime (\(attribute)); Scenograph imports iOS and iPad storyboards", at: document.location,
                      category: .unsupportedStoryboard)
                continue
            }
            if document.isLaunchScreen {
                warning("launch screen storyboard '\(document.fileName)' skipped: a launch screen has no navigation", at: document.location,
                        category: .launchScreen)
                report.status = .skippedLaunchScreen
                continue
            }
            report.status = .imported
            reportIndex.append(reports.count)
            documents.append(document)
        }
        guard !documents.isEmpty else {
            return StoryboardImport(scenes: [], initial: nil, fallbackInitial: nil, idiom: nil,
                                diagnostics: diagnostics, files: reports, pageViewControllers: [])
        }
        // Unnamed, the main storyboard is the one Xcode's templates name `Main`, else the first whose name starts
        // with `Main` and has an initial view controller (`MainStoryboard`: a storyboard added beside it, such as one
        // made by Refactor to Storyboard, must not take its place and rename every scene), else the first with an
        // initial view controller (the one storyboard an app launches from has one), else the first.
        let guess: (name: String, reason: MainStoryboard.Guess)? = documents.first { $0.name == "Main" }.map { ($0.name, .xcodeDefault) }
            ?? documents.first { StoryboardImporter.isNamedLikeMain($0.name) && $0.initialViewController != nil }.map { ($0.name, .mainPrefix) }
            ?? documents.first { $0.initialViewController != nil }.map { ($0.name, .initialViewController) }
            ?? documents.first.map { ($0.name, .first) }
        mainName = requestedMain ?? guess?.name
        mainDocument = requestedMainPath.flatMap { path in documents.firstIndex { URL(fileURLWithPath: $0.path).standardizedFileURL.path == path } }
            ?? documents.indices.filter { documents[$0].name == mainName }.min { documents[$0].path < documents[$1].path }
        let folders = sameNameFolders()
        qualifiers = documentQualifiers(folders)
        distinguishFileNames(folders)
        indexObjects()
        resolveReferences()
        assignNames()
        var scenes = mapScenes()
        scenes = StoryboardContainment.separateSharedChildren(scenes, preferring: parentPreference(scenes))
        let initial = initialScene()
        let idiom: Idiom? = documents.allSatisfy { $0.runtime == .iPad } ? .pad : nil
        let fallback = initial == nil ? StoryboardContainment.firstRoot(of: scenes, standIns: standInNames) : nil
        var result = StoryboardImport(scenes: scenes, initial: initial, fallbackInitial: fallback, idiom: idiom,
                                      diagnostics: diagnostics, files: reports, pageViewControllers: pageViewControllers)
        result.mainStoryboard = mainName.map {
            MainStoryboard(name: $0, isNamed: requestedMain != nil, isImported: mainDocument != nil, guess: requestedMain == nil ? guess?.reason : nil)
        }
        for (index, document) in documents.enumerated() where result.initialScenes[document.name] == nil {
            if let initial = document.initialViewController?.value, let key = sceneKey(file: index, objectID: initial), let name = names[key] {
                result.initialScenes[document.name] = name
            }
        }
        return result
    }

    /// `Settings` for `.../Base.lproj/Settings.storyboard`.
    static func storyboardName(of path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".storyboard") ? String(file.dropLast(".storyboard".count)) : file
    }

    // MARK: - Objects and references

    private func indexObjects() {
        for (index, document) in documents.enumerated() {
            var ids: [LiteralText: String] = [:]
            // Interface Builder gives every object its own id; two scenes of one id (a merge gone wrong) would be
            // one scene named after the second, with the first's segues.
            var objects: [String: (location: SourceLocation, name: String)] = [:]
            func isRepeated(_ id: String, _ name: String, at location: SourceLocation) -> Bool {
                if let first = objects[id] {
                    error("<\(name)> has the object id '\(id)' of the <\(first.name)> at line \(first.location.line); every object of a storyboard has its own id (a merge gone wrong?)",
                          at: location, category: .syntax)
                    return true
                }
                objects[id] = (location, name)
                return false
            }
            for scene in document.scenes {
                switch scene.member {
                case .controller(let element):
                    guard let id = element["id"] else {
                        warning("<\(element.name)> has no id; it is not imported", at: element.location)
                        continue
                    }
                    if isRepeated(id, element.name, at: element.location) { continue }
                    controllers[ObjectKey(file: index, objectID: id)] = element
                    if let storyboardID = element["storyboardIdentifier"].map(LiteralText.init), ids[storyboardID] == nil { ids[storyboardID] = id }
                case .placeholder(let placeholder):
                    if isRepeated(placeholder.objectID, "viewControllerPlaceholder", at: placeholder.location) { continue }
                    placeholders[ObjectKey(file: index, objectID: placeholder.objectID)] = placeholder
                    if let storyboardID = placeholder.storyboardIdentifier.map(LiteralText.init), ids[storyboardID] == nil { ids[storyboardID] = placeholder.objectID }
                case .none:
                    break
                }
            }
            storyboardIDs.append(ids)
            // Any other object whose id an earlier one has (a segue, a view): a merge gone wrong, as for scenes.
            if let repeated = document.firstRepeatedID, !Self.isControllerElement(repeated.element.name),
               let id = repeated.element["id"] {
                error("<\(repeated.element.name)> has the object id '\(id)' of the <\(repeated.first.name)> at line \(repeated.first.location.line); every object of a storyboard has its own id (a merge gone wrong?)",
                      at: repeated.element.location, category: .syntax)
            }
        }
    }

    /// Why each reference that does not resolve does not, for its stand-in's summary.
    private var unresolvedReasons: [ObjectKey: String] = [:]

    private func resolveReferences() {
        for (index, document) in documents.enumerated() {
            for scene in document.scenes {
                guard case .placeholder(let placeholder) = scene.member else { continue }
                let key = ObjectKey(file: index, objectID: placeholder.objectID)
                switch resolve(key) {
                case .success(let target):
                    resolution[key] = (target, true)
                case .failure(let problem):
                    resolution[key] = (key, false)
                    unresolvedReasons[key] = problem.reason
                    warning("storyboard reference to \(placeholder.targetDescription) cannot be resolved: \(problem.reason); a stand-in scene takes its place",
                            at: placeholder.location, category: .storyboardReference, subject: placeholder.targetDescription)
                }
            }
        }
    }

    private struct Unresolved: Error {
        var reason: String
    }

    /// What each reference followed so far leads to: a chain of references is walked once, whichever of its
    /// references is resolved first (10,000 references leading one to the next took cubic time, then overflowed
    /// the stack when followed by recursion). References that end in a cycle are in `cycleNext` instead.
    private var chainEnds: [ObjectKey: Result<ObjectKey, Unresolved>] = [:]
    /// For a reference whose chain ends in a cycle: the reference it leads to, to name the cycle from any start,
    /// and the reference a walk from it meets again (itself, on the cycle; where the cycle begins, before it).
    private var cycleNext: [ObjectKey: ObjectKey] = [:]
    private var cycleEntry: [ObjectKey: ObjectKey] = [:]
    /// The imported files by storyboard name.
    private lazy var filesByName: [LiteralText: [Int]] = {
        var files: [LiteralText: [Int]] = [:]
        for index in documents.indices { files[LiteralText(documents[index].name), default: []].append(index) }
        return files
    }()

    /// The view controller a storyboard reference leads to, following references that lead to references.
    private func resolve(_ start: ObjectKey) -> Result<ObjectKey, Unresolved> {
        var path = [start]
        var seen: Set<ObjectKey> = [start]
        var key = start
        var outcome: Result<ObjectKey, Unresolved>
        while true {
            if let known = chainEnds[key] {
                outcome = known
                break
            }
            if cycleNext[key] != nil, let entry = cycleEntry[key] {
                // Before `key`, the chain leads into a known cycle, met again where it begins.
                let met = entry == key ? key : entry
                for (member, next) in zip(path, path.dropFirst()) {
                    cycleNext[member] = next
                    cycleEntry[member] = met
                }
                return .failure(cycle(from: start))
            }
            switch step(from: key) {
            case .failure(let problem):
                outcome = .failure(problem)
            case .success(let next):
                if controllers[next] != nil {
                    outcome = .success(next)
                } else if !seen.insert(next).inserted {
                    let loop = path.firstIndex(of: next) ?? 0
                    for (offset, member) in path.enumerated() {
                        cycleNext[member] = offset + 1 < path.count ? path[offset + 1] : next
                        cycleEntry[member] = offset >= loop ? member : next
                    }
                    return .failure(cycle(from: start))
                } else {
                    path.append(next)
                    key = next
                    continue
                }
            }
            break
        }
        for member in path where chainEnds[member] == nil { chainEnds[member] = outcome }
        return outcome
    }

    /// A chain that ends in a cycle, from `start` to the reference met again, as file names; a long one names
    /// its first references and the one met again.
    private func cycle(from start: ObjectKey) -> Unresolved {
        var keys = [start]
        var seen: Set<ObjectKey> = [start]
        var cut = false
        while let next = cycleNext[keys[keys.count - 1]] {
            if !seen.insert(next).inserted {
                keys.append(next)
                break
            }
            if keys.count == 8 {
                keys.append(cycleEntry[start] ?? next)
                cut = true
                break
            }
            keys.append(next)
        }
        var files = keys.map { documents[$0.file].fileName }
        if cut { files.insert("…", at: files.count - 1) }
        return Unresolved(reason: "the references form a cycle (\(files.joined(separator: " → ")))")
    }

    /// Where one reference leads: a view controller or another reference of the storyboard it names.
    private func step(from key: ObjectKey) -> Result<ObjectKey, Unresolved> {
        guard let placeholder = placeholders[key] else { return .failure(Unresolved(reason: "it is not a storyboard reference")) }
        guard let name = placeholder.storyboardName, !name.isEmpty else {
            return .failure(Unresolved(reason: "set the reference's Storyboard in Interface Builder"))
        }
        let candidates = filesByName[LiteralText(name)] ?? []
        guard let target = closest(candidates, to: key.file) else {
            let bundle = placeholder.bundleIdentifier.map { " (it is in bundle '\($0)')" } ?? ""
            return .failure(Unresolved(reason: "\(name).storyboard is not among the imported storyboards\(bundle)"))
        }
        let objectID: String
        if let identifier = placeholder.referencedIdentifier {
            guard let id = storyboardIDs[target][LiteralText(identifier)] else {
                return .failure(Unresolved(reason: "\(name).storyboard has no view controller with storyboard ID '\(identifier)'"))
            }
            objectID = id
        } else {
            guard let initial = documents[target].initialViewController?.value else {
                return .failure(Unresolved(reason: "\(name).storyboard has no initial view controller"))
            }
            objectID = initial
        }
        let next = ObjectKey(file: target, objectID: objectID)
        guard controllers[next] != nil || placeholders[next] != nil else {
            return .failure(Unresolved(reason: "\(name).storyboard names '\(objectID)' as its initial view controller, but it has no such view controller"))
        }
        return .success(next)
    }

    /// Among files with the referenced name, the one sharing the longest directory prefix with `file`, then the first given.
    private func closest(_ candidates: [Int], to file: Int) -> Int? {
        guard candidates.count > 1 else { return candidates.first }
        func components(_ index: Int) -> [String] {
            URL(fileURLWithPath: documents[index].path).standardizedFileURL.deletingLastPathComponent().pathComponents
        }
        let origin = components(file)
        var best: (index: Int, shared: Int)?
        for candidate in candidates {
            let shared = zip(origin, components(candidate)).prefix { $0 == $1 }.count
            if best == nil || shared > (best?.shared ?? 0) { best = (candidate, shared) }
        }
        return best?.index
    }

    /// The scene a segue destination or relationship names: a view controller, or what a storyboard reference resolved to.
    private func sceneKey(file: Int, objectID: String) -> ObjectKey? {
        let key = ObjectKey(file: file, objectID: objectID)
        if controllers[key] != nil { return key }
        return resolution[key]?.target
    }

    // MARK: - Scene identifiers

    /// The qualifier of a storyboard's scene identifiers: none for the main storyboard, else its name.
    private func qualifier(ofDocument index: Int) -> String? {
        qualifiers[index]
    }

    /// Qualifiers of every document. Storyboards sharing a name belong to different targets (a bundle's resource
    /// names are unique); those that are not the main storyboard are told apart by their folder (skipping `.lproj`),
    /// then, if that is shared too, by a number in the order of their paths.
    /// For each storyboard that shares its name with others, the folders that tell it apart from them (the main
    /// storyboard among them; see `distinguishingFolders`), by document index.
    private func sameNameFolders() -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for (_, members) in Dictionary(grouping: documents.indices, by: { documents[$0].name }) where members.count > 1 {
            for (member, run) in zip(members, Self.distinguishingFolders(members.map { documents[$0].path })) { result[member] = run }
        }
        return result
    }

    private func documentQualifiers(_ sameNameFolders: [Int: [String]]) -> [String?] {
        var result: [String?] = documents.indices.map { $0 == mainDocument ? nil : StoryboardNames.sanitize(documents[$0].name) }
        let groups = Dictionary(grouping: documents.indices, by: { documents[$0].name }).filter { $0.value.count > 1 }
        for name in groups.keys.sorted() {
            let members = (groups[name] ?? []).filter { $0 != mainDocument }
            // The nearest folder that tells them apart from the others of the name (the main storyboard among them),
            // wherever they are (never one above the paths given).
            let folders = members.map { member -> String in
                let folder = sameNameFolders[member]?.last { !$0.hasSuffix(".lproj") } ?? ""
                return StoryboardNames.sanitize(folder).map { "\($0)-\(name)" } ?? name
            }
            let byPath = members.indices.sorted { documents[members[$0]].path < documents[members[$1]].path }
            let unique = StoryboardNames.resolve(byPath.map { [StoryboardNames.sanitize(folders[$0]) ?? name] })
            for (offset, position) in byPath.enumerated() { result[members[position]] = unique[offset] }
        }
        return result
    }

    /// Storyboards of the same file name (an app's `iPad.storyboard` in two targets) are told apart in their
    /// scenes' origins by the folders that tell them apart (`SPoT/iPad.storyboard`): an origin names one storyboard,
    /// for the docs, the segue graph's parts and `diff`.
    private func distinguishFileNames(_ sameNameFolders: [Int: [String]]) {
        for (index, folders) in sameNameFolders {
            documents[index].fileName = (folders + [documents[index].fileName]).joined(separator: "/")
        }
    }

    /// For paths of one file name, the folders that tell them apart, whatever folder the paths are in (a revision
    /// read by `diff --git` is in a temporary folder; the working tree's is not): the shortest run of folders, at the
    /// end of each path's folders below the folder all of them are in, that differs for each; `.lproj` folders left
    /// out unless they alone differ. A path in that common folder itself has none.
    static func distinguishingFolders(_ paths: [String]) -> [[String]] {
        let folders = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().pathComponents }
        var common = folders.first ?? []
        for other in folders.dropFirst() { common = zip(common, other).prefix { $0 == $1 }.map(\.0) }
        let below = folders.map { Array($0.dropFirst(common.count)) }
        for candidate in [below.map { $0.filter { !$0.hasSuffix(".lproj") } }, below] {
            for length in 0...(candidate.map(\.count).max() ?? 0) {
                let runs = candidate.map { Array($0.suffix(length)) }
                if Set(runs.map { $0.joined(separator: "/") }).count == runs.count { return runs }
            }
        }
        return below
    }

    private func qualifier(ofStoryboardNamed name: String) -> String? {
        name == mainName ? nil : StoryboardNames.sanitize(name)
    }

    private static func qualified(_ local: String, by qualifier: String?) -> String {
        qualifier.map { "\($0).\(local)" } ?? local
    }

    /// Names every view controller and stand-in (see `docs/storyboards.md`): within its storyboard, from the
    /// storyboard ID, else the custom class, else the label, else the kind; qualified by the storyboard's name
    /// unless it is the main storyboard. A name is never made of object ids, and depends on its own storyboard only.
    private func assignNames() {
        var keys: [ObjectKey] = []
        var fullNames: [String] = []
        for (index, document) in documents.enumerated() {
            var facts: [SceneNameFacts] = []
            var objectIDs: [String] = []
            var parentOf: [String: String] = [:]
            var firstChildOf: [String: String] = [:]
            for scene in document.scenes {
                guard case .controller(let element) = scene.member, let id = element["id"] else { continue }
                objectIDs.append(id)
                facts.append(SceneNameFacts(storyboardID: element["storyboardIdentifier"], customClass: element["customClass"],
                                            label: StoryboardNames.label(of: element), kind: StoryboardNames.kindName(element.name)))
                for (segue, owner) in scene.segues {
                    guard let destination = segue["destination"] else { continue }
                    let isRelationship = segue["kind"] == "relationship" && owner["id"] == id
                    guard isRelationship || segue["kind"] == "embed" else { continue }
                    if isRelationship, firstChildOf[id] == nil { firstChildOf[id] = destination }
                    if parentOf[destination] == nil { parentOf[destination] = id }
                }
            }
            var base: [String: String] = [:]
            for (id, fact) in zip(objectIDs, facts) { base[id] = fact.base.name }
            for offset in facts.indices {
                facts[offset].firstChild = firstChildOf[objectIDs[offset]].flatMap { base[$0] }
                facts[offset].parent = parentOf[objectIDs[offset]].flatMap { base[$0] }
            }
            let qualifier = qualifier(ofDocument: index)
            for (id, local) in zip(objectIDs, StoryboardNames.names(for: facts)) {
                let key = ObjectKey(file: index, objectID: id)
                localNames[key] = local
                keys.append(key)
                fullNames.append(Self.qualified(local, by: qualifier))
            }
        }
        // A reference that cannot be resolved stands for a scene of its storyboard: the stand-in is named as that scene
        // would be named from the reference alone, and references to one scene share one stand-in.
        let realCount = keys.count
        var standInOf: [ObjectKey: String] = [:]
        for (index, document) in documents.enumerated() {
            for scene in document.scenes {
                guard case .placeholder(let placeholder) = scene.member else { continue }
                let key = ObjectKey(file: index, objectID: placeholder.objectID)
                guard resolution[key]?.resolved == false else { continue }
                let local = StoryboardNames.sanitize(placeholder.referencedIdentifier) ?? "initial"
                var qualifier = "reference"
                if let storyboard = placeholder.storyboardName, !storyboard.isEmpty {
                    qualifier = self.qualifier(ofStoryboardNamed: storyboard) ?? ""
                }
                standInOf[key] = qualifier.isEmpty ? local : Self.qualified(local, by: qualifier)
            }
        }
        let standInIDs = Array(Set(standInOf.values)).sorted()
        // Real scenes keep their names before stand-ins; names still shared (two storyboards of one name) get numbers.
        let unique = StoryboardNames.resolve((fullNames + standInIDs).map { [$0] },
                                             keeps: Array(repeating: true, count: realCount) + Array(repeating: false, count: standInIDs.count),
                                             foldingCase: true)
        for (key, name) in zip(keys, unique) { names[key] = name }
        var standInName: [String: String] = [:]
        for (id, name) in zip(standInIDs, unique.dropFirst(realCount)) { standInName[id] = name }
        for (key, id) in standInOf {
            let name = standInName[id] ?? id
            names[key] = name
            standInNames.insert(name)
        }
    }

    /// Which parent keeps a scene that several containers hold (the others get copies): a parent in the scene's
    /// own storyboard, else the parent in the storyboard whose name sorts first, so that the order the files are
    /// given in does not matter.
    private func parentPreference(_ scenes: [Scene]) -> (_ parent: String, _ child: String) -> StoryboardContainment.Rank {
        var home: [String: Int] = [:]
        for (key, name) in names where key.file < (home[name] ?? Int.max) { home[name] = key.file }
        var position: [String: Int] = [:]
        for (offset, scene) in scenes.enumerated() where position[scene.id] == nil { position[scene.id] = offset }
        let storyboardNames = documents.map(\.name)
        return { parent, child in
            let file = home[parent] ?? storyboardNames.count
            return StoryboardContainment.Rank(otherStoryboard: file != home[child],
                                              storyboard: file < storyboardNames.count ? storyboardNames[file] : "",
                                              file: file, position: position[parent] ?? 0)
        }
    }

    // MARK: - Mapping

    private func mapScenes() -> [Scene] {
        var scenes: [Scene] = []
        var emittedStandIns: Set<String> = []
        for (index, document) in documents.enumerated() {
            let report = reportIndex[index]
            for stray in document.strayScenelessSegues {
                warning("segue outside any scene ignored", at: stray.location)
            }
            for storyboardScene in document.scenes {
                switch storyboardScene.member {
                case .controller(let element):
                    guard let id = element["id"], let name = names[ObjectKey(file: index, objectID: id)] else { continue }
                    reports[report].controllers.append(name)
                    scenes.append(mapController(element, name: name, scene: storyboardScene, file: index))
                case .placeholder(let placeholder):
                    let key = ObjectKey(file: index, objectID: placeholder.objectID)
                    let target = resolution[key] ?? (key, false)
                    let sceneID = names[target.target] ?? ""
                    reports[report].placeholders.append(StoryboardPlaceholderReport(
                        objectID: placeholder.objectID, storyboardName: placeholder.storyboardName,
                        referencedIdentifier: placeholder.referencedIdentifier, sceneID: sceneID, isResolved: target.resolved))
                    if !target.resolved, let name = names[key], emittedStandIns.insert(name).inserted {
                        scenes.append(standIn(for: placeholder, name: name, document: document, reason: unresolvedReasons[key]))
                    }
                    ignoreSegues(of: storyboardScene, because: "a storyboard reference has no segues of its own")
                case .none:
                    ignoreSegues(of: storyboardScene, because: "the scene has no view controller")
                }
            }
        }
        return scenes
    }

    private func ignoreSegues(of scene: StoryboardScene, because reason: String) {
        for (segue, _) in scene.segues {
            warning("segue ignored: \(reason)", at: segue.location)
        }
    }

    private func standIn(for placeholder: StoryboardPlaceholder, name: String, document: StoryboardDocument, reason: String?) -> Scene {
        var scene = Scene(id: name, kind: .content, location: placeholder.location)
        scene.storyboardID = placeholder.referencedIdentifier
        // What the reference names may be among the imported storyboards and still not resolve (an identifier
        // renamed there): the summary says why, as the warning does.
        scene.summary = "Stand-in for \(placeholder.targetDescription), which does not resolve" + (reason.map { ": \($0)." } ?? ".")
        scene.standsInFor = placeholder.targetDescription
        scene.origin = Scene.Origin(storyboard: document.fileName, objectID: placeholder.objectID)
        return scene
    }

    /// Interface Builder's controller elements and the scene kind and class each becomes.
    static let controllerKinds: [String: (kind: SceneKind, defaultClass: String?)] = [
        "viewController": (.content, nil),
        "tableViewController": (.table, nil),
        "collectionViewController": (.collection, nil),
        "navigationController": (.navigation, nil),
        "tabBarController": (.tabBar, nil),
        "splitViewController": (.split, nil),
        // UIKit fills a page view controller's pages in code: the storyboard has none, so it imports as content.
        "pageViewController": (.content, "UIPageViewController"),
        "hostingController": (.content, "UIHostingController"),
        "avPlayerViewController": (.content, "AVPlayerViewController"),
        "glkViewController": (.content, "GLKViewController"),
    ]

    private func mapController(_ element: StoryboardElement, name: String, scene storyboardScene: StoryboardScene, file: Int) -> Scene {
        let document = documents[file]
        let report = reportIndex[file]
        let objectID = element["id"] ?? ""
        var scene = Scene(id: name, location: element.location)
        if let known = Self.controllerKinds[element.name] {
            scene.kind = known.kind
            if let defaultClass = known.defaultClass { scene.customClass = Located(defaultClass, at: element.location) }
        } else {
            warning("unknown view controller element <\(element.name)>; imported as a content scene", at: element.location)
        }
        if let customClass = element["customClass"], !customClass.isEmpty {
            scene.customClass = Located(customClass, at: element.location)
        }
        scene.title = element["title"] ?? element.child("navigationItem", key: "navigationItem")?["title"]
        scene.storyboardID = element["storyboardIdentifier"]
        scene.origin = Scene.Origin(storyboard: document.fileName, objectID: objectID,
                                    isInitial: document.initialViewController?.value == objectID)
        if let value = element["modalPresentationStyle"] {
            if let style = PresentationStyle(rawValue: value) { scene.modalPresentationStyle = style }
            else { warning("unknown modalPresentationStyle '\(value)' ignored", at: element.location) }
        }
        if let value = element["modalTransitionStyle"] {
            if let style = TransitionStyle(rawValue: value) { scene.modalTransitionStyle = style }
            else { warning("unknown modalTransitionStyle '\(value)' ignored", at: element.location) }
        }
        if let value = element.flag("definesPresentationContext") { scene.definesPresentationContextSetting = value }
        if element.flag("providesPresentationContextTransitionStyle") == true { scene.providesPresentationContextTransitionStyle = true }
        if element.flag("modalInPresentation") == true || element.flag("isModalInPresentation") == true { scene.isModalInPresentation = true }
        if element.name == "pageViewController" {
            let transition = element["transitionStyle"].map { " (\($0) transition)" } ?? ""
            scene.summary = "A page view controller\(transition); UIKit gets its pages in code, so the storyboard lists none."
            pageViewControllers.append(Located(name, at: element.location))
        }

        var splitColumns = false
        var usedIDs: [[String]] = []
        var pending: [Segue] = []
        // The storyboard identifier of each segue that has one, for `performSegue(withIdentifier:)`.
        var storyboardIdentifiers: [String?] = []
        var deprecatedPopovers: [Int] = []
        for (segueElement, owner) in storyboardScene.segues {
            guard let rawKind = segueElement["kind"] else {
                // Interface Builder writes a kind on every segue: one without is said, as one of an unknown kind is.
                warning("segue without a kind; ignored (Interface Builder writes kind=\"show\", \"presentation\", \"relationship\"…)", at: segueElement.location)
                continue
            }
            let ownerIsController = owner.name == element.name && owner["id"] == objectID
            if rawKind == "relationship" {
                guard ownerIsController else {
                    warning("relationship segue outside its container's connections ignored", at: segueElement.location)
                    continue
                }
                if let destinationID = segueElement["destination"], !destinationID.isEmpty, documents[file].elementsByID[destinationID] == nil {
                    // As for a segue: the storyboard would not build, and the container would lose a child in silence.
                    error("relationship segue to '\(destinationID)', which is no object of this storyboard: the destination is missing, and the storyboard does not build (a merge or an edit gone wrong?)",
                          at: segueElement.location, category: .unknownReference)
                    continue
                }
                guard let relationship = segueElement["relationship"],
                      let destinationID = segueElement["destination"],
                      let target = sceneKey(file: file, objectID: destinationID), let child = names[target] else {
                    warning("relationship segue without a known destination ignored", at: segueElement.location)
                    continue
                }
                let located = Located(child, at: segueElement.location)
                var applied = true
                switch (scene.kind, relationship) {
                case (.navigation, "rootViewController"):
                    if scene.root == nil { scene.root = located }
                    else { warning("navigation controller '\(name)' has a second root view controller; ignored", at: segueElement.location) }
                case (.tabBar, "viewControllers"):
                    scene.tabs.append(located)
                case (.split, "masterViewController"):
                    scene.primary = located
                case (.split, "detailViewController"):
                    scene.secondary = located
                case (.split, "supplementaryViewController"):
                    scene.supplementary = located
                    splitColumns = true
                case (.split, "compactViewController"):
                    if scene.compact == nil { scene.compact = located }
                    else { warning("split view controller '\(name)' has a second compact view controller; ignored", at: segueElement.location) }
                    splitColumns = true
                default:
                    applied = false
                    warning("relationship '\(relationship)' of <\(element.name)> is not a UIKit container relationship; ignored",
                            at: segueElement.location)
                }
                if applied { reports[report].segueCounts[rawKind, default: 0] += 1 }
                continue
            }
            guard let segue = mapSegue(segueElement, rawKind: rawKind, owner: owner, ownerIsController: ownerIsController,
                                       source: name, file: file) else { continue }
            reports[report].segueCounts[rawKind, default: 0] += 1
            if rawKind == "popover" { deprecatedPopovers.append(pending.count) }
            pending.append(segue)
            storyboardIdentifiers.append(segueElement["identifier"].flatMap { $0.isEmpty ? nil : $0 })
            // Segues of one scene sharing an identifier are told apart by their controls.
            let trigger = StoryboardNames.words(segue.trigger).map { ["\(segue.id)-\($0)"] } ?? []
            usedIDs.append([segue.id] + trigger)
        }
        for (offset, id) in StoryboardNames.resolve(usedIDs, maximumLength: StoryboardNames.segueLength).enumerated() {
            pending[offset].id = id
            // A segue whose id is not its identifier as written (`Show Detail`, a sign, past the length limit, or
            // numbered beside another of the same id) is labelled with the storyboard's string, the one
            // `performSegue(withIdentifier:)` and `prepare(for:sender:)` compare: the diagrams draw it and the
            // scene's page quotes it, so that it can be found in the code.
            if let written = storyboardIdentifiers[offset], written.contains(where: { !$0.isWhitespace }) {
                pending[offset].storyboardIdentifier = written
                if written != id, pending[offset].label == nil { pending[offset].label = written }
            }
        }
        // Told apart here, they are still one identifier in the app: the code can perform only one of them.
        var firstWithIdentifier: [String: Int] = [:]
        for (offset, identifier) in storyboardIdentifiers.enumerated() {
            guard let identifier else { continue }
            guard let first = firstWithIdentifier[identifier] else {
                firstWithIdentifier[identifier] = offset
                continue
            }
            warning("scene '\(name)' has two segues with the storyboard identifier '\(identifier)' (the first at line \(pending[first].location.line), imported as '\(pending[first].id)', this one as '\(pending[offset].id)'); performSegue(withIdentifier:) reaches only one",
                    at: pending[offset].location, category: .duplicateSegueID, subject: "'\(identifier)' in '\(name)'")
        }
        for offset in deprecatedPopovers {
            let segue = pending[offset]
            warning("'popover' segues are deprecated; segue '\(segue.qualifiedID)' is imported as a popover presentation",
                    at: segue.location, category: .deprecatedSegue, subject: "'\(segue.qualifiedID)' (popover)")
        }
        scene.segues = pending

        if scene.kind == .split {
            if let style = element["style"].flatMap(SplitStyle.init(rawValue:)) {
                scene.splitStyle = style
            } else if scene.supplementary != nil {
                scene.splitStyle = .tripleColumn
            } else if element.flag("allowDoubleColumnStyle") == true || splitColumns {
                scene.splitStyle = .doubleColumn
            }
        }
        return fallBackWhenEmpty(scene, element: element)
    }

    /// A container whose required children the storyboard does not give (UIKit gets them in code) imports as content.
    private func fallBackWhenEmpty(_ scene: Scene, element: StoryboardElement) -> Scene {
        let missing: String?
        switch scene.kind {
        case .navigation: missing = scene.root == nil ? "no root view controller" : nil
        case .tabBar: missing = scene.tabs.isEmpty ? "no tabs" : nil
        case .split:
            if scene.primary == nil && scene.secondary == nil { missing = "no columns" }
            else if scene.primary == nil { missing = "no primary (master) column" }
            else if scene.secondary == nil { missing = "no secondary (detail) column" }
            else { missing = nil }
        default: missing = nil
        }
        guard let missing else { return scene }
        var content = scene
        let className = scene.className
        warning("\(scene.kind.rawValue) controller '\(scene.id)' has \(missing) in the storyboard (set in code); imported as a content scene",
                at: element.location, category: .containerSetInCode, subject: "'\(scene.id)'")
        content.kind = .content
        if content.customClass == nil { content.customClass = Located(className, at: element.location) }
        // Every container key goes: a content scene with one would not load back from the model the import writes.
        content.root = nil
        content.tabs = []
        content.selected = nil
        content.primary = nil
        content.secondary = nil
        content.supplementary = nil
        content.compact = nil
        content.splitStyle = .classic
        content.collapse = .secondary
        return content
    }

    /// Interface Builder segue kinds and the model kind each becomes.
    static let segueKinds: [String: SegueKind] = [
        "show": .show, "showDetail": .showDetail, "presentation": .present, "popoverPresentation": .popover,
        "embed": .embed, "unwind": .unwind, "custom": .custom,
        "push": .push, "modal": .modal, "replace": .replace, "popover": .popover,
    ]

    /// Whether a storyboard element is a view controller (of any class, mapped or not) or a reference to one.
    static func isControllerElement(_ name: String) -> Bool {
        name.hasSuffix("Controller") || name == "viewControllerPlaceholder" || name == "glkViewController" || name == "hostingController"
    }

    private func mapSegue(_ element: StoryboardElement, rawKind: String, owner: StoryboardElement, ownerIsController: Bool,
                          source: String, file: Int) -> Segue? {
        let document = documents[file]
        guard let kind = Self.segueKinds[rawKind] else {
            warning("segue kind '\(rawKind)' is not a UIKit segue kind; ignored", at: element.location)
            return nil
        }
        var segue = Segue(id: "", source: source, kind: kind, location: element.location)
        if let objectID = element["id"], !objectID.isEmpty {
            segue.origin = Scene.Origin(storyboard: document.fileName, objectID: objectID)
        }
        var fallbackName: String
        if kind == .unwind {
            guard let selector = element["unwindAction"], !selector.isEmpty else {
                warning("unwind segue without an unwind action ignored", at: element.location)
                return nil
            }
            let action = StoryboardNames.unwindActionName(selector)
            segue.action = Located(action, at: element.location)
            fallbackName = "unwind-\(action)"
        } else {
            guard let destinationID = element["destination"], !destinationID.isEmpty else {
                error("\(rawKind) segue without a destination: the storyboard does not build (a merge or an edit gone wrong?)",
                      at: element.location, category: .unknownReference)
                return nil
            }
            guard let destinationObject = document.elementsByID[destinationID] else {
                // Interface Builder's build refuses a segue whose destination is no object of the storyboard (a
                // merge or a hand edit gone wrong): the app would not build.
                error("\(rawKind) segue to '\(destinationID)', which is no object of this storyboard: the destination is missing, and the storyboard does not build (a merge or an edit gone wrong?)",
                      at: element.location, category: .unknownReference)
                return nil
            }
            // A view, a cell or a control: a segue leads to a view controller, so this one is broken too. A view
            // controller of a kind the importer does not map is left out below with a warning.
            if !Self.isControllerElement(destinationObject.name) {
                error("\(rawKind) segue to '\(destinationID)', which is a <\(destinationObject.name)>, not a view controller: the storyboard does not build (a merge or an edit gone wrong?)",
                      at: element.location, category: .unknownReference)
                return nil
            }
            guard let target = sceneKey(file: file, objectID: destinationID), let destination = names[target] else {
                warning("\(rawKind) segue to '\(destinationID)', which is not a view controller of this storyboard; ignored",
                        at: element.location)
                return nil
            }
            segue.destination = Located(destination, at: element.location)
            fallbackName = "\(kind.rawValue)-\(segueTargetName(file: file, objectID: destinationID))"
        }
        let identifier = StoryboardNames.sanitize(element["identifier"], maximumLength: StoryboardNames.segueLength)
        segue.id = identifier ?? StoryboardNames.sanitize(fallbackName, maximumLength: StoryboardNames.segueLength) ?? "segue"
        if kind != .embed {
            segue.trigger = StoryboardTriggers.trigger(owner: owner, segue: element, isController: ownerIsController)
        }
        // The identifier made for a segue the storyboard does not name only repeats its kind and destination, which
        // the diagram's arrow shows: the control the user touches tells more (for an embed segue, which has no
        // trigger, its container view: `container view`, `Header container view`).
        if identifier == nil {
            segue.label = kind == .embed ? (ownerIsController ? nil : StoryboardTriggers.describe(owner)) : segue.trigger
        }
        let modal = [SegueKind.present, .popover, .custom].contains(kind.effective)
        if let value = element["modalPresentationStyle"] {
            if !modal { warning("modalPresentationStyle of a \(rawKind) segue ignored", at: element.location, category: .ineffectiveSetting) }
            else if let style = PresentationStyle(rawValue: value) { segue.modalPresentationStyle = Located(style, at: element.location) }
            else { warning("unknown modalPresentationStyle '\(value)' ignored", at: element.location) }
        }
        if let value = element["modalTransitionStyle"] {
            if !modal { warning("modalTransitionStyle of a \(rawKind) segue ignored", at: element.location, category: .ineffectiveSetting) }
            else if let style = TransitionStyle(rawValue: value) { segue.modalTransitionStyle = Located(style, at: element.location) }
            else { warning("unknown modalTransitionStyle '\(value)' ignored", at: element.location) }
        }
        if kind == .popover {
            if let anchorID = element["popoverAnchorView"] ?? element["popoverAnchorBarButtonItem"] {
                if let anchor = document.elementsByID[anchorID] {
                    segue.anchor = StoryboardTriggers.describe(anchor)
                } else {
                    // As a destination that is no object: what a merge gone wrong leaves. Without its anchor the
                    // popover has none, which Interface Builder's build refuses and UIKit raises an exception for.
                    let attribute = element["popoverAnchorView"] != nil ? "popoverAnchorView" : "popoverAnchorBarButtonItem"
                    error("popover segue anchored to '\(anchorID)' (\(attribute)), which is no object of this storyboard: the anchor is missing, and a popover without one does not build (a merge or an edit gone wrong?)",
                          at: element.location, category: .unknownReference)
                    segue.anchor = anchorID
                }
            } else if !ownerIsController {
                // A popover segue fired by a control is anchored to that control.
                segue.anchor = StoryboardTriggers.describe(owner)
            }
        }
        if element.flag("animates") == false { segue.animated = false }
        if kind == .custom, let customClass = element["customClass"], !customClass.isEmpty {
            segue.customClass = customClass
        }
        return segue
    }

    /// How a segue's identifier names its destination when the storyboard gives none: the destination's name in
    /// this storyboard, or, across a storyboard reference, the referenced storyboard ID (else the storyboard's name),
    /// so that the identifier does not depend on which other storyboards are imported.
    private func segueTargetName(file: Int, objectID: String) -> String {
        let key = ObjectKey(file: file, objectID: objectID)
        if let local = localNames[key] { return local }
        if let placeholder = placeholders[key] {
            return StoryboardNames.sanitize(placeholder.referencedIdentifier) ?? StoryboardNames.sanitize(placeholder.storyboardName) ?? "reference"
        }
        return "scene"
    }

    // MARK: - Initial scene

    /// The main storyboard's initial view controller, else the first one found in the order the files were given.
    private func initialScene() -> Located<String>? {
        var order = Array(documents.indices)
        if let mainDocument { order = [mainDocument] + order.filter { $0 != mainDocument } }
        for index in order {
            let document = documents[index]
            guard let initial = document.initialViewController else { continue }
            if let key = sceneKey(file: index, objectID: initial.value), let name = names[key] {
                return Located(name, at: initial.location)
            }
            warning("initialViewController '\(initial.value)' is not a view controller of this storyboard", at: initial.location)
        }
        return nil
    }
}

/// Text compared and hashed by its UTF-8 bytes, as Foundation's `NSString` compares (Swift's `String` compares by
/// canonical equivalence).
struct LiteralText: Hashable {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }
}
