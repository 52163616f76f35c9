import TextFormats
import Foundation
import SceneModel

/// What an app's Swift sources add to its scenes (see `SwiftSourceScanner`): the unwind actions each class
/// implements, and the navigation its code does, as `code` segues of the scenes of that class.
public struct SourceScan: Sendable {
    /// A navigation call and the file it is in.
    public struct FoundCall: Sendable {
        public var file: String
        var call: SwiftSourceScanner.Call

        /// The line of the call.
        public var line: Int { call.line }
        /// The call as written, shortened: `present(vc, animated: true)`.
        public var text: String { call.text }
        /// The type whose code makes the call.
        public var type: String { call.type }
    }

    /// Unwind action names by class name, each list in source order.
    public var unwindActionsByClass: [String: [String]] = [:]
    /// Navigation calls in file order.
    public var calls: [FoundCall] = []
    public var diagnostics: [Diagnostic] = []
    /// How many Swift files were read.
    public var fileCount = 0

    public init() {}

    /// Scans every `.swift` file under `folders` (hidden folders and build products skipped: `FolderListing`), each
    /// folder in path order; `listedAt` gives where a model lists each folder, for "no such folder"; a folder of more
    /// than `entryLimit` entries is refused.
    public static func scan(folders: [String], listedAt: [SourceLocation?] = [], entryLimit: Int = InputLimits.folderEntries) -> SourceScan {
        var result = SourceScan()
        for (offset, folder) in folders.enumerated() {
            let listed = offset < listedAt.count ? listedAt[offset] : nil
            let listing: [String]?
            do {
                listing = try swiftFiles(in: folder, limit: entryLimit)
            } catch {
                result.diagnostics.append(.error("\(error); name the folder of the app's Swift sources", at: listed ?? SourceLocation(file: folder, line: 1, column: 1), category: .limit))
                continue
            }
            guard let files = listing else {
                let what = FileManager.default.fileExists(atPath: folder) ? "the sources '\(folder)' are not a folder" : "no such sources folder '\(folder)'"
                result.diagnostics.append(.error(what, at: listed ?? SourceLocation(file: folder, line: 1, column: 1), category: .inputFile))
                continue
            }
            for file in files {
                if let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue,
                   size > InputLimits.swiftFileBytes {
                    result.diagnostics.append(.warning("'\(file)' is \(NumberText.grouped(size)) bytes, more than the \(NumberText.grouped(InputLimits.swiftFileBytes)) the scan reads in one Swift file; it is skipped",
                                                       at: SourceLocation(file: file, line: 1, column: 1), category: .inputFile))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: file) else {
                    result.diagnostics.append(.warning(InputFile.notUTF8(file, what: "Swift file") ?? "cannot read '\(file)'", at: SourceLocation(file: file, line: 1, column: 1), category: .inputFile))
                    continue
                }
                if let bad = InputFile.firstInvalidByte(in: data) {
                    // A file in another encoding would be read as noise: skipped, as an oversized one is.
                    result.diagnostics.append(.warning("'\(file)' is not valid UTF-8: \(bad.detail); " + (bad.otherEncoding == nil ? "it is scanned with such bytes replaced" : "it is skipped"),
                                                       at: SourceLocation(file: file, line: bad.line, column: bad.column), category: .inputFile))
                    if bad.otherEncoding != nil { continue }
                }
                result.add(SwiftSourceScanner.scan(String(decoding: data, as: UTF8.self)), file: file)
            }
        }
        return result
    }

    /// Scans sources given as text (`path` names each), for tests and tools.
    public static func scan(sources: [(path: String, text: String)]) -> SourceScan {
        var result = SourceScan()
        for source in sources { result.add(SwiftSourceScanner.scan(source.text), file: source.path) }
        return result
    }

    private mutating func add(_ scanned: SwiftSourceScanner, file: String) {
        fileCount += 1
        for (type, action) in scanned.unwindActions {
            var list = unwindActionsByClass[type] ?? []
            if !list.contains(action) { list.append(action) }
            unwindActionsByClass[type] = list
        }
        calls += scanned.calls.map { FoundCall(file: file, call: $0) }
    }

