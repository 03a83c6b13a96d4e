import Hashing

/// Finds the blob a file shares with the files seen before it: by device and inode when it
/// is a hard link of one (without reading it), by SHA-256 when it is the same bytes under
/// another inode. Kept in flat arrays found through `ZimIDSlots`, about 60 bytes a distinct
/// file, where two dictionaries took about 150.
struct ZimBlobIndex {
    /// Each blob's digest, by the blob's number: the file blobs come first, in order.
    private var digests: [SHA256.Digest] = []
    private var byDigest = ZimIDSlots()
    private var files: [(device: UInt64, inode: UInt64, blob: UInt32)] = []
    private var byFile = ZimIDSlots()

    func blob(device: UInt64, inode: UInt64) -> UInt32? {
        guard case .found(let id) = findFile(device: device, inode: inode) else { return nil }
        return files[Int(id)].blob
    }

    mutating func add(device: UInt64, inode: UInt64, blob: UInt32) {
        guard case .free(let slot) = findFile(device: device, inode: inode) else { return }
        files.append((device, inode, blob))
        let files = self.files
        byFile.insert(UInt32(files.count - 1), at: slot) { Self.hash(files[Int($0)].device, files[Int($0)].inode) }
    }

    func blob(digest: SHA256.Digest) -> UInt32? {
        guard case .found(let blob) = findDigest(digest) else { return nil }
        return blob
    }

    /// Records the digest of `blob`: the file blobs are numbered from 0, in order.
    mutating func add(digest: SHA256.Digest, blob: UInt32) {
        precondition(Int(blob) == digests.count, "a file blob's digest is recorded as the blob is made")
        guard case .free(let slot) = findDigest(digest) else { return }
        digests.append(digest)
        let digests = self.digests
        byDigest.insert(UInt32(digests.count - 1), at: slot) { digests[Int($0)].hashValue }
    }

    // Each lookup reads the arrays through a copy that ends with it, so the append that
    // may follow finds them unshared and does not copy them.
    private func findFile(device: UInt64, inode: UInt64) -> ZimIDSlots.Lookup {
        let files = self.files
        return byFile.find(Self.hash(device, inode)) { files[Int($0)].inode == inode && files[Int($0)].device == device }
    }

    private func findDigest(_ digest: SHA256.Digest) -> ZimIDSlots.Lookup {
        let digests = self.digests
        return byDigest.find(digest.hashValue) { digests[Int($0)] == digest }
    }

    private static func hash(_ device: UInt64, _ inode: UInt64) -> Int {
        var hasher = Hasher()
        hasher.combine(device)
        hasher.combine(inode)
        return hasher.finalize()
    }
}
