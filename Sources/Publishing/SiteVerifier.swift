import FeedCore
import FileSystem
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
