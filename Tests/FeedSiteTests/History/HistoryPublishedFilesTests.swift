import FileSystem
import Foundation
import History
import TestSupport
import XCTest

/// What of a site's `history/` is carried with the site (into its tar): the history's own
/// files, every snapshot and what thinning left of others, and nothing half made or hidden.
final class HistoryPublishedFilesTests: XCTestCase {
    func test_publishedFiles_listsTheOwnFilesThenEachSnapshotsFilesFromTheSitesRoot() throws {
        let site = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try write(
            [
                "history/index.html", "history/manifest.json", "history/search/index.js", "history/20261125T120000Z/index.html",
                "history/20261125T120000Z/comments/a.html", "history/20261124T120000Z/index.html",
                "history/20261123T120000Z/leftover.jsonl", "history/20261123T120000Z/comments/b.html",
            ], in: site)

        XCTAssertEqual(
            try HistoryFolder(output: site).publishedFiles(),
            [
                "history/index.html", "history/manifest.json", "history/search/index.js", "history/20261123T120000Z/comments/b.html",
                "history/20261123T120000Z/leftover.jsonl", "history/20261124T120000Z/index.html", "history/20261125T120000Z/comments/a.html",
                "history/20261125T120000Z/index.html",
            ])
    }

    func test_publishedFiles_leavesOutHiddenEntriesFilesBeingWrittenAndAFileOfASnapshotsName() throws {
        let site = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try write(
            [
                "history/index.html", "history/.removing-20261120T120000Z/index.html", "history/\(AtomicFile.temporaryMarker)index.html",
                "history/search/\(AtomicFile.temporaryMarker)index.js", "history/search/index.js", "history/20261121T120000Z",
                "history/20261124T120000Z/index.html", "history/20261124T120000Z/.hidden",
            ], in: site)

        XCTAssertEqual(
            try HistoryFolder(output: site).publishedFiles(), ["history/index.html", "history/search/index.js", "history/20261124T120000Z/index.html"])
    }

    func test_publishedFiles_isEmptyWithoutAHistoryOrWhenItIsALink() throws {
        let root = try makeTemporaryFolder(for: self)
        let site = root.appendingPathComponent("site")
        try write(["index.html", "elsewhere/20261124T120000Z/index.html"], in: root)
        XCTAssertEqual(try HistoryFolder(output: site).publishedFiles(), [])

        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.path + "/history", withDestinationPath: root.path + "/elsewhere")

        XCTAssertEqual(try HistoryFolder(output: site).publishedFiles(), [])
    }

    private func write(_ paths: [String], in folder: URL) throws {
        for path in paths {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
    }
}
