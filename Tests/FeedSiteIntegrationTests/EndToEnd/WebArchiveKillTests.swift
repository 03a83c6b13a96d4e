import Foundation
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `generate --warc` killed mid-run with the built executable: its file stays `….open`, and
/// the next run names it, leaves it, clears what the killed run kept aside and finishes a
/// file of its own.
final class WebArchiveKillTests: XCTestCase {
    func test_kill9_leavesAnOpenFile_thatTheNextRunNamesAndLeavesAlone() throws {
        let folder = try makeTemporaryFolder(for: self)
        let gate = Gate(holdAfter: 3, isHeld: { $0.hasPrefix("/images/") })
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 8, commentsPerItem: 1, imageBytes: 2_048, now: fixedNow())) { request in
            gate.pass(request.path)
            return nil
        }
        addTeardownBlock {
            gate.open()
            server.stop()
        }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc", "--concurrency", "1"]
        let running = try ExecutableRunner.start(generate + ["--now", "2024-05-20T11:24:59Z"], in: folder)
        XCTAssertEqual(gate.waitUntilHolding(), .success, "the run never reached the held request")

        kill(running.pid, SIGKILL)
        let killed = try running.finish()
        gate.open()

        XCTAssertEqual(killed.status, SIGKILL, killed.standardError)
        let warc = folder.appendingPathComponent("warc").path
        let left = try FileManager.default.contentsOfDirectory(atPath: warc).filter { $0.hasSuffix(".warc.gz.open") }
        XCTAssertEqual(left.count, 1, "\(left)")
        let open = try XCTUnwrap(left.first)
        let kept = try Data(contentsOf: URL(fileURLWithPath: warc + "/" + open))
        // What a killed run kept aside, as one would be left mid-body.
        XCTAssertTrue(FileManager.default.createFile(atPath: warc + "/.feedsite-warc-spool-7", contents: Data("half a body".utf8)))

        let next = try ExecutableRunner.run(generate, in: folder)

        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertTrue(next.standardError.contains("web archive: \(open) in "), next.standardError)
        XCTAssertTrue(next.standardError.contains(" was left unfinished by a run that was killed; left as it is\n"), next.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: warc + "/" + open)), kept, "left as it was")
        let files = try FileManager.default.contentsOfDirectory(atPath: warc)
        XCTAssertEqual(files.filter { $0.hasPrefix(".feedsite-warc-spool-") }, [], "nothing kept aside is left")
        XCTAssertEqual(files.filter { $0.hasSuffix(".warc.gz") }.count, 1, "the next run finished its own: \(files)")
    }
}
