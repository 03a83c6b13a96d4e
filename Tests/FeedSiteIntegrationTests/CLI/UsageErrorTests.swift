import FeedSiteCLI
import Foundation
import TestSupport
import XCTest

final class UsageErrorTests: XCTestCase {
    func test_run_printsTheUsageAfterAUsageErrorAndExits2() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = await runFeedsite(["generate", "--bogus"], in: folder)

        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(result.diagnostics.hasPrefix("feedsite: unknown option '--bogus' for 'generate'\n"), result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("Exit status:"))
        XCTAssertEqual(result.output, "")
    }

    func test_run_refusesARelativeBaseURLAsAUsageErrorBeforeTouchingAnything() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = await runFeedsite(["generate", "--base-url", "feed/", "--output", "site", "--cache", "cache"], in: folder)

        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(
            result.diagnostics.hasPrefix(
                "feedsite: --base-url needs the absolute http or https URL the site will be served from, such as https://example.org/feed/, got 'feed/'\n"),
            result.diagnostics)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no cache, no site, no lock")
    }
}
