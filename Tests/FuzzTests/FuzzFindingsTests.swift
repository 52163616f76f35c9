import Foundation
import ScenographTestSupport
import Testing

/// What the fuzz harness found, run again the way the harness runs it. The loader's findings are fixture tests
/// of their own (Tests/ModelLoadingTests/InputLimitTests.swift); these concern other parts of the executable.
@Suite struct FuzzFindingsTests {
    /// Under an address-space limit smaller than the 1 GiB stack reserved for Graphviz's thread (`ulimit -v`,
    /// as in the harness's first runs and in some CI sandboxes), `generate` once waited forever for a thread that
    /// never started. Now the thread gets the largest stack that fits, and `generate` renders.
    @Test func generateUnderASmallAddressSpaceEnds() throws {
        let binary = try #require(FuzzHarnessTests.binary, "the scenograph executable is not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-fuzz-finding-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = "format: 1\nname: One\ninitial: a\nscenes:\n  a: {}\n"
        try Data(model.utf8).write(to: folder.appendingPathComponent("One.yaml"))
        // A cache of its own, so the diagram is rendered rather than found.
        let harness = FuzzHarness(options: .init(cases: 1, seed: 1, binary: binary, timeout: 10, memoryKilobytes: 1_000_000,
                                                 generateEvery: 0, workers: 1, keep: folder.appendingPathComponent("kept")),
                                  models: [], storyboards: [])
        let (run, _) = harness.execute(["generate", "One.yaml", "-o", "Docs", "--quiet"], in: folder, timeout: 10)
        // Graphviz's thread gets the largest stack the address space allows (or none, and work runs inline).
        #expect(run.outcome == .ok, "\(run.outcome.title): \(run.detail)")
    }
}
