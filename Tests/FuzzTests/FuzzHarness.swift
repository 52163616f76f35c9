import Foundation
import ScenographTestSupport

/// Runs the built `scenograph` on damaged models and storyboards, each run in its own process under a time
/// and memory limit (so that a crash or a hang is observed, not suffered), and sorts what happens.
struct FuzzHarness: Sendable {
    struct Options: Sendable {
        /// How many damaged inputs.
        var cases: Int
        /// Case `i` is built from seed `seed × 1,000,003 + i`: the same options give the same inputs.
        var seed: UInt64
        var binary: URL
        /// Per run; `generate` gets three times as long (it renders every diagram).
        var timeout: TimeInterval
        /// Address-space limit per run (`ulimit -v`), in kilobytes.
        var memoryKilobytes: Int
        /// One valid case in this many also runs `generate` (0: none).
        var generateEvery: Int
        var workers: Int
        /// Where inputs that crash, hang or lose a position are kept, with the runs' output.
        var keep: URL
    }

    /// What a run, or a case (its worst run), came to; later cases are worse.
    enum Outcome: Int, CaseIterable, Comparable, Sendable {
        case ok, diagnosed, unexpectedStatus, unpositioned, hang, crash

        static func < (a: Outcome, b: Outcome) -> Bool { a.rawValue < b.rawValue }

        var title: String {
            switch self {
            case .ok: "ok"
            case .diagnosed: "diagnosed error"
            case .unexpectedStatus: "unexpected exit status"
            case .unpositioned: "error without position"
            case .hang: "hang (timeout)"
            case .crash: "crash (signal)"
            }
        }

        var isFailure: Bool { self > .diagnosed }
    }

    struct Source: Sendable {
        var name: String
        var bytes: [UInt8]
        var format: Mutator.Format
    }

    struct Run: Sendable {
        var command: String
        var outcome: Outcome
        /// The signal, the status, or the offending error line.
        var detail: String
        var seconds: Double
        /// Error lines without a position that `documentedUnpositioned` lists.
        var documented = 0
    }

    struct CaseResult: Sendable {
        var index: Int
        var source: String
        var mutations: [Mutator.Mutation]
        var runs: [Run]
        var keptAt: String?

        var outcome: Outcome { runs.map(\.outcome).max() ?? .ok }
        var isModel: Bool { !source.hasSuffix(".storyboard") }
    }

    let options: Options
    let models: [Source]
    let storyboards: [Source]
    private let runID = UUID().uuidString

    /// Error lines known to carry no position, each with the reason: none at present (generate's bare
    /// "error: flow 'f' failed" was one until flows reported their step and line).
    static let documentedUnpositioned: [(pattern: String, reason: String)] = []

    // MARK: - Running

    func run() -> [CaseResult] {
        let results = ResultBox(count: options.cases)
        let next = Counter()
        let done = DispatchGroup()
        for _ in 0..<max(1, options.workers) {
            done.enter()
            Thread {
                while let index = next.take(below: options.cases) {
                    results.set(index, runCase(index))
                }
                done.leave()
            }.start()
        }
        done.wait()
        return results.all
    }

