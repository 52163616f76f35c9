import DocSite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While `generate` writes its staging folder: an interrupt (Ctrl-C) or a termination removes that folder before
/// the process ends (`SignalCleanup`), so that a stopped run leaves nothing beside the docs (the previous docs are
/// untouched either way; a run stopped during the swap itself is repaired by the next run, from the marker it leaves).
final class Interruption {
    private var token: Int?
    /// Milliseconds an interrupted run waits, its folder removed, before it exits (`SCENOGRAPH_TEST_EXIT_PAUSE_MS`,
    /// for a test); nil, no wait, otherwise.
    nonisolated(unsafe) static var exitPauseForTests: UInt32?

    init(removing folder: URL, thenEmpty parents: [URL] = []) {
        SignalCleanup.install()
        token = SignalCleanup.add {
            // Nothing writes into the folder after this, so its removal cannot race a write.
            OutputStaging.stopWriting()
            for _ in 0..<5 where FileManager.default.fileExists(atPath: folder.path) {
                try? FileManager.default.removeItem(at: folder)
            }
            // The folders of the output's path the run made, when nothing else is in them.
            for parent in parents { rmdir(parent.path) }
            // A test holds the process here, to see that nothing else ends it meanwhile.
            if let pause = Interruption.exitPauseForTests { usleep(min(pause, 10_000) * 1_000) }
        }
    }

    /// The folder is committed or abandoned: an interrupt leaves it alone.
    func end() {
        if let token { SignalCleanup.remove(token) }
        token = nil
    }
}
