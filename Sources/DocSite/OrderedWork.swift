import Foundation

/// Runs jobs on background threads while the caller goes on submitting, and hands their results back to the caller
/// in the order the jobs were submitted.
///
/// Each background thread takes the oldest job no thread has taken yet, so one long job holds up only its own
/// thread, never a whole batch. At most `window` jobs (and, past the first, at most `maxWeight` of their weight)
/// are outstanding: `submit` hands back finished results, waiting for the oldest when the window is full, so memory
/// stays bounded however many jobs there are. With one thread everything runs at once on the caller's thread.
///
/// Jobs must only read values that nothing writes while they run. Results are handled on the caller's thread, in
/// order, so writing them needs no lock. Call `finish` to hand back the rest, and `stop` (`defer`) so that the
/// threads end when the caller leaves early: they hold the queue until then.
final class OrderedWork<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private let threads: Int
    private let window: Int
    private let maxWeight: Int
    /// Submitted jobs by index, nil once taken.
    private var jobs: [(() -> Result)?] = []
    private var results: [Result?] = []
    private var weights: [Int] = []
    private var nextToTake = 0
    private var nextToHand = 0
    private var outstandingWeight = 0
    private var started = 0
    private var stopped = false

    init(threads: Int, window: Int, maxWeight: Int = .max) {
        self.threads = max(1, threads)
        self.window = max(1, window)
        self.maxWeight = maxWeight
    }

    /// Queues `job`, then hands `handle` every result that is ready in order, waiting for the oldest while the
    /// window is full.
    func submit(weight: Int = 0, _ job: @escaping () -> Result, handle: (Result) throws -> Void) throws {
        guard threads > 1 else { return try handle(job()) }
        try handOut(handle) { outstanding, weight in outstanding >= self.window || (outstanding > 0 && weight >= self.maxWeight) }
        condition.lock()
        jobs.append(job)
        results.append(nil)
        weights.append(weight)
        outstandingWeight += weight
        let startThread = started < threads && started < jobs.count - nextToTake
        if startThread { started += 1 }
        condition.broadcast()
        condition.unlock()
        if startThread { DispatchQueue.global().async { [self] in work() } }
        try handOut(handle) { _, _ in false }
    }

    /// Hands back every remaining result in order, waiting for each, then lets the threads end.
    func finish(handle: (Result) throws -> Void) throws {
        defer { stop() }
        try handOut(handle) { outstanding, _ in outstanding > 0 }
    }

    /// Lets the threads end once their current job is done; jobs not yet taken are dropped.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands back ready results in order; while none is ready and `wait(outstanding, weight)` holds, waits.
    private func handOut(_ handle: (Result) throws -> Void, while wait: (Int, Int) -> Bool) throws {
        while true {
            condition.lock()
            if nextToHand < results.count, let result = results[nextToHand] {
                results[nextToHand] = nil
                outstandingWeight -= weights[nextToHand]
                nextToHand += 1
                condition.unlock()
                try handle(result)
                continue
            }
            guard wait(results.count - nextToHand, outstandingWeight) else {
                condition.unlock()
                return
            }
            condition.wait()
            condition.unlock()
        }
    }

    private func work() {
        condition.lock()
        while true {
            while nextToTake >= jobs.count, !stopped { condition.wait() }
            if stopped { break }
            let index = nextToTake
            nextToTake += 1
            let job = jobs[index]
            jobs[index] = nil
            condition.unlock()
            let result = job?()
            condition.lock()
            results[index] = result
            condition.broadcast()
        }
        condition.unlock()
    }
}

/// A value made on a background thread while the caller goes on; `value` waits for it. `make` must only read values
/// that nothing writes while it runs.
final class BackgroundValue<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let make: () -> Value
    private var result: Value?

    init(_ make: @escaping () -> Value) {
        self.make = make
        DispatchQueue.global().async { [self] in
            result = self.make()
            done.signal()
        }
    }

    var value: Value {
        done.wait()
        defer { done.signal() }
        return result ?? make()
    }
}
