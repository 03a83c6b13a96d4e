import FeedCore
import FeedSiteCLI
import Foundation
import Hashing
import LoopbackHTTP
import SampleAPI
import TestSupport
import XCTest

/// An answer that is no valid feed, or no answer at all: one clear line, exit 1, the output
/// untouched.
extension GenerateOnlineTests {
    func test_generate_reportsInvalidDataAndLeavesTheOutputAsItWasOnStatus201() async throws {
        try await assertInvalidFeed(HTTPResponse.json(#"{"items":[]}"#, status: 201), mentions: "status 201")
    }

    func test_generate_reportsInvalidDataOnAnItemWithAMalformedID() async throws {
        try await assertInvalidFeed(.json(#"{"items":[{"id":"not-a-uuid","image":"http://a.com/1.png"}]}"#), mentions: "is not a UUID")
    }

    func test_generate_reportsInvalidDataOnAnItemWithoutImage() async throws {
        try await assertInvalidFeed(.json(#"{"items":[{"id":"\#(UUID().uuidString)"}]}"#), mentions: "image: missing")
    }

    func test_generate_reportsInvalidDataOnANonHTTPImageURL() async throws {
        try await assertInvalidFeed(.json(#"{"items":[{"id":"\#(UUID().uuidString)","image":"javascript:alert(1)"}]}"#), mentions: "not an http(s) URL")
    }

    func test_generate_reportsInvalidDataOnABodyThatIsNotJSON() async throws {
        try await assertInvalidFeed(HTTPResponse(status: 200, body: Data("<html>oops</html>".utf8)), mentions: "not JSON")
    }

    func test_generate_reportsAConnectivityErrorWhenTheAPIIsSwitchedOff() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, now: fixedNow()))
        await server.stop()
        let run = try makeRunFolder()
        let previous = try publishPreviousSite(in: run)

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.contains("connectivity error from \(server.apiRoot.absoluteString)/feed?limit=10"), result.diagnostics)
        XCTAssertEqual(try snapshotOfFiles(in: run.site), previous)
    }

    func test_generate_writesNothingWhenTheFeedIsUnavailableAndThereWasNoSite() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, now: fixedNow()))
        await server.stop()
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .failure)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.site.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: run.root.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [".site.lock"], "no staging folder is left behind, only the lock file")
    }
}
