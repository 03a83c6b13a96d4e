import FeedCore
import FeedStorage
import Foundation

/// Checks a published site against its `manifest.json`: which listed files are missing or
/// changed, and which files are there that the manifest does not list. Top-level dot-files
/// are the user's, not the site's, and are not checked.
public enum SiteVerifier {
    public struct Report: Equatable, Sendable {
        public var matching = 0
        public var missing: [String] = []
        public var changed: [String] = []
        public var extra: [String] = []

        public var isIntact: Bool { missing.isEmpty && changed.isEmpty && extra.isEmpty }
    }

    /// Checks each listed file as the manifest is read, so the manifest is never whole in
    /// memory; a file that cannot be read counts as changed.
    public static func verify(_ site: URL) throws -> Report {
        var report = Report()
        var listed = Set<String>()
        let sitePath = site.path
        _ = try Manifest.read(from: site) { file in
            listed.insert(file.path)
            do {
                guard let digest = try FileDigest.sha256(ofFileAtPath: sitePath + "/" + file.path) else {
                    report.missing.append(file.path)
                    return
                }
                if digest.byteCount == file.size, digest.sha256 == file.sha256 {
                    report.matching += 1
                } else {
                    report.changed.append(file.path)
                }
            } catch {
                report.changed.append(file.path)
            }
        }
        report.extra = try SiteFiles.list(site).filter { !listed.contains($0) && $0 != Manifest.fileName }
        return report
    }
}

/// The files of a site folder, as paths from its root sorted as whole paths, without
/// top-level dot-files (they are the user's, not the site's).
public enum SiteFiles {
    public static func list(_ site: URL) throws -> [String] {
        var paths: [String] = []
        try walk(site.path) { paths.append($0) }
        return paths
    }

    /// Hands every file's path to `body` in sorted order, reading one folder at a time, so a
    /// folder of 100,000 pages costs its names and nothing more.
    public static func walk(_ site: String, _ body: (String) throws -> Void) throws {
        try walk(site, prefix: "", body)
    }

    private static func walk(_ folder: String, prefix: String, _ body: (String) throws -> Void) throws {
        var entries: [(name: String, sortKey: String, isFolder: Bool)] = []
        for entry in try PlainFile.entries(inFolder: folder) where !(prefix.isEmpty && entry.name.hasPrefix(".")) {
            // A folder sorts as its name plus "/", exactly where its files fall in a sort of
            // whole paths.
            entries.append((entry.name, entry.isFolder ? entry.name + "/" : entry.name, entry.isFolder))
        }
        entries.sort { $0.sortKey < $1.sortKey }
        for entry in entries {
            if entry.isFolder {
                try walk(folder + "/" + entry.name, prefix: prefix + entry.name + "/", body)
            } else {
                try body(prefix + entry.name)
            }
        }
    }
}
