import Foundation
import XCTest

/// The module boundaries of docs/architecture.md, checked on the sources themselves.
final class BoundariesTests: XCTestCase {
    /// A target's declared dependencies, read from Package.swift.
    private func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = manifest.range(of: "name: \"\(target)\"") else { return [] }
        let rest = manifest[start.upperBound...]
        guard let nextTarget = rest.range(of: ".target(") ?? rest.range(of: ".executableTarget(") ?? rest.range(of: ".testTarget(") else { return [] }
        let declaration = rest[..<nextTarget.lowerBound]
        guard let list = declaration.range(of: "dependencies: [") else { return [] }
        var names: [String] = []
        var inString = false, current = ""
        for character in declaration[list.upperBound...] {
            if character == "\"" {
                if inString { names.append(current) }
                inString.toggle()
                current = ""
            } else if inString {
                current.append(character)
            } else if character == "]" {
                break
            }
        }
        return names
    }

    /// The modules a target's sources import.
    private func imports(of target: String) throws -> Set<String> {
        let folder = packageRoot.appendingPathComponent("Sources/\(target)")
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                found.insert(String(line.split(separator: " ").last ?? ""))
            }
        }
        return found
    }

    func testDocSiteDependsOnlyOnWhatItImports() throws {
        let declared = try dependencies(of: "DocSite")
        XCTAssertFalse(declared.contains("Graphviz"))
        XCTAssertFalse(declared.contains("Diagrams"))
        XCTAssertFalse(declared.contains("ModelLoading"))
        let system: Set = ["Foundation", "Glibc", "Darwin", "Mustache"]
        let imported = try imports(of: "DocSite").subtracting(system)
        XCTAssertEqual(imported, Set(declared.filter { $0 != "Mustache" && $0 != "swift-mustache" }))
    }

    func testOnlyTheExecutableReadsTheEnvironment() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "scenograph" {
            let folder = sources.appendingPathComponent(module)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                XCTAssertFalse(text.contains("processInfo.environment"), "\(module)/\(file) reads the environment")
                XCTAssertFalse(text.contains("getenv("), "\(module)/\(file) reads the environment")
            }
        }
    }

    func testLibrariesNeitherPrintNorExit() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "scenograph" {
            let folder = sources.appendingPathComponent(module)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for forbidden in ["print(", "FileHandle.standardOutput", "FileHandle.standardError", "exit(", "fatalError("] {
                    XCTAssertFalse(text.contains(forbidden), "\(module)/\(file) uses \(forbidden)")
                }
            }
        }
    }
}
