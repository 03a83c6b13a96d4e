import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written whole or not at all: bytes go to a hidden temporary file in the same
/// folder, which `rename(2)` then puts in place. A crash leaves the old file or the new
/// one, never half of either.
public enum AtomicFile {
    /// Marks temporary files so a later run can recognise and remove leftovers.
    public static let temporaryMarker = ".feedsite-tmp-"

    /// Writes the file at `path` whole or not at all, the one way feedsite replaces a file:
    /// `body` writes the bytes through a `BufferedFileWriter` on a temporary name beside
    /// `path`, which `rename(2)` then puts in place. When anything fails, the temporary file
    /// is removed and `path` is left as it was. Missing parent folders are created. Nothing
    /// is flushed to the disk (`PlainFile` says why).
    ///
    /// With `unlessUnchanged`, a file at `path` that already holds exactly these bytes is
    /// left alone, modification time and all: rewriting it would change nothing but the
    /// disk's wear. Returns whether it wrote.
    @discardableResult
    public static func write(toPath path: String, unlessUnchanged: Bool = false, _ body: (BufferedFileWriter) throws -> Void) throws -> Bool {
        let draft = Draft(path: path, unlessUnchanged: unlessUnchanged)
        do {
            try body(draft.writer)
            return try draft.commit()
        } catch {
            draft.discard()
            throw error
        }
    }

    /// A file written as `write(toPath:unlessUnchanged:_:)` writes one, for a writer that
    /// outlives one call: bytes go to `writer` (on a temporary name) for as long as it takes,
    /// then `commit()` puts them in place, or `discard()` removes them. Files that change
    /// together are each `prepare()`d first, then committed: a full disk stops the first
    /// step, which leaves every `path` as it was, and the second only renames.
    public final class Draft {
        public let path: String
        public let writer: BufferedFileWriter
        private let unlessUnchanged: Bool
        /// After `prepare()`: whether there is anything to put in place.
        private var prepared: Bool?

        /// Makes nothing yet; with `unlessUnchanged`, `commit()` leaves a file at `path` that
        /// holds the same bytes alone. The temporary file goes beside `path`, or into
        /// `temporaryFolder` (on the same file system) when a folder that others read must
        /// never hold one, not even after a crash. With `unlessUnchanged` or `hashing`, the
        /// writer hashes what it writes (`writer.digest`).
        public init(path: String, unlessUnchanged: Bool = false, temporaryFolder: String? = nil, hashing: Bool = false) {
            self.path = path
            let temporary = temporaryFolder.map { $0 + "/" + (path as NSString).lastPathComponent } ?? path
            self.writer = BufferedFileWriter(path: AtomicFile.temporaryPath(for: temporary), hashing: unlessUnchanged || hashing)
            self.unlessUnchanged = unlessUnchanged
        }

        /// Puts what was written in place by `rename(2)`; returns whether it wrote (`false`:
        /// the file at `path` already held these bytes). When it fails, the temporary file is
        /// removed and `path` is left as it was.
        public func commit() throws -> Bool {
            do {
                guard try prepare() else { return false }
                if rename(writer.path, path) != 0 {
                    // Written elsewhere, into a folder not made yet.
                    guard errno == ENOENT else { throw FileSystemError.fromErrno() }
                    try PlainFile.makeParentFolder(of: path)
                    try FileSystemError.check(rename(writer.path, path))
                }
                return true
            } catch {
                discard()
                throw error
            }
        }

        /// Writes out what is left under the temporary name, so that `commit()` only renames;
        /// returns whether there is anything to put in place (`false`: the file at `path`
        /// already holds these bytes, and the temporary file is gone). When it fails, the
        /// temporary file is removed.
        @discardableResult
        public func prepare() throws -> Bool {
            if let prepared { return prepared }
            do {
                if unlessUnchanged, writer.holdsSameBytes(as: path) {
                    discard()
                    prepared = false
                    return false
                }
                try writer.finish()
                prepared = true
                return true
            } catch {
                discard()
                throw error
            }
        }

        /// Removes the temporary file; `path` is left as it was.
        public func discard() {
            unlink(writer.path)
        }
    }

    /// The small-file case: `data`, whole.
    public static func write(_ data: Data, to url: URL) throws {
        try write(toPath: url.path) { writer in
            try data.withUnsafeBytes { try writer.write($0) }
        }
    }

    /// A hidden name beside `path` for its next version, unique in this process:
    /// `.feedsite-tmp-<pid>-<n>-<name>.tmp`. It never ends as `path` does, so a program that
    /// picks files by their extension never reads a half-written one (node_exporter reads
    /// every `*.prom` in its folder, hidden or not).
    public static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return "\(path[..<slash])\(temporaryMarker)\(processID)-\(counter.add(1, ordering: .relaxed).newValue)-\(path[slash...]).tmp"
    }

    /// Removes the temporary files beside `path` that a process no longer running left
    /// (killed mid-write: `.feedsite-tmp-<pid>-<n>-<name>.tmp`), and those of this process's
    /// ID, which only an earlier process with the same ID can have left when called before
    /// this one writes `path` (a container's first process has the same ID every run).
    /// Returns how many it removed; a folder it cannot read removes nothing.
    @discardableResult
    public static func removeAbandonedTemporaries(beside path: String) -> Int {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let suffix = "-" + (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(temporaryMarker) && name.hasSuffix(suffix) {
            let numbers = name.dropFirst(temporaryMarker.count).dropLast(suffix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard numbers.count == 2, let owner = pid_t(numbers[0]), owner > 0, UInt(numbers[1]) != nil else { continue }
            let running = owner != processID && (kill(owner, 0) == 0 || errno == EPERM)
            if !running, unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    private static let processID = getpid()
    private static let counter = Atomic<Int>(0)

    /// Removes the file; a file that is not there is not an error.
    public static func remove(_ url: URL) throws(FileSystemError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw FileSystemError.fromErrno() }
    }
}
