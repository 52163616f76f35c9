import Foundation
@testable import ModelLoading
import SceneModel
import Testing

/// A folder given as the app or its sources is listed with build products and hidden folders left out, and refused
/// past a number of entries instead of walked for minutes (`validate /`).
@Suite struct FolderListingTests {
    /// A new folder holding `files` (paths relative to it, folders made as needed).
    private static func folder(_ files: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)").path
        for file in files {
            let path = (root as NSString).appendingPathComponent(file)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("struct A {}\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func listsInPathOrderWithoutHiddenFoldersOrBuildProducts() throws {
        let root = try Self.folder(["b/B.swift", "A.swift", ".git/x.swift", "Pods/P/P.swift", "build/y.swift",
                                    "node_modules/m.swift", "DerivedData/d.swift", "Carthage/c.swift", ".build/z.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try FolderListing.entries(under: root) == ["A.swift", "b", "b/B.swift"])
        #expect(try FolderListing.entries(under: (root as NSString).appendingPathComponent("A.swift")) == nil)
        #expect(try FolderListing.entries(under: root + "-missing") == nil)
    }

    @Test func aFolderPastTheLimitIsRefusedByName() throws {
        let root = try Self.folder(["a/1.swift", "a/2.swift", "3.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Four entries: the folder a, its two files and 3.swift.
        #expect(try FolderListing.entries(under: root, limit: 4)?.count == 4)
        #expect(throws: FolderListing.TooManyEntries(folder: root, limit: 3)) { try FolderListing.entries(under: root, limit: 3) }
        let message = FolderListing.TooManyEntries(folder: root, limit: 3).description
        #expect(message.hasPrefix("the folder '\(root)' holds more than 3 files and folders"))
    }

    @Test func skippedFoldersDoNotCountAgainstTheLimit() throws {
        let root = try Self.folder(["A.swift"] + (1...20).map { "Pods/Lib/\($0).swift" } + (1...5).map { ".git/objects/\($0)" })
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try FolderListing.entries(under: root, limit: 1) == ["A.swift"])
    }

    @Test func aSourcesFolderPastTheLimitIsAnErrorWhereTheModelListsIt() throws {
        let root = try Self.folder(["A.swift", "B.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let listed = SourceLocation(file: "app.yaml", line: 4, column: 11)
        let scan = SourceScan.scan(folders: [root], listedAt: [listed], entryLimit: 1)
        let error = try #require(scan.diagnostics.first)
        #expect(scan.diagnostics.count == 1 && error.severity == .error && error.category == "limit")
        #expect(error.location == listed)
        #expect(error.message.contains("'\(root)' holds more than 1 files and folders"))
        #expect(scan.fileCount == 0)
        #expect(SourceScan.scan(folders: [root], entryLimit: 2).fileCount == 2)
    }
}
