import Foundation

/// The package's root folder (it holds Package.swift, Examples/, Output/).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The shared material beside the package (`../shared`), when it is there: a user's fresh clone has none.
public var sharedRoot: URL? {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}
