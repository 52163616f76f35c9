import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion and measures it as the kernel saw it: wall time, CPU time and peak resident
/// memory of the process and every child it waited for (`wait4`), so that a run's worker processes count too.
enum Subprocess {
    struct Measure {
        var status: Int32
        var wall: Double
        var userCPU: Double
        var systemCPU: Double
        /// The largest resident size of the process or of one of its waited-for children, in KiB.
        var peakKiB: Int

        var cpu: Double { userCPU + systemCPU }
    }

    /// Runs `executable` with `arguments`, standard output and error to `log` (appended) or discarded.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    log: String? = nil) -> Measure {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        let target = log ?? "/dev/null"
        posix_spawn_file_actions_addopen(&fileActions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, STDOUT_FILENO, target, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, STDOUT_FILENO, STDERR_FILENO)

        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.keys.sorted().map { strdup("\($0)=\(variables[$0] ?? "")") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid = pid_t()
        lock.lock()
        // Stopped (the process is ending): no new process, which would outlive it.
        if stopped {
            lock.unlock()
            while true { sleep(60) }
        }
        let spawned = posix_spawnp(&pid, executable, &fileActions, nil, argv, envp)
        if spawned == 0 { running = pid }
        lock.unlock()
        guard spawned == 0 else { return Measure(status: 127, wall: 0, userCPU: 0, systemCPU: 0, peakKiB: 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        // Ended by `stopRunning`: the process is ending, and the one who stopped it ends it.
        if lock.withLock({ running = nil; return stopped }) { while true { sleep(60) } }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        #if os(macOS)
        let peak = Int(usage.ru_maxrss) / 1024
        #else
        let peak = Int(usage.ru_maxrss)
        #endif
        // The exit status, or 128 + the signal that ended it.
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measure(status: exit, wall: wall, userCPU: seconds(usage.ru_utime), systemCPU: seconds(usage.ru_stime), peakKiB: peak)
    }

    private static let lock = NSLock()
    /// The process `run` waits for, if any.
    nonisolated(unsafe) private static var running: pid_t?
    nonisolated(unsafe) private static var stopped = false

    /// Ends the process `run` is waiting for (the benchmark is interrupted): asked to end (SIGTERM, so that a
    /// `generate` removes its staging folder), then killed if it has not ended within three seconds; no other is
    /// started after it.
    static func stopRunning() {
        guard let pid = lock.withLock({ stopped = true; return running }) else { return }
        kill(pid, SIGTERM)
        for _ in 0..<300 {
            // `run` reaps it, and clears `running`, as soon as it ends.
            if lock.withLock({ running }) != pid { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
    }

    /// Whether `program` is found on the `PATH`.
    static func exists(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
