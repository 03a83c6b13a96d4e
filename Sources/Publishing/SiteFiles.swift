import FileSystem
import Foundation

/// The files of a site folder, as paths from its root sorted as whole paths, without
/// top-level dot-files (they are the user's, not the site's) and the history (its
/// snapshots have manifests of their own). A symbolic link is listed as a
/// file, never followed: feedsite's sites hold none, and one someone added may lead anywhere.
public enum SiteFiles {
    /// The files, leaving out the top-level entries `skipping` names too.
    public static func list(_ site: URL, skipping: (String) -> Bool = { _ in false }) throws -> [String] {
        var paths: [String] = []
        try walk(site.path, skipping: skipping) { paths.append($0) }
        return paths
    }

    /// Hands every file's path to `body` in sorted order, reading one folder at a time, so a
    /// folder of 100,000 pages costs its names and nothing more.
    public static func walk(_ site: String, skipping: (String) -> Bool = { _ in false }, _ body: (String) throws -> Void) throws {
        try walk(site, prefix: "", skipping: skipping, body)
    }

    private static func walk(_ folder: String, prefix: String, skipping: (String) -> Bool, _ body: (String) throws -> Void) throws {
        // The names of one folder in one buffer of bytes, each found by its span: a folder
        // of 100,000 pages held a `String` and a tuple for each name, and a second `String`
        // to sort it by (BENCHMARKS.md, "What each trick buys", row "a site's folders read
        // into one buffer").
        var bytes: [UInt8] = []
        var names: [(start: Int, count: Int, isFolder: Bool)] = []
        try PlainFile.readEntries(inFolder: folder, followingLinks: false) { name, isFolder in
            if prefix.isEmpty {
                let text = String(decoding: name, as: UTF8.self)
                if StagedSite.isCarried(text) || skipping(text) { return }
            }
            names.append((bytes.count, name.count, isFolder))
            bytes.append(contentsOf: name)
        }
        bytes.withUnsafeBytes { bytes in
            func name(_ entry: (start: Int, count: Int, isFolder: Bool)) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: bytes[entry.start..<(entry.start + entry.count)])
            }
            names.sort { PathOrder.precedes(name($0), isFolder: $0.isFolder, name($1), isFolder: $1.isFolder) }
        }
        for name in names {
            let text = String(decoding: bytes[name.start..<name.start + name.count], as: UTF8.self)
            if name.isFolder {
                try walk(folder + "/" + text, prefix: prefix + text + "/", skipping: skipping, body)
            } else {
                try body(prefix + text)
            }
        }
    }
}
