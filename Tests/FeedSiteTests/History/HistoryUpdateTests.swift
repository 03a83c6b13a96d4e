import Basics
import FeedCore
import Foundation
import History
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// A history brought up to date as a run, or `feedsite history prune`, does: the snapshot
/// put in, the policy applied, and what thinning leaves of a snapshot that alone shows an
/// item version.
final class HistoryUpdateTests: XCTestCase {
    func test_apply_thinsASnapshot_leavingThePageOfTheVersionOnlyItShowed_andNothingElseOfIt() throws {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "Old words", in: history)
        try HistoryFixtures.snapshot("20261127T120000Z", description: "New words", in: history)
        let later = try XCTUnwrap(ISO8601Date.parse("2026-11-27T13:00:00Z"))
        let policy = try HistoryKeepPolicy(parsing: "every:1d")
        XCTAssertTrue(HistoryUpdate.isDue(history, policy: policy, now: later))

        let outcome = try HistoryFixtures.update(history, policy: policy, now: later).apply(nil)

        XCTAssertEqual(outcome.thinned.map(\.text), ["20261126T120000Z"])
        XCTAssertEqual(outcome.leftovers.map(\.text), ["20261126T120000Z"])
        XCTAssertEqual(history.snapshots().map(\.text), ["20261127T120000Z"])
        XCTAssertEqual(history.leftovers().map(\.text), ["20261126T120000Z"])
        let leftover = history.folder(of: try XCTUnwrap(SnapshotName("20261126T120000Z")))
        let files = try SiteFiles.list(URL(fileURLWithPath: leftover)).sorted()
        XCTAssertEqual(
            files,
            [
                "assets/style.css", "comments/\(SiteFixtures.firstID.uuidString).html", "images/" + HistoryFixtures.stored.fileName, "index.html",
                "leftover.jsonl", "manifest.json",
            ])
        XCTAssertTrue(try String(contentsOfFile: leftover + "/comments/\(SiteFixtures.firstID.uuidString).html", encoding: .utf8).contains("Old words"))
        XCTAssertEqual(try SiteVerifier.verify(URL(fileURLWithPath: leftover)).missing + SiteVerifier.verify(URL(fileURLWithPath: leftover)).changed, [])
        XCTAssertEqual(SnapshotLeftover.records(in: leftover)?.map(\.description), ["Old words"])
        XCTAssertFalse(HistoryUpdate.isDue(history, policy: policy, now: later), "nothing left to thin")
    }

    func test_apply_ofAPolicyThatKeepsEverything_thinsNothing() throws {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "Old words", in: history)
        try HistoryFixtures.snapshot("20261127T120000Z", description: "New words", in: history)

        XCTAssertFalse(HistoryUpdate.isDue(history, policy: try HistoryKeepPolicy(parsing: "all"), now: fixedNow()))
        let outcome = try HistoryFixtures.update(history, policy: try HistoryKeepPolicy(parsing: "all"), now: fixedNow()).apply(nil)

        XCTAssertEqual(outcome.thinned, [])
        XCTAssertEqual(outcome.kept.count, 2)
        XCTAssertEqual(history.leftovers(), [])
    }
}
