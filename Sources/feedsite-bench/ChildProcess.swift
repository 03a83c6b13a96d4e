#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import FeedCore
import Foundation

/// Runs a program as a child process and reports its exit status, wall time and peak
/// resident memory (from `wait4`'s rusage), with its output captured in files.
struct ChildProcess {
    struct Result {
        let status: Int32
        let seconds: Double
        /// Peak resident set size in bytes.
        let peakMemory: Int
        let standardOutput: String
        let standardError: String
    }

    /// Peak memory comes from GNU time's `%M` when `/usr/bin/time` is there. `wait4`'s own
    /// `ru_maxrss` is no good for it: glibc's `posix_spawn` starts the child in the
    /// benchmark's memory (`CLONE_VM`), and Linux carries that memory's high-water mark into
    /// the child at `exec`, so every child would report at least the benchmark's own peak,
    /// which exporting a large feed makes large. GNU time forks from a small process instead.
    static func run(_ executable: String, _ arguments: [String], scratch: URL) throws -> Result {
        let outPath = scratch.appendingPathComponent("child.stdout").path
        let errPath = scratch.appendingPathComponent("child.stderr").path
        let memoryPath = scratch.appendingPathComponent("child.maxrss").path
        let timed = FileManager.default.isExecutableFile(atPath: gnuTime)
        unlink(memoryPath)
        let start = ContinuousClock.now
        let pid =
            try timed
            ? spawn(gnuTime, ["-f", "%M", "-o", memoryPath, executable] + arguments, standardOutput: outPath, standardError: errPath)
            : spawn(executable, arguments, standardOutput: outPath, standardError: errPath)
        defer { Leftovers.shared.forget(pid) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let elapsed = ContinuousClock.now - start
        var peakKilobytes = Int(usage.ru_maxrss)
        if timed, let text = try? String(contentsOfFile: memoryPath, encoding: .utf8),
            let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        {
            peakKilobytes = kilobytes
        }
        return Result(
            status: exitStatus(status),
            seconds: elapsed.seconds,
            peakMemory: peakKilobytes * 1024,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        )
    }

    static let gnuTime = "/usr/bin/time"

    /// Starts `executable` with its output into two files and returns at once; the child is
    /// one of the `Leftovers` (ended if the bench is interrupted) until `forget`.
    static func spawn(_ executable: String, _ arguments: [String], standardOutput: String, standardError: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        Leftovers.shared.track(pid)
        return pid
    }

    /// The shell's view of a `wait` status: the exit code, or 128 + the signal.
    static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The full path of `name` on `PATH` (then in the `sbin` folders, where Debian puts
    /// nginx and which a user's `PATH` often lacks), or `nil`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