    /// The `.swift` files under `folder` in path order; `nil` when it is not a folder.
    static func swiftFiles(in folder: String, limit: Int) throws(FolderListing.TooManyEntries) -> [String]? {
        try FolderListing.entries(under: folder, limit: limit).map { entries in
            entries.filter { $0.hasSuffix(".swift") }.map { (folder as NSString).appendingPathComponent($0) }
        }
    }

    // MARK: - Applying to scenes

    /// What the scan added to a model's scenes.
    public struct Applied: Sendable {
        public var scenes: [Scene]
        /// The calls that could not be resolved, one warning each (`code-unresolved`).
        public var diagnostics: [Diagnostic] = []
        /// Code segues added (one per call and scene of the calling class).
        public var segueCount = 0
        /// Storyboard segues found performed by `performSegue(withIdentifier:)`.
        public var performedCount = 0
        /// Calls about controllers of Apple's frameworks (alerts, share sheets), which are no scenes.
        public var systemCount = 0
    }

    /// `scenes` with what the sources say about their classes: unwind actions, and a `code` segue for each navigation
    /// call whose view controller the code names; `initialScenes` are the storyboards' initial view controllers by
    /// storyboard name (`instantiateInitialViewController()`). Calls in classes of no scene are left out.
    public func apply(to scenes: [Scene], initialScenes: [String: String] = [:]) -> Applied {
        var result = Applied(scenes: scenes)
        for index in result.scenes.indices {
            for action in unwindActionsByClass[result.scenes[index].className] ?? [] where !result.scenes[index].implementsUnwind(action) {
                result.scenes[index].unwindActions.append(Located(action, at: result.scenes[index].location))
            }
        }
        guard !calls.isEmpty else { return result }
        var byClass: [String: [Int]] = [:]
        for (index, scene) in scenes.enumerated() { byClass[scene.className, default: []].append(index) }
        let resolver = TargetResolver(scenes: scenes, initialScenes: initialScenes)
        var added: [Int: [(segue: Segue, function: String?)]] = [:]
        for found in calls {
            let call = found.call
            guard let sources = byClass[call.type], !sources.isEmpty else { continue }
            let location = SourceLocation(file: found.file, line: call.line, column: call.column)
            let place = "\(found.file):\(call.line)"
            let owner = "\(call.type).\(call.function.map { "\($0)()" } ?? "body")"
            func unresolved(_ reason: String) {
                result.diagnostics.append(.warning("\(owner): \(call.text): \(reason); not added", at: location, category: .codeUnresolved,
                                                   subject: "\(call.text) (\(place))"))
            }
            switch call.kind {
            case .performSegue(let identifier):
                guard let identifier else {
                    if case .unknown(let reason) = call.target { unresolved(reason) }
                    continue
                }
                for index in sources {
                    guard let segue = result.scenes[index].segues.firstIndex(where: { $0.id == identifier }) else {
                        let names = result.scenes[index].segues.map(\.id)
                        unresolved("scene '\(result.scenes[index].id)' has no segue '\(identifier)'\(Identifier.didYouMean(identifier, among: names))")
                        break
                    }
                    if result.scenes[index].segues[segue].summary == nil {
                        result.scenes[index].segues[segue].summary = "Performed in code: `\(call.text)` in \(owner) (\(place))."
                    }
                    result.performedCount += 1
                }
            case .code(let kind):
                var destination: String?
                switch call.target {
                case .none: destination = nil
                case .system: result.systemCount += 1; continue
                case .unknown(let reason): unresolved("cannot tell which scene, \(reason)"); continue
                default:
                    switch resolver.resolve(call.target, from: scenes[sources[0]]) {
                    case .success(let id): destination = id
                    case .failure(let problem): unresolved(problem.reason); continue
                    }
                }
                for index in sources {
                    var segue = Segue(id: "", source: result.scenes[index].id, kind: .code, destination: destination, location: location)
                    segue.call = Located(kind, at: location)
                    segue.codeLocation = place
                    segue.summary = "`\(call.text)` in \(owner)."
                    added[index, default: []].append((segue, call.function))
                }
            }
        }
        for (index, segues) in added {
            var scene = result.scenes[index]
            // `code-<call>-<destination>`, then with the function, then numbered; never an identifier the scene has.
            let existing = scene.segues.map { [$0.id] }
            let candidates = segues.map { entry -> [String] in
                let call = entry.segue.call?.value.rawValue ?? "call"
                let base = entry.segue.destination.map { "code-\(call)-\(StoryboardNames.sanitize(Identifier.bareScene($0.value), maximumLength: StoryboardNames.segueLength) ?? "scene")" } ?? "code-\(call)"
                return [base] + (entry.function.flatMap { StoryboardNames.sanitize($0, maximumLength: StoryboardNames.segueLength) }.map { ["\(base)-\($0)"] } ?? [])
            }
            let names = StoryboardNames.resolve(existing + candidates, keeps: existing.map { _ in true } + candidates.map { _ in false })
            for (offset, entry) in segues.enumerated() {
                var segue = entry.segue
                segue.id = names[existing.count + offset]
                scene.segues.append(segue)
            }
            result.scenes[index] = scene
            result.segueCount += segues.count
        }
        return result
    }
}

