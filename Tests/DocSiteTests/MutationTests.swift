import Foundation
import XCTest
@testable import DocSite
import Diagrams
import ModelLoading
import SceneModel
import Simulator

/// Nothing may crash on input: random but reproducible damage to a real model and a real storyboard goes
/// through every stage, and every diagnostic still names a real position.
final class MutationTests: XCTestCase {
    /// SplitMix64: a tiny deterministic generator, so a failure can be reproduced from its seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    }

    static func mutate(_ text: String, _ random: inout Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        let tokens = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }.map(String.init)
        for _ in 0...random.below(3) {
            guard !lines.isEmpty else { break }
            let line = random.below(lines.count)
            switch random.below(7) {
            case 0: lines.remove(at: line)
            case 1: lines.insert(lines[line], at: line)
            case 2: lines.swapAt(line, random.below(lines.count))
            case 3:
                // Replace one word of the line with a word from elsewhere in the file.
                var words = lines[line].components(separatedBy: " ")
                if !words.isEmpty, !tokens.isEmpty { words[random.below(words.count)] = tokens[random.below(tokens.count)] }
                lines[line] = words.joined(separator: " ")
            case 4:
                let characters = Array(":{}[]-#\t\"'&<>!*|,.%@\\ \u{00E9}\u{1F4F7}")
                var chars = Array(lines[line])
                chars.insert(characters[random.below(characters.count)], at: random.below(chars.count + 1))
                lines[line] = String(chars)
            case 5:
                let chars = Array(lines[line])
                lines[line] = String(chars.prefix(random.below(chars.count + 1)))
            default:
                lines = Array(lines.prefix(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func exercise(_ model: SceneModel) {
        let trace = Simulator(model: model).runAll()
        let diagrams = TraceDiagrams(model: model)
        _ = SegueGraph(model: model).dot
        _ = PossibleChainsDiagram().dot(for: model)
        for scene in model.scenes.prefix(5) { _ = SegueGraph(model: model.neighbourhood(of: scene.id)).dot }
        var reports: [FlowReport] = []
        for (flow, flowTrace) in zip(model.flows, trace.flows) {
            _ = SequenceDiagram().dot(for: diagrams.sequenceScript(for: flowTrace))
            _ = ChainFilmstrip().dot(for: diagrams.chainFrames(for: flowTrace))
            _ = flowTrace.json.render()
            reports.append(FlowReport(flow: flow, trace: flowTrace))
        }
        let contexts = PageContexts(model: model, warnings: [], flows: reports, pageExtension: "md")
        _ = contexts.index(diagrams: [:])
        for scene in model.scenes.prefix(5) { _ = contexts.scene(scene, diagrams: [:]) }
        for report in reports { _ = contexts.flow(report, diagrams: [:]) }
    }

    private func assertPositions(_ diagnostics: [Diagnostic], _ seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        for diagnostic in diagnostics {
            XCTAssertGreaterThan(diagnostic.location.line, 0, "seed \(seed): \(diagnostic)", file: file, line: line)
            XCTAssertGreaterThan(diagnostic.location.column, 0, "seed \(seed): \(diagnostic)", file: file, line: line)
            XCTAssertFalse(diagnostic.message.isEmpty, "seed \(seed)", file: file, line: line)
        }
    }

    /// `SCENOGRAPH_MUTATIONS=N` runs N damaged inputs of each kind instead of the default.
    static func count(_ standard: Int) -> UInt64 {
        UInt64(ProcessInfo.processInfo.environment["SCENOGRAPH_MUTATIONS"].flatMap(Int.init) ?? standard)
    }

    func testDamagedModelsNeverCrash() throws {
        let original = try String(contentsOf: packageRoot.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        var loaded = 0, rejected = 0
        for seed in UInt64(1)...Self.count(250) {
            var random = Generator(state: seed)
            let text = Self.mutate(original, &random)
            let result = ModelLoader().load(text: text, path: "Photos.yaml")
            assertPositions(result.diagnostics, seed)
            if let model = result.model {
                loaded += 1
                exercise(model)
            } else {
                rejected += 1
                XCTAssertTrue(result.hasErrors, "seed \(seed): a model is withheld only for an error")
            }
        }
        // Both kinds of outcome occur, so both paths were exercised.
        XCTAssertGreaterThan(loaded, 20)
        XCTAssertGreaterThan(rejected, 20)
    }

    func testDamagedStoryboardsNeverCrash() throws {
        let path = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Main.storyboard")
        let original = try String(contentsOf: path, encoding: .utf8)
        var imported = 0
        for seed in UInt64(1)...Self.count(150) {
            var random = Generator(state: seed &* 7919)
            let text = Self.mutate(original, &random)
            let result = StoryboardImporter().importContents([("Main.storyboard", Data(text.utf8))])
            assertPositions(result.diagnostics, seed)
            let load = ModelLoader().load(imported: result, name: "Mutated", path: "Main.storyboard")
            assertPositions(load.diagnostics, seed)
            if let model = load.model {
                imported += 1
                exercise(model)
            }
        }
        XCTAssertGreaterThan(imported, 10)
    }
}
