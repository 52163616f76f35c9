import TextFormats
import Foundation

/// The files under a folder an input names (a folder of storyboards, a sources folder): hidden entries and build
/// products skipped, and at most `InputLimits.folderEntries` entries looked at, so that a mistyped folder (`/`, a
/// home folder) is refused in a moment instead of walked for minutes.
public enum FolderListing {
    /// Folders never looked into: build products and dependencies, which hold no storyboard or source of the app.
    public static let skippedFolders: Set<String> = ["build", ".build", "Pods", "Carthage", "DerivedData", "node_modules"]

    /// The skipped folders as a sentence's list, for the docs and for messages.
    public static let skippedDescription = "hidden ones, build, .build, Pods, Carthage, DerivedData and node_modules"

    /// A folder holding more entries than `InputLimits.folderEntries` (skipped ones not counted).
    public struct TooManyEntries: Error, Equatable, CustomStringConvertible {
        public var folder: String
        public var limit: Int
        public var description: String {
            "the folder '\(folder)' holds more than \(NumberText.grouped(limit)) files and folders (\(skippedDescription) not counted), more than an app's folder does"
        }
    }

    /// Whether a path relative to a listed folder passes through a hidden or skipped folder.
    public static func isSkipped(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").contains { $0.hasPrefix(".") || skippedFolders.contains(String($0)) }
    }

    /// Every file and folder under `path`, as paths relative to it, in path order; `nil` when `path` is not a folder.
    public static func entries(under path: String, limit: Int = InputLimits.folderEntries) throws(TooManyEntries) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        let root = URL(fileURLWithPath: path).standardizedFileURL
        // The root's path with one slash after it (`/` is already so).
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                               options: [.skipsHiddenFiles, .skipsPackageDescendants]) else { return [] }
        var result: [String] = []
        var seen = 0
        for case let url as URL in enumerator {
            if skippedFolders.contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            seen += 1
            if seen > limit { throw TooManyEntries(folder: path, limit: limit) }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            result.append(String(full.dropFirst(prefix.count)))
        }
        return result.sorted()
    }
}
