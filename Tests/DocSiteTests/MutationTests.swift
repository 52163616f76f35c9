import Foundation
import XCTest
@testable import DocSite
import Diagrams
import ModelLoading
import SceneModel
import Simulator

/// Nothing may crash on input: random but reproducible damage to a real model and a real storyboard goes
/// through every stage in process, and every diagnostic still names a real position. The damage is the fuzz
/// harness's (`Mutator`); the harness itself runs the built executable (Tests/FuzzTests).
final class MutationTests: XCTestCase {
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
        // 150 damaged models: about a quarter of them load and go through every stage.
        for seed in UInt64(1)...Self.count(150) {
            var random = SeededGenerator(seed: seed)
            let text = String(decoding: Mutator.mutate(Array(original.utf8), format: .yaml, random: &random).bytes, as: UTF8.self)
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
            var random = SeededGenerator(seed: seed &* 7919)
            let bytes = Mutator.mutate(Array(original.utf8), format: .xml, random: &random).bytes
            let result = StoryboardImporter().importContents([("Main.storyboard", Data(bytes))])
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
