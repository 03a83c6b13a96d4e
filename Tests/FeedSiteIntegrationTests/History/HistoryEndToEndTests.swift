import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// `feedsite generate --history` through the built executable, over a loopback API whose
/// data changes between runs.
final class HistoryEndToEndTests: XCTestCase {
    private let source = DemoFeed(now: fixedNow())
    private let edited = 5

    func test_history_keepsASnapshotOnlyWhenTheDataChanged_sharingWhatDidNot() throws {
        let folder = try makeTemporaryFolder(for: self)
        let newComments = Mutex<String?>(nil)
        let editedPath = "/v1/image/\(DemoFeed.itemID(edited).uuidString)/comments"
        let server = try SampleAPIServer(source: source) { request in
            guard request.path == editedPath, let body = newComments.withLock({ $0 }) else { return nil }
            return .json(body)
        }
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--verbose"]

        let first = try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z"], in: folder)
        let unchanged = try ExecutableRunner.run(generate + ["--now", "2026-11-26T18:00:00Z"], in: folder)
        newComments.withLock {
            $0 =
                #"{"items": [{"id": "0BADF00D-0000-4000-8000-000000000001", "message": "A new one", "created_at": "2024-05-20T10:00:00+0000", "author": {"username": "zoe"}}]}"#
        }
        let changed = try ExecutableRunner.run(generate + ["--now", "2026-11-27T09:30:00Z"], in: folder)

        for run in [first, unchanged, changed] { XCTAssertEqual(run.status, 0, run.standardError) }
        XCTAssertTrue(unchanged.standardError.contains("history: no change since 20261126T120000Z; no snapshot\n"), unchanged.standardError)
        XCTAssertTrue(changed.standardError.contains("history: snapshot 20261127T093000Z: 1 comment added, 3 comments removed\n"), changed.standardError)
        let history = folder.appendingPathComponent("site/history")
        let names = try FileManager.default.contentsOfDirectory(atPath: history.path).sorted()
        XCTAssertEqual(
            names,
            [
                "20261126T120000Z", "20261127T093000Z", "changes", "changes.jsonl", "changes.xml", "history.js", "index.html", "items", "items.jsonl",
                "manifest.json", "search",
            ])
        let older = history.appendingPathComponent("20261126T120000Z")
        let newer = history.appendingPathComponent("20261127T093000Z")
        let same = "comments/\(DemoFeed.itemID(1).uuidString).html"
        let other = "comments/\(DemoFeed.itemID(edited).uuidString).html"
        XCTAssertEqual(try inode(older.appendingPathComponent(same)), try inode(newer.appendingPathComponent(same)), "an unchanged page is shared")
        // Each line of places.js after the first is a feed page: its path and its items.
        let places = try String(contentsOf: newer.appendingPathComponent("places.js"), encoding: .utf8).split(separator: "\n").dropFirst()
        let pages = places.compactMap { $0.split(separator: "\"").dropFirst(3).first.map(String.init) }
        XCTAssertGreaterThan(pages.count, 2, "the snapshot's 36 items are on several pages: \(pages)")
        for page in pages {
            XCTAssertEqual(
                try inode(older.appendingPathComponent(page)), try inode(newer.appendingPathComponent(page)),
                "\(page): a new comment changes its item's page alone, not the feed page that shows its card")
        }
        XCTAssertEqual(
            try inode(older.appendingPathComponent("assets/style.css")), try inode(newer.appendingPathComponent("assets/style.css")),
            "the stylesheet the run wrote again is the earlier snapshot's")
        // A snapshot's pages search the history's index, for the snapshot's items alone.
        XCTAssertFalse(FileManager.default.fileExists(atPath: newer.appendingPathComponent("search").path), "a snapshot keeps no index of its own")
        let snapshotPage = try String(contentsOf: newer.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(
            snapshotPage.contains(#"<script src="../../assets/search.js" defer data-index="../search/index.js""#), "the live script, the history's index")
        XCTAssertTrue(snapshotPage.contains(#" data-snapshots="../" data-locale="" data-within></script>"#), snapshotPage)
        let memberFiles = try FileManager.default.subpathsOfDirectory(atPath: history.appendingPathComponent("search").path).filter {
            $0.hasSuffix("/s-20261126T120000Z.js") || $0.hasSuffix("/s-20261127T093000Z.js")
        }
        XCTAssertEqual(memberFiles.count, 2, "which items each snapshot holds")
        XCTAssertNotEqual(try inode(older.appendingPathComponent(other)), try inode(newer.appendingPathComponent(other)))
        XCTAssertTrue(try String(contentsOf: newer.appendingPathComponent(other), encoding: .utf8).contains("A new one"))
        XCTAssertFalse(try String(contentsOf: older.appendingPathComponent(other), encoding: .utf8).contains("A new one"))
        let facts = try String(contentsOf: newer.appendingPathComponent("snapshot.jsonl"), encoding: .utf8).prefix { $0 != "\n" }
        XCTAssertTrue(facts.contains(#""previous": "20261126T120000Z", "items": 36, "added": 0, "gone": 0"#), String(facts))
        XCTAssertTrue(facts.contains(#""comments_added": 1"#), String(facts))
        let calendar = try String(contentsOf: history.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(calendar.contains(#"href="20261127T093000Z/index.html""#), calendar)
        XCTAssertTrue(calendar.contains(#"href="20261126T120000Z/index.html""#), calendar)
        XCTAssertTrue(calendar.contains("comments added: 1"), calendar)
        let live = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertTrue(live.contains(#"<a href="history/index.html">History</a>"#), live)
        let archived = try String(contentsOf: newer.appendingPathComponent(other), encoding: .utf8)
        XCTAssertTrue(archived.contains(#"<script src="../../history.js" defer></script>"#), archived)
        XCTAssertTrue(archived.contains(#"<a class="archive-all" href="../../index.html">All snapshots</a>"#), archived)
        XCTAssertTrue(
            archived.contains(#" data-changes="What changed" data-position="Page %1$@ of %2$@" data-thinned="#),
            "the bar's script links the page of what changed and numbers a feed page")

        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError + verify.standardOutput)
        XCTAssertTrue(verify.standardOutput.contains("history/20261126T120000Z: all "), verify.standardOutput)
    }

    func test_verify_namesAChangedFileInAnOldSnapshot() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let run = try ExecutableRunner.run(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--now", "2026-11-26T12:00:00Z"],
            in: folder)
        XCTAssertEqual(run.status, 0, run.standardError)
        let pages = folder.appendingPathComponent("site/history/20261126T120000Z/page")
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted().first)
        let page = pages.appendingPathComponent(name)
        // Replaced, not written through: the live site's files are not the snapshot's.
        try FileManager.default.removeItem(at: page)
        try Data("<p>damaged</p>".utf8).write(to: page)

        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)

        XCTAssertEqual(verify.status, 1)
        XCTAssertTrue(verify.standardOutput.contains("changed  history/20261126T120000Z/page/\(name)\n"), verify.standardOutput)
        XCTAssertTrue(
            verify.standardError.contains("history/20261126T120000Z does not match its manifest.json: 0 missing, 1 changed, 0 extra"), verify.standardError)
    }

    func test_history_dropsTheCalendarOfALocaleTheSiteNoLongerHas() throws {
        let folder = try makeTemporaryFolder(for: self)
        let failing = Mutex(false)
        let editedPath = "/v1/image/\(DemoFeed.itemID(edited).uuidString)/comments"
        let server = try SampleAPIServer(source: source) { request in
            request.path == editedPath && failing.withLock({ $0 }) ? .json(#"{"items": []}"#) : nil
        }
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history"]

        let first = try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z", "--locale", "all"], in: folder)
        failing.withLock { $0 = true }
        let second = try ExecutableRunner.run(generate + ["--now", "2026-11-27T12:00:00Z"], in: folder)

        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(second.status, 0, second.standardError)
        let history = folder.appendingPathComponent("site/history")
        XCTAssertFalse(FileManager.default.fileExists(atPath: history.appendingPathComponent("el").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: history.appendingPathComponent("20261126T120000Z/el/index.html").path))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError + verify.standardOutput)
    }

    func test_historyKeep_removesTheSnapshotsItNoLongerKeeps_andTheCalendarComparesWithTheOnesLeft() throws {
        let folder = try makeTemporaryFolder(for: self)
        let message = Mutex("first")
        let editedPath = "/v1/image/\(DemoFeed.itemID(edited).uuidString)/comments"
        let server = try SampleAPIServer(source: source) { request in
            guard request.path == editedPath else { return nil }
            let text = message.withLock { $0 }
            return .json(
                #"{"items": [{"id": "0BADF00D-0000-4000-8000-000000000001", "message": "\#(text)", "created_at": "2024-05-20T10:00:00+0000", "author": {"username": "zoe"}}]}"#
            )
        }
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--history-keep", "every:1d",
            "--verbose",
        ]

        var runs: [ExecutableRunner.Result] = []
        for (now, text) in [("2026-11-01T10:00:00Z", "first"), ("2026-11-03T10:00:00Z", "second"), ("2026-11-03T11:00:00Z", "third")] {
            message.withLock { $0 = text }
            runs.append(try ExecutableRunner.run(generate + ["--now", now], in: folder))
        }

        for run in runs { XCTAssertEqual(run.status, 0, run.standardError) }
        XCTAssertTrue(runs[1].standardError.contains("history: 1 kept, 1 thinned by every:1d"), runs[1].standardError)
        let history = folder.appendingPathComponent("site/history")
        let names = try FileManager.default.contentsOfDirectory(atPath: history.path).sorted()
        XCTAssertEqual(
            names,
            [
                "20261101T100000Z", "20261103T100000Z", "20261103T110000Z", "changes", "changes.jsonl", "changes.xml", "history.js", "index.html", "items",
                "items.jsonl",
                "manifest.json", "search",
            ])
        // The thinned snapshot leaves the page of the edited item's first version, which
        // no kept snapshot shows, and nothing else of its site.
        let leftover = history.appendingPathComponent("20261101T100000Z")
        let editedPage = "comments/\(DemoFeed.itemID(edited).uuidString).html"
        XCTAssertTrue(try String(contentsOf: leftover.appendingPathComponent(editedPage), encoding: .utf8).contains("first"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: leftover.appendingPathComponent("comments").path), [editedPage.dropFirst(9)].map(String.init))
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.appendingPathComponent("snapshot.jsonl").path))
        let calendar = try String(contentsOf: history.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(calendar.contains("20261101T100000Z"), calendar)
        XCTAssertFalse(calendar.contains("first snapshot"), "the oldest kept snapshot is not the first")
        XCTAssertTrue(calendar.contains("earlier snapshots were thinned"), calendar)
        XCTAssertTrue(calendar.contains("edited: 1"), calendar)
        let changes = try String(contentsOf: history.appendingPathComponent("changes.jsonl"), encoding: .utf8)
        XCTAssertTrue(changes.hasPrefix(#"{"snapshot": "20261103T100000Z", "previous": null, "items": 36, "added": 0"#), changes)
        XCTAssertTrue(changes.contains(#""earlier_thinned": true}"#), changes)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: history.appendingPathComponent("changes").path),
            ["20261103T100000Z_20261103T110000Z.html"], "the page of a pair no longer kept is gone")
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError + verify.standardOutput)
    }

    func test_historyKeep_withoutHistoryOrMisspelled_isAUsageErrorBeforeAnythingIsTouched() throws {
        let folder = try makeTemporaryFolder(for: self)
        let base = ["generate", "--api", "http://127.0.0.1:9/v1", "--output", "site", "--cache", "cache"]

        let alone = try ExecutableRunner.run(base + ["--history-keep", "all"], in: folder)
        let misspelled = try ExecutableRunner.run(base + ["--history", "--history-keep", "daily:60"], in: folder)

        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.standardError.contains("--history-keep thins the history: it needs --history"), alone.standardError)
        XCTAssertEqual(misspelled.status, 2)
        XCTAssertTrue(misspelled.standardError.contains(#"--history-keep: "daily:60" needs a unit: daily:60d"#), misspelled.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
