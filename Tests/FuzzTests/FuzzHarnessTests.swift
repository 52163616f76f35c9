import Foundation
import ScenographTestSupport
import Testing

/// Damaged models and storyboards never crash, hang or lose their positions in the built executable: a short
/// run in every test run, a long one behind `make fuzz N=…` (see `scripts/fuzz.sh`).
///
/// Environment: `SCENOGRAPH_FUZZ_CASES` (default 240; setting it prints the table of figures),
/// `SCENOGRAPH_FUZZ_SEED` (1), `SCENOGRAPH_FUZZ_BINARY` (the `scenograph` built beside the tests),
/// `SCENOGRAPH_FUZZ_WORKERS` (2), `SCENOGRAPH_FUZZ_TIMEOUT` (10 s per run; 30 s in the short run),
/// `SCENOGRAPH_FUZZ_MEMORY_MB` (2,000: the address space per run, which holds the 1 GiB stack reserved for
/// Graphviz), `SCENOGRAPH_FUZZ_GENERATE_EVERY` (one valid case in 40 also runs `generate`; 4 in a long run).
/// Failing inputs are kept in `.build/fuzz/`.
@Suite struct FuzzHarnessTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func setting(_ name: String) -> Int? { environment["SCENOGRAPH_FUZZ_\(name)"].flatMap { Int($0) } }

    static var binary: URL? {
        if let path = environment["SCENOGRAPH_FUZZ_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return [Bundle.main.bundleURL.appendingPathComponent("scenograph"), packageRoot.appendingPathComponent(".build/debug/scenograph")]
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The bundled example and the fixture storyboards.
    static func sources() throws -> (models: [FuzzHarness.Source], storyboards: [FuzzHarness.Source]) {
        let example = packageRoot.appendingPathComponent("Examples/Photos.yaml")
        let models = [FuzzHarness.Source(name: "Photos.yaml", bytes: Array(try Data(contentsOf: example)), format: .yaml)]
        let folder = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".storyboard") }.sorted()
        let storyboards = try names.map { name in
            FuzzHarness.Source(name: name, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))), format: .xml)
        }
        return (models, storyboards)
    }

    @Test func damagedInputsNeverCrashHangOrLoseTheirPosition() throws {
        let binary = try #require(Self.binary, "the scenograph executable is not built")
        let requested = Self.setting("CASES")
        let (models, storyboards) = try Self.sources()
        let seed = UInt64(Self.setting("SEED") ?? 1)
        let options = FuzzHarness.Options(
            cases: requested ?? 240, seed: seed, binary: binary,
            // The short run uses the debug build beside other test suites on a shared machine: a timeout generous
            // enough never to catch a slow run, still far below what a real hang takes.
            timeout: TimeInterval(Self.setting("TIMEOUT") ?? (requested == nil ? 30 : 10)),
            memoryKilobytes: (Self.setting("MEMORY_MB") ?? 2_000) * 1_000,
            generateEvery: Self.setting("GENERATE_EVERY") ?? (requested == nil ? 40 : 4),
            workers: Self.setting("WORKERS") ?? 2,
            keep: packageRoot.appendingPathComponent(".build/fuzz/seed-\(seed)"))
        let start = Date()
        let results = FuzzHarness(options: options, models: models, storyboards: storyboards).run()
        let table = FuzzHarness.table(results, options: options, seconds: Date().timeIntervalSince(start))
        if requested != nil { print(table) }
        #expect(results.count == options.cases)
        for failure in results where failure.outcome.isFailure {
            let run = failure.runs.max { $0.outcome < $1.outcome }
            Issue.record("case \(failure.index) (\(failure.source), \(failure.mutations.map(\.rawValue))): \(run?.command ?? "") \(failure.outcome.title): \(run?.detail ?? ""); input kept at \(failure.keptAt ?? "-")")
        }
        // Both kinds of outcome occur, so the runs went past loading as well as into its diagnostics.
        #expect(results.contains { $0.outcome == .ok })
        #expect(results.contains { $0.outcome == .diagnosed })
        if options.generateEvery > 0 && options.cases >= 100 {
            #expect(results.contains { $0.runs.contains { $0.command == "generate" } })
        }
    }

    /// Random valid models (`RandomModel`) render every diagram: `generate --jobs 1`, Graphviz in the process
    /// itself so that a crash in it ends the run, never crashes or hangs and ends with status 0, or 1 for flow
    /// errors alone (a random step that cannot happen), each at its position; `diff` of the model with itself
    /// draws its review graph and ends with status 0. Damaged models rarely get that far. `SCENOGRAPH_FUZZ_VALID` sets how many (16; `make fuzz` runs one per 25 damaged cases).
    @Test func randomValidModelsRenderEveryDiagram() throws {
        let binary = try #require(Self.binary, "the scenograph executable is not built")
        let count = Self.setting("VALID") ?? 16
        let seed = UInt64(Self.setting("SEED") ?? 1)
        let keep = packageRoot.appendingPathComponent(".build/fuzz/valid-seed-\(seed)")
        let options = FuzzHarness.Options(cases: count, seed: seed, binary: binary, timeout: 120,
                                          memoryKilobytes: (Self.setting("MEMORY_MB") ?? 2_000) * 1_000,
                                          generateEvery: 0, workers: 1, keep: keep)
        let harness = FuzzHarness(options: options, models: [], storyboards: [])
        var rendered = 0, withFlows = 0
        for index in 0..<count {
            let caseSeed = seed &* 1_000_003 &+ UInt64(index)
            let yaml = RandomModel.yaml(seed: caseSeed)
            if yaml.contains("\nflows:\n") { withFlows += 1 }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-valid-\(getpid())-\(index)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(yaml.utf8).write(to: folder.appendingPathComponent("Model.yaml"))
            var (run, stderr) = harness.execute(["generate", "Model.yaml", "-o", "Docs", "--jobs", "1", "--no-cache", "--quiet"],
                                                in: folder, timeout: options.timeout)
            // The review's graph too, which draws every scene near a change (here: none, so all of them).
            if run.outcome == .ok || run.outcome == .diagnosed {
                let review = harness.execute(["diff", "Model.yaml", "Model.yaml", "-o", "Review", "--quiet"], in: folder, timeout: options.timeout)
                if review.0.outcome != .ok { (run, stderr) = review }
            }
            // Status 1 only for flows that stop or fail, each said at its step: the model itself is valid.
            let flowErrorsOnly = run.outcome == .diagnosed && stderr.split(separator: "\n").allSatisfy { line in
                !FuzzHarness.isErrorLine(line) || line.hasSuffix("[flow-error]") || line.hasSuffix("[flow-expectation]")
            }
            if run.outcome == .ok || flowErrorsOnly {
                rendered += 1
            } else {
                try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
                try? Data(yaml.utf8).write(to: keep.appendingPathComponent("model-\(caseSeed).yaml"))
                Issue.record("model of seed \(caseSeed) (kept in \(keep.path)): generate \(run.outcome.title): \(run.detail)\n\(stderr)")
            }
        }
        if Self.setting("VALID") != nil { print("random valid models: \(rendered) of \(count) documented, \(withFlows) with a flow") }
        // Both kinds ran: models with a flow draw its sequence and filmstrip too.
        if count >= 8 { #expect(withFlows > 0 && withFlows < count) }
    }

    @Test func runsAreSortedByWhatTheyPrintAndHowTheyEnd() {
        func outcome(_ status: Int32, _ stderr: String, signalled: Bool = false, timedOut: Bool = false) -> FuzzHarness.Outcome {
            FuzzHarness.classify(status: status, signalled: signalled, timedOut: timedOut, stderr: stderr).0
        }
        #expect(outcome(0, "") == .ok)
        #expect(outcome(0, "M.yaml:3:1: warning: scene 'a' is unreachable\n") == .ok)
        #expect(outcome(1, "M.yaml:3:10: error: unknown scene 'x'\n") == .diagnosed)
        #expect(outcome(1, "error: cannot read 'M.yaml'\n") == .unpositioned)
        #expect(outcome(1, "M.yaml:0:0: error: somewhere\n") == .unpositioned)
        #expect(outcome(1, "M.yaml:3:10: warning: fine\nerror: flow 'f' failed\n") == .unpositioned)
        #expect(outcome(1, "") == .unexpectedStatus)
        #expect(outcome(64, "Usage: …") == .unexpectedStatus)
        #expect(outcome(11, "", signalled: true) == .crash)
        #expect(outcome(0, "", timedOut: true) == .hang)
    }

    /// The harness sees what a broken executable does: a stand-in that crashes, hangs or prints a bare error.
    @Test(arguments: [
        ("kill -SEGV $$", FuzzHarness.Outcome.crash),
        ("exec sleep 30", .hang),
        ("echo 'error: something went wrong' >&2; exit 1", .unpositioned),
        ("echo \"$1:2:3: error: damaged\" >&2; exit 1", .diagnosed),
        ("exit 3", .unexpectedStatus),
    ])
    func aBrokenExecutableIsCaught(_ behaviour: String, _ expected: FuzzHarness.Outcome) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-fuzz-standin-\(getpid())-\(expected.rawValue)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = folder.appendingPathComponent("scenograph")
        try Data("#!/bin/sh\nshift\n\(behaviour)\n".utf8).write(to: standIn)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        let options = FuzzHarness.Options(cases: 1, seed: 1, binary: standIn, timeout: 1, memoryKilobytes: 1_000_000,
                                          generateEvery: 0, workers: 1, keep: folder.appendingPathComponent("kept"))
        let source = FuzzHarness.Source(name: "M.yaml", bytes: Array("format: 1\n".utf8), format: .yaml)
        let results = FuzzHarness(options: options, models: [source], storyboards: []).run()
        #expect(results.map(\.outcome) == [expected])
        // What fails is kept for a fixture test.
        #expect((results.first?.keptAt != nil) == expected.isFailure)
    }

    @Test func theMutatorIsReproducibleAndReachesEveryKind() throws {
        let (models, _) = try Self.sources()
        var first = SeededGenerator(seed: 7), second = SeededGenerator(seed: 7)
        #expect(Mutator.mutate(models[0].bytes, format: .yaml, random: &first).bytes
                == Mutator.mutate(models[0].bytes, format: .yaml, random: &second).bytes)
        var random = SeededGenerator(seed: 1)
        var seen: Set<Mutator.Mutation> = []
        for _ in 0..<200 { seen.formUnion(Mutator.mutate(models[0].bytes, format: .yaml, random: &random).applied) }
        #expect(seen == Set(Mutator.Mutation.allCases))
    }
}
