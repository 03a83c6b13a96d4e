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
            for manifest in manifests {
                let folder = String(manifest.dropLast(Manifest.fileName.count))
                try Self.eachListed(in: archive, folder: folder) { listed in
                    if let problem = try Self.problem(with: listed, folder: folder, in: archive) {
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
        for index in 0..<archive.header.entryCount {
            let entry = try archive.entry(at: index)
            guard entry.namespace == "C", entry.path.hasPrefix(folder) else { continue }
            let inside = String(entry.path.dropFirst(folder.count))
            guard inside == Manifest.fileName || inside.hasPrefix(Manifest.partsFolder + "/") && !inside.dropFirst(Manifest.partsFolder.count + 1).contains("/")
            else { continue }
            let url = scratch.appendingPathComponent(inside)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try archive.content(at: index)).write(to: url)
        }
        var files: [Manifest.File] = []
        _ = try Manifest.read(from: scratch) { files.append($0) }
        for listed in files { try body(listed) }
    }

    /// `missing` or `changed` for a file the manifest lists, or `nil` when it matches.
    private static func problem(with listed: Manifest.File, folder: String, in archive: ZimArchive) throws -> String? {
        guard let index = try archive.find("C", folder + listed.path) else { return "missing" }
        guard case let .blob(cluster, number) = try archive.entry(at: index).target else { return "changed" }
        let range = try archive.blobRange(cluster: cluster, number: number)
        guard range.count == listed.size else { return "changed" }
        var hasher = SHA256()
        try archive.chunks(of: range) { hasher.update($0) }
        return SHA256.hex(hasher.finalize()) == listed.sha256 ? nil : "changed"
    }
}
