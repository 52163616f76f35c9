import Foundation
import SceneModel

/// What an app's Swift sources add to its scenes: the unwind actions each class implements (see
/// `UnwindActionScanner`), for the scenes of that class.
public struct SourceScan: Sendable {
    /// Unwind action names by class name, each list in source order.
    public var unwindActionsByClass: [String: [String]] = [:]
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// Scans every `.swift` file under `folders` (hidden folders, `.build` and `Pods` skipped), each folder in path
    /// order; `listedAt` gives where a model lists each folder, for "no such folder" errors.
    public static func scan(folders: [String], listedAt: [SourceLocation?] = []) -> SourceScan {
        var result = SourceScan()
        for (offset, folder) in folders.enumerated() {
            let listed = offset < listedAt.count ? listedAt[offset] : nil
            guard let files = swiftFiles(in: folder) else {
                result.diagnostics.append(.error("no such sources folder '\(folder)'", at: listed ?? SourceLocation(file: folder, line: 1, column: 1),
                                                 category: .inputFile))
                continue
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    result.diagnostics.append(.warning("cannot read '\(file)'", at: SourceLocation(file: file, line: 1, column: 1), category: .inputFile))
                    continue
                }
                let source = String(decoding: data, as: UTF8.self)
                for (type, action) in UnwindActionScanner().scan(source: source) {
                    var list = result.unwindActionsByClass[type] ?? []
                    if !list.contains(action) { list.append(action) }
                    result.unwindActionsByClass[type] = list
                }
            }
        }
        return result
    }

    /// The `.swift` files under `folder` in path order; `nil` when it is not a folder.
    static func swiftFiles(in folder: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        var files: [String] = []
        let root = URL(fileURLWithPath: folder)
        if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil,
                                                            options: [.skipsHiddenFiles, .skipsPackageDescendants]) {
            for case let url as URL in enumerator {
                if [".build", "Pods", "Carthage", "DerivedData"].contains(url.lastPathComponent) { enumerator.skipDescendants() }
                if url.pathExtension == "swift" { files.append(relative(url.path, in: folder, root: root)) }
            }
        }
        return files.sorted()
    }

    /// A file's path written under `folder` as the caller wrote it, so diagnostics and segues name it that way.
    private static func relative(_ path: String, in folder: String, root: URL) -> String {
        let base = root.standardizedFileURL.path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        guard standardized.hasPrefix(base + "/") else { return path }
        return (folder as NSString).appendingPathComponent(String(standardized.dropFirst(base.count + 1)))
    }

    /// `scenes` with what the sources say about their classes.
    public func apply(to scenes: [Scene]) -> [Scene] {
        guard !unwindActionsByClass.isEmpty else { return scenes }
        return scenes.map { scene in
            var scene = scene
            for action in unwindActionsByClass[scene.className] ?? [] where !scene.implementsUnwind(action) {
                scene.unwindActions.append(Located(action, at: scene.location))
            }
            return scene
        }
    }
}
