import ArgumentParser
import DocSite
import Foundation
import Graphviz

/// `scenograph render-worker`: renders diagrams for a `generate --jobs N` run, one request at a time, read from
/// standard input and answered on standard output (see `WorkerFrames`). Hidden: only `generate` starts it.
///
/// Graphviz cannot be shared between threads, so parallel renders need processes: each worker has its own
/// Graphviz, its own lock and its own large stack.
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-worker",
        abstract: "Render diagrams sent by generate --jobs over standard input.",
        shouldDisplay: false
    )

    func run() throws {
        // `generate` ignores interrupts while it cleans up after one, and a worker inherits that: Ctrl-C, sent to
        // the whole process group, must end a worker at once, mid-layout.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        let input = FrameReader(fd: STDIN_FILENO)
        // A test of the pool makes workers die after some requests, as a crash would: killed by the signal
        // `SCENOGRAPH_WORKER_FAIL_SIGNAL` (default SIGKILL), raised in the worker.
        let environment = ProcessInfo.processInfo.environment
        let failAfter = environment["SCENOGRAPH_WORKER_FAIL_AFTER"].flatMap { Int($0) }
        let failSignal = environment["SCENOGRAPH_WORKER_FAIL_SIGNAL"].flatMap { Int32($0) } ?? SIGKILL
        var served = 0
        while let frame = input.next() {
            if let failAfter, served >= failAfter { raise(failSignal) }
            served += 1
            var reader = FrameDecoder(frame)
            let id = reader.int()
            let engine = reader.string()
            let count = reader.int()
            var variants: [(dot: String, format: GraphvizRenderer.Format)] = []
            for _ in 0..<max(0, count) {
                let format = reader.string()
                variants.append((reader.string(), GraphvizRenderer.Format(rawValue: format)))
            }
            let before = GraphvizRenderer.statistics.cpu
            var reply = FrameEncoder()
            reply.int(id)
            do {
                let images = try GraphvizRenderer().render(variants: variants, engine: .init(rawValue: engine))
                reply.int(0)
                reply.int(WorkerMemory.nanoseconds(GraphvizRenderer.statistics.cpu - before))
                reply.int(WorkerMemory.residentKiB())
                reply.int(images.count)
                for image in images { reply.bytes(image) }
            } catch {
                reply.int(1)
                reply.int(WorkerMemory.nanoseconds(GraphvizRenderer.statistics.cpu - before))
                reply.int(WorkerMemory.residentKiB())
                reply.string("\(error)")
            }
            guard FrameWriter.write(reply.finished(), to: STDOUT_FILENO) else { return }
        }
    }
}

/// Spreads renders over worker processes of this executable. A worker has up to two requests in flight: while it
/// renders one, the next waits in its input pipe, so that it never waits for this process to handle an answer. A
/// second request is sent only when its frame fits in the pipe with room to spare, so that writing it never blocks
/// while the worker writes its answer. A worker that ends (crashes, is killed) is replaced and its requests sent
/// once more; one whose memory has grown past `memoryLimitKiB` (Graphviz leaks a little per graph) gets no more
/// requests and is replaced after its last answer.
/// How many render workers `--jobs` may ask for: each is a process of some 40 MB with a buffer in this one, so a
/// mistyped count must not start hundreds of them.
enum RenderJobs {
    static let allowed = 1...64

    /// The default: one per core this process may run on, within `allowed`.
    static var standard: Int { min(max(usableCores, allowed.lowerBound), allowed.upperBound) }

