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
        var paths: [String] = []
        try eachPublishedFile { paths.append($0) }
        return paths
    }

    /// Hands the files `publishedFiles()` lists to `body` one at a time, in its order,
    /// holding one folder's names at a time.
    public func eachPublishedFile(_ body: (String) throws -> Void) throws {
        guard (try? PlainFile.kind(of: path, followingLinks: false)) == .folder else { return }
        let isSnapshot: (String) -> Bool = { SnapshotName($0) != nil }
        try SiteFiles.walk(path, skipping: isSnapshot) { file in
            guard !(file.split(separator: "/").last?.hasPrefix(AtomicFile.temporaryMarker) ?? false) else { return }
            try body(Self.name + "/" + file)
        }
        for name in folders() {
            try SiteFiles.walk(folder(of: name)) { try body(Self.name + "/" + name.text + "/" + $0) }
        }
    }
}
