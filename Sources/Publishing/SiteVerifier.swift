import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks a published site against its `manifest.json`: which listed files are missing or
/// changed, and which files are there that the manifest does not list. Top-level dot-files
/// are the user's, not the site's, and are not checked.
///
/// Safe on a site someone else made: a listed path is read only when it names a regular file
/// inside the folder (no `..`, no absolute path, no symbolic link on the way out, no device
/// or pipe), and symbolic links inside the folder are listed, never followed.
public enum SiteVerifier {
    public struct Report: Equatable, Sendable {
        public var matching = 0
        public var missing: [String] = []
        public var changed: [String] = []
        public var extra: [String] = []
        /// Listed paths that lead out of the site, and symbolic links it does not list that
        /// lead out of it: not read.
        public var outside: [String] = []

        public var isIntact: Bool { missing.isEmpty && changed.isEmpty && extra.isEmpty && outside.isEmpty }
    }

    /// Checks each listed file as the manifest is read, so the manifest is never whole in
    /// memory; a file that cannot be read, or is not a regular file, counts as changed.
    /// Top-level entries `skipping` names are not the site's (a history's snapshots, each
    /// checked against its own manifest).
    public static func verify(_ site: URL, skipping: (String) -> Bool = { _ in false }) throws -> Report {
        var report = Report()
        var listed = Set<String>()
        let root = RealPath.of(site.path)
        var foldersInside: [String: Bool] = [:]
        _ = try Manifest.read(from: site) { file in
            listed.insert(file.path)
            let full = root + "/" + file.path
            let folder = (full as NSString).deletingLastPathComponent
            let inside = isWithinSite(file.path) && (foldersInside[folder] ?? RealPath.isWithin(RealPath.of(folder), root))
            foldersInside[folder] = inside
            guard inside else {
                report.outside.append(file.path)
                return
            }
            switch try? PlainFile.kind(of: full, followingLinks: false) {
            case .missing:
                report.missing.append(file.path)
            case .file:
                if let digest = try? FileDigest.sha256(ofFileAtPath: full), digest.byteCount == file.size, digest.sha256 == file.sha256 {
                    report.matching += 1
                } else {
                    report.changed.append(file.path)
                }
            default:
                report.changed.append(file.path)
            }
        }
        for path in try SiteFiles.list(site, skipping: skipping) where !listed.contains(path) && path != Manifest.fileName {
            if leadsOut(root + "/" + path, of: root) { report.outside.append(path) } else { report.extra.append(path) }
        }
        return report
    }

    /// Whether the entry at `path` is a symbolic link to somewhere outside `root` (a real path).
    private static func leadsOut(_ path: String, of root: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        return !RealPath.isWithin(RealPath.of(path), root)
    }

    /// Whether `path`, as written, stays inside the folder: relative, and no name of it empty,
    /// `.` or `..`.
    static func isWithinSite(_ path: String) -> Bool {
        !path.isEmpty && !path.contains("\0")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