    /// The cores this process may use: on Linux, those of its CPU affinity (`taskset`, a container's cpuset) and
    /// no more than its cgroup's CPU quota (`docker --cpus`) allows; elsewhere, the active cores.
    static var usableCores: Int {
        var cores = ProcessInfo.processInfo.activeProcessorCount
        #if os(Linux)
        if let allowed = affinityCount(try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)), allowed > 0 {
            cores = min(cores, allowed)
        }
        // cgroup v2 (`cpu.max`: QUOTA PERIOD), else v1 (`cpu.cfs_quota_us` and `cpu.cfs_period_us`, -1: none).
        let v2 = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8)
        let v1 = [try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us", encoding: .utf8),
                  try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_period_us", encoding: .utf8)]
        if let quota = cgroupQuota(v2) ?? cgroupQuota(v1.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: " ")) {
            cores = min(cores, quota)
        }
        #endif
        return max(cores, 1)
    }

    /// The cores of the affinity mask in `/proc/self/status` (`Cpus_allowed:\tff,00000003`, hexadecimal groups).
    static func affinityCount(_ status: String?) -> Int? {
        guard let line = status?.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let mask = line.dropFirst("Cpus_allowed:".count).filter { $0 != "," && !$0.isWhitespace }
        var count = 0
        for digit in mask {
            guard let value = digit.hexDigitValue else { return nil }
            count += value.nonzeroBitCount
        }
        return count
    }

    /// The cores a CPU quota allows, rounded up: `QUOTA PERIOD` in microseconds (`max` or -1 for none).
    static func cgroupQuota(_ text: String?) -> Int? {
        guard let fields = text?.split(whereSeparator: \.isWhitespace), fields.count >= 2,
              let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else { return nil }
        return quota / period + (quota % period == 0 ? 0 : 1)
    }

    static func outOfRange(_ jobs: Int) -> String {
        "--jobs must be between \(allowed.lowerBound) and \(allowed.upperBound), not \(jobs)"
    }
}

final class WorkerPool: RenderPool {
    private final class Worker {
        let process: Process
        let toWorker: Int32
        let reader: FrameReader
        /// Requests sent and not yet answered, oldest (the one being rendered) first.
        var jobs: [Job] = []
        /// Grew past the memory limit: answers what it has, then is replaced.
        var retiring = false
        var served = 0

        init(process: Process, toWorker: Int32, fromWorker: Int32) {
            self.process = process
            self.toWorker = toWorker
            self.reader = FrameReader(fd: fromWorker)
        }
    }

    private struct Job {
        var id: Int
        var frame: [UInt8]
        var completion: (Result<[[UInt8]], Error>) -> Void
        var attempts: Int
    }

    struct WorkerError: Error, CustomStringConvertible {
        var description: String
    }

    let size: Int
    let memoryLimitKiB: Int
    private var workers: [Worker?]
    private var nextID = 1
    /// The largest frame sent to a worker that is busy: half its input pipe's capacity.
    private var queueLimit = 8 * 1024
    /// Graphviz's CPU time in the workers, reported with each answer.
    private(set) var graphvizCPU: Duration = .zero
    /// The largest resident size a worker reported.
    private(set) var peakWorkerKiB = 0
    /// Workers started, replacements included.
    private(set) var started = 0
    /// Workers replaced because they ended or grew.
    private(set) var replaced = 0

