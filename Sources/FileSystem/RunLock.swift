import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run at a time per folder: an exclusive `flock(2)` on a lock file, held while this
/// value lives (or until the process ends). The kernel drops the lock of a dead process, so a stale
/// lock file from a killed run is simply taken over. The file says who holds it (process id
/// and start time) so a second run can tell the user.
public final class RunLock: Sendable {
    public struct Busy: Error, Equatable, Sendable, CustomStringConvertible {
        public let lockFile: String
        /// What the holding run wrote: `pid 1234, started 2024-05-20T11:24:59Z`, or empty.
        public let holder: String

        public var description: String {
            let who = holder.isEmpty ? "another feedsite run" : "another feedsite run (\(holder))"
            return "\(who) holds the lock \(lockFile); wait for it to finish, or stop it, then run again"
        }
    }

    public struct Unavailable: Error, Equatable, Sendable, CustomStringConvertible {
        public let lockFile: String
        public let reason: String

        public var description: String { "cannot create the lock file \(lockFile): \(reason)" }
    }

    private let descriptor: Int32
    public let file: URL
    /// Whether the last run to hold this lock ended without `markFinished()`: killed or
    /// crashed, so it may have left temporary files behind.
    public let previousRunWasInterrupted: Bool

    private static let finishedNote = "finished"

    private init(descriptor: Int32, file: URL, previousRunWasInterrupted: Bool) {
        self.descriptor = descriptor
        self.file = file
        self.previousRunWasInterrupted = previousRunWasInterrupted
    }

    /// Notes in the lock file that this run ended on its own terms.
    public func markFinished() {
        Self.write("\(Self.finishedNote)\n", to: descriptor)
    }

    private static func write(_ note: String, to descriptor: Int32) {
        // The note first, then the file cut to its length: on a full disk the old note
        // stays whole rather than the file left empty.
        let length = note.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        if length >= 0 { _ = ftruncate(descriptor, off_t(length)) }
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock at `file` without waiting; throws `Busy` when another run holds it.
    public static func acquire(_ file: URL, startedAt: Date) throws -> RunLock {
        let descriptor: Int32
        do {
            descriptor = try PlainFile.open(file.path, O_RDWR | O_CREAT | O_CLOEXEC)
        } catch {
            throw Unavailable(lockFile: file.path, reason: error.description)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = FileSystemError.fromErrno().description
            let holder = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(descriptor)
            if busy { throw Busy(lockFile: file.path, holder: holder) }
            throw Unavailable(lockFile: file.path, reason: reason)
        }
        let previous = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let interrupted = previous.hasPrefix("pid ")
        write("pid \(getpid()), started \(ISO8601Date.format(startedAt))\n", to: descriptor)
        return RunLock(descriptor: descriptor, file: file, previousRunWasInterrupted: interrupted)
    }
}
