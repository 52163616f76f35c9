@testable import DocSite
import Foundation
import Testing

/// The background queue behind DOT building and templating: results in submission order, bounded, stoppable.
@Suite("Ordered background work")
struct OrderedWorkTests {
    /// A job that takes longer the smaller its index's remainder, so later jobs often finish first.
    private static func job(_ index: Int) -> () -> Int {
        {
            usleep(UInt32((index % 7) * 300))
            return index * index
        }
    }

    @Test("results come back in submission order, whatever order the threads finish in", arguments: [1, 2, 4])
    func order(threads: Int) throws {
        let work = OrderedWork<Int>(threads: threads, window: 8)
        defer { work.stop() }
        var handed: [Int] = []
        for index in 0..<200 {
            try work.submit(Self.job(index)) { handed.append($0) }
        }
        try work.finish { handed.append($0) }
        #expect(handed == (0..<200).map { $0 * $0 })
    }

    @Test("no more than the window's jobs, or its weight, are outstanding")
    func window() throws {
        let lock = NSLock()
        var running = 0, most = 0
        let work = OrderedWork<Int>(threads: 4, window: 3)
        defer { work.stop() }
        var outstandingMost = 0, submitted = 0, handed = 0
        for index in 0..<60 {
            try work.submit({
                lock.withLock { running += 1; most = max(most, running) }
                usleep(500)
                lock.withLock { running -= 1 }
                return index
            }, handle: { _ in handed += 1 })
            submitted += 1
            outstandingMost = max(outstandingMost, submitted - handed)
        }
        try work.finish { _ in handed += 1 }
        #expect(handed == 60)
        #expect(outstandingMost <= 3)
        #expect(most <= 3)

        // Weight: past the first job, no more than 10 units outstanding.
        let weighed = OrderedWork<Int>(threads: 2, window: 100, maxWeight: 10)
        defer { weighed.stop() }
        var weightMost = 0, weight = 0
        var weights: [Int] = []
        for index in 0..<40 {
            let size = index % 4 == 0 ? 12 : 3
            weights.append(size)
            try weighed.submit(weight: size, { usleep(300); return index }, handle: { weight -= weights[$0] })
            weight += size
            weightMost = max(weightMost, weight - size)
        }
        try weighed.finish { weight -= weights[$0] }
        #expect(weight == 0)
        #expect(weightMost < 10)
    }

    @Test("an error while handling a result ends the work; stopping lets the threads go")
    func errors() {
        struct Refused: Error {}
        let work = OrderedWork<Int>(threads: 2, window: 4)
        defer { work.stop() }
        var handed: [Int] = []
        #expect(throws: Refused.self) {
            for index in 0..<50 {
                try work.submit(Self.job(index)) { value in
                    if value == 25 { throw Refused() }
                    handed.append(value)
                }
            }
        }
        #expect(handed == [0, 1, 4, 9, 16])
    }
}
