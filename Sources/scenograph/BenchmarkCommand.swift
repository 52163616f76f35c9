import ArgumentParser
import Diagrams
import DocSite
import Foundation
import Graphviz
import ModelLoading
import SceneModel
import Simulator

struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure generate on generated models and print the figures.",
        discussion: """
            For each size in --sizes, generates a model of that many scenes (tab bars of navigation stacks, each \
            DEPTH scenes deep with an editor sheet per scene that unwinds back, every --cross-links-th scene also \
            showing a scene of the next tab, and FLOWS flows of STEPS steps) and runs `generate` on it as a user \
            would, in child processes measured by the kernel (wall time, CPU time, peak memory, workers included): \
            cold (empty cache and output folder) and cold with --jobs 1, each the median of three runs taken \
            alternately, warm (nothing changed; the median of three) and one scene changed. Beside it, in the same run, the pipeline a \
            user would otherwise script: `dot` (or `neato -n2`) run once per distinct DOT file of the Markdown \
            pages, in three parts, one after each pair of cold runs. Prints a table and writes the figures as \
            JSON. The default sizes take about two minutes on two cores; `--sizes 300,500,2000` about eight (the \
            figures in docs/rendering.md).

            --stages instead times each stage in this process (loading, simulating, building DOT, rendering, \
            templating) and the simulation of long flows. --write-model writes a generated model and stops.
            """
    )

    @Option(parsing: .unconditional, help: "Scene counts of the generated models, comma-separated (each rounded to whole tabs of 25 scenes).")
    var sizes = "50,500"
    @Option(name: .shortAndLong, parsing: .unconditional, help: "Worker processes of the cold, warm and changed runs. Default: the number of cores.")
    var jobs: Int?
    @Option(help: ArgumentHelp("Where to write the figures as JSON.", valueName: "file"))
    var json = ".build/benchmark.json"
    @Option(help: ArgumentHelp("A folder for the models, caches and docs (removed afterwards). Default: a new temporary folder.", valueName: "dir"))
    var scratch: String?
    @Flag(name: .customLong("no-peer"), help: "Skip the peer pipeline (dot once per DOT file).")
    var noPeer = false
    @Flag(help: "Time each stage in this process instead (the former benchmark).")
    var stages = false

    @Option(parsing: .unconditional, help: "Tabs of the generated model (--stages and --write-model).") var tabs = 4
    @Option(parsing: .unconditional, help: "Depth of each tab's navigation stack.") var depth = 8
    @Option(parsing: .unconditional, help: "Number of flows.") var flows = 20
    @Option(parsing: .unconditional, help: "Steps per flow.") var steps = 50
    @Option(parsing: .unconditional, help: "Every N-th scene also shows a scene of the next tab (0: none). Default: 3 for --sizes, 0 otherwise.") var crossLinks: Int?
    @Option(parsing: .unconditional, help: "Steps of the single long flow (--stages; linear-time check).") var longFlow = 10_000
    @Option(parsing: .unconditional, help: "Events of the trace whose sequence diagram is rendered (--stages).") var events = 1_000
    @Option(help: ArgumentHelp("Write the generated model (YAML) to FILE and stop, to run other commands on it.",
                               valueName: "file"))
    var writeModel: String?

    func validate() throws {
        if let jobs, !RenderJobs.allowed.contains(jobs) { throw ValidationError(RenderJobs.outOfRange(jobs)) }
        // Generated models are held in memory and written whole: sizes past these took all the memory, or minutes.
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws {
            guard range.contains(value) else {
                throw ValidationError("--\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
            }
        }
        for size in sizes.split(separator: ",") {
            let text = size.trimmingCharacters(in: .whitespaces)
            guard let value = Int(text) else { throw ValidationError("--sizes takes scene counts separated by commas, not '\(text)'") }
            try check("sizes", value, 1...20_000)
        }
        try check("tabs", tabs, 1...1_000)
        try check("depth", depth, 1...1_000)
        try check("flows", flows, 0...10_000)
        try check("steps", steps, 0...10_000)
        try check("cross-links", crossLinks ?? 0, 0...1_000_000)
        try check("long-flow", longFlow, 1...1_000_000)
        try check("events", events, 1...1_000_000)
        if tabs * depth > 20_000 { throw ValidationError("--tabs × --depth must be at most 20,000 (about 60,000 scenes), not \(tabs * depth)") }
        if flows * steps > 1_000_000 { throw ValidationError("--flows × --steps must be at most 1,000,000, not \(flows * steps)") }
    }

    func run() throws {
        if let writeModel {
            let yaml = SyntheticModel(tabs: tabs, depth: depth, flows: flows, stepsPerFlow: steps, crossLinks: crossLinks ?? 0).yaml()
            do {
                try AtomicFile.write(Array(yaml.utf8), to: try OutputWriter.fileTarget(writeModel, protecting: []))
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
            return
        }
        if stages {
            try StageBenchmark(tabs: tabs, depth: depth, flows: flows, steps: steps, crossLinks: crossLinks ?? 0,
                               longFlow: longFlow, events: events).run()
            return
        }
        let counts = sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
        guard !counts.isEmpty else {
            Terminal.error("--sizes needs scene counts such as 50,500,2000")
            throw ExitCode(1)
        }
        let folder = URL(fileURLWithPath: scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-benchmark-\(getpid())").path)
        // Where the figures go is checked before minutes of measuring, and may not be inside the scratch folder,
        // which is removed at the end.
        let jsonTarget: String
        do {
            jsonTarget = try OutputWriter.fileTarget(json, protecting: [folder.path], makesFolder: true)
        } catch OutputError.isAnInput {
            Terminal.error("cannot write '\(json)': it is inside the scratch folder '\(folder.path)', which is removed at the end")
            throw ExitCode(1)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(1)
        }
        // The scratch folder is replaced and removed at the end: only a new or empty one, or one a benchmark made.
        let marker = folder.appendingPathComponent(".scenograph-benchmark")
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !entries.isEmpty,
           !FileManager.default.fileExists(atPath: marker.path) {
            Terminal.error("the scratch folder '\(folder.path)' holds files a benchmark did not make; give a new or empty folder")
            throw ExitCode(1)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            Terminal.error("the scratch folder '\(folder.path)' is a file; give a new or empty folder")
            throw ExitCode(1)
        }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: marker)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Interrupted, the benchmark ends the run it measures and removes the scratch folder, as it would at the end.
        let cleanup = SignalCleanup.add {
            Subprocess.stopRunning()
            try? FileManager.default.removeItem(at: folder)
        }
        defer { SignalCleanup.remove(cleanup) }

        let workerCount = jobs ?? RenderJobs.standard
        var results: [DocsBenchmark.Result] = []
        for count in counts {
            Terminal.status("benchmark: \(count) scenes…")
            let run = DocsBenchmark(scenes: count, depth: depth, flows: flows, steps: steps, crossLinks: crossLinks ?? 3,
                                    jobs: workerCount, folder: folder.appendingPathComponent("\(count)"), peer: !noPeer)
            results.append(try run.measure())
        }
        DocsBenchmark.printTable(results, jobs: workerCount)
        let document: [String: Any] = [
            "machine": ["cores": ProcessInfo.processInfo.activeProcessorCount, "graphviz": GraphvizRenderer.version ?? "unknown"],
            "jobs": workerCount,
            "results": results.map(\.json),
        ]
        do {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: jsonTarget).deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Array(data), to: jsonTarget)
            Terminal.status("figures written to \(json)")
        } catch {
            Terminal.error("cannot write '\(json)': \(error)")
            throw ExitCode(1)
        }
    }
}