/// Finds the scene a call's view controller is, by storyboard ID, initial view controller or class.
struct TargetResolver {
    let initialScenes: [String: String]
    /// Second instances of storyboard scenes (`List@Nav`) are the same class and storyboard ID: the original stands for them.
    private let originals: [Scene]

    init(scenes: [Scene], initialScenes: [String: String]) {
        self.initialScenes = initialScenes
        originals = scenes.filter { !$0.id.contains("@") }
    }

    struct Unresolved: Error {
        var reason: String
    }

    private static func storyboardName(of scene: Scene) -> String? {
        scene.origin.map { StoryboardImporter.storyboardName(of: $0.storyboard) }
    }

    func resolve(_ target: SwiftSourceScanner.Target, from source: Scene) -> Result<String, Unresolved> {
        func storyboard(_ reference: SwiftSourceScanner.StoryboardReference) -> String? {
            switch reference {
            case .own: return Self.storyboardName(of: source)
            case .named(let name): return name
            }
        }
        switch target {
        case .storyboardID(let reference, let identifier):
            let name = storyboard(reference)
            let matches = originals.filter { scene in
                scene.storyboardID == identifier && (scene.origin == nil || name == nil || Self.storyboardName(of: scene) == name)
            }
            if matches.count == 1 { return .success(matches[0].id) }
            let within = name.map { " in storyboard '\($0)'" } ?? ""
            if matches.isEmpty {
                let known = originals.compactMap(\.storyboardID)
                return .failure(Unresolved(reason: "no scene has storyboard ID '\(identifier)'\(within)\(Identifier.didYouMean(identifier, among: known))"))
            }
            return .failure(Unresolved(reason: "several scenes have storyboard ID '\(identifier)'\(within): \(matches.map { "'\($0.id)'" }.joined(separator: ", "))"))
        case .initial(let reference):
            guard let name = storyboard(reference) else {
                return .failure(Unresolved(reason: "the calling scene comes from no storyboard, so its storyboard's initial view controller is unknown"))
            }
            guard let id = initialScenes[name] else {
                return .failure(Unresolved(reason: "storyboard '\(name)' is not imported or has no initial view controller"))
            }
            return .success(id)
        case .className(let name):
            let matches = originals.filter { $0.className == name }
            if matches.count == 1 { return .success(matches[0].id) }
            if matches.isEmpty { return .failure(Unresolved(reason: "no scene has class \(name)")) }
            return .failure(Unresolved(reason: "several scenes have class \(name): \(matches.map { "'\($0.id)'" }.joined(separator: ", "))"))
        case .system(let name):
            return .failure(Unresolved(reason: "\(name) is a controller of Apple's frameworks, no scene of the app"))
        case .unknown(let reason):
            return .failure(Unresolved(reason: reason))
        case .none:
            return .failure(Unresolved(reason: "no view controller"))
        }
    }
}
