import Foundation
import SampleAPI
import TestSupport
import XCTest

/// `--archive` over a site with a history, through the built executable: the tar holds the
/// live site and every snapshot, each file shared between them once.
final class HistoryArchiveTests: XCTestCase {
    func test_archive_holdsTheHistoryWithItsSharedFilesAsHardLinks_andExtractsToTheSameFilesSharedTheSameWay() throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = ChangingDemoFeed(now: fixedNow())
        let server = try SampleAPIServer(source: feed)
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--locale", "en", "--locale", "el",
            "--archive", "site.tar",
        ]
        let first = try ExecutableRunner.run(generate + ["--now", "2026-11-24T12:00:00Z"], in: folder)
        feed.describe(7, as: "Rewritten with a lighthouse")
        let second = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)
        for run in [first, second] { XCTAssertEqual(run.status, 0, run.standardError) }

        let site = folder.appendingPathComponent("site")
        let archive = try Data(contentsOf: folder.appendingPathComponent("site.tar"))
        let tar = try TarEntries(archive)

        let unchanged = "comments/\(DemoFeed.itemID(1).uuidString).html"
        for snapshot in ["20261124T120000Z", "20261125T120000Z"] {
            XCTAssertTrue(tar.paths.contains("history/\(snapshot)/index.html"), snapshot)
            XCTAssertTrue(tar.paths.contains("history/\(snapshot)/el/\(unchanged)"), snapshot)
        }
        XCTAssertTrue(tar.paths.contains("history/index.html"), "the calendar")
        XCTAssertEqual(tar.links["history/20261125T120000Z/el/\(unchanged)"], "history/20261124T120000Z/el/\(unchanged)", "a page both snapshots show")
        let files = try siteFiles(in: site)
        let order = tar.paths.filter { !$0.hasSuffix("/") }
        XCTAssertEqual(Set(order), Set(files.keys))
        XCTAssertEqual(order.firstIndex(of: "history/index.html").map { $0 > order.firstIndex(of: "index.html")! }, true, "the live site first")
        XCTAssertEqual(tar.links, try expectedLinks(among: order, in: site), "each later name of a file names its first")
        XCTAssertLessThan(archive.count, files.values.reduce(0) { $0 + $1.count }, "the shared files once")

        let extracted = try makeTemporaryFolder(for: self)
        try tar.extract(into: extracted)
        XCTAssertEqual(try siteFiles(in: extracted), files)
        XCTAssertEqual(try expectedLinks(among: order, in: extracted), tar.links, "the same files shared the same way")
    }

    // MARK: - Helpers

    /// The site's files by path, without its top-level dot-entries (the user's, not the site's).
    private func siteFiles(in folder: URL) throws -> [String: Data] {
        try snapshotOfFiles(in: folder).filter { !$0.key.hasPrefix(".") }
    }

    /// Each path of `paths` (in the archive's order) that names the same file as an earlier
    /// one, with the first path of that file.
    private func expectedLinks(among paths: [String], in folder: URL) throws -> [String: String] {
        var first: [UInt64: String] = [:]
        var links: [String: String] = [:]
        for path in paths {
            let number = try inode(folder.appendingPathComponent(path))
            if let earlier = first[number] { links[path] = earlier } else { first[number] = path }
        }
        return links
    }
}
