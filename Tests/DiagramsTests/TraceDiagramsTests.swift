import Foundation
import XCTest
@testable import Diagrams
import ModelLoading
import SceneModel
import Simulator

final class TraceDiagramsTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func example() throws -> SceneModel {
        try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
    }

    func testDumpExampleFlowForViewing() throws {
        guard let directory = ProcessInfo.processInfo.environment["SCENOGRAPH_DUMP_DIR"] else { throw XCTSkip("set SCENOGRAPH_DUMP_DIR to write DOT files") }
        let model = try Self.example()
        let flowID = ProcessInfo.processInfo.environment["SCENOGRAPH_DUMP_FLOW"] ?? "tag-people-from-camera"
        let trace = try XCTUnwrap(Simulator(model: model).run(flowID: flowID))
        let diagrams = TraceDiagrams(model: model)
        try SequenceDiagram().dot(for: diagrams.sequenceScript(for: trace)).write(toFile: "\(directory)/\(flowID)-sequence.dot", atomically: true, encoding: .utf8)
        try ChainFilmstrip().dot(for: diagrams.chainFrames(for: trace)).write(toFile: "\(directory)/\(flowID)-chains.dot", atomically: true, encoding: .utf8)
    }
}
