import Foundation
import TextFormats
import SceneModel

/// What Scenograph reads from an app's `Info.plist`: the main storyboard and the app's name.
public struct InfoPlist: Sendable, Hashable {
    /// The file read, as given or found.
    public var path: String
    /// `UIMainStoryboardFile`, else the storyboard of the application scene configuration
    /// (`UIApplicationSceneManifest` → `UISceneConfigurations` → `UIWindowSceneSessionRoleApplication` →
    /// `UISceneStoryboardFile`), as a storyboard name (`Main`).
    public var mainStoryboard: String?
    /// `CFBundleDisplayName`, else `CFBundleName`, unless it is a build setting such as `$(PRODUCT_NAME)`.
    public var appName: String?

    /// Reads the property list at `path` (XML or binary); an unreadable or malformed file is an error at the file.
    public static func read(_ path: String) -> Result<InfoPlist, Diagnostic> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        // The size of what a symbolic link leads to, as the read below follows it.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let size = (try? FileManager.default.attributesOfItem(atPath: target))?[.size] as? Int, size > InputLimits.infoPlistBytes {
            return .failure(.error("the Info.plist '\(path)' is \(NumberText.grouped(size)) bytes, more than the \(NumberText.grouped(InputLimits.infoPlistBytes)) read of one", at: start, category: .limit))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return .failure(.error(exists ? "cannot read the Info.plist '\(path)'" : "no such Info.plist '\(path)'", at: start, category: .inputFile))
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // Foundation says what and where in its debug description ("Encountered unknown tag strin on line 2").
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
            var location = start
            var reason = ""
            if let range = detail.range(of: #"(on|at) line [0-9]+"#, options: .regularExpression) {
                let number = detail[range].split(separator: " ").last.flatMap { Int($0) } ?? 1
                location = SourceLocation(file: path, line: max(1, number), column: 1)
                let what = detail[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                if !what.isEmpty { reason = ": " + what.prefix(1).lowercased() + what.dropFirst() }
            }
            return .failure(.error("the Info.plist '\(path)' is not a property list\(reason)", at: location, category: .inputFile))
        }
        guard let dictionary = object as? [String: Any] else {
            return .failure(.error("the Info.plist '\(path)' is not a dictionary of keys", at: start, category: .inputFile))
        }
        return .success(InfoPlist(path: path, dictionary: dictionary))
    }

    init(path: String, dictionary: [String: Any]) {
        self.path = path
        func text(_ key: String) -> String? {
            guard let value = dictionary[key] as? String else { return nil }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty || trimmed.contains("$(") || trimmed.contains("${") ? nil : trimmed
        }
        var storyboard = text("UIMainStoryboardFile")
        if storyboard == nil,
           let manifest = dictionary["UIApplicationSceneManifest"] as? [String: Any],
           let configurations = manifest["UISceneConfigurations"] as? [String: Any],
           let roles = configurations["UIWindowSceneSessionRoleApplication"] as? [Any] {
            storyboard = roles.lazy.compactMap { ($0 as? [String: Any])?["UISceneStoryboardFile"] as? String }
                .first { !$0.isEmpty }
        }
        mainStoryboard = storyboard
        // A name titles every page, as a model's does: without control characters, and no longer than a model's text.
        appName = (text("CFBundleDisplayName") ?? text("CFBundleName")).flatMap { name in
            let shown = Markdown.removingControls(name).trimmingCharacters(in: .whitespacesAndNewlines)
            // Within a model value's size, cut between characters (a character may be many bytes).
            var kept = ""
            for character in shown {
                guard kept.utf8.count + character.utf8.count <= InputLimits.yamlScalarBytes else { break }
                kept.append(character)
            }
            return kept.isEmpty ? nil : kept
        }
    }

    /// The `Info.plist` beside the storyboards: in a storyboard's folder or up to two folders above it (an
    /// `.lproj` folder's parent is the usual place), first for the storyboards in the order given. A folder holding
    /// several `*-Info.plist` files and no `Info.plist` is ambiguous and skipped.
    public static func find(near storyboards: [String]) -> String? {
        var visited: Set<String> = []
        for storyboard in storyboards {
            var folder = URL(fileURLWithPath: storyboard).standardizedFileURL.deletingLastPathComponent()
            for _ in 0..<3 {
                if visited.insert(folder.path).inserted, let found = plist(in: folder) {
                    return relative(found, like: storyboard)
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    private static func plist(in folder: URL) -> URL? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        if entries.contains("Info.plist") { return folder.appendingPathComponent("Info.plist") }
        let named = entries.filter { $0.hasSuffix("-Info.plist") }
        return named.count == 1 ? folder.appendingPathComponent(named[0]) : nil
    }

    /// `found` written relative to the current directory when the storyboard was given that way.
    private static func relative(_ found: URL, like storyboard: String) -> String {
        guard !storyboard.hasPrefix("/") else { return found.path }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = found.standardizedFileURL.path
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }

    /// The app's name for storyboards without a model: the Xcode project around the main storyboard
    /// (`GoMap.xcodeproj` → `GoMap`, looking up to four folders above it), else the storyboard's folder,
    /// skipping `*.lproj`, else the storyboard's name.
    public static func projectName(around storyboard: String) -> String {
        folderName(of: URL(fileURLWithPath: storyboard).standardizedFileURL.deletingLastPathComponent())
            ?? StoryboardImporter.storyboardName(of: storyboard)
    }

    /// The name `projectName(around:)` gives every storyboard in `folder`, if the folder gives one.
    public static func folderName(of folder: URL) -> String? {
        var current = folder
        for _ in 0..<5 {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: current.path) {
                let projects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
                if let project = projects.first { return String(project.dropLast(".xcodeproj".count)) }
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        // The nearest folder that names something: not a localization, and not a folder every project has under
        // another name (`Storyboards`, `Resources`, `src`, `iOS`), unless no other is near.
        // Never past the home folder or a folder at the top of the file system (`/tmp`, `/Users/alice`): those
        // name the machine or its user, not the app.
        let components = folder.standardizedFileURL.pathComponents
        let home = URL(fileURLWithPath: NSHomeDirectory()).standardizedFileURL.pathComponents
        var candidates: [String] = []
        for length in stride(from: components.count, through: 2, by: -1) {
            let path = Array(components.prefix(length))
            if path == home || length <= 2 || (length == 3 && ["Users", "home"].contains(path[1])) { break }
            let name = path[length - 1]
            if !name.hasSuffix(".lproj"), !name.isEmpty { candidates.append(name) }
        }
        let nearest = folder.pathComponents.reversed().first { !$0.hasSuffix(".lproj") && $0 != "/" && !$0.isEmpty }
        return candidates.prefix(4).first { !genericFolderNames.contains($0.lowercased()) } ?? nearest
    }

    /// Folder names that say what a folder holds, not which app it is.
    static let genericFolderNames: Set<String> = [
        "storyboard", "storyboards", "resources", "resource", "src", "source", "sources", "ios", "ui", "views",
        "interface", "supporting files", "assets",
    ]
}
