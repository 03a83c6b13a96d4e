import Foundation
import SampleAPI
import TestSupport
import XCTest

/// Thinning drops views of the feed, never an item: whatever `--history-keep` and
/// `feedsite history prune` remove, every version of every item the feed ever held keeps its
/// page, its picture, its place in the history's search and on its timeline.
final class HistoryThinningTests: XCTestCase {
    /// Items 0 to 9 each shown in one run alone; item 20 described anew at every run.
    private let passing = 0..<10
    private let rewritten = 20

    func test_aFeedWhoseItemsComeAndGoOverMonths_thinnedByTheDefaultPolicy_keepsEveryVersionOfEveryItem() throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = ChangingDemoFeed(now: fixedNow())
        let server = try SampleAPIServer(source: feed)
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--verbose"]
        let days = (1...10).map { String(format: "2026-01-%02dT12:00:00Z", $0) } + ["2026-03-10T12:00:00Z", "2026-03-10T18:00:00Z"]

        var runs: [ExecutableRunner.Result] = []
        for (number, now) in days.enumerated() {
            feed.leaveOut(Set(passing).subtracting([number]))
            feed.describe(rewritten, as: "Version \(number) of the harbour")
            runs.append(try ExecutableRunner.run(generate + ["--now", now], in: folder))
        }

        for run in runs { XCTAssertEqual(run.status, 0, run.standardError) }
        XCTAssertTrue(runs[10].standardError.contains("thinned by every:2d,daily:60d,monthly:forever"), runs[10].standardError)
        let history = folder.appendingPathComponent("site/history")
        let items = try historyItems(history)
        let demo = DemoFeed(now: fixedNow())
        let search = try FileManager.default.subpathsOfDirectory(atPath: history.appendingPathComponent("search").path).map {
            (try? String(contentsOf: history.appendingPathComponent("search/\($0)"), encoding: .utf8)) ?? ""
        }.joined()
        for index in 0..<demo.itemCount {
            let id = DemoFeed.itemID(index).uuidString
            let item = try XCTUnwrap(items[id], "item \(index) is in the history")
            for version in item.versions {
                let page = history.appendingPathComponent("\(version.holder)/comments/\(id).html")
                XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "item \(index)'s version from \(version.from) has its page")
            }
            XCTAssertTrue(search.contains(id), "item \(index) is in the history's search")
            let spans = try itemFiles(history)
            XCTAssertTrue(spans.contains("\"\(id)\": {"), "item \(index) has its timeline")
        }
        // Each passing item was seen by its own run alone, whatever was thinned since.
        for index in passing {
            let item = try XCTUnwrap(items[DemoFeed.itemID(index).uuidString])
            let name = days[index].replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            XCTAssertEqual(item.versions.map(\.from), [name], "item \(index) first seen when its run saw it")
            XCTAssertEqual(item.versions.map(\.to), [name])
        }
        // Every description item 20 ever had is on a page the history keeps.
        let harbour = try XCTUnwrap(items[DemoFeed.itemID(rewritten).uuidString])
        XCTAssertEqual(harbour.versions.count, days.count)
        for (number, version) in harbour.versions.enumerated() {
            let page = try String(
                contentsOf: history.appendingPathComponent("\(version.holder)/comments/\(DemoFeed.itemID(rewritten).uuidString).html"), encoding: .utf8)
            XCTAssertTrue(page.contains("Version \(number) of the harbour"), "version \(number) in \(version.holder)")
        }
        XCTAssertTrue(search.contains("\"version\""))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardOutput + verify.standardError)
    }

    func test_aNewPolicyOnAnUnchangedRun_thinsAtOnce_andSaysSo() throws {
        let (folder, feed, generate) = try firstSnapshot()
        feed.describe(3, as: "A new description")
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder).status, 0)

        let unchanged = try ExecutableRunner.run(generate + ["--now", "2026-11-25T13:00:00Z", "--history-keep", "every:1d"], in: folder)

        XCTAssertEqual(unchanged.status, 0, unchanged.standardError)
        XCTAssertTrue(unchanged.standardError.contains("history: no change since 20261125T120000Z; no snapshot"), unchanged.standardError)
        XCTAssertTrue(unchanged.standardError.contains("history: 1 kept, 1 thinned by every:1d"), unchanged.standardError)
        let history = folder.appendingPathComponent("site/history")
        XCTAssertFalse(FileManager.default.fileExists(atPath: history.appendingPathComponent("20261124T120000Z/snapshot.jsonl").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: history.appendingPathComponent("20261124T120000Z/comments/\(DemoFeed.itemID(3).uuidString).html").path),
            "the edited item's first version keeps its page")
        let again = try ExecutableRunner.run(generate + ["--now", "2026-11-25T13:30:00Z", "--history-keep", "every:1d"], in: folder)
        XCTAssertFalse(again.standardError.contains("thinned"), "nothing left to thin: \(again.standardError)")
    }

    func test_historyPrune_thinsNow_andHistoryList_saysWhatIsKept() throws {
        let (folder, feed, generate) = try firstSnapshot()
        feed.describe(3, as: "A new description")
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder).status, 0)
        let before = try ExecutableRunner.run(["history", "list", "--output", "site"], in: folder)

        let prune = try ExecutableRunner.run(
            ["history", "prune", "--output", "site", "--history-keep", "every:1d", "--now", "2026-11-25T12:30:00Z"], in: folder)
        let after = try ExecutableRunner.run(["history", "list", "--output", "site"], in: folder)

        XCTAssertEqual(before.status, 0, before.standardError)
        XCTAssertEqual(
            before.standardOutput,
            "20261124T120000Z  2026-11-24T12:00:00Z  36 items  the first\n20261125T120000Z  2026-11-25T12:00:00Z  36 items  1 edited\n2 snapshots kept\n")
        XCTAssertEqual(prune.status, 0, prune.standardError)
        XCTAssertEqual(prune.standardOutput, "history: 1 kept, 1 thinned by every:1d (1 keep item pages no kept snapshot shows)\n")
        XCTAssertEqual(
            after.standardOutput,
            "20261125T120000Z  2026-11-25T12:00:00Z  36 items  the oldest kept; earlier snapshots were thinned\n"
                + "1 snapshot kept; 1 thinned snapshot keeps item pages no kept one shows\n")
        let calendar = try String(contentsOf: folder.appendingPathComponent("site/history/index.html"), encoding: .utf8)
        XCTAssertFalse(calendar.contains("20261124T120000Z"), calendar)
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: folder).status, 0)
    }

    func test_historyPrune_withoutAHistory_orWhileARunHoldsTheLock_changesNothing() throws {
        let folder = try makeTemporaryFolder(for: self)
        let none = try ExecutableRunner.run(["history", "prune", "--output", "site"], in: folder)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.standardError.contains("has no history"), none.standardError)
        let usage = try ExecutableRunner.run(["history", "thin"], in: folder)
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.standardError.contains("history needs list or prune (got 'thin')"), usage.standardError)
    }

    /// As `kill -9` leaves a prune (or a run) between putting the history's own files in and
    /// exchanging a thinned snapshot for what is left of it: the snapshot still whole, the
    /// items no longer counting it. The next prune finishes the thinning and loses nothing.
    func test_aPruneKilledBeforeItThinnedTheSnapshot_isFinishedByTheNext() throws {
        let (folder, feed, generate) = try firstSnapshot()
        feed.describe(3, as: "A new description")
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder).status, 0)
        let history = folder.appendingPathComponent("site/history")
        let whole = try snapshotOfFiles(in: history.appendingPathComponent("20261124T120000Z"))
        let prune = ["history", "prune", "--output", "site", "--history-keep", "every:1d", "--now", "2026-11-25T12:30:00Z"]
        XCTAssertEqual(try ExecutableRunner.run(prune, in: folder).status, 0)
        let thinned = history.appendingPathComponent("20261124T120000Z")
        try FileManager.default.removeItem(at: thinned)
        for (path, data) in whole {
            let file = thinned.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".site.feedsite-leftover-99999999/x"), withIntermediateDirectories: true)

        let next = try ExecutableRunner.run(prune, in: folder)

        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertTrue(next.standardOutput.contains("1 thinned"), next.standardOutput)
        XCTAssertTrue(FileManager.default.fileExists(atPath: thinned.appendingPathComponent("leftover.jsonl").path))
        let page = try String(contentsOf: thinned.appendingPathComponent("comments/\(DemoFeed.itemID(3).uuidString).html"), encoding: .utf8)
        XCTAssertFalse(page.contains("A new description"), "the page of the first version")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".site.feedsite-leftover-99999999").path))
        let items = try historyItems(history)
        XCTAssertEqual(items[DemoFeed.itemID(3).uuidString]?.versions.map(\.holder), ["20261124T120000Z", "20261125T120000Z"])
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: folder).status, 0)
    }

    private struct Version {
        let from: String
        let to: String?
        let holder: String
    }

    /// The items of `items.jsonl`, by ID: each one's versions.
    private func historyItems(_ history: URL) throws -> [String: (versions: [Version], gone: String?)] {
        let text = try String(contentsOf: history.appendingPathComponent("items.jsonl"), encoding: .utf8)
        var items: [String: (versions: [Version], gone: String?)] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let versions = try XCTUnwrap(json["versions"] as? [[Any]]).map { fields in
                Version(from: fields[1] as? String ?? "", to: fields[2] as? String, holder: fields[3] as? String ?? "")
            }
            items[try XCTUnwrap(json["id"] as? String)] = (versions, json["gone"] as? String)
        }
        return items
    }
}