    init(size: Int, memoryLimitKiB: Int) {
        self.size = max(1, size)
        self.memoryLimitKiB = memoryLimitKiB
        self.workers = Array(repeating: nil, count: max(1, size))
        // A worker that died must show as an error on write, not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { shutDown() }

    /// Starts no more workers than there are requests.
    func prepare(requests: Int) {
        if requests < workers.count { workers = Array(workers.prefix(max(1, requests))) }
    }

    func submit(_ request: RenderRequest, completion: @escaping (Result<[[UInt8]], Error>) -> Void) {
        // SVG variants that differ from the first only in their links are drawn here from the first one's SVG, as a
        // worker would (`GraphvizRenderer.linkReplacements`): only the first goes to the worker and back, which
        // halves what goes through the pipes. Should the SVG hold a link the DOT did not give, the whole request is
        // rendered in this process instead.
        var sent = request.variants
        var replacements: [LinkReplacements] = []
        if let first = request.variants.first, request.variants.count > 1, request.variants.allSatisfy({ $0.format == "svg" }) {
            let found = request.variants.dropFirst().compactMap { GraphvizRenderer.linkReplacements(from: first.dot, to: $0.dot) }
            if found.count == request.variants.count - 1 {
                sent = [first]
                replacements = found
            }
        }
        var encoder = FrameEncoder()
        let id = nextID
        nextID += 1
        encoder.int(id)
        encoder.string(request.engine)
        encoder.int(sent.count)
        for variant in sent {
            encoder.string(variant.format)
            encoder.bytes(variant.dot)
        }
        let answer: (Result<[[UInt8]], Error>) -> Void = replacements.isEmpty ? completion : { result in
            guard case .success(let images) = result, let svg = images.first else { return completion(result) }
            var all = [svg]
            for replacement in replacements {
                guard let image = replacement.applied(to: svg) else {
                    return completion(Result {
                        try GraphvizRenderer().render(variants: request.textVariants.map { ($0.dot, GraphvizRenderer.Format(rawValue: $0.format)) },
                                                      engine: .init(rawValue: request.engine))
                    })
                }
                all.append(image)
            }
            completion(.success(all))
        }
        dispatch(Job(id: id, frame: encoder.finished(), completion: answer, attempts: 0))
    }

    func finish() {
        while workers.contains(where: { !($0?.jobs.isEmpty ?? true) }) { pump() }
        shutDown()
    }

    /// Sends `job` to an idle worker, else queues it behind the request of a busy one when its frame is small
    /// enough, else waits for an answer first.
    private func dispatch(_ job: Job) {
        while true {
            let idle = workers.firstIndex { $0 == nil || $0?.jobs.isEmpty == true }
            let queue = job.frame.count <= queueLimit
                ? workers.firstIndex { worker in worker.map { !$0.retiring && $0.jobs.count == 1 } ?? false } : nil
            if let slot = idle ?? queue {
                guard let worker = workers[slot] ?? start(slot) else {
                    job.completion(.failure(WorkerError(description: "cannot start a render worker")))
                    return
                }
                worker.jobs.append(job)
                if !FrameWriter.write(job.frame, to: worker.toWorker) { ended(slot) }
                return
            }
            pump()
        }
    }

    private func start(_ slot: Int) -> Worker? {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["render-worker"]
        // A worker that crashes (Graphviz out of memory) is replaced, or its diagram named in a clear error: the
        // Swift runtime's backtrace of it, dozens of lines about Graphviz's insides, would only bury that message.
        // A backtrace asked for (`SWIFT_BACKTRACE` set, not empty) is kept.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"]?.isEmpty ?? true { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let worker = Worker(process: process, toWorker: input.fileHandleForWriting.fileDescriptor,
                            fromWorker: output.fileHandleForReading.fileDescriptor)
        queueLimit = Self.pipeCapacity(worker.toWorker) / 2
        // Keep the handles (and so the descriptors) alive with the worker.
        handles[ObjectIdentifier(worker)] = (input, output)
        workers[slot] = worker
        started += 1
        return worker
    }

    private var handles: [ObjectIdentifier: (Pipe, Pipe)] = [:]
    /// Workers told to end and not waited for: their `Process` objects live as long as the pool.
    private var exiting: [Process] = []

    /// The capacity of a pipe: raised to 1 MiB where Linux allows it; 16 KiB, the smallest macOS gives, elsewhere.
    private static func pipeCapacity(_ fd: Int32) -> Int {
        #if os(Linux)
        let setPipeSize: Int32 = 1031, getPipeSize: Int32 = 1032
        _ = fcntl(fd, setPipeSize, Int32(1 << 20))
        return max(64 * 1024, Int(fcntl(fd, getPipeSize)))
        #else
        return 16 * 1024
        #endif
    }

