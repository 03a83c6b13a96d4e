import Foundation
import SampleAPI
import TestSupport
import XCTest

/// A second feedsite on the same cache, while a first is in the middle of its run, through
/// the built executable: it meets the cache's lock before it opens the database, says who
/// holds it in one line and exits 1, and the first run goes on to publish undisturbed.
final class SecondRunTests: XCTestCase {
    func test_aSecondRunOnTheSameCacheMeetsTheLockAndTheFirstRunFinishes() throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = CacheContents(folder: folder.appendingPathComponent("cache"))
        let gate = Gate(holdAfter: 3, isHeld: { $0.hasPrefix("/images/") })
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 8, commentsPerItem: 1, imageBytes: 256, now: fixedNow())) { request in
            gate.pass(request.path)
            return nil
        }
        addTeardownBlock {
            gate.open()
            server.stop()
        }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--cache", "cache", "--now", "2024-05-20T11:24:59Z"]
        let first = try ExecutableRunner.start(generate + ["--output", "site"], in: folder)
        XCTAssertEqual(gate.waitUntilHolding(), .success, "the first run never reached the held request")

        let second = try ExecutableRunner.run(generate + ["--output", "other-site"], in: folder)
        let validate = try ExecutableRunner.run(["validate-cache", "--cache", "cache"], in: folder)
        gate.open()
        let finished = try first.finish(killingAfter: 60)

        let lock = cache.folder.appendingPathComponent(".lock").path
        let holder = "another feedsite run (pid \(first.pid), started "
        for refused in [second, validate] {
            XCTAssertEqual(refused.status, 1, refused.standardError)
            let lines = refused.standardError.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, refused.standardError)
            XCTAssertTrue(lines.first?.hasPrefix("feedsite: error: \(holder)") == true, refused.standardError)
            XCTAssertTrue(lines.first?.hasSuffix(") holds the lock \(lock); wait for it to finish, or stop it, then run again") == true, refused.standardError)
            XCTAssertEqual(refused.standardOutput, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other-site").path), "the second run published nothing")
        XCTAssertEqual(finished.status, 0, finished.standardError)
        XCTAssertFalse(finished.standardError.contains("warning"), finished.standardError)
        XCTAssertEqual(try cache.entries(), [".lock", "cache.sqlite", "images"], "nothing set aside, no second database")
        XCTAssertEqual(try cache.tableCounts()["images"], 8, "the first run stored every image")
    }
}
