import FileSystem
import Foundation
import Hashing
import Synchronization

/// What each page of a published site was made from, so the next run knows a page whose
/// inputs are the same without rendering it or reading the published file: the file
/// `.feedsite-pages` at the top of the site, written with it and swapped in with it
/// (BENCHMARKS.md, "What each trick buys", row "a page known unchanged by its inputs").
///
/// Each page is 8 bytes, a hash of its path and of the digest of its inputs, in sorted
/// order, so the same site has the same record: 0.9 MB held through a run of 100,000 items,
/// where a changed page is taken for an unchanged one with a chance of about one in 10^14.
/// The file names the feedsite that wrote it and the SHA-256 of the `manifest.json` it was
/// written beside; a record whose feedsite or manifest is another (an older feedsite, a
/// site published by a run that wrote no record and carried this one along as a dot-file)
/// is not believed, and every page is rendered again. Being a dot-file, it is in no
/// manifest, archive, ZIM or web archive, and `serve` never serves it.
public enum PageRecord {
    /// The record's name at the top of the site.
    public static let fileName = ".feedsite-pages"

    /// A page as a run notes it: its path's hash apart, so a page can be left out of the
    /// record by its path.
    struct Key: Sendable {
        let path: UInt64
        let inputs: UInt64

        init(path: String, inputs: UInt64) {
            self.init(path: Self.hash(path), inputs: inputs)
        }

        init(path: UInt64, inputs: UInt64) {
            self.path = path
            self.inputs = inputs
        }

        /// The page as the record holds it.
        var recorded: UInt64 {
            Mix64.combine(path, inputs)
        }

        /// FNV-1a, 64 bits, of the path's bytes.
        static func hash(_ path: String) -> UInt64 {
            FNV1a.hash(path.utf8)
        }
    }

    /// The first line, which says what the file is.
    static let heading = "feedsite page inputs 1"
    /// The most bytes a record is read from: 8 a page, for a million pages and more.
    static let maxBytes = 64 << 20

    /// The head of a record: what it is, who wrote it, the SHA-256 of the manifest it goes
    /// with. The pages follow, to the end of the file, sorted.
    static func head(generator: String, manifest: SHA256.Digest) -> String {
        "\(heading)\n\(generator)\nmanifest \(manifest.hex)\n"
    }

    /// The record of the site at `site`, when it was written by `generator` beside the
    /// manifest there now; `nil` when there is none, or it is not to be believed.
    static func read(site: String, generator: String) -> Previous? {
        guard let data = try? PlainFile.readRegular(site + "/" + fileName, maxBytes: maxBytes),
            data.starts(with: (heading + "\n" + generator + "\n").utf8),
            let manifest = try? FileDigest.sha256(ofFileAtPath: site + "/" + Manifest.fileName)
        else { return nil }
        return data.withUnsafeBytes { bytes -> Previous? in
            var rest = bytes[...]
            func line() -> String? {
                guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                defer { rest = rest[(end + 1)...] }
                return String(decoding: rest[..<end], as: UTF8.self)
            }
            guard line() == heading, line() == generator, line() == "manifest \(manifest.digest.hex)", rest.count % 8 == 0 else { return nil }
            let pages = UnsafeRawBufferPointer(rebasing: rest)
            let keys = (0..<pages.count / 8).map { UInt64(littleEndian: pages.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
            guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            return Previous(keys: keys)
        }
    }

    /// The previous site's record, read once as a run starts.
    final class Previous: Sendable {
        /// Sorted.
        private let keys: [UInt64]

        init(keys: [UInt64]) {
            self.keys = keys
        }

        /// Whether the previous site's page at the key's path was made from its inputs.
        func contains(_ key: Key) -> Bool {
            let recorded = key.recorded
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < recorded { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == recorded
        }
    }

    /// The new site's record, a page at a time as its pages are written or kept, from any
    /// thread: in memory up to `bufferSize` pages (64 KB), then in a scratch file, so a site
    /// of 100,000 pages does not hold its 1.6 MB through the run; they are gathered, 0.9 MB,
    /// only to be sorted and written at its end.
    final class Draft: Sendable {
        private let state: Mutex<State>
        private let scratchPath: String

        private struct State: ~Copyable {
            var buffer: [UInt8] = []
            var scratch: ScratchFile?
            var count = 0
        }

        static let bufferSize = 4096

        /// `scratchPath`: where the scratch file is made (it has no name once open).
        init(scratchPath: String) {
            self.scratchPath = scratchPath
            state = Mutex(State())
        }

        func add(_ key: Key) throws(FileSystemError) {
            try state.withLock { (state) throws(FileSystemError) in
                withUnsafeBytes(of: key.path.littleEndian) { state.buffer.append(contentsOf: $0) }
                withUnsafeBytes(of: key.inputs.littleEndian) { state.buffer.append(contentsOf: $0) }
                state.count += 1
                guard state.buffer.count >= Self.bufferSize * 16 else { return }
                if state.scratch == nil { state.scratch = try ScratchFile(path: AtomicFile.temporaryPath(for: scratchPath)) }
                _ = try state.scratch!.append(state.buffer)
                state.buffer.removeAll(keepingCapacity: true)
            }
        }

        /// Writes the record to `path`, for the manifest whose SHA-256 is `manifest`, leaving
        /// out the pages at `changed`: files kept whose bytes changed since, which the next
        /// run renders again. The pages are sorted, so the same site has the same record
        /// whatever order its pages were made in.
        func write(to path: String, generator: String, manifest: SHA256.Digest, leavingOut changed: [String]) throws(FileSystemError) {
            let leftOut = Set(changed.map(Key.hash))
            try state.withLock { (state) throws(FileSystemError) in
                var keys: [UInt64] = []
                keys.reserveCapacity(state.count)
                func take(_ bytes: [UInt8]) {
                    bytes.withUnsafeBytes { bytes in
                        for offset in stride(from: 0, to: bytes.count, by: 16) {
                            let key = Key(
                                path: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian,
                                inputs: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
                            if !leftOut.contains(key.path) { keys.append(key.recorded) }
                        }
                    }
                }
                let scratched = state.count * 16 - state.buffer.count
                for offset in stride(from: 0, to: scratched, by: Self.bufferSize * 16) {
                    take(try state.scratch!.read((offset, min(Self.bufferSize * 16, scratched - offset))))
                }
                take(state.buffer)
                keys.sort()
                let output = try PlainFile.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
                defer { close(output) }
                func append(_ bytes: [UInt8]) throws(FileSystemError) {
                    if let failure = bytes.withUnsafeBytes({ PlainFile.writeAll($0, to: output) }) { throw .fromErrno(failure) }
                }
                try append(Array(head(generator: generator, manifest: manifest).utf8))
                var chunk: [UInt8] = []
                chunk.reserveCapacity(Self.bufferSize * 8)
                for (index, key) in keys.enumerated() {
                    withUnsafeBytes(of: key.littleEndian) { chunk.append(contentsOf: $0) }
                    guard chunk.count == Self.bufferSize * 8 || index == keys.count - 1 else { continue }
                    try append(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
        }
    }
}
