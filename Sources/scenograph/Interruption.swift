import DocSite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While `generate` writes its staging folder: an interrupt (Ctrl-C) or a termination removes that folder before
/// the process ends, so that a stopped run leaves nothing beside the docs (the previous docs are untouched either
/// way; a run stopped during the swap itself is repaired by the next run, from the marker it leaves).
final class Interruption {
    private var sources: [DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]
    /// Milliseconds an interrupted run waits, its folder removed, before it exits (`SCENOGRAPH_TEST_EXIT_PAUSE_MS`,
    /// for a test); nil, no wait, otherwise.
    nonisolated(unsafe) static var exitPauseForTests: UInt32?

    init(removing folder: URL, thenEmpty parents: [URL] = []) {
        for number in Self.signals {
            // A signal source receives a signal only while its default action is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // Nothing writes into the folder after this, so its removal cannot race a write.
                OutputStaging.stopWriting()
                for _ in 0..<5 where FileManager.default.fileExists(atPath: folder.path) {
                    try? FileManager.default.removeItem(at: folder)
                }
                // The folders of the output's path the run made, when nothing else is in them.
                for parent in parents { rmdir(parent.path) }
                // A test holds the process here, to see that nothing else ends it meanwhile.
                if let pause = Interruption.exitPauseForTests { usleep(min(pause, 10_000) * 1_000) }
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The folder is committed or abandoned: signals act as usual again.
    func end() {
        for source in sources { source.cancel() }
        sources = []
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
