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
        var entries: [(name: String, sortKey: String, isFolder: Bool)] = []
        for entry in try PlainFile.entries(inFolder: folder, followingLinks: false)
        where !(prefix.isEmpty && (StagedSite.isCarried(entry.name) || skipping(entry.name))) {
            // A folder sorts as its name plus "/", exactly where its files fall in a sort of
            // whole paths.
            entries.append((entry.name, entry.isFolder ? entry.name + "/" : entry.name, entry.isFolder))
        }
        entries.sort { $0.sortKey < $1.sortKey }
        for entry in entries {
            if entry.isFolder {
                try walk(folder + "/" + entry.name, prefix: prefix + entry.name + "/", skipping: skipping, body)
            } else {
                try body(prefix + entry.name)
            }
        }
    }
}
