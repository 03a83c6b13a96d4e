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
}
