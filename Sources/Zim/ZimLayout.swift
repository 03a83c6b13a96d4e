import Hashing

/// Where everything of a ZIM file goes, worked out before a byte is written, so the file is
/// written once from start to end (and its checksum hashed as it goes, and its parts cut as
/// it goes): the header and the MIME list, the clusters from offset 1024, then the
/// directory entries, the URL pointer list, the cluster pointer list and the checksum. The
/// header's title pointer list is the `X/listing/titleOrdered/v0` blob, inside its cluster.
struct ZimLayout {
    let mimeList: [UInt8]
    /// The first blob of each cluster, and the number of blobs after the last.
    let clusterStarts: [Int]
    let clusterOffsets: [Int]
    /// Whether each cluster's blob offsets take eight bytes.
    let clusterIsExtended: [Bool]
    let direntsStart: Int
    let urlPointersStart: Int
    let clusterPointersStart: Int
    let checksumStart: Int
    let titleIndexStart: Int
    let mainPage: UInt32
    let uuid: [UInt8]

    var totalSize: Int { checksumStart + 16 }
    var clusterCount: Int { clusterStarts.count - 1 }

    /// Puts blobs in clusters in order, a cluster closed before a blob would take it past
    /// `clusterSize`: small files share clusters, a file as large as one has one alone.
    init(catalog: ZimCatalog, identity: SHA256, clusterSize: Int) throws(ZimError) {
        var mimeList: [UInt8] = []
        for type in catalog.mimeTypes { mimeList += Array(type.utf8) + [0] }
        mimeList.append(0)
        self.mimeList = mimeList
        guard ZimFormat.headerSize + mimeList.count <= ZimFormat.clusterBase else { throw .tooLarge("too many media types") }

        var starts: [Int] = []
        var offsets: [Int] = []
        var extended: [Bool] = []
        var position = ZimFormat.clusterBase
        var filled = 0
        var first = 0
        func close(upTo end: Int) {
            guard end > first else { return }
            let cluster = ZimFormat.clusterSize(blobBytes: filled, blobs: end - first)
            starts.append(first)
            offsets.append(position)
            extended.append(cluster.extended)
            position += cluster.size
            first = end
            filled = 0
        }
        // Where the listing of every entry by title falls: its cluster, and how far into
        // the cluster's blobs.
        var listing: (cluster: Int, within: Int)?
        for (index, blob) in catalog.blobs.enumerated() {
            if index > first, filled + blob.size > clusterSize { close(upTo: index) }
            if blob.source == .titleListing(frontOnly: false) { listing = (starts.count, filled) }
            filled += blob.size
        }
        close(upTo: catalog.blobs.count)
        starts.append(catalog.blobs.count)
        guard offsets.count <= Int(UInt32.max) else { throw .tooLarge("too many clusters") }
        titleIndexStart =
            listing.map { cluster, within in
                let blobs = starts[cluster + 1] - starts[cluster]
                return offsets[cluster] + 1 + (extended[cluster] ? 8 : 4) * (blobs + 1) + within
            } ?? 0
        self.clusterStarts = starts
        self.clusterOffsets = offsets
        self.clusterIsExtended = extended

        direntsStart = position
        var identity = identity
        for entry in catalog.entries {
            position += Self.direntSize(entry, in: catalog)
            identity.update(Self.dirent(entry, in: catalog, clusters: starts))
        }
        urlPointersStart = position
        clusterPointersStart = urlPointersStart + 8 * catalog.entries.count
        checksumStart = clusterPointersStart + 8 * offsets.count
        mainPage = catalog.index(of: .wellKnown, "mainPage").map { UInt32($0) } ?? ZimFormat.noPage
        var uuid = Array(identity.finalize().prefix(16))
        // A name-based UUID: version 5's bits, RFC 4122's variant.
        uuid[6] = uuid[6] & 0x0F | 0x50
        uuid[8] = uuid[8] & 0x3F | 0x80
        self.uuid = uuid
    }

    /// The cluster holding `blob`: the last whose first blob is not after it.
    static func cluster(of blob: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= blob { low = middle } else { high = middle }
        }
        return low
    }

    func header(entryCount: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ZimFormat.headerSize)
        func put<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        put(ZimFormat.magic)
        put(ZimFormat.majorVersion)
        put(ZimFormat.minorVersion)
        bytes += uuid
        put(UInt32(entryCount))
        put(UInt32(clusterCount))
        put(UInt64(urlPointersStart))
        put(UInt64(titleIndexStart))
        put(UInt64(clusterPointersStart))
        put(UInt64(ZimFormat.headerSize))
        put(mainPage)
        put(ZimFormat.noPage)
        put(UInt64(checksumStart))
        return bytes
    }

    static func direntSize(_ entry: ZimCatalog.Entry, in catalog: ZimCatalog) -> Int {
        (entry.mime == ZimFormat.redirectMime ? 12 : 16) + catalog.pathCount(entry) + 1 + catalog.strings.count(catalog.title(entry)) + 1
    }

    /// An entry's bytes: its media type, no parameters, its namespace, revision 0, then its
    /// cluster and blob (or, for a redirect, the entry it leads to), its path and its title,
    /// each ended by a zero byte.
    static func dirent(_ entry: ZimCatalog.Entry, in catalog: ZimCatalog, clusters starts: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(direntSize(entry, in: catalog))
        func put<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        put(entry.mime)
        put(UInt8(0))
        put(entry.namespace.rawValue)
        put(UInt32(0))
        if entry.mime == ZimFormat.redirectMime {
            put(entry.target)
        } else {
            let cluster = cluster(of: Int(entry.target), in: starts)
            put(UInt32(cluster))
            put(UInt32(Int(entry.target) - starts[cluster]))
        }
        bytes += catalog.strings.bytes(entry.folder)
        bytes += catalog.strings.bytes(entry.name)
        bytes.append(0)
        bytes += catalog.strings.bytes(catalog.title(entry))
        bytes.append(0)
        return bytes
    }
}
