import FileSystem
import Hashing

/// The first pass over the site: each file's entry, and the blob it shares with every other
/// file of the same bytes. A file is known for the same bytes as one seen before by its
/// device and inode (a hard link) without reading it; otherwise by its SHA-256. A page's
/// title is read as it is hashed, and kept once for the blob.
struct ZimScan {
    private(set) var catalog = ZimCatalog()
    /// What identifies the archive's content: each new blob's digest, in the order found.
    private(set) var identity = SHA256()
    private(set) var counts: [String: Int] = [:]
    private var known = ZimBlobIndex()

    /// Makes room for the entries of `files` files, the metadata's and the listings'.
    mutating func reserve(files: Int) {
        catalog.entries.reserveCapacity(files + 32)
    }

    /// Hands each file under `root` to `visit` with its path from `root` and the ids of the
    /// path's folder and name, in the order of the paths' bytes, leaving out the top-level
    /// names `skipping` names. A folder's names go into `catalog.strings`, where the
    /// entries' names go anyway, and are sorted as ids: listing a folder of 100,000 files
    /// costs 8 bytes a file, where a list of its names cost about 100 (BENCHMARKS.md,
    /// "Carrying it").
    mutating func walk(
        _ root: String, skipping: (String) -> Bool, _ visit: (inout ZimScan, _ path: String, _ folder: UInt32, _ name: UInt32) throws -> Void
    ) throws {
        try walk(root, relative: "", folder: ZimStrings.empty, skipping: skipping, visit)
    }

    /// `relative` is the folder's path from `root` and a "/", or nothing for `root` itself.
    private mutating func walk(
        _ root: String, relative: String, folder: UInt32, skipping: (String) -> Bool,
        _ visit: (inout ZimScan, _ path: String, _ folder: UInt32, _ name: UInt32) throws -> Void
    ) throws {
        let here = relative.isEmpty ? root : root + "/" + relative.dropLast()
        var names: [ZimStrings.Name] = []
        var failure: ZimError?
        do throws(FileSystemError) {
            try PlainFile.readEntries(inFolder: here, followingLinks: false) { name, isFolder in
                guard failure == nil else { return }
                if relative.isEmpty, skipping(String(decoding: name, as: UTF8.self)) { return }
                do throws(ZimError) { names.append(ZimStrings.Name(id: try catalog.strings.id(name), isFolder: isFolder)) } catch { failure = error }
            }
        } catch {
            throw ZimError.cannotRead(here, reason: error.description)
        }
        if let failure { throw failure }
        catalog.strings.sortAsPaths(&names)
        for name in names {
            let path = relative + catalog.strings.string(name.id)
            if name.isFolder {
                try walk(root, relative: path + "/", folder: try catalog.strings.id((path + "/").utf8), skipping: skipping, visit)
            } else {
                try visit(&self, path, folder, name.id)
            }
        }
    }

    /// Adds the file at `path` of `root` under `C/`: `folder` and `name` are the ids of the
    /// path's two parts.
    mutating func addFile(root: String, path: String, folder folderID: UInt32, name nameID: UInt32, mime: String, isFront: Bool) throws(ZimError) {
        let full = root + "/" + path
        guard let stamp = PlainFile.stamp(of: full) else { throw .cannotRead(full, reason: "it is not a regular file") }
        let pathBytes = Array(path.utf8)
        let isPage = mime == "text/html"
        let blob: UInt32
        if let seen = known.blob(device: stamp.device, inode: stamp.inode) {
            blob = seen
        } else {
            var pageTitle: [UInt8]?
            var first = true
            let digest: FileDigest.Result?
            do {
                digest = try FileDigest.sha256(ofFileAtPath: full) { chunk in
                    if isPage, first { pageTitle = HTMLTitle.find(in: chunk) }
                    first = false
                }
            } catch {
                throw .cannotRead(full, reason: error.description)
            }
            guard let digest else { throw .cannotRead(full, reason: "it is gone") }
            if let same = known.blob(digest: digest.digest) {
                blob = same
            } else {
                let title = try pageTitle.map { (title) throws(ZimError) in try catalog.strings.id(title) } ?? ZimStrings.empty
                blob = try catalog.addBlob(size: digest.byteCount, source: .file(folder: folderID, name: nameID), title: title)
                known.add(digest: digest.digest, blob: blob)
                identity.update(digest.digest.bytes)
            }
            known.add(device: stamp.device, inode: stamp.inode, blob: blob)
        }
        let title = catalog.blobs[Int(blob)].title
        let isTitled = title != ZimStrings.empty && !catalog.strings.bytes(title).elementsEqual(pathBytes)
        counts[mime, default: 0] += 1
        try catalog.add(
            .init(
                folder: folderID, name: nameID, target: blob, mime: try catalog.mimeIndex(mime), namespace: .content, isFront: isFront,
                isTitled: isTitled))
    }

    /// Adds the metadata, the main page, and the two title listings; then sorts.
    mutating func finish(metadata: ZimMetadata, mainPage: String) throws(ZimError) -> ZimCatalog {
        // What found the files' blobs is done with: freed before the sort, which needs room.
        known = ZimBlobIndex()
        let counter = counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
        for field in metadata.entries(counter: counter) {
            let blob = try catalog.addInline(field.bytes)
            identity.update(SHA256.hash(field.bytes))
            try addEntry(.metadata, field.name, mime: field.mime, target: blob)
        }
        try addEntry(.wellKnown, "mainPage", mime: nil, target: 0)
        let front = catalog.entries.count(where: \.isFront)
        // Both listings list themselves: the entries counted now, and the two to come.
        let all = catalog.entries.count + 2
        try addEntry(
            .listing, "listing/titleOrdered/v0", mime: ZimFormat.listingMime, target: catalog.addBlob(size: 4 * all, source: .titleListing(frontOnly: false)))
        try addEntry(
            .listing, "listing/titleOrdered/v1", mime: ZimFormat.listingMime, target: catalog.addBlob(size: 4 * front, source: .titleListing(frontOnly: true)))
        catalog.strings.freeze()
        catalog.sortByPath()
        guard let main = catalog.index(of: .wellKnown, "mainPage"), let page = catalog.index(of: .content, mainPage) else {
            throw .cannotRead(mainPage, reason: "the main page is not among the files")
        }
        catalog.entries[main].target = UInt32(page)
        return catalog
    }

    private mutating func addEntry(_ namespace: ZimFormat.Namespace, _ path: String, mime: String?, target: UInt32) throws(ZimError) {
        let mimeIndex = try mime.map { (type) throws(ZimError) in try catalog.mimeIndex(type) } ?? ZimFormat.redirectMime
        let (folder, name) = try catalog.path(Array(path.utf8))
        try catalog.add(.init(folder: folder, name: name, target: target, mime: mimeIndex, namespace: namespace, isFront: false, isTitled: false))
    }
}