    /// Waits until a busy worker answers or ends, and handles that.
    private func pump() {
        var fds: [pollfd] = []
        var slots: [Int] = []
        for (slot, worker) in workers.enumerated() {
            guard let worker, !worker.jobs.isEmpty else { continue }
            fds.append(pollfd(fd: worker.reader.fd, events: Int16(POLLIN), revents: 0))
            slots.append(slot)
        }
        guard !fds.isEmpty else { return }
        let ready = poll(&fds, nfds_t(fds.count), -1)
        if ready < 0 { return }
        for (index, descriptor) in fds.enumerated() where descriptor.revents != 0 {
            let slot = slots[index]
            guard let worker = workers[slot] else { continue }
            switch worker.reader.fill() {
            case .ended:
                ended(slot)
            case .more:
                while let frame = worker.reader.frame() { answered(slot, frame) }
            }
        }
    }

    private func answered(_ slot: Int, _ frame: [UInt8]) {
        guard let worker = workers[slot], let job = worker.jobs.first else { return }
        var reader = FrameDecoder(frame)
        guard reader.int() == job.id else { return ended(slot) }
        let status = reader.int()
        graphvizCPU += .nanoseconds(reader.int())
        let resident = reader.int()
        peakWorkerKiB = max(peakWorkerKiB, resident)
        worker.jobs.removeFirst()
        worker.served += 1
        if resident > memoryLimitKiB { worker.retiring = true }
        if worker.retiring, worker.jobs.isEmpty {
            retire(slot)
            replaced += 1
        }
        if status == 0 {
            let count = reader.int()
            job.completion(.success((0..<max(0, count)).map { _ in reader.bytes() }))
        } else {
            job.completion(.failure(WorkerError(description: reader.string())))
        }
    }

    /// A worker ended without answering: replace it and send its requests once more, to a new worker. A request
    /// that was already sent again fails.
    private func ended(_ slot: Int) {
        guard let worker = workers[slot] else { return }
        let jobs = worker.jobs
        worker.jobs = []
        retire(slot, wait: true)
        replaced += 1
        var again: [Job] = []
        for var job in jobs {
            job.attempts += 1
            if job.attempts <= 1 {
                again.append(job)
            } else {
                let status = worker.process.terminationStatus
                let reason = worker.process.terminationReason == .uncaughtSignal
                    ? "was killed by signal \(status)\(strsignal(status).map { " (\(String(cString: $0)))" } ?? "")"
                    : "ended with status \(status)"
                job.completion(.failure(WorkerError(description: "the render worker \(reason), twice on this diagram")))
            }
        }
        guard !again.isEmpty else { return }
        guard let fresh = start(slot) else {
            for job in again { job.completion(.failure(WorkerError(description: "cannot start a render worker"))) }
            return
        }
        fresh.jobs = again
        for job in again where !FrameWriter.write(job.frame, to: fresh.toWorker) { return ended(slot) }
    }

    /// Closes a worker's input, so that it ends once it has answered, or ends it now when it still has requests.
    /// Only a worker that ended by itself is waited for (`ended` reads how it ended): `Process.waitUntilExit` polls
    /// every 50 ms, which at the end of the renders cost 0.1 s of idle time, 5% of a 300-scene run. The others are
    /// reaped by Foundation when they exit.
    private func retire(_ slot: Int, wait: Bool = false) {
        guard let worker = workers[slot] else { return }
        workers[slot] = nil
        if let (input, _) = handles[ObjectIdentifier(worker)] { try? input.fileHandleForWriting.close() }
        if worker.process.isRunning, !worker.jobs.isEmpty { worker.process.terminate() }
        if wait { worker.process.waitUntilExit() } else { exiting.append(worker.process) }
        handles[ObjectIdentifier(worker)] = nil
    }

    private func shutDown() {
        for slot in workers.indices { retire(slot) }
    }
}

/// The resident size of this process, for a worker to report.
enum WorkerMemory {
    static func nanoseconds(_ duration: Duration) -> Int {
        let parts = duration.components
        return Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    }

