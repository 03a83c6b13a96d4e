import FeedCore
import FileSystem
import Foundation

/// One cache file on disk, in the format its `CacheCodec` owns: the feed's, or one image's
/// comments.
///
/// Reading a missing file gives `nil`; a file that does not decode is a read error naming
/// the file. Writing is atomic (`AtomicFile`) and streams the file through a small buffer.
/// Rewriting identical bytes would change nothing but the disk's wear, so a rerun with a
/// pinned clock (--now, SOURCE_DATE_EPOCH) leaves an unchanged cache file alone.
struct TimestampedJSONFile<Element> {
    let path: String
    let codec: CacheCodec<Element>

    var url: URL { URL(fileURLWithPath: path) }

    func read() throws(CacheError) -> CacheCodec<Element>.Contents? {
        try read(as: codec.decode)
    }

    /// The file's bytes through `decode`, `nil` when there is no file; a file `decode` gives
    /// `nil` for is a read error.
    func read<Value>(as decode: (Data) -> Value?) throws(CacheError) -> Value? {
        guard let data = try PlainFile.readCacheFile(path) else { return nil }
        guard let value = decode(data) else {
            throw .file(.read, path, reason: "not a valid cache file (corrupt or from another version)")
        }
        return value
    }

    func write(_ elements: some Collection<Element>, timestamp: Date, validators: HTTPValidators? = nil) throws(CacheError) {
        do {
            try AtomicFile.write(toPath: path, unlessUnchanged: true) { writer in
                try codec.encode(elements, timestamp: timestamp, validators: validators) { try writer.write($0) }
            }
        } catch {
            throw .file(.write, path, error)
        }
    }

    func delete() throws(CacheError) {
        do {
            try AtomicFile.remove(url)
        } catch {
            throw .file(.delete, path, error)
        }
    }
}
