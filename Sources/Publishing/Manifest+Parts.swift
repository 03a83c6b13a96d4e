import Basics
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A manifest in parts, for a site that shares most of its files with another (a snapshot
/// of the history): `manifest.json` lists its part files, `manifest/<xx>.jsonl`, and names
/// them under `parts`; each part lists the files whose paths hash to it (a search index's
/// all in one), a line each. A
/// part with the bytes of the other site's same part is that file, linked, so a site that
/// changed little stores a small manifest. Readers see one list of files either way.
extension Manifest {
    /// The folder of a manifest's parts.
    public static let partsFolder = "manifest"

    /// Parts a manifest of `files` files is split into: few enough that a site that changed
    /// little rewrites few, many enough that each stays small (BENCHMARKS.md, "What each
    /// trick buys", row "a snapshot's manifest in 256 parts"); a smaller site's parts hold up
    /// to 24 files each (a line is some 150 bytes: about a disk block's worth), so that they
    /// are not each a block for a line or two, and below 1,024 files some 18 each, so that
    /// each stays within one block (BENCHMARKS.md, "History").
    static func partCount(files: Int) -> Int {
        if files < 1024 { return max(1, (files + 17) / 18) }
        var count = 1
        while count < 256, count * 24 < files { count *= 2 }
        return count
    }

    /// Writes the manifest of the site in `folder` in parts, listing every other file; a
    /// part whose bytes `sharingWith`'s same part holds is linked from there. `listedThere`
    /// is what `sharingWith`'s manifest lists, by path: a file still as that manifest found
    /// it (a link to the same file, no newer than the manifest) is listed as it was, unread
    /// (BENCHMARKS.md, "History").
    public static func writeInParts(
        generator: String, run: Run, into folder: String, sharingWith other: String?, listedThere: [String: File] = [:]
    ) throws {
        var info = stat()
        let otherChanged = other.flatMap { lstat($0 + "/" + fileName, &info) == 0 ? info.st_mtim : nil }
        var listed: [File] = []
        var batch: [Listed] = []
        func flush() throws {
            for (file, _) in try entries(for: batch, in: folder) { listed.append(file) }
            batch.removeAll(keepingCapacity: true)
        }
        try SiteFiles.walk(folder) { path in
            guard path != fileName, !path.hasPrefix(partsFolder + "/") else { return }
            let previously = otherChanged.flatMap { changed in listedThere[path].map { KeptFiles.Listing(file: $0, manifestChanged: changed) } }
            batch.append(Listed(path: path, previously: previously))
            if batch.count == batchSize { try flush() }
        }
        try flush()
        let count = partCount(files: listed.count)
        var groups: [String: [File]] = [:]
        for file in listed { groups[part(of: file.path, count: count), default: []].append(file) }
        var parts: [File] = []
        for (part, files) in groups.sorted(by: { $0.key < $1.key }) {
            let path = partsFolder + "/" + part + ".jsonl"
            let text = files.sorted { $0.path < $1.path }.map { $0.json + "\n" }
            let data = Data(text.joined().utf8)
            try PlainFile.write(data, to: folder + "/" + path, sharing: other.map { $0 + "/" + path })
            parts.append(File(path: path, size: data.count, sha256: SHA256.hexDigest(data)))
        }
        try AtomicFile.write(toPath: folder + "/" + fileName) { output in
            let manifest = try Writer(generator: generator, run: run, to: output)
            for file in parts { try manifest.add(file) }
            try manifest.finish(parts: parts.map(\.path))
        }
    }

    /// The part a path is listed in: the files of a search index together (a new index puts
    /// every one in a new generation's folder, so their lines all change at once), any other
    /// by FNV-1a of its bytes.
    static func part(of path: String, count: Int) -> String {
        if path.split(separator: "/").dropLast().contains("search") { return "search" }
        var hash: UInt32 = 2_166_136_261
        for byte in path.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(format: "%02x", hash % UInt32(count))
    }

    /// Hands the files part `name` of the manifest of `site` lists to `eachFile`.
    static func readPart(_ name: String, of site: URL, eachFile: (File) -> Void) throws(ReadError) {
        let path = site.path + "/" + name
        guard SiteVerifier.isWithinSite(name), name.hasPrefix(partsFolder + "/") else { throw .unreadable(path, reason: "a part outside \(partsFolder)/") }
        let data = try PlainFile.readExisting(path, maxBytes: 1 << 30) { ReadError.unreadable(path, reason: $0) }
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let value = try? JSONReader.read(Data(line)), let filePath = value["path"]?.string, let size = value["size"]?.number,
                let sha256 = value["sha256"]?.string
            else { throw .unreadable(path, reason: "line \(number + 1) is not a file") }
            eachFile(File(path: filePath, size: Int(size), sha256: sha256))
        }
    }
}
