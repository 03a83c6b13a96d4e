import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `--history` run killed with SIGKILL leaves the history as it was, and the next run
/// finishes what it began.
final class HistoryInterruptionTests: XCTestCase {
    private let source = DemoFeed(now: fixedNow())
    private let edited = 5
    private var editedPath: String { "/v1/image/\(DemoFeed.itemID(edited).uuidString)/comments" }
    private let newComments =
        #"{"items": [{"id": "0BADF00D-0000-4000-8000-000000000001", "message": "New", "created_at": "2024-05-20T10:00:00+0000", "author": {"username": "zoe"}}]}"#

    func test_kill9_whileTheSnapshotIsMadeLeavesTheHistoryAsItWas_andTheNextRunMakesIt() throws {
        let folder = try makeTemporaryFolder(for: self)
        let changed = Mutex(false)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holding = Mutex(false)
        let server = try SampleAPIServer(source: source) { [newComments, editedPath] request in
            guard request.path == editedPath, changed.withLock({ $0 }) else { return nil }
            if holding.withLock({ $0 }) {
                held.signal()
                release.wait()
            }
            return .json(newComments)
        }
        defer {
            release.signal()
            server.stop()
        }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--retries", "0"]
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z"], in: folder).status, 0)
        let history = folder.appendingPathComponent("site/history")
        let before = try contents(of: history)
        changed.withLock { $0 = true }
        holding.withLock { $0 = true }

        let running = try ExecutableRunner.start(generate + ["--now", "2026-11-27T12:00:00Z"], in: folder)
        XCTAssertEqual(held.wait(timeout: .now() + 60), .success, "the run never asked for the held comments")
        let draft = folder.appendingPathComponent(".site.feedsite-snapshot-\(running.pid)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: draft.path), "the snapshot is being made beside the output")
        kill(running.pid, SIGKILL)
        release.signal()
        _ = try running.finish(killingAfter: 60)
        holding.withLock { $0 = false }

        XCTAssertEqual(try contents(of: history), before, "the history is as it was")
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: folder).status, 0)
        let next = try ExecutableRunner.run(generate + ["--now", "2026-11-27T13:00:00Z"], in: folder)
        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: draft.path), "the killed run's draft is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: history.appendingPathComponent("20261127T130000Z/snapshot.jsonl").path))
    }

    func test_aSnapshotPutInByARunKilledBeforeItsCalendar_isCaughtUpByTheNextRun() throws {
        let folder = try makeTemporaryFolder(for: self)
        let changed = Mutex(false)
        let server = try SampleAPIServer(source: source) { [newComments, editedPath] request in
            request.path == editedPath && changed.withLock({ $0 }) ? .json(newComments) : nil
        }
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history", "--verbose",
        ]
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z"], in: folder).status, 0)
        let history = folder.appendingPathComponent("site/history")
        let saved = try ownFiles(of: history)
        changed.withLock { $0 = true }
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-27T12:00:00Z"], in: folder).status, 0)
        // As a kill right after the snapshot was renamed in leaves it: the history's own
        // files are still the ones before, and the new ones wait under temporary names.
        for path in try ownFiles(of: history).keys { try FileManager.default.removeItem(at: history.appendingPathComponent(path)) }
        for (path, data) in saved {
            let file = history.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        let waiting = history.appendingPathComponent("items/.feedsite-tmp-99999-1-d3.js.tmp")
        try Data("feedsiteHistoryItems(".utf8).write(to: waiting)

        let next = try ExecutableRunner.run(generate + ["--now", "2026-11-27T13:00:00Z"], in: folder)

        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertTrue(next.standardError.contains("history: the calendar caught up with a snapshot an interrupted run put in; 2 kept"), next.standardError)
        let calendar = try String(contentsOf: history.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(calendar.contains(#"href="20261127T120000Z/index.html""#), calendar)
        XCTAssertFalse(FileManager.default.fileExists(atPath: waiting.path), "a temporary file a killed run left is removed")
        let items = try String(contentsOf: history.appendingPathComponent("items.jsonl"), encoding: .utf8)
        XCTAssertTrue(items.hasPrefix(#"{"snapshots": ["20261126T120000Z", "20261127T120000Z"]}"#), items)
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: folder).status, 0)
    }

    /// The history's own files (not its snapshots') and their bytes, by path from its root.
    private func ownFiles(of history: URL) throws -> [String: Data] {
        try snapshotOfFiles(in: history).filter { path, _ in !path.hasPrefix("2026") }
    }

    /// Every file under `folder` with its bytes.
    private func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }
}
