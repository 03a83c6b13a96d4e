#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Files written whole or not at all: bytes go to a hidden temporary file in the same
/// folder, which `rename(2)` then puts in place. A crash leaves the old file or the new
/// one, never half of either.
public enum AtomicFile {
    /// Marks temporary files so a later run can recognise and remove leftovers.
    public static let temporaryMarker = ".feedsite-tmp-"

    public static func write(_ data: Data, to url: URL) throws(FileSystemError) {
        let folder = url.deletingLastPathComponent()
        try FileSystemError.wrap { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let temporary = folder.appendingPathComponent("\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(url.lastPathComponent)")
        do {
            try FileSystemError.wrap { try data.write(to: temporary) }
            try FileSystemError.check(rename(temporary.path, url.path))
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Removes the file; a file that is not there is not an error.
    public static func remove(_ url: URL) throws(FileSystemError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw FileSystemError.fromErrno() }
    }
}
