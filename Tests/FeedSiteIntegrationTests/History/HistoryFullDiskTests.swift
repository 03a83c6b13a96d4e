import Foundation
import TestSupport
import XCTest

/// A full disk while a `--history` run makes its snapshot, or puts it and the history's own
/// files in: the run fails, and the history is exactly as it was, with nothing left beside
/// it. Mounting the small disk needs root; elsewhere the test skips.
extension FullDiskTests {
    func test_generateWithHistory_onAFullDiskAtAnyPoint_leavesTheHistoryAsItWas() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 4)
        let site = disk.appendingPathComponent("site")
        let feed = ChangingDemoFeed(now: fixedNow())
        let server = try makeServer(feed)
        func generate(_ now: String) async -> CLIRun {
            await runFeedsite(
                ["generate", "--api", server.apiRoot.absoluteString, "--output", site.path, "--cache", "cache", "--history", "--now", now], in: run.root)
        }
        let first = await generate("2026-11-24T12:00:00Z")
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let history = try snapshotOfFiles(in: site.appendingPathComponent("history"))
        feed.leaveOut([4])
        feed.describe(7, as: "Rewritten")

        // From no room at all upwards until the run fits: each failure stops somewhere else,
        // the last ones in the snapshot.
        var stoppedIn: [String] = []
        var leaving = 0
        while leaving <= 2 * 1024 * 1024 {
            try fill(disk, leaving: leaving)
            let full = await generate("2026-11-25T12:00:00Z")
            try emptyBallast(disk)
            if full.code == .success { break }
            XCTAssertEqual(full.code, .failure, full.diagnostics)
            XCTAssertTrue(full.diagnostics.contains("no space left on device"), full.diagnostics)
            stoppedIn.append("\(leaving): " + (full.diagnostics.split(separator: "\n").last.map(String.init) ?? ""))
            XCTAssertEqual(try snapshotOfFiles(in: site.appendingPathComponent("history")), history, "leaving \(leaving) bytes: the history is as it was")
            let beside = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0.contains(".feedsite-") }
            XCTAssertEqual(beside, [], "leaving \(leaving) bytes: nothing is left beside the site")
            // Page by page once the snapshot is nearly made: the history's own files are few.
            leaving += stoppedIn.last?.contains(".feedsite-snapshot-") == true ? 4096 : 16 * 1024
        }

        // The history's own files come after the publish, which has freed the previous
        // site's space: `HistoryFolderTests` fails them otherwise.
        let stops = stoppedIn.joined(separator: "\n")
        XCTAssertTrue(
            stoppedIn.contains { $0.contains(".feedsite-snapshot-") && $0.contains("/manifest.json;") }, "stopped at the snapshot's last file: \(stops)")
        let last = await generate("2026-11-25T12:00:00Z")
        XCTAssertEqual(last.code, .success, last.diagnostics)
        let names = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("history").path).filter { $0.hasPrefix("2026") }
        XCTAssertEqual(names.sorted(), ["20261124T120000Z", "20261125T120000Z"])
        let verify = await runFeedsite(["verify", "--output", site.path], in: run.root)
        XCTAssertEqual(verify.code, .success, verify.diagnostics)
    }
}
