#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import FeedCore
import Foundation
import Synchronization

/// Files written whole or not at all: bytes go to a hidden temporary file in the same
/// folder, which `rename(2)` then puts in place. A crash leaves the old file or the new
/// one, never half of either.
public enum AtomicFile {
    /// Marks temporary files so a later run can recognise and remove leftovers.
    public static let temporaryMarker = ".feedsite-tmp-"

    /// Missing parent folders are created.
    public static func write(_ data: Data, to url: URL) throws(FileSystemError) {
        try write(data, toPath: url.path)
    }

    public static func write(_ data: Data, toPath path: String) throws(FileSystemError) {
        let temporary = temporaryPath(for: path)
        do {
            try PlainFile.write(data, to: temporary)
            try FileSystemError.check(rename(temporary, path))
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A hidden name beside `path` for its next version, unique in this process:
    /// `.feedsite-tmp-<pid>-<n>-<name>`.
    public static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return "\(path[..<slash])\(temporaryMarker)\(processID)-\(counter.add(1, ordering: .relaxed).newValue)-\(path[slash...])"
    }

    private static let processID = getpid()
    private static let counter = Atomic<Int>(0)

    /// Removes the file; a file that is not there is not an error.
    public static func remove(_ url: URL) throws(FileSystemError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw FileSystemError.fromErrno() }
    }
}
