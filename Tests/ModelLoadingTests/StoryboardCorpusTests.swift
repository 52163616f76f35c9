import Foundation
import ModelLoading
import SceneModel
import Testing

/// The shared corpus of real storyboards, next to the package (`../shared/corpus/storyboards`), when it is there.
enum StoryboardCorpus {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/storyboards").standardizedFileURL

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("census.tsv").path)
    }

    /// One line of `census.tsv`: the independent count of a file.
    struct Entry {
        var file: String
        var runtime: String
        var initial: String
        var controllers: Int
        var placeholders: Int
        var segues: Int
        var kinds: [String: Int]
        /// For files that are not XML: Python's message, with a 0-based column.
        var problem: String

        var isAccepted: Bool { ["iOS.CocoaTouch", "iOS.CocoaTouch.iPad", "AppleTV"].contains(runtime) }
        var isRejected: Bool { ["MacOSX.Cocoa", "watchKit"].contains(runtime) }
        /// `owner__repository`: files sharing it form a multi-file set.
        var repository: String { file.components(separatedBy: "__").prefix(2).joined(separator: "__") }
    }

    static func census() throws -> [Entry] {
        let text = try String(contentsOf: folder.appendingPathComponent("census.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        #expect(header == ["file", "runtime", "initial", "controllers", "placeholders", "segues", "kinds"])
        return lines.map { row in
            var kinds: [String: Int] = [:]
            for pair in (row.count > 6 ? row[6] : "").split(separator: ",") {
                let parts = pair.split(separator: "=")
                if parts.count == 2, let count = Int(parts[1]) { kinds[String(parts[0])] = count }
            }
            return Entry(file: row[0], runtime: row[1], initial: row.count > 2 ? row[2] : "",
                         controllers: Int(row.count > 3 ? row[3] : "") ?? 0, placeholders: Int(row.count > 4 ? row[4] : "") ?? 0,
                         segues: Int(row.count > 5 ? row[5] : "") ?? 0, kinds: kinds, problem: row.count > 6 ? row[6] : "")
        }
    }

    /// The file's path in the corpus: broken files live in `broken/`.
    static func path(of entry: Entry) -> String {
        let direct = folder.appendingPathComponent(entry.file).path
        return FileManager.default.fileExists(atPath: direct) ? direct : folder.appendingPathComponent("broken/\(entry.file)").path
    }

    /// The path each file had in its repository (`MANIFEST.tsv`), so storyboard references find it by name.
    static func originalPaths() throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var paths: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if columns.count > 2 { paths[columns[0]] = columns[2] }
        }
        return paths
    }
}

/// Every corpus file against the independent census: counts, runtime gate, broken files, multi-file sets.
@Suite(.enabled(if: StoryboardCorpus.isPresent, "the storyboard corpus (../shared/corpus/storyboards) is not next to the package"))
struct StoryboardCorpusTests {
    @Test func importedCountsEqualTheCensus() throws {
        let entries = try StoryboardCorpus.census().filter(\.isAccepted)
        #expect(entries.count > 50)
        var passed = 0
        for entry in entries {
            let imported = StoryboardImporter().importFiles([StoryboardCorpus.path(of: entry)])
            let report = try #require(imported.files.first)
            var problems: [String] = []
            if imported.hasErrors { problems.append("errors: \(imported.diagnostics.filter(\.isError).brief)") }
            if report.controllers.count != entry.controllers { problems.append("controllers \(report.controllers.count) ≠ \(entry.controllers)") }
            if report.placeholders.count != entry.placeholders { problems.append("placeholders \(report.placeholders.count) ≠ \(entry.placeholders)") }
            if report.segueCount != entry.segues { problems.append("segues \(report.segueCount) ≠ \(entry.segues)") }
            if report.segueCounts != entry.kinds { problems.append("kinds \(report.segueCounts) ≠ \(entry.kinds)") }
            if !entry.initial.isEmpty, let initial = imported.initial?.value,
               let scene = imported.scene(initial), scene.origin?.objectID != entry.initial,
               !report.placeholders.contains(where: { $0.objectID == entry.initial }) {
                problems.append("initial \(scene.origin?.objectID ?? "?") ≠ \(entry.initial)")
            }
            // The scenes make a valid model (a file without view controllers has nothing to validate).
            let loaded = ModelLoader().load(imported: imported, name: "Corpus", path: entry.file)
            if entry.controllers + entry.placeholders > 0, loaded.hasErrors {
                problems.append("model errors: \(loaded.diagnostics.filter(\.isError).brief)")
            }
            if problems.isEmpty { passed += 1 } else { Issue.record("\(entry.file): \(problems.joined(separator: "; "))") }
        }
        print("storyboard corpus: \(passed) of \(entries.count) iOS/iPad/tvOS files match the census")
    }

