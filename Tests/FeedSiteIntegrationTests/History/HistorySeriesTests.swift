import Foundation
import SampleAPI
import TestSupport
import XCTest

/// A series of `--history` runs over a feed that changes between them: what the history
/// remembers of items that came, went and were edited, and how its search and its item
/// spans find them.
final class HistorySeriesTests: XCTestCase {
    func test_history_remembersAGoneItem_findsItByItsDescription_andSaysWhenItWasLastSeen() throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = ChangingDemoFeed(now: fixedNow())
        let server = try SampleAPIServer(source: feed)
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--page-size", "4"]
        let (gone, edited, added) = (4, 7, 20)

        feed.leaveOut([added])
        let first = try ExecutableRunner.run(generate + ["--now", "2026-11-24T12:00:00Z"], in: folder)
        feed.leaveOut([gone])
        feed.describe(edited, as: "Rewritten with a lighthouse")
        let second = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)
        let third = try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z"], in: folder)

        for run in [first, second, third] { XCTAssertEqual(run.status, 0, run.standardError) }
        let history = folder.appendingPathComponent("site/history")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: history.path).filter { $0.hasPrefix("2026") }.sorted(),
            ["20261124T120000Z", "20261125T120000Z"], "the third run changed nothing")
        let changes = try String(contentsOf: history.appendingPathComponent("changes.jsonl"), encoding: .utf8)
        XCTAssertTrue(changes.contains(#""previous": "20261124T120000Z", "items": 35, "added": 1, "gone": 1, "edited": 1"#), changes)

        let goneID = DemoFeed.itemID(gone).uuidString
        let spans = try itemFiles(history)
        XCTAssertTrue(
            spans.contains(
                "\"\(goneID)\": {\"spans\": [[\"20261124T120000Z\", \"20261124T120000Z\"]], \"versions\": [[\"20261124T120000Z\", \"20261124T120000Z\", \"20261124T120000Z\"]], \"gone\": \"20261125T120000Z\", \"first_seen\": \"2026-11-24T12:00:00Z\"}"
            ), spans)
        let addedID = DemoFeed.itemID(added).uuidString
        let addedSpans = try itemFiles(history)
        XCTAssertTrue(
            addedSpans.contains(
                "\"\(addedID)\": {\"spans\": [[\"20261125T120000Z\", null]], \"versions\": [[\"20261125T120000Z\", null, \"20261125T120000Z\"]], \"gone\": null, \"first_seen\": \"2026-11-25T12:00:00Z\"}"
            ),
            addedSpans)

        let search = try FileManager.default.subpathsOfDirectory(atPath: history.appendingPathComponent("search").path).map {
            (try? String(contentsOf: history.appendingPathComponent("search/\($0)"), encoding: .utf8)) ?? ""
        }.joined()
        let goneDescription = try XCTUnwrap(DemoFeed(now: fixedNow()).item(at: gone).description)
        let word = try XCTUnwrap(goneDescription.split(separator: " ").max { $0.count < $1.count }).lowercased().filter(\.isLetter)
        XCTAssertTrue(search.contains("\"\(word)"), "the gone item's word \(word) is in the history's index")
        XCTAssertTrue(search.contains("[\"\(goneID)\", "), search)
        XCTAssertTrue(search.contains("\"20261124T120000Z\"]"), "the gone item's result is in the snapshot that last had it")
        XCTAssertTrue(search.contains("\"lighthouse\""), "the edited description is found")

        // Item 8 moves up the feed when item 4 goes: its page is the same file, and places.js
        // says which of the snapshot's feed pages holds it now.
        let moved = "comments/\(DemoFeed.itemID(8).uuidString).html"
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: history.appendingPathComponent("20261124T120000Z/" + moved).path)[.systemFileNumber] as? Int,
            try FileManager.default.attributesOfItem(atPath: history.appendingPathComponent("20261125T120000Z/" + moved).path)[.systemFileNumber] as? Int)
        let places = try String(contentsOf: history.appendingPathComponent("20261125T120000Z/places.js"), encoding: .utf8)
        XCTAssertTrue(places.hasPrefix("feedsiteSnapshotPlaces({\"pages\": [\n{\"path\": \"index.html\", \"ids\": [\""), places)
        XCTAssertTrue(places.contains("\"\(DemoFeed.itemID(8).uuidString)\""), places)
        XCTAssertTrue(places.contains("{\"path\": \"page/"), places)
        let pagesNamedByAnItem = places.components(separatedBy: "\"page/").count - 1
        XCTAssertEqual(places.components(separatedBy: "-4000-8000-").count - 1 - pagesNamedByAnItem, 35, "every item's ID")

        let changesPage = try String(
            contentsOf: history.appendingPathComponent("changes/20261124T120000Z_20261125T120000Z.html"), encoding: .utf8)
        XCTAssertTrue(changesPage.contains(#"href="../20261124T120000Z/comments/\#(goneID).html""#), "gone: in the snapshot that last had it")
        XCTAssertTrue(changesPage.contains("<ins>Rewritten with a lighthouse</ins>"), changesPage)
        let calendar = try String(contentsOf: history.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(calendar.contains(#"<a href="changes/20261124T120000Z_20261125T120000Z.html">added: 1, gone: 1, edited: 1</a>"#), calendar)

        let livePage = try String(contentsOf: folder.appendingPathComponent("site/comments/\(DemoFeed.itemID(edited).uuidString).html"), encoding: .utf8)
        XCTAssertTrue(livePage.contains(#"<script src="../history/history.js" defer></script>"#), livePage)
        XCTAssertTrue(livePage.contains(#"class="item-history""#), livePage)
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError + verify.standardOutput)
    }

    func test_aHistoryThatCannotBeWritten_failsTheRunAfterThePublish_andStaysAsItWas() throws {
        let (run, site) = try runOverSpoiledHistory { history in
            // A file where the span files' folder should be.
            try FileManager.default.removeItem(at: history.appendingPathComponent("items"))
            try Data("in the way".utf8).write(to: history.appendingPathComponent("items"))
        }

        XCTAssertTrue(
            run.standardError.contains(
                "feedsite: error: the site was published to \(site), but the history was not brought up to date: cannot write \(site)/history/items/"),
            run.standardError)
        XCTAssertTrue(run.standardError.hasSuffix("; the history is as it was\n"), run.standardError)
    }

    func test_aDamagedLatestSnapshot_holdsBackTheHistoryButNotTheLiveSite_andTheRunSaysWhatToDo() throws {
        let (run, site) = try runOverSpoiledHistory { history in
            let damaged = history.appendingPathComponent("20261124T120000Z/snapshot.jsonl")
            try FileManager.default.removeItem(at: damaged)
            try Data("not a snapshot\n".utf8).write(to: damaged)
        }

        XCTAssertTrue(
            run.standardError.contains(
                "the site was published to \(site), but the history was not brought up to date: cannot read the snapshot \(site)/history/20261124T120000Z/snapshot.jsonl: its first line is not a snapshot's facts (feedsite verify names what is damaged; move the snapshot's folder out of history/ to go on without it); the history is as it was"
            ), run.standardError)
    }

    func test_aSiteMadeWithoutHistory_startsItsHistoryWithTheSiteAsItIs_whenHistoryIsTurnedOn() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: ChangingDemoFeed(now: fixedNow()))
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--verbose"]

        let plain = try ExecutableRunner.run(generate + ["--now", "2026-11-24T12:00:00Z"], in: folder)
        let turnedOn = try ExecutableRunner.run(generate + ["--now", "2026-11-24T13:00:00Z", "--history"], in: folder)

        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertEqual(turnedOn.status, 0, turnedOn.standardError)
        XCTAssertTrue(turnedOn.standardError.contains("history: snapshot 20261124T130000Z: the first, 36 items\n"), turnedOn.standardError)
        let history = folder.appendingPathComponent("site/history")
        let calendar = try String(contentsOf: history.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(calendar.contains("first snapshot"), calendar)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: history.appendingPathComponent("20261124T130000Z/comments/\(DemoFeed.itemID(0).uuidString).html").path))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError + verify.standardOutput)
    }

    /// A run a day after the first snapshot, with item 7 rewritten, over a history `spoil`
    /// (given the history's folder) made unusable: the run and the site's real path. The run
    /// failed, its live site published and the history as it was.
    private func runOverSpoiledHistory(_ spoil: (URL) throws -> Void) throws -> (run: ExecutableRunner.Result, site: String) {
        let (folder, feed, generate) = try firstSnapshot()
        let history = folder.appendingPathComponent("site/history")
        try spoil(history)
        let before = try snapshotOfFiles(in: history)
        feed.describe(7, as: "Rewritten")

        let run = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)

        XCTAssertEqual(run.status, 1, run.standardError)
        XCTAssertEqual(try snapshotOfFiles(in: history), before)
        let live = try String(contentsOf: folder.appendingPathComponent("site/comments/\(DemoFeed.itemID(7).uuidString).html"), encoding: .utf8)
        XCTAssertTrue(live.contains("Rewritten"), "the live site was published")
        return (run, folder.appendingPathComponent("site").resolvingSymlinksInPath().path)
    }
}
