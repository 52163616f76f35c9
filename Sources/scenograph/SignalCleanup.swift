import DocSite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupt (Ctrl-C) or a termination undoes before the process ends, in every command: what a command adds
/// while it runs (generate's staging folder, a benchmark's child process and scratch folder), then the temporary
/// files of the atomic writes under way (`AtomicFile`), then the process ends by the signal (as it would without the
/// handler). One cleanup for both signals, so that nothing else ends the process while it cleans up.
enum SignalCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var actions: [(token: Int, run: @Sendable () -> Void)] = []
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var signalled = false
    static let signals = [SIGINT, SIGTERM]

    /// Takes over SIGINT and SIGTERM for the rest of the process (once).
    static func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in signals {
                // A signal source receives a signal only while its default action is off.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    // One cleanup: a second signal (SIGTERM after Ctrl-C) waits for the first's, which ends the process.
                    guard let actions = lock.withLock({ () -> [(token: Int, run: @Sendable () -> Void)]? in
                        if signalled { return nil }
                        signalled = true
                        return actions
                    }) else {
                        while true { sleep(60) }
                    }
                    for action in actions { action.run() }
                    AtomicFile.removeTemporaries()
                    // Ended by the signal itself, as without the handler, so that a shell loop or make stops too;
                    // exit status 128 + the signal if it is not delivered within a second. Raised in this thread,
                    // with the signal unblocked in it: the signal source blocks it in the threads made after it
                    // (Linux's libdispatch reads it from a signalfd), so one sent to the process was read by the
                    // source again, and the process ended only when some older thread took it (or by the exit
                    // status, in about half the runs on a busy machine).
                    signal(number, SIG_DFL)
                    var set = sigset_t()
                    sigemptyset(&set)
                    sigaddset(&set, number)
                    pthread_sigmask(SIG_UNBLOCK, &set, nil)
                    raise(number)
                    sleep(1)
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Adds what an interrupt undoes while the command runs (run in the order added); the token removes it.
    static func add(_ action: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            actions.append((nextToken, action))
            return nextToken
        }
    }

    /// Once a signal is being handled, the command does not end on its own (with its own status, while the handler
    /// cleans up): the handler ends the process.
    static func holdIfSignalled() {
        if lock.withLock({ signalled }) { while true { sleep(60) } }
    }

    static func remove(_ token: Int) {
        lock.withLock { actions.removeAll { $0.token == token } }
    }
}
