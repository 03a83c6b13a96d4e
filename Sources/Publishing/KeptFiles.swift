import Basics
import FileSystem
import Foundation
import Hashing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a new site kept from the previous one, so its manifest takes their sizes and
/// digests from the previous manifest instead of reading each file back to hash it
/// (BENCHMARKS.md, "What each trick buys", row "kept files' digests from the previous
/// manifest").
///
/// A file is kept when the staged site linked the previous site's file at the same path,
/// because it held the new bytes. What is remembered is a hash of its path and of those
/// bytes' SHA-256, 8 bytes a file, so a previous manifest edited to list another digest is
/// not believed. A page kept because it was made from the same inputs (`PageRecord`) is
/// remembered by its path alone: its bytes were not read, and the manifest the record was
/// written beside, which is the previous one, is believed as the record is. The previous manifest's line is taken only when the staged file is still as
/// that manifest found it: a regular file of the listed size, last changed no later than the
/// manifest was. A page edited by hand since, or written anew by this run after it was kept,
/// is newer, and is read and hashed as any other file.
final class KeptFiles: Sendable {
    /// The previous site's manifest, and when it was last changed; `nil` without one.
    private let previous: (path: String, changed: timespec)?
    private let kept = Mutex<[Int]>([])

    init(previousSite: String?) {
        var info = stat()
        if let previousSite, lstat(previousSite + "/" + Manifest.fileName, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            previous = (previousSite + "/" + Manifest.fileName, info.st_mtim)
        } else {
            previous = nil
        }
    }

    /// Notes that the file at `path` (from the site root) is the previous site's, unchanged,
    /// and holds the bytes whose SHA-256 is `digest`; `nil` when they were not read.
    func keep(_ path: String, digest: SHA256.Digest?) {
        guard previous != nil else { return }
        let key = Self.key(path, digest)
        kept.withLock { $0.append(key) }
    }

    private static func key(_ path: String, _ digest: SHA256.Digest?) -> Int {
        var hasher = Hasher()
        hasher.combine(path)
        hasher.combine(digest)
        return hasher.finalize()
    }

    /// What the previous manifest lists for the kept files, for one walk of the new site;
    /// `nil` when nothing was kept.
    func listings() -> Listings? {
        guard let previous, let reader = try? LineReader(path: previous.path, bufferSize: 64 << 10) else { return nil }
        let keys = kept.withLock { $0 }.sorted()
        return keys.isEmpty ? nil : Listings(keys: keys, reader: reader, manifestChanged: previous.changed)
    }

    /// A kept file as the previous manifest lists it.
    struct Listing: Sendable {
        let file: Manifest.File
        let manifestChanged: timespec

        /// Whether the staged file at `fullPath` is still the file the listing describes.
        func isStill(at fullPath: String) -> Bool {
            var info = stat()
            guard lstat(fullPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == file.size else { return false }
            let changed = info.st_mtim
            return (changed.tv_sec, changed.tv_nsec) <= (manifestChanged.tv_sec, manifestChanged.tv_nsec)
        }
    }

    /// The previous manifest's lines, read as the new site's paths are asked for in the
    /// order its manifest lists them, which is the order the previous one listed them in.
    final class Listings {
        private let keys: [Int]
        private let reader: LineReader
        private let manifestChanged: timespec
        /// The previous manifest's file at the reader, `nil` once it has no more.
        private var current: Manifest.File?
        private var started = false

        fileprivate init(keys: [Int], reader: LineReader, manifestChanged: timespec) {
            self.keys = keys
            self.reader = reader
            self.manifestChanged = manifestChanged
        }

        /// The previous manifest's listing of `path` when the file there was kept with the
        /// digest it lists; each path asked after the one before it.
        func listing(of path: String) -> Listing? {
            if !started {
                started = true
                current = nextFile()
            }
            while let file = current, file.path.utf8.lexicographicallyPrecedes(path.utf8) { current = nextFile() }
            guard let file = current, file.path == path, let digest = SHA256.Digest(hex: file.sha256),
                contains(KeptFiles.key(path, digest)) || contains(KeptFiles.key(path, nil))
            else { return nil }
            return Listing(file: file, manifestChanged: manifestChanged)
        }

        private func contains(_ key: Int) -> Bool {
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key
        }

        /// The next line of the previous manifest that lists a file, `nil` at its end or
        /// once it cannot be read; a line that lists none (its head, its end) is passed over.
        private func nextFile() -> Manifest.File? {
            while (try? reader.advance()) == true {
                if let file = Self.file(listedBy: reader.line) { return file }
            }
            return nil
        }

        /// The file a manifest's line lists, as `Manifest.File.json` writes it, the line's
        /// indent and trailing comma aside; a path with an escape in it is read as JSON. Each
        /// line read as JSON cost more than hashing the file it lists (BENCHMARKS.md, "What
        /// each trick buys", row "kept files' digests from the previous manifest").
        static func file(listedBy line: UnsafeRawBufferPointer) -> Manifest.File? {
            var bytes = line[...]
            while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
            if bytes.last == UInt8(ascii: ",") { bytes.removeLast() }
            let object = bytes
            func take(_ text: StaticString) -> Bool {
                let expected = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                guard bytes.starts(with: expected) else { return false }
                bytes.removeFirst(expected.count)
                return true
            }
            guard take("{\"path\": \""), let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            let path = bytes[..<quote]
            guard !path.contains(UInt8(ascii: "\\")) else { return readAsJSON(Data(object)) }
            bytes = bytes[quote...]
            guard take("\", \"size\": "), let comma = bytes.firstIndex(of: UInt8(ascii: ",")), let size = Int(String(decoding: bytes[..<comma], as: UTF8.self))
            else { return nil }
            bytes = bytes[comma...]
            guard take(", \"sha256\": \""), bytes.count == 66, bytes.last == UInt8(ascii: "}"), bytes[bytes.endIndex - 2] == UInt8(ascii: "\""),
                case let digest = bytes.dropLast(2), digest.allSatisfy(HexDigit.isLowercase)
            else { return nil }
            return Manifest.File(path: String(decoding: path, as: UTF8.self), size: size, sha256: String(decoding: digest, as: UTF8.self))
        }

        /// The file the manifest's JSON object `object` lists.
        private static func readAsJSON(_ object: Data) -> Manifest.File? {
            guard let value = try? JSONReader.read(object), let path = value["path"]?.string, let size = value["size"]?.number,
                let sha256 = value["sha256"]?.string, sha256.utf8.count == 64, sha256.utf8.allSatisfy(HexDigit.isLowercase)
            else { return nil }
            return Manifest.File(path: path, size: Int(size), sha256: sha256)
        }
    }
}