/// One size of the docs benchmark: a generated model, `generate` run cold, cold with one job, warm and after one
/// changed scene, and the peer pipeline over the same Markdown DOT files.
struct DocsBenchmark {
    let scenes: Int
    let depth: Int
    let flows: Int
    let steps: Int
    let crossLinks: Int
    let jobs: Int
    let folder: URL
    let peer: Bool
    /// Cold runs of each kind (one job, `jobs`) per size, of which the median counts.
    static let coldRuns = 3

    struct Run {
        var measure: Subprocess.Measure
        var statistics: [String: Any]

        var graphvizCPU: Double { statistics["graphvizCPUSeconds"] as? Double ?? 0 }
        /// CPU time outside Graphviz, as a share of all CPU time of the run (workers included).
        var outsideShare: Double { measure.cpu > 0 ? max(0, measure.cpu - graphvizCPU) / measure.cpu : 0 }
        func count(_ key: String) -> Int { statistics[key] as? Int ?? 0 }

        var json: [String: Any] {
            [
                "wallSeconds": measure.wall, "cpuSeconds": measure.cpu, "userSeconds": measure.userCPU,
                "systemSeconds": measure.systemCPU, "peakKiB": measure.peakKiB, "status": Int(measure.status),
                "graphvizCPUSeconds": graphvizCPU, "outsideGraphvizCPUShare": outsideShare, "generate": statistics,
            ]
        }
    }

    struct Result {
        var scenes: Int
        var diagrams: Int
        var files: Int
        var cold: Run
        var coldOneJob: Run
        var warm: Run
        var changed: Run
        var peer: Subprocess.Measure?
        var peerFiles = 0
        /// The wall time of every cold run, in the order they ran; `cold` is the median one.
        var coldWallSamples: [Double] = []
        /// The same for the cold runs with one job.
        var coldOneJobWallSamples: [Double] = []
        /// The same for the warm runs.
        var warmWallSamples: [Double] = []

