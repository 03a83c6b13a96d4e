#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Foundation
import Synchronization

/// What the bench must not leave behind: child processes still running (nginx, a feedsite
/// run, curl, openssl) and scratch folders. Errors end them through `defer`s on the way
/// out; a SIGINT, SIGTERM or SIGHUP ends them here, then exits. A process-wide instance,
/// because a signal handler can reach nothing else.
final class Leftovers: Sendable {
    static let shared = Leftovers()

    private struct State {
        var children: Set<pid_t> = []
        var folders: [URL] = []
        var interrupted = false
    }

    private let state = Mutex(State())
    private let removal = Mutex(())

    func track(_ pid: pid_t) {
        state.withLock { _ = $0.children.insert(pid) }
    }

    func forget(_ pid: pid_t) {
        state.withLock { _ = $0.children.remove(pid) }
    }

    /// A folder to remove when the bench ends, however it ends.
    func removeAtExit(_ folder: URL) {
        state.withLock { $0.folders.append(folder) }
    }

    /// Removes the folders registered so far; the bench's last step, or an interrupted one's.
    /// A second caller waits until the first is done, so neither exits halfway through.
    func removeFolders() {
        removal.withLock { _ in
            let folders = state.withLock { state in
                defer { state.folders.removeAll() }
                return state.folders
            }
            for folder in folders {
                // A writer of this process may still be adding files (an interrupted export).
                for _ in 0..<20 {
                    guard (try? FileManager.default.removeItem(at: folder)) == nil, FileManager.default.fileExists(atPath: folder.path) else { break }
                    usleep(50_000)
                }
            }
        }
    }

    /// A signal arrived: long loops in this process stop writing files.
    var isInterrupted: Bool {
        state.withLock { $0.interrupted }
    }

    /// Once interrupted, the signal thread is cleaning up and will exit: the caller waits
    /// for it rather than exit first (and report the children's deaths as failures).
    func waitIfInterrupted() {
        guard isInterrupted else { return }
        while true { pause() }
    }

    /// From now on an interrupt ends the children (SIGTERM) and removes the folders, then
    /// exits with 128 + the signal. The handler only writes the signal's number to a pipe
    /// (all a signal handler may safely do); a thread of its own reads it and cleans up.
    func handleSignals() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        let readEnd = ends[0]
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
        }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            let children = state.withLock { state in
                state.interrupted = true
                return state.children
            }
            for child in children { kill(child, SIGTERM) }
            FileHandle.standardError.write(Data("feedsite-bench: interrupted; stopped \(children.count) child processes, removing scratch folders\n".utf8))
            removeFolders()
            fflush(stdout)
            _exit(128 + Int32(byte))
        }
        thread.name = "feedsite-bench-signals"
        thread.start()
    }
}

/// The pipe's write end for the signal handler, which can reach nothing but globals; set
/// once, before the handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1