    func runCase(_ index: Int) -> CaseResult {
        var random = SeededGenerator(seed: options.seed &* 1_000_003 &+ UInt64(index))
        // Two models for every storyboard.
        let source = index % 3 == 2 && !storyboards.isEmpty ? random.pick(storyboards) : models[random.below(models.count)]
        let (bytes, mutations) = Mutator.mutate(source.bytes, format: source.format, random: &random)
        let generate = options.generateEvery > 0 && random.below(options.generateEvery) == 0
        // A folder of this harness alone: tests running at the same time in this process run cases of the same index.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-fuzz-\(getpid())-\(runID)-\(index)")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent(source.name))
        } catch {
            return CaseResult(index: index, source: source.name, mutations: mutations,
                              runs: [Run(command: "write", outcome: .unexpectedStatus, detail: "\(error)", seconds: 0)])
        }
        var runs: [Run] = []
        var outputs: [String] = []
        func run(_ arguments: [String], timeout: TimeInterval) -> Run {
            let (run, stderr) = execute(arguments, in: folder, timeout: timeout)
            runs.append(run)
            outputs.append("$ scenograph \(arguments.joined(separator: " "))\n\(stderr)")
            return run
        }
        let validate = run(["validate", source.name], timeout: options.timeout)
        if source.format == .xml, run(["import", source.name, "-o", "Imported.yaml"], timeout: options.timeout).outcome == .ok {
            // What import writes reads back.
            _ = run(["validate", "Imported.yaml"], timeout: options.timeout)
        }
        if validate.outcome == .ok {
            _ = run(["simulate", source.name], timeout: options.timeout)
            if generate {
                _ = run(["generate", source.name, "-o", "Docs", "--quiet"], timeout: options.timeout * 3)
            }
        }
        var result = CaseResult(index: index, source: source.name, mutations: mutations, runs: runs)
        if result.outcome.isFailure {
            result.keptAt = keep(bytes, outputs: outputs, result: result)
        }
        return result
    }

    /// Keeps a failing input with what each run printed, for a fixture test.
    private func keep(_ bytes: [UInt8], outputs: [String], result: CaseResult) -> String? {
        let name = "case-\(result.index)-\(result.source)"
        let file = options.keep.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: options.keep, withIntermediateDirectories: true)
        try? Data(bytes).write(to: file)
        let notes = "seed \(options.seed), case \(result.index), mutations \(result.mutations.map(\.rawValue))\n\n" + outputs.joined(separator: "\n")
        try? Data(notes.utf8).write(to: file.appendingPathExtension("txt"))
        return file.path
    }

    /// Runs `scenograph arguments…` in `folder` under the limits; standard output is discarded.
    func execute(_ arguments: [String], in folder: URL, timeout: TimeInterval) -> (Run, String) {
        let command = arguments.first ?? ""
        let errorFile = folder.appendingPathComponent(".stderr-\(command)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `exec` replaces the shell, so the limit applies to scenograph and a kill reaches it. The shell itself
        // sends standard error to the file: Foundation's Process, started from several threads at once, can lose
        // a child's output through a file handle it was given (swiftlang/swift#57827).
        process.arguments = ["-c", "ulimit -v \(options.memoryKilobytes) && error=\"$0\" binary=\"$1\" && shift && exec \"$binary\" \"$@\" </dev/null >/dev/null 2>\"$error\"",
                             errorFile.path, options.binary.path] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SCENOGRAPH_CACHE_DIR"] = options.keep.appendingPathComponent("cache").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let start = Date()
        do {
            try process.run()
        } catch {
            return (Run(command: command, outcome: .unexpectedStatus, detail: "cannot start: \(error)", seconds: 0), "")
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let seconds = Date().timeIntervalSince(start)
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8))
            ?? String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        let (outcome, detail) = Self.classify(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                                              timedOut: timedOut, stderr: stderr)
        let documented = stderr.split(separator: "\n").filter { Self.isErrorLine($0) && !Self.isPositioned($0) && Self.isDocumented($0) }.count
        return (Run(command: command, outcome: outcome, detail: detail, seconds: seconds, documented: documented), String(stderr.prefix(4_000)))
    }

    // MARK: - Classifying

    static func classify(status: Int32, signalled: Bool, timedOut: Bool, stderr: String) -> (Outcome, String) {
        if timedOut { return (.hang, "killed after the timeout") }
        if signalled { return (.crash, "signal \(status)") }
        let errors = stderr.split(separator: "\n", omittingEmptySubsequences: true).filter(isErrorLine)
        if let bare = errors.first(where: { !isPositioned($0) && !isDocumented($0) }) {
            return (.unpositioned, String(bare.prefix(300)))
        }
        switch status {
        case 0: return (.ok, "")
        case 1 where !errors.isEmpty: return (.diagnosed, "")
        case 1: return (.unexpectedStatus, "status 1 without an error line")
        default: return (.unexpectedStatus, "status \(status)")
        }
    }

    /// `error: …` or `PATH:LINE:COLUMN: error: …`.
    static func isErrorLine(_ line: Substring) -> Bool {
        line.hasPrefix("error: ") || line.contains(": error: ")
    }

    /// `PATH:LINE:COLUMN: error: …` with a line and a column from 1.
    static func isPositioned(_ line: Substring) -> Bool {
        guard let marker = line.range(of: ": error: ") else { return false }
        let parts = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[0].isEmpty else { return false }
        return parts.suffix(2).allSatisfy { number in (Int(number) ?? 0) > 0 && number.allSatisfy(\.isASCII) }
    }

    static func isDocumented(_ line: Substring) -> Bool {
        documentedUnpositioned.contains { line.hasPrefix($0.pattern) }
    }

    // MARK: - Figures

    /// A table of outcomes by input kind, runs by command, the slowest run and the mutations used.
    static func table(_ results: [CaseResult], options: Options, seconds: Double) -> String {
        var lines: [String] = []
        let models = results.filter(\.isModel), storyboards = results.filter { !$0.isModel }
        lines.append("fuzz: \(results.count) cases (\(models.count) models, \(storyboards.count) storyboards), seed \(options.seed), "
                     + "\(options.workers) workers, \(Int(options.timeout)) s and \(options.memoryKilobytes / 1_000) MB per run, "
                     + String(format: "%.0f s in all", seconds))
        lines.append("binary: \(options.binary.path)")
        lines.append("")
        func row(_ cells: [String]) -> String {
            cells.enumerated().map { $0.offset == 0 ? $0.element.padding(toLength: 24, withPad: " ", startingAt: 0)
                                                   : String(repeating: " ", count: max(0, 12 - $0.element.count)) + $0.element }.joined()
        }
        lines.append(row(["outcome (worst run)", "models", "storyboards", "total"]))
        for outcome in Outcome.allCases {
            lines.append(row([outcome.title, "\(models.filter { $0.outcome == outcome }.count)",
                              "\(storyboards.filter { $0.outcome == outcome }.count)", "\(results.filter { $0.outcome == outcome }.count)"]))
        }
        lines.append("")
        let runs = results.flatMap(\.runs)
        lines.append(row(["runs", "count", "mean s", "max s"]))
        for command in ["validate", "import", "simulate", "generate"] {
            let these = runs.filter { $0.command == command }
            guard !these.isEmpty else { continue }
            let total = these.map(\.seconds).reduce(0, +)
            lines.append(row([command, "\(these.count)", String(format: "%.3f", total / Double(these.count)),
                              String(format: "%.2f", these.map(\.seconds).max() ?? 0)]))
        }
        if let slowest = results.flatMap({ result in result.runs.map { (result, $0) } }).max(by: { $0.1.seconds < $1.1.seconds }) {
            lines.append(String(format: "slowest run: %@ %.2f s, case %d (%@, %@)", slowest.1.command, slowest.1.seconds, slowest.0.index,
                                slowest.0.source, slowest.0.mutations.map(\.rawValue).joined(separator: ", ")))
        }
        if !documentedUnpositioned.isEmpty {
            let patterns = documentedUnpositioned.map { "'\($0.pattern)…'" }.joined(separator: ", ")
            lines.append("runs with a documented error line without position (\(patterns)): \(runs.filter { $0.documented > 0 }.count)")
        }
        lines.append("")
        let counts = Dictionary(grouping: results.flatMap(\.mutations), by: { $0 }).mapValues(\.count)
        lines.append("mutations: " + Mutator.Mutation.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", "))
        let failures = results.filter { $0.outcome.isFailure }
        if !failures.isEmpty {
            lines.append("")
            lines.append("failures:")
            for failure in failures.prefix(50) {
                let run = failure.runs.max { $0.outcome < $1.outcome }
                lines.append("  case \(failure.index) \(failure.source) [\(failure.mutations.map(\.rawValue).joined(separator: ", "))]: "
                             + "\(run?.command ?? "") \(failure.outcome.title): \(run?.detail ?? "") → \(failure.keptAt ?? "not kept")")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Hands out case numbers to the worker threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results by case number, filled from the worker threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [FuzzHarness.CaseResult?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: FuzzHarness.CaseResult) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [FuzzHarness.CaseResult] {
        lock.lock()
        defer { lock.unlock() }
        return results.compactMap { $0 }
    }
}
