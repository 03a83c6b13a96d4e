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
    private var byInode: [FileIdentity: UInt32] = [:]
    private var byDigest: [SHA256.Digest: UInt32] = [:]

    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Makes room for the entries of `files` files, the metadata's and the listings'.
    mutating func reserve(files: Int) {
        catalog.entries.reserveCapacity(files + 32)
    }

    /// Adds the file at `path` of `folder` under `C/`.
    mutating func addFile(folder: String, path: String, mime: String, isFront: Bool) throws(ZimError) {
        let full = folder + "/" + path
        guard let stamp = PlainFile.stamp(of: full) else { throw .cannotRead(full, reason: "it is not a regular file") }
        let pathBytes = Array(path.utf8)
        let (folderID, nameID) = try catalog.path(pathBytes)
        let isPage = mime == "text/html"
        let key = FileIdentity(device: stamp.device, inode: stamp.inode)
        let blob: UInt32
        if let known = byInode[key] {
            blob = known
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
            if let known = byDigest[digest.digest] {
                blob = known
            } else {
                let title = try pageTitle.map { (title) throws(ZimError) in try catalog.strings.id(title) } ?? ZimStrings.empty
                blob = try catalog.addBlob(size: digest.byteCount, source: .file(folder: folderID, name: nameID), title: title)
                byDigest[digest.digest] = blob
                identity.update(digest.digest.bytes)
            }
            byInode[key] = blob
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
        byInode = [:]
        byDigest = [:]
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
