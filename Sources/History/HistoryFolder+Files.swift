import FileSystem
import Foundation
import Publishing

extension HistoryFolder {
    /// Every file the published history holds, by path from the site's root (`history/…`),
    /// for carrying it with the site: its own files (the calendar, the search, the manifest, what else is there
    /// in plain sight), then each snapshot's and what thinning left of others, each folder's
    /// as `SiteFiles` lists a site. Left out: hidden entries at its top (a snapshot being
    /// removed, a file being written), a file being written in its own folders, and anything
    /// of a snapshot's name that is no real folder. None for a site without a history, or
    /// whose `history` is no real folder.
    public func publishedFiles() throws -> [String] {
        guard (try? PlainFile.kind(of: path, followingLinks: false)) == .folder else { return [] }
        var paths = try SiteFiles.list(URL(fileURLWithPath: path), skipping: { SnapshotName($0) != nil }).filter { file in
            !(file.split(separator: "/").last?.hasPrefix(AtomicFile.temporaryMarker) ?? false)
        }
        for name in folders() {
            paths += try SiteFiles.list(URL(fileURLWithPath: folder(of: name))).map { name.text + "/" + $0 }
        }
        return paths.map { Self.name + "/" + $0 }
    }
}
