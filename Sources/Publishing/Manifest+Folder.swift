import FileSystem
import Foundation
import Hashing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Manifest {
    /// Writes the manifest of the site in `folder` to `output`: every file but the manifest
    /// itself, a line each, in path order.
    ///
    /// The list comes from the folder rather than from memory: the folder is walked a
    /// folder at a time, pages are hashed as they are read back, a batch at a time across
    /// the cores, and an image's digest is its content-addressed name. A file `kept` from
    /// the previous site, still as it was, is listed as the previous manifest lists it,
    /// unread; how many were is returned, with the paths of those kept that changed since
    /// (read and hashed). Once the task is cancelled, the next batch throws
    /// `CancellationError`.
    @discardableResult
    static func write(
        generator: String, run: Run, listing folder: String, to output: BufferedFileWriter, kept: KeptFiles.Listings? = nil
    ) throws -> (unread: Int, changed: [String]) {
        let manifest = try Writer(generator: generator, run: run, to: output)
        var unread = 0
        var changed: [String] = []
        var batch: [Listed] = []
        batch.reserveCapacity(batchSize)
        try SiteFiles.walk(folder) { path in
            guard path != fileName else { return }
            batch.append(Listed(path: path, previously: kept?.listing(of: path)))
            guard batch.count == batchSize else { return }
            try add(entries(for: batch, in: folder))
            batch.removeAll(keepingCapacity: true)
        }
        try add(entries(for: batch, in: folder))
        try manifest.finish()
        return (unread, changed)

        func add(_ entries: [(file: File, reading: Reading)]) throws {
            for entry in entries {
                try manifest.add(entry.file)
                switch entry.reading {
                case .unread: unread += 1
                case .changedSinceKept: changed.append(entry.file.path)
                case .read: break
                }
            }
        }
    }

    /// How a file came to be listed: as the previous manifest listed it, or read and hashed
    /// (a file kept from the previous site that changed since, or any other).
    enum Reading {
        case unread, changedSinceKept, read
    }

    /// A file of the site, with what the previous manifest listed for it when it was kept.
    struct Listed {
        let path: String
        var previously: KeptFiles.Listing? = nil
    }

    /// How many files are hashed at once, split across the cores: enough to keep them busy,
    /// few enough that the list stays small on a 100,000-item site.
    static let batchSize = 512

    /// The entries of `files`, in their order, hashed in parallel slices, each saying whether
    /// it was listed unread; none once the task is cancelled.
    static func entries(for files: [Listed], in folder: String) throws -> [(file: File, reading: Reading)] {
        try Task.checkCancellation()
        let slices = min(ProcessInfo.processInfo.activeProcessorCount, max(1, files.count / 32))
        let results = Mutex([Result<[(file: File, reading: Reading)], any Error>?](repeating: nil, count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let range = files.count * slice / slices..<files.count * (slice + 1) / slices
            let result = Result { try files[range].map { try entry(for: $0, in: folder) } }
            results.withLock { $0[slice] = result }
        }
        return try results.withLock { $0 }.flatMap { try $0!.get() }
    }

    /// An image at `images/<64 hex digits>.<ext>` is named by its SHA-256 and needs only its
    /// size; a file kept from the previous site and still as it was is listed as before;
    /// any other file is hashed.
    private static func entry(for file: Listed, in folder: String) throws -> (file: File, reading: Reading) {
        let (path, full) = (file.path, folder + "/" + file.path)
        if path.hasPrefix("images/"), let dot = path.lastIndex(of: "."),
            case let name = path[path.index(path.startIndex, offsetBy: "images/".count)..<dot], name.count == 64,
            SHA256.Digest(hex: String(name)) != nil
        {
            return (File(path: path, size: try PlainFile.size(of: full), sha256: String(name)), .read)
        }
        if let previously = file.previously, previously.isStill(at: full) { return (previously.file, .unread) }
        guard let digest = try FileDigest.sha256(ofFileAtPath: full) else { throw FileSystemError.fromErrno(ENOENT) }
        return (File(path: path, size: digest.byteCount, sha256: digest.sha256), file.previously == nil ? .read : .changedSinceKept)
    }
}

extension Manifest {
    /// Writes `manifest.json` at `path`, whole or not at all, listing `files` (sorted here);
    /// a manifest already there with the same bytes is left as it is.
    public static func write(generator: String, run: Run, files: [File], to path: String) throws {
        _ = try draft(generator: generator, run: run, files: files, at: path).commit()
    }

    /// Writes `manifest.json` in `folder`, whole or not at all, listing every other file
    /// there as a run lists a site's (`write(generator:run:listing:to:kept:)`): what thinning
    /// leaves of a snapshot, say.
    public static func write(generator: String, run: Run, listing folder: String) throws {
        try AtomicFile.write(toPath: folder + "/" + fileName) { output in
            try write(generator: generator, run: run, listing: folder, to: output)
        }
    }

    /// The manifest `write(generator:run:files:to:)` writes, as a draft not yet committed,
    /// its temporary file in `temporaryFolder` when given (`AtomicFile.Draft`).
    public static func draft(generator: String, run: Run, files: [File], at path: String, temporaryFolder: String? = nil) throws -> AtomicFile.Draft {
        let draft = AtomicFile.Draft(path: path, unlessUnchanged: true, temporaryFolder: temporaryFolder)
        do {
            let manifest = try Writer(generator: generator, run: run, to: draft.writer)
            for file in files.sorted(by: { $0.path < $1.path }) { try manifest.add(file) }
            try manifest.finish()
            return draft
        } catch {
            draft.discard()
            throw error
        }
    }
}