/// A picture that comes back after the cache let it go is the copy the history holds.
final class HistoryReturningPictureTests: XCTestCase {
    func test_aPictureThatComesBackAfterTheCacheLetItGo_isTheHistorysCopy_notASecondOne() throws {
        let (folder, feed, generate) = try firstSnapshot()
        // An item whose picture no other item shows, so the cache lets it go once it is gone.
        let pictures = try (0..<DemoFeed(now: fixedNow()).itemCount).map { index in
            let page = try String(contentsOf: folder.appendingPathComponent("site/comments/\(DemoFeed.itemID(index).uuidString).html"), encoding: .utf8)
            return page.range(of: #"images/[0-9a-f]{64}\.[a-z]+"#, options: .regularExpression).map { String(page[$0].dropFirst(7)) } ?? ""
        }
        let returning = try XCTUnwrap(pictures.indices.first { index in pictures.filter { $0 == pictures[index] }.count == 1 })
        let name = pictures[returning]
        let blob = folder.appendingPathComponent("cache/images/blobs/\(name.prefix(2))/\(name.prefix(64))").path

        feed.leaveOut([returning])
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder).status, 0)
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-12-05T12:00:00Z"], in: folder).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: blob), "the cache let the picture go")
        feed.leaveOut([])
        let back = try ExecutableRunner.run(generate + ["--now", "2026-12-06T12:00:00Z"], in: folder)

        XCTAssertEqual(back.status, 0, back.standardError)
        let history = try inode(folder.appendingPathComponent("site/history/20261124T120000Z/images/\(name)").path)
        XCTAssertEqual(try inode(blob), history, "the cache's new blob is the history's copy")
        XCTAssertEqual(try inode(folder.appendingPathComponent("site/images/\(name)").path), history)
        XCTAssertEqual(try inode(folder.appendingPathComponent("site/history/20261206T120000Z/images/\(name)").path), history)
    }
}
