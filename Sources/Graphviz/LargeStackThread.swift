import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One long-lived thread with a large stack that runs Graphviz's layouts and renders.
///
/// Graphviz 2.x recurses once per node along the spanning trees of its network
/// simplex (dot's ranking and coordinates) and the searches around them: a chain of
/// 2,000 nodes needs more than 128 KiB of stack, about 50 bytes a level, and the
/// auxiliary graphs of big diagrams have tens of thousands of nodes. The caller's
/// stack can be anything (512 KiB for secondary threads on macOS, 8 MiB for the main
/// thread on Linux), so Graphviz gets a stack of its own, reserved once and only
/// touched as deep as a layout goes.
final class LargeStackThread: @unchecked Sendable {
    /// The stack sizes tried, largest first: 1 GiB of address space is about 20 million levels of
    /// Graphviz's recursion; a process whose address space is limited (`ulimit -v`) gets the largest that fits.
    static let stackSizes = [1 << 30, 1 << 28, 1 << 26, 1 << 24]

    /// The stack the thread got, or nil when no thread could be started and work runs on the caller's thread.
    private(set) var stackSize: Int?

    private let condition = NSCondition()
    private var pending: (@Sendable () -> Void)?
    private var finished = 0
    private var submitted = 0
    private var started = false

    /// Runs `work` on the thread and returns when it has finished. Calls from several
    /// threads run one after the other.
    func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            stackSize = startThread()
        }
        guard stackSize != nil else {
            // No thread could be created: the work runs here, one call at a time under the lock.
            work()
            return
        }
        while pending != nil { condition.wait() }
        pending = work
        submitted += 1
        let ticket = submitted
        condition.broadcast()
        while finished < ticket { condition.wait() }
    }

    /// Starts the loop on a thread with the largest stack the process can have; the stack size, or nil.
    private func startThread() -> Int? {
        for size in Self.stackSizes {
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            guard pthread_attr_setstacksize(&attributes, size) == 0,
                  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { continue }
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, &attributes, { context in
                #if canImport(Darwin)
                let owner = Unmanaged<LargeStackThread>.fromOpaque(context).takeRetainedValue()
                #else
                guard let context else { return nil }
                let owner = Unmanaged<LargeStackThread>.fromOpaque(context).takeRetainedValue()
                #endif
                owner.loop()
                return nil
            }, context)
            if status == 0 { return size }
            Unmanaged<LargeStackThread>.fromOpaque(context).release()
        }
        return nil
    }

    private func loop() {
        condition.lock()
        while true {
            while pending == nil { condition.wait() }
            let work = pending
            pending = nil
            condition.unlock()
            work?()
            condition.lock()
            finished += 1
            condition.broadcast()
        }
    }
}
