import FeedSiteCLI
import Foundation
import TestSupport
import XCTest

final class UsageErrorTests: XCTestCase {
    func test_run_printsAUsageErrorAsItsLineAndWhereToReadTheCommandsOptionsAndExits2() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = await runFeedsite(["generate", "--bogus"], in: folder)

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(result.diagnostics, "feedsite: unknown option '--bogus' for 'generate'\nrun 'feedsite generate --help' for its options")
        XCTAssertEqual(result.output, "")
    }

    func test_run_namesTheOptionAMisspeltOneWasNear() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = await runFeedsite(["demo", "--ouput", "site"], in: folder)

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(
            result.diagnostics, "feedsite: unknown option '--ouput' for 'demo'; did you mean '--output'?\nrun 'feedsite demo --help' for its options")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
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
