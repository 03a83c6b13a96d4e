import Basics
import Foundation
import History
import Publishing
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The run's two history steps: the snapshot finished or thrown away, then put in and the
/// policy applied, each saying what it did in one line at the default level.
final class HistoryStepsTests: XCTestCase {
    func test_snapshotStep_ofTheSameData_saysNoChangeSinceTheLatest_andRecordsThatNothingChanged() async throws {
        let output = try makeOutput()
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "A harbour", in: history)
        let console = LinesConsole()
        let draft = try SnapshotDraft(
            name: try XCTUnwrap(SnapshotName("20261127T120000Z")), folder: history.draftFolder(), previous: try history.latest(),
            renderers: try SiteFixtures.renderers(locales: ["en"]))
        let entries = HistoryFixtures.entries()
        for (index, entry) in entries.enumerated() { try draft.add(entry, comments: [], index: index, neighbours: PhotoNeighbours(of: index, in: entries)) }
        let staging = output.deletingLastPathComponent().path + "/staging"
        try HistoryFixtures.stage(in: staging)
        let step = SnapshotStep(
            snapshot: StagedSnapshot(draft: draft, staging: staging), entries: entries, pageSize: 10, feedSavedAt: nil, facts: HistoryFixtures.run,
            report: .keeping(in: console, verbosity: .normal))

        let outcome = try step.run(StepProgress(report: step.report, label: "snapshot"))
        var summary = RunSummary()
        outcome.record(in: &summary)

        XCTAssertNil(outcome.prepared)
        XCTAssertEqual(console.diagnostics, ["history: no change since 20261126T120000Z; no snapshot"])
        XCTAssertEqual(summary.historyChanges, HistoryChanges.none)
    }

    func test_historyStep_ofANewSnapshot_saysWhatChanged_andRecordsIt() async throws {
        let output = try makeOutput()
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "A harbour", in: history)
        let prepared = try HistoryFixtures.make(
            "20261127T120000Z", entries: HistoryFixtures.entries(description: "A harbour at night"), comments: [[], []], folder: history.draftFolder(),
            previous: try history.latest(), staging: output.deletingLastPathComponent().path + "/staging")
        let console = LinesConsole()
        let step = try historyStep(prepared, output: output, policy: "all", console: console)

        let outcome = try await step.run(StepProgress(report: step.report, label: "history"))
        var summary = RunSummary()
        outcome.record(in: &summary)

        XCTAssertEqual(console.diagnostics, ["history: snapshot 20261127T120000Z: 1 edited"])
        XCTAssertEqual(summary.historyChanges?.summary.edited, 1)
        XCTAssertEqual(history.snapshots().map(\.text), ["20261126T120000Z", "20261127T120000Z"])
    }

    func test_historyStep_withoutASnapshot_thinsByThePolicy_andSaysSoAtTheDefaultLevel() async throws {
        let output = try makeOutput()
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "A harbour", in: history)
        try HistoryFixtures.snapshot("20261127T120000Z", description: "A harbour at night", in: history)
        let console = LinesConsole()
        let step = try historyStep(nil, output: output, policy: "every:1d", console: console, now: "2026-11-27T13:00:00Z")

        let outcome = try await step.run(StepProgress(report: step.report, label: "history"))

        XCTAssertNil(outcome.changes)
        XCTAssertEqual(console.diagnostics, ["history: 1 kept, 1 thinned by every:1d"])
        XCTAssertEqual(history.leftovers().map(\.text), ["20261126T120000Z"])
    }

    func test_historyStep_withoutASnapshot_whenNothingIsDue_leavesTheHistoryAsItIs_sayingNothing() async throws {
        let output = try makeOutput()
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "A harbour", in: history)
        try HistoryFixtures.snapshot("20261127T120000Z", description: "A harbour at night", in: history)
        let console = LinesConsole()
        let step = try historyStep(nil, output: output, policy: "all", console: console)
        let before = try FileManager.default.subpathsOfDirectory(atPath: history.path).sorted()
        let calendar = try inode(history.path + "/index.html")

        let outcome = try await step.run(StepProgress(report: step.report, label: "history"))

        XCTAssertNil(outcome.changes)
        XCTAssertEqual(console.diagnostics, [])
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: history.path).sorted(), before)
        XCTAssertEqual(try inode(history.path + "/index.html"), calendar, "the calendar not made again")
    }

    func test_historyStep_ofAHistoryThatCouldNotBeRead_failsTheRun_leavingItAsItIs() async throws {
        let output = try makeOutput()
        let history = HistoryFolder(output: output)
        try HistoryFixtures.snapshot("20261126T120000Z", description: "A harbour", in: history)
        var step = try historyStep(nil, output: output, policy: "every:1d", console: LinesConsole(), now: "2026-11-27T13:00:00Z")
        step.unreadable = SnapshotFile.ReadError.unreadable("history/20261126T120000Z/snapshot.jsonl", reason: "not a snapshot")
        let before = try FileManager.default.subpathsOfDirectory(atPath: history.path).sorted()

        do {
            _ = try await step.run(StepProgress(report: step.report, label: "history"))
            XCTFail("a history that cannot be read is not kept")
        } catch {
            guard case .historyNotKept = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: history.path).sorted(), before)
    }

    private func makeOutput() throws -> URL {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return output
    }

    private func historyStep(
        _ prepared: SnapshotDraft.Prepared?, output: URL, policy: String, console: LinesConsole, now: String = "2026-11-27T12:00:00Z"
    ) throws -> HistoryStep {
        let policy = try HistoryKeepPolicy(parsing: policy)
        let history = HistoryOnDisk(
            output: output, policy: policy, now: try XCTUnwrap(ISO8601Date.parse(now)), renderers: try SiteFixtures.renderers(locales: ["en"]),
            script: Data())
        return HistoryStep(
            prepared: prepared, history: history, facts: HistoryFixtures.run, report: .keeping(in: console, verbosity: .normal))
    }
}
