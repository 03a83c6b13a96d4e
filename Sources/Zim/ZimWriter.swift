import Basics
import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Packs a folder's files as a ZIM file (format 6.1), the single file Kiwix reads offline:
/// each file under `C/` at its own path, each distinct content stored once however many
/// paths share it (those entries point at one blob), clusters uncompressed, the metadata
/// under `M/`, `W/mainPage`, and the title listings under `X/`.
///
/// Two passes over the files, memory bounded by their count, never by their bytes: the
/// first reads each distinct file once to hash it (hard links are known without reading)
/// and reads each page's title; the second copies each distinct file once into the
/// output, written from its start to its end. The same files and metadata make the same
/// bytes: the UUID is a hash of the content, and nothing reads a clock.
public enum ZimWriter {
    /// Four GiB less a byte: the largest file FAT32 holds.
    public static let defaultPartSize = 4 * 1024 * 1024 * 1024 - 1
    /// Clusters are closed before they pass this: libzim's own default.
    public static let clusterSize = 2 * 1024 * 1024

    public struct Content {
        /// The site's folder.
        public var folder: URL
        /// Whether a name at the top of `folder` is left out (the site's own files are
        /// every other file under it).
        public var skipping: (String) -> Bool
        /// The media type a file is served with, by its path.
        public var mediaType: (String) -> String
        /// Whether a page is offered by the reader's search box (the live site's pages,
        /// not their copies in the history).
        public var isFront: (String) -> Bool
        /// The path of the page a reader opens first.
        public var mainPage: String
        public var metadata: ZimMetadata

        public init(
            folder: URL, skipping: @escaping (String) -> Bool, mediaType: @escaping (String) -> String,
            isFront: @escaping (String) -> Bool, mainPage: String, metadata: ZimMetadata
        ) {
            self.folder = folder
            self.skipping = skipping
            self.mediaType = mediaType
            self.isFront = isFront
            self.mainPage = mainPage
            self.metadata = metadata
        }
    }

    public struct Written: Equatable, Sendable {
        /// The file, or its parts in order.
        public let paths: [String]
        public let size: Int
        public let entries: Int
        /// Distinct contents stored.
        public let blobs: Int
        public let clusters: Int
    }

    /// Writes `content` to `path` (or its parts), atomically: when anything fails, or the
    /// task is cancelled (`CancellationError`), no file is left under the names. `progress`
    /// hears the files read so far and how many there are to read, in both passes.
    public static func write(
        _ content: Content, to path: String, partSize: Int = defaultPartSize, clusterSize: Int = clusterSize,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> Written {
        var scan = ZimScan()
        let root = content.folder.path
        // Counted first, so the entries take the room they need and no more: grown by
        // doubling, they took up to three times it while they grew.
        var count = 0
        try scan.walk(root, skipping: content.skipping) { _, _, _, _ in count += 1 }
        scan.reserve(files: count)
        var seen = 0
        try scan.walk(root, skipping: content.skipping) { scan, file, folder, name in
            try Task.checkCancellation()
            let type = content.mediaType(file)
            let isFront = type == "text/html" && content.isFront(file)
            try scan.addFile(root: root, path: file, folder: folder, name: name, mime: type, isFront: isFront)
            seen += 1
            if seen % 256 == 0 { progress(seen, 2 * seen) }
        }
        let catalog = try scan.finish(metadata: content.metadata, mainPage: content.mainPage)
        let layout = try ZimLayout(catalog: catalog, identity: scan.identity, clusterSize: clusterSize)
        let total = seen + catalog.blobs.count
        progress(seen, total)

        let output = try ZimOutput(path: path, totalSize: layout.totalSize, partSize: partSize)
        removeAbandonedTemporaries(of: path, using: output.paths.count)
        do {
            try ZimBody(catalog: catalog, layout: layout, folder: content.folder.path).write(to: output) { copied in
                progress(seen + copied, total)
            }
            try output.writeChecksum()
            try output.commit()
        } catch {
            output.discard()
            throw wrapped(error, path: path)
        }
        removeStaleParts(of: path, keeping: output.paths)
        return Written(paths: output.paths, size: layout.totalSize, entries: catalog.entries.count, blobs: catalog.blobs.count, clusters: layout.clusterCount)
    }

    private static func wrapped(_ error: any Error, path: String) -> any Error {
        if error is CancellationError || error is ZimError { return error }
        if let full = OutOfSpace(writing: path, error) { return ZimError.noSpace(full) }
        return ZimError.cannotWrite(path, reason: (error as? FileSystemError)?.description ?? "\(error)")
    }

    /// Removes the temporary files a killed write left for the file or its parts: those of
    /// the names this write uses, and those of further parts, as long as some are found.
    private static func removeAbandonedTemporaries(of path: String, using count: Int) {
        guard let parts = try? ZimOutput.partPaths(for: path, count: 26 * 26) else { return }
        for (index, name) in ([path] + parts).enumerated() {
            let removed = AtomicFile.removeAbandonedTemporaries(beside: name)
            if index > count, removed == 0 { break }
        }
    }

    /// Removes what an earlier write left under the names this one did not use: the whole
    /// file when this one is in parts, parts past this one's last: libzim would read them
    /// as part of the file.
    private static func removeStaleParts(of path: String, keeping kept: [String]) {
        guard let names = try? ZimOutput.partPaths(for: path, count: 26 * 26) else { return }
        if kept.count > 1 { unlink(path) }
        for name in names.dropFirst(kept.count > 1 ? kept.count : 0) {
            guard unlink(name) == 0 else { break }
        }
    }
}
