import Foundation

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
    /// 1 GiB of address space: about 20 million levels of Graphviz's recursion.
    static let stackSize = 1 << 30

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
            let thread = Thread { [self] in loop() }
            thread.stackSize = Self.stackSize
            thread.name = "graphviz"
            thread.start()
        }
        while pending != nil { condition.wait() }
        pending = work
        submitted += 1
        let ticket = submitted
        condition.broadcast()
        while finished < ticket { condition.wait() }
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
