import FileSystem
import Foundation
import Hashing
import Publishing
import Zim

/// `feedsite verify FILE.zim`: checks the ZIM file's checksum, then every manifest it
/// carries (the site's, the history's, each snapshot's): each file a manifest lists must be
/// an entry of that size and SHA-256. Exit 0 when all match, 1 otherwise.
struct VerifyZimCommand {
    let file: String
    let console: Console

    func run() -> CommandEnding {
        do {
            let archive = try ZimArchive(path: file)
            guard try archive.checksumMatches() else { return .failed("\(file): its MD5 checksum does not match its bytes: the file is damaged") }
            var manifests: [String] = []
            for index in 0..<archive.header.entryCount {
                let entry = try archive.entry(at: index)
                if entry.namespace == "C", entry.path == Manifest.fileName || entry.path.hasSuffix("/" + Manifest.fileName) { manifests.append(entry.path) }
            }
            guard manifests.contains(Manifest.fileName) else { return .failed("\(file) carries no \(Manifest.fileName): is it a site feedsite packed?") }
            var (matching, differing) = (0, 0)
            var checked = Checked()
            for manifest in manifests {
                let folder = String(manifest.dropLast(Manifest.fileName.count))
                try Self.eachListed(in: archive, folder: folder) { listed in
                    if let problem = try Self.problem(with: listed, folder: folder, in: archive, checked: &checked) {
                        console.output("\(problem)  \(folder)\(listed.path)")
                        differing += 1
                    } else {
                        matching += 1
                    }
                }
            }
            guard differing == 0 else { return .failed("\(file) does not match its manifests: \(differing) files missing or changed") }
            console.output("\(file): checksum matches; all \(matching) files of \(manifests.count) manifests match")
            return .done
        } catch {
            return .failed("\(error)")
        }
    }

    /// Reads the manifest at `folder` of the archive, and the parts it names, through a
    /// temporary folder, the way a site's is read from its folder.
    private static func eachListed(in archive: ZimArchive, folder: String, _ body: (Manifest.File) throws -> Void) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-verify-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The manifest and its parts, found by bisecting: the entries are sorted by path.
        var indexes: [Int] = []
        if let manifest = try archive.find("C", folder + Manifest.fileName) { indexes.append(manifest) }
        let parts = folder + Manifest.partsFolder + "/"
        var index = try archive.firstIndex(notBefore: "C", parts)
        while index < archive.header.entryCount {
            let entry = try archive.entry(at: index)
            guard entry.namespace == "C", entry.path.hasPrefix(parts) else { break }
            if !entry.path.dropFirst(parts.count).contains("/") { indexes.append(index) }
            index += 1
        }
        for index in indexes {
            let url = scratch.appendingPathComponent(String(try archive.entry(at: index).path.dropFirst(folder.count)))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try archive.content(at: index)).write(to: url)
        }
        // One file at a time: a manifest of 200,000 files is not held.
        _ = try Manifest.read(from: scratch, eachFileThrowing: body)
    }

    /// What the files checked so far tell about the next: a snapshot's manifest lists the
    /// files it shares with the live site and the other snapshots, so each blob is hashed
    /// once however many manifests list it; and a manifest lists its files in the order of
    /// their paths, as the archive does, so the next file's entry is most often the one after.
    private struct Checked {
        var digests: [UInt64: (size: Int, sha256: SHA256.Digest)] = [:]
        var next: Int?
    }

    /// `missing` or `changed` for a file the manifest lists, or `nil` when it matches.
    private static func problem(with listed: Manifest.File, folder: String, in archive: ZimArchive, checked: inout Checked) throws -> String? {
        guard let index = try archive.find("C", folder + listed.path, guess: checked.next) else { return "missing" }
        checked.next = index + 1
        guard case let .blob(cluster, number) = try archive.entry(at: index).target else { return "changed" }
        let key = UInt64(cluster) << 32 | UInt64(number)
        let blob: (size: Int, sha256: SHA256.Digest)
        if let known = checked.digests[key] {
            blob = known
        } else {
            let range = try archive.blobRange(cluster: cluster, number: number)
            var hasher = SHA256()
            try archive.chunks(of: range) { hasher.update($0) }
            blob = (range.count, SHA256.Digest(hasher.finalize()))
            checked.digests[key] = blob
        }
        return blob.size == listed.size && blob.sha256 == SHA256.Digest(hex: listed.sha256) ? nil : "changed"
    }
}
