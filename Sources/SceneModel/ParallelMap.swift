import Dispatch

/// `body(0)`, `body(1)`, … `body(count - 1)` in order, computed on up to `threads` threads: each takes the next index
/// no thread has taken yet, so that one long item does not hold up the others. The items must only read values
/// that nothing writes while they run. With one thread (or one item) everything runs on the caller's thread.
public func parallelMap<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
    let workers = min(max(1, threads), count)
    guard workers > 1 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
        let results = ParallelResults(count: count, body: body)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in results.run() }
        return results.values
    }
}

/// The slots of one `parallelMap`, each filled by the one thread that took its index.
private final class ParallelResults<T>: @unchecked Sendable {
    /// Guards `next` and `slots` (Dispatch's semaphore: this module does without Foundation).
    private let lock = DispatchSemaphore(value: 1)
    private let body: (Int) -> T
    private var slots: [T?]
    private var next = 0

    init(count: Int, body: @escaping (Int) -> T) {
        self.body = body
        slots = Array(repeating: nil, count: count)
    }

    func run() {
        while let index = take() {
            let value = body(index)
            lock.wait()
            slots[index] = value
            lock.signal()
        }
    }

    private func take() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    var values: [T] { slots.compactMap { $0 } }
}