    /// The worker's resident size, reported with every answer: read from `/proc/self/statm` (its second number is the
    /// resident pages) with one `read` into a stack buffer; `String(contentsOfFile:)` and a split cost 0.4% of a cold
    /// run's CPU.
    static func residentKiB() -> Int {
        #if os(Linux)
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let pages = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            let count = read(fd, base, buffer.count)
            guard count > 0 else { return 0 }
            return secondNumber(in: UnsafeBufferPointer(start: base, count: count))
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024
        #endif
    }

    /// The second of the space-separated decimal numbers in `text` (statm's resident pages), or 0.
    static func secondNumber(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var field = 0, value = 0, inNumber = false
        for byte in text {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if field == 1 { value = value &* 10 &+ Int(byte - UInt8(ascii: "0")) }
                inNumber = true
            } else {
                if inNumber {
                    if field == 1 { return value }
                    field += 1
                }
                inNumber = false
            }
        }
        return field == 1 && inNumber ? value : 0
    }
}

// MARK: - Frames

/// A message between `generate` and its workers: a 4-byte little-endian length, then fields: integers as 8 bytes,
/// strings and byte runs as a length and their bytes.
struct FrameEncoder {
    /// The length's four bytes, filled in by `frame`, then the body: the frame is built in place, never copied.
    private var bytes: [UInt8] = [0, 0, 0, 0]

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bytes(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        if value.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: value.utf8) }
    }

    /// The frame: its length written into the first four bytes.
    mutating func finished() -> [UInt8] {
        withUnsafeBytes(of: UInt32(bytes.count - 4).littleEndian) { length in
            for index in 0..<4 { bytes[index] = length[index] }
        }
        return bytes
    }
}

/// Reads the fields of one frame's body; a short or damaged frame reads as zeros and empty strings.
struct FrameDecoder {
    private let body: [UInt8]
    private var offset = 0

    init(_ body: [UInt8]) { self.body = body }

    mutating func int() -> Int {
        guard offset + 8 <= body.count else { return 0 }
        var value: Int64 = 0
        for index in 0..<8 { value |= Int64(body[offset + index]) << (8 * Int64(index)) }
        offset += 8
        return Int(value)
    }

    mutating func bytes() -> [UInt8] {
        let count = int()
        guard count >= 0, offset + count <= body.count else { return [] }
        defer { offset += count }
        return Array(body[offset..<offset + count])
    }

    mutating func string() -> String { String(decoding: bytes(), as: UTF8.self) }
}

/// Frames read from a descriptor: `fill` reads what is there, `frame` takes each complete one.
final class FrameReader {
    enum Fill { case more, ended }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    init(fd: Int32) { self.fd = fd }

    func fill() -> Fill {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return .ended }
            buffer.append(contentsOf: chunk[0..<count])
            return .more
        }
    }

    func frame() -> [UInt8]? {
        guard buffer.count - start >= 4 else { return nil }
        var length = 0
        for index in 0..<4 { length |= Int(buffer[start + index]) << (8 * index) }
        guard buffer.count - start - 4 >= length else { return nil }
        let body = Array(buffer[(start + 4)..<(start + 4 + length)])
        start += 4 + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 22 {
            buffer.removeFirst(start)
            start = 0
        }
        return body
    }

    /// The next frame, reading as much as it takes; nil at the end of the input.
    func next() -> [UInt8]? {
        while true {
            if let frame = frame() { return frame }
            if fill() == .ended { return nil }
        }
    }
}

/// `write(2)`, out of reach of `FrameWriter.write` by name.
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

enum FrameWriter {
    /// Writes all of `frame`; false when the other end has gone.
    static func write(_ frame: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < frame.count {
            let written = frame.withUnsafeBytes { writeBytes(fd, $0.baseAddress.map { $0 + offset }, frame.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