    @Test func everyImportedFileRoundTripsThroughYAML() throws {
        var checked = 0
        for entry in try StoryboardCorpus.census().filter(\.isAccepted) where entry.controllers > 0 {
            let direct = ModelLoader().load(storyboards: [StoryboardCorpus.path(of: entry)], name: entry.file)
            let model = try #require(direct.model, "\(entry.file)")
            let yaml = ModelWriter().yaml(for: model)
            let loaded = ModelLoader().load(text: yaml, path: "\(entry.file).yaml")
            let reloaded = try #require(loaded.model, "\(entry.file): \(loaded.diagnostics.filter(\.isError).brief)")
            #expect(withoutLocations(reloaded) == withoutLocations(model), "\(entry.file)")
            checked += 1
        }
        print("storyboard corpus: \(checked) imported files round-trip through YAML")
    }

    @Test func macOSAndWatchOSFilesAreRejectedNamingTheRuntime() throws {
        let entries = try StoryboardCorpus.census().filter(\.isRejected)
        #expect(entries.count >= 8)
        for entry in entries {
            let imported = StoryboardImporter().importFiles([StoryboardCorpus.path(of: entry)])
            let errors = imported.diagnostics.filter(\.isError)
            let name = entry.runtime == "watchKit" ? "watchOS" : "macOS"
            #expect(errors.count == 1, "\(entry.file)")
            #expect(errors.first?.message.hasPrefix("\(name) storyboards are not supported (targetRuntime '\(entry.runtime)')") == true,
                    "\(entry.file): \(errors.brief)")
            #expect(imported.scenes.isEmpty)
        }
        print("storyboard corpus: \(entries.count) macOS/watchOS files rejected")
    }

    @Test func brokenFilesGetALineAndColumn() throws {
        let entries = try StoryboardCorpus.census().filter { $0.runtime == "INVALID-XML" }
        #expect(entries.count >= 2)
        for entry in entries {
            let imported = StoryboardImporter().importFiles([StoryboardCorpus.path(of: entry)])
            let firstError = imported.diagnostics.first { $0.isError }
            let error = try #require(firstError, "\(entry.file)")
            // The census says "…: line L, column C" with a 0-based column.
            let numbers = entry.problem.components(separatedBy: CharacterSet.decimalDigits.inverted).compactMap { Int($0) }
            let line = try #require(numbers.dropLast().last), column = try #require(numbers.last)
            #expect(error.location.line == line, "\(entry.file): \(error)")
            #expect((1...column + 1).contains(error.location.column), "\(entry.file): \(error)")
            #expect(error.message.hasPrefix("malformed XML") || error.message.hasPrefix("merge conflict marker"), "\(error)")
        }
        print("storyboard corpus: \(entries.count) broken files reported with line and column")
    }

    /// Files sharing a repository prefix are imported together under their original paths; every reference whose
    /// storyboard is among them resolves.
    @Test func multiFileSetsResolveTheirReferences() throws {
        let entries = try StoryboardCorpus.census().filter(\.isAccepted)
        let originals = try StoryboardCorpus.originalPaths()
        let sets = Dictionary(grouping: entries, by: \.repository).filter { $0.value.count > 1 }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-corpus-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var checked = 0, resolved = 0
        for repository in sets.keys.sorted() {
            let members = sets[repository] ?? []
            var paths: [String] = []
            for entry in members {
                let original = try #require(originals[entry.file], "\(entry.file) is not in MANIFEST.tsv")
                let target = scratch.appendingPathComponent(repository).appendingPathComponent(original)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: StoryboardCorpus.path(of: entry))
                paths.append(target.path)
            }
            let imported = StoryboardImporter().importFiles(paths)
            #expect(!imported.hasErrors, "\(repository): \(imported.diagnostics.filter(\.isError).brief)")
            let present = Set(imported.files.filter { $0.status == .imported }.map(\.name))
            for file in imported.files {
                for placeholder in file.placeholders where present.contains(placeholder.storyboardName ?? "") {
                    checked += 1
                    if placeholder.isResolved { resolved += 1 } else {
                        Issue.record("\(repository): reference \(placeholder.objectID) in \(file.name) to \(placeholder.storyboardName ?? "?")/\(placeholder.referencedIdentifier ?? "initial") is not resolved")
                    }
                }
            }
            #expect(ModelLoader().load(imported: imported, name: repository, path: paths[0]).model != nil, "\(repository)")
        }
        print("storyboard corpus: \(sets.count) multi-file sets, \(resolved) of \(checked) references to present files resolved")
    }

    /// Swift sources written for the GoMap set (`Fixtures/Apps/GoMapSample`) add code segues to its real storyboards
    /// and list what they cannot resolve.
    @Test func sampleSourcesAddCodeSeguesToTheGoMapSet() throws {
        let originals = try StoryboardCorpus.originalPaths()
        let entries = try StoryboardCorpus.census().filter { $0.repository == "bryceco__GoMap" }
        #expect(entries.count == 7)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-gomap-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var paths: [String] = []
        for entry in entries.sorted(by: { $0.file < $1.file }) {
            let target = scratch.appendingPathComponent(try #require(originals[entry.file]))
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: StoryboardCorpus.path(of: entry))
            paths.append(target.path)
        }
        let sources = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/Apps/GoMapSample").path ?? "Fixtures/Apps/GoMapSample"
        let result = ModelLoader().load(storyboards: paths, options: LoadOptions(mainStoryboard: "MainStoryboard", sources: [sources]))
        let model = try #require(result.model, "\(result.diagnostics.filter(\.isError).brief)")
        let code = model.allSegues.filter { $0.kind.value == .code }.map { "\($0.qualifiedID) → \($0.destination?.value ?? "-")" }
        #expect(code == [
            "MainViewController.code-present-SettingsViewController → Settings.SettingsViewController",
            "MainViewController.code-present-poiTabBar → POI.poiTabBar",
            "MainViewController.code-present-QuestChooserController → QuestChooser.QuestChooserController",
            "Display.DisplayViewController-Display.code-push-UserData → DataOverlays.UserData",
            "Display.DisplayViewController-Display.code-dismiss → -",
            "POI.POIAllTagsViewController.code-push-POIPresetValuePickerController → POI.POIPresetValuePickerController",
            "Settings.SettingsViewController-Settings.code-show-LoginViewController → Settings.LoginViewController",
            "Settings.LoginViewController.code-dismiss → -",
        ])
        #expect(model.scene("MainViewController")?.segue("NotesSegue")?.summary?.hasPrefix("Performed in code") == true)
        #expect(model.scene("Settings.SettingsViewController-Settings")?.unwindActions.map(\.value) == ["unwindToSettings"])
        let unresolved = result.diagnostics.filter { $0.category == "code-unresolved" }.map { ($0.location.file as NSString).lastPathComponent + ":\($0.location.line)" }
        #expect(unresolved == ["MainViewController.swift:31", "POIAllTagsViewController.swift:11"])
        print("storyboard corpus: GoMap with sample sources: \(code.count) code segues, \(unresolved.count) calls listed as unresolved")
    }

    /// Object ids as Interface Builder writes them (`Mxq-5y-Lb4`); legacy numeric ids cannot be told from numbers.
    static func objectIDs(inFileAt path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var ids: Set<String> = []
        for part in text.components(separatedBy: " id=\"").dropFirst() {
            guard let end = part.firstIndex(of: "\"") else { continue }
            let id = String(part[..<end])
            if id.count >= 5, id.contains("-") { ids.insert(id) }
        }
        return ids
    }

    /// No scene or segue identifier carries an Interface Builder object id: scenes are named from their storyboard ID,
    /// class, label or kind, second instances from their parent, segues from their identifier or destination.
    @Test func noIdentifierCarriesAnObjectID() throws {
        var checked = 0
        for entry in try StoryboardCorpus.census().filter(\.isAccepted) where entry.controllers > 0 {
            let path = StoryboardCorpus.path(of: entry)
            let objectIDs = try Self.objectIDs(inFileAt: path)
            let imported = StoryboardImporter().importFiles([path])
            for scene in imported.scenes {
                let names = [scene.id] + scene.segues.map(\.id)
                for name in names {
                    checked += 1
                    let parts = name.split(whereSeparator: { ".@".contains($0) }).map(String.init)
                    let carried = objectIDs.filter { id in parts.contains { $0 == id || $0.hasSuffix("-\(id)") || $0.hasPrefix("\(id)-") || $0.contains("-\(id)-") } }
                    #expect(carried.isEmpty, "\(entry.file): '\(name)' carries the object id \(carried.sorted())")
                }
            }
        }
        print("storyboard corpus: \(checked) scene and segue identifiers, none with an object id")
    }

    /// Within a multi-file set, with its main storyboard fixed, the identifiers of a file's scenes and of their segues
    /// are the same whether the other files are imported, left out, or given in another order.
    @Test func identifiersDoNotDependOnTheOtherFiles() throws {
        let entries = try StoryboardCorpus.census().filter(\.isAccepted)
        let originals = try StoryboardCorpus.originalPaths()
        let sets = Dictionary(grouping: entries, by: \.repository).filter { $0.value.count > 1 }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-corpus-ids-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var compared = 0, skipped = 0
        for repository in sets.keys.sorted() {
            var paths: [String] = []
            for entry in (sets[repository] ?? []).sorted(by: { $0.file < $1.file }) {
                let original = try #require(originals[entry.file])
                let target = scratch.appendingPathComponent(repository).appendingPathComponent(original)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: StoryboardCorpus.path(of: entry))
                paths.append(target.path)
            }
            let names = paths.map(StoryboardImporter.storyboardName(of:))
            let main = paths[names.firstIndex { $0.hasPrefix("Main") } ?? 0]
            // Storyboards sharing a name are different targets of the repository (a bundle's resource names are
            // unique): importing them together tells them apart by folder, so they are left out of the comparison.
            let alike = Set(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys)
            /// Per file: its view controllers' identifiers, each with its segues' identifiers.
            func identifiers(_ given: [String]) -> [String: [String]] {
                let imported = StoryboardImporter().importFiles(given, mainStoryboard: main)
                var result: [String: [String]] = [:]
                for file in imported.files where file.status == .imported {
                    result[file.path] = file.controllers.map { id in
                        let segues = imported.scenes.first { $0.id == id }?.segues.map(\.id) ?? []
                        return "\(id): \(segues.joined(separator: ", "))"
                    }
                }
                return result
            }
            let all = identifiers(paths)
            let reversed = identifiers(paths.reversed())
            #expect(reversed == all, "\(repository): the order of the files changes identifiers")
            skipped += alike.count
            for path in paths where !alike.contains(StoryboardImporter.storyboardName(of: path)) {
                guard let together = all[path] else { continue }
                let alone = identifiers([path])[path]
                #expect(alone == together, "\(repository): \((path as NSString).lastPathComponent) alone has other identifiers")
                compared += together.count
            }
        }
        print("storyboard corpus: \(compared) view controllers of \(sets.count) multi-file sets keep their identifiers alone, together and reordered (\(skipped) storyboard names shared by several targets left out)")
    }
}