        var json: [String: Any] {
            var value: [String: Any] = [
                "scenes": scenes, "diagrams": diagrams, "files": files,
                "cold": cold.json, "coldOneJob": coldOneJob.json, "warm": warm.json, "oneSceneChanged": changed.json,
                "coldWallSamples": coldWallSamples, "coldOneJobWallSamples": coldOneJobWallSamples,
                "warmWallSamples": warmWallSamples,
            ]
            if let peer {
                value["peer"] = ["wallSeconds": peer.wall, "cpuSeconds": peer.cpu, "files": peerFiles,
                                 "coldSpeedup": cold.measure.wall > 0 ? peer.wall / cold.measure.wall : 0]
            }
            return value
        }
    }

    func measure() throws -> Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tabs = max(1, Int((Double(scenes - 1) / Double(3 * depth + 1)).rounded()))
        let yaml = SyntheticModel(tabs: tabs, depth: depth, flows: flows, stepsPerFlow: steps, crossLinks: crossLinks).yaml()
        let model = folder.appendingPathComponent("model.yaml")
        try AtomicFile.write(Array(yaml.utf8), to: model.path)
        let executable = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
        let log = folder.appendingPathComponent("generate.log").path

        func generate(_ output: String, cache: String, jobs: Int) throws -> Run {
            let statistics = folder.appendingPathComponent("statistics.json").path
            try? FileManager.default.removeItem(atPath: statistics)
            let measure = Subprocess.run(executable, ["generate", model.path, "-o", folder.appendingPathComponent(output).path,
                                                      "--jobs", "\(jobs)", "--statistics", statistics],
                                         environment: ["SCENOGRAPH_CACHE_DIR": folder.appendingPathComponent(cache).path], log: log)
            // A flow may fail (exit 1) and the docs are still written; anything else is a failed run.
            guard measure.status == 0 || measure.status == 1, let data = FileManager.default.contents(atPath: statistics),
                  let values = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw ValidationError("generate failed on the \(scenes)-scene model (status \(measure.status)); see \(log)")
            }
            return Run(measure: measure, statistics: values)
        }

        // Cold runs of a few seconds are at the mercy of whatever else the machine runs for those seconds, and a
        // shared machine's speed drifts by a third within one benchmark. So each cold figure is the run of median
        // wall time among `coldRuns`, each from an empty cache and output folder; the runs with one job and with
        // `jobs` alternate; and the peer pipeline runs in as many parts, one after each pair, so that all three
        // are timed in the same minutes. The last cold run leaves its docs and cache to the warm run.
        var colds: [Run] = [], coldsOneJob: [Run] = []
        var peerFiles: [(path: String, pinned: Bool)]?
        var peerTotal = Subprocess.Measure(status: 0, wall: 0, userCPU: 0, systemCPU: 0, peakKiB: 0)
        for attempt in 0..<Self.coldRuns {
            for name in ["docs-one-job", "cache-one-job", "docs", "cache"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            coldsOneJob.append(try generate("docs-one-job", cache: "cache-one-job", jobs: 1))
            colds.append(try generate("docs", cache: "cache", jobs: jobs))
            if peer, attempt == 0 { peerFiles = self.peerFiles(yaml: yaml, docs: folder.appendingPathComponent("docs-one-job")) }
            if let peerFiles {
                let part = peerFiles.count * attempt / Self.coldRuns..<peerFiles.count * (attempt + 1) / Self.coldRuns
                try runPeer(peerFiles[part], firstNumber: part.lowerBound + 1, into: &peerTotal)
            }
        }
        func median(_ runs: [Run]) -> Run { runs.sorted { $0.measure.wall < $1.measure.wall }[runs.count / 2] }
        let cold = median(colds), coldOneJob = median(coldsOneJob)
        // A warm run takes a few hundredths of a second: one sample is at the mercy of a single scheduling hiccup.
        let warms = try (0..<Self.coldRuns).map { _ in try generate("docs", cache: "cache", jobs: jobs) }
        let warm = median(warms)
        // One scene changes: a title shows in the index, the scene's page and the diagrams that draw it.
        let changedYAML = yaml.replacingOccurrences(of: "  s0_3:\n    class: Screen0x3ViewController\n",
                                                    with: "  s0_3:\n    class: Screen0x3ViewController\n    title: Changed\n")
        try AtomicFile.write(Array(changedYAML.utf8), to: model.path)
        let changed = try generate("docs", cache: "cache", jobs: jobs)

        var result = Result(scenes: (3 * depth + 1) * tabs + 1, diagrams: cold.count("diagrams"), files: cold.count("files"),
                            cold: cold, coldOneJob: coldOneJob, warm: warm, changed: changed)
        result.coldWallSamples = colds.map(\.measure.wall)
        result.coldOneJobWallSamples = coldsOneJob.map(\.measure.wall)
        result.warmWallSamples = warms.map(\.measure.wall)
        if let peerFiles {
            result.peer = peerTotal
            result.peerFiles = peerFiles.count
        }
        return result
    }

    /// The distinct DOT files of the Markdown pages (by content, in catalogue order) with the program that draws
    /// each: what a user would script around the Graphviz programs. Nil when `dot` or `neato` is missing.
    func peerFiles(yaml: String, docs: URL) -> [(path: String, pinned: Bool)]? {
        guard Subprocess.exists("dot"), Subprocess.exists("neato") else {
            Terminal.warning("the peer pipeline needs Graphviz's dot and neato programs on the PATH; skipped")
            return nil
        }
        guard let model = ModelLoader().load(text: yaml, path: "model.yaml").model else { return nil }
        let traces = Simulator(model: model).runAll().flows
        let catalogue = DiagramCatalogue(model: model, traces: traces)
        var seen: Set<String> = []
        var files: [(path: String, pinned: Bool)] = []
        for entry in catalogue.entries {
            let file = docs.appendingPathComponent(entry.name + ".dot")
            guard let data = FileManager.default.contents(atPath: file.path), seen.insert(SHA256.hex(Array(data))).inserted else { continue }
            files.append((file.path, entry.engine == .nop2))
        }
        return files
    }

    /// `dot -Tsvg` (or `neato -n2 -Tsvg` for pinned layouts) once per file, one after the other, each writing its
    /// SVG file (numbered from `firstNumber`), added to `total`.
    func runPeer(_ files: ArraySlice<(path: String, pinned: Bool)>, firstNumber: Int, into total: inout Subprocess.Measure) throws {
        let output = folder.appendingPathComponent("peer")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for (offset, file) in files.enumerated() {
            let target = output.appendingPathComponent("\(firstNumber + offset).svg").path
            let run = file.pinned
                ? Subprocess.run("neato", ["-n2", "-Tsvg", file.path, "-o", target])
                : Subprocess.run("dot", ["-Tsvg", file.path, "-o", target])
            total.wall += run.wall
            total.userCPU += run.userCPU
            total.systemCPU += run.systemCPU
            total.peakKiB = max(total.peakKiB, run.peakKiB)
        }
    }

    static func printTable(_ results: [Result], jobs: Int) {
        func time(_ seconds: Double) -> String { String(format: seconds < 10 ? "%.2f" : "%.1f", seconds) }
        func mib(_ kib: Int) -> String { "\(kib / 1024)" }
        func percent(_ share: Double) -> String { String(format: "%.0f%%", share * 100) }
        var rows: [[String]] = [[
            "scenes", "diagrams", "files", "cold s (cpu)", "1 job s (cpu)", "jobs speedup", "warm s", "warm/cold",
            "changed s", "changed: images, pages", "outside GV (cpu)", "peak MiB (main, worker)", "peer s (cpu)", "peer/cold",
        ]]
        for result in results {
            let cold = result.cold, one = result.coldOneJob
            rows.append([
                "\(result.scenes)", "\(result.diagrams)", "\(result.files)",
                "\(time(cold.measure.wall)) (\(time(cold.measure.cpu)))",
                "\(time(one.measure.wall)) (\(time(one.measure.cpu)))",
                String(format: "%.2f×", cold.measure.wall > 0 ? one.measure.wall / cold.measure.wall : 0),
                time(result.warm.measure.wall),
                percent(cold.measure.wall > 0 ? result.warm.measure.wall / cold.measure.wall : 0),
                time(result.changed.measure.wall),
                "\(result.changed.count("renderedImages")), \(result.changed.count("templatedPages"))",
                "\(percent(cold.outsideShare)) (1 job \(percent(one.outsideShare)))",
                "\(mib(cold.count("parentPeakKiB"))), \(mib(cold.count("workerPeakKiB")))",
                result.peer.map { "\(time($0.wall)) (\(time($0.cpu)))" } ?? "—",
                result.peer.map { String(format: "%.1f×", cold.measure.wall > 0 ? $0.wall / cold.measure.wall : 0) } ?? "—",
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            Terminal.out(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
        Terminal.out("""
            wall seconds of `generate` as a child process (cpu: user + system of it and its workers); cold: empty cache \
            and output, --jobs \(jobs); cold and 1 job: the median of \(DocsBenchmark.coldRuns) runs each, taken \
            alternately; warm: nothing changed, the median of \(DocsBenchmark.coldRuns) runs; changed: one scene's title; outside GV: CPU time outside Graphviz's \
            layout and render; peer: dot / neato -n2 once per distinct Markdown DOT file, one after the other, \
            in \(DocsBenchmark.coldRuns) parts, one after each pair of cold runs.
            """)
    }
}
