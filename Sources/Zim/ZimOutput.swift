import FileSystem
import Hashing

/// Where a ZIM file's bytes go, in order: one file, or parts of at most `partSize` bytes
/// named `FILEaa`, `FILEab`… (the whole file cut in order, as libzim reads a split file).
/// Each goes to a temporary name beside its own, made when the first byte for it comes,
/// and all are renamed into place only once the last is whole. Everything written is hashed
/// with MD5 for the checksum that ends the file.
final class ZimOutput {
    let paths: [String]
    private let partSize: Int
    private var drafts: [AtomicFile.Draft] = []
    private var md5 = MD5()
    private(set) var position = 0

    init(path: String, totalSize: Int, partSize: Int) throws(ZimError) {
        precondition(partSize > 0, "a part holds at least a byte")
        let count = (totalSize + partSize - 1) / partSize
        self.partSize = partSize
        self.paths = try Self.partPaths(for: path, count: count)
    }

    /// `path` alone when one part holds the file; else `path` with `aa`, `ab`… `zz`.
    static func partPaths(for path: String, count: Int) throws(ZimError) -> [String] {
        guard count > 1 else { return [path] }
        guard count <= 26 * 26 else { throw .tooLarge("\(count) parts, more than two letters name") }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { path + String(letters[$0 / 26]) + String(letters[$0 % 26]) }
    }

    func write(_ bytes: [UInt8]) throws(FileSystemError) {
        let failure = bytes.withUnsafeBytes { bytes -> FileSystemError? in
            do throws(FileSystemError) { try write(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    func write(_ bytes: UnsafeRawBufferPointer, hashed: Bool = true) throws(FileSystemError) {
        if hashed { md5.update(bytes) }
        var rest = bytes
        while !rest.isEmpty {
            let part = position / partSize
            if part == drafts.count { drafts.append(AtomicFile.Draft(path: paths[part])) }
            let room = min(rest.count, (part + 1) * partSize - position)
            try drafts[part].writer.write(UnsafeRawBufferPointer(rebasing: rest[..<room]))
            position += room
            rest = UnsafeRawBufferPointer(rebasing: rest[room...])
        }
    }

    /// Writes the MD5 of everything written, which ends the file.
    func writeChecksum() throws(FileSystemError) {
        let digest = md5.finalize()
        let failure = digest.withUnsafeBytes { bytes -> FileSystemError? in
            do throws(FileSystemError) { try write(bytes, hashed: false) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Puts every part in place: each written out first, then each renamed.
    func commit() throws {
        do {
            for draft in drafts { try draft.prepare() }
            for draft in drafts { _ = try draft.commit() }
        } catch {
            discard()
            throw error
        }
    }

    func discard() {
        for draft in drafts { draft.discard() }
    }
}
