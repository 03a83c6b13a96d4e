import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The publish step on its own: the site put in place and its files counted, unless
/// `--strict` refuses a degraded run.
final class PublishStepTests: XCTestCase {
    func test_run_publishesTheSiteAndRecordsItsFiles() async throws {
        let site = InMemoryStagingSite()
        try site.write("<p>a page</p>", to: "index.html")
        try site.write("body {}", to: "assets/style.css")
        let step = PublishStep(site: site, strict: false, degradedReasons: [])

        let outcome = try await step.run(progress(for: step))

        XCTAssertTrue(site.published)
        XCTAssertEqual(outcome.files.written, 2)
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertTrue(summary.published)
        XCTAssertEqual(summary.files.written, 2)
    }

    func test_run_publishesADegradedRunWithoutStrict() async throws {
        let site = InMemoryStagingSite()
        let step = PublishStep(site: site, strict: false, degradedReasons: ["1 image failed"])

        _ = try await step.run(progress(for: step))

        XCTAssertTrue(site.published)
    }

    func test_run_publishesARunThatIsNotDegradedWithStrict() async throws {
        let site = InMemoryStagingSite()
        let step = PublishStep(site: site, strict: true, degradedReasons: [])

        _ = try await step.run(progress(for: step))

        XCTAssertTrue(site.published)
    }

    func test_run_strictAndDegradedRefusesWithTheReasonsAndPublishesNothing() async {
        let site = InMemoryStagingSite()
        let reasons = ["the feed came from the cache", "1 image failed"]
        let step = PublishStep(site: site, strict: true, degradedReasons: reasons)

        let error = await errorOf { try await step.run(self.progress(for: step)) }

        guard case let .strictRefusal(refused)? = error as? RunError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(refused, reasons)
        XCTAssertFalse(site.published)
    }

    func test_run_whosePublishFailsFailsTheRunWithItsErrorAndPublishesNothing() async {
        let site = InMemoryStagingSite(publishError: anyError())
        let step = PublishStep(site: site, strict: false, degradedReasons: [])

        let error = await errorOf { try await step.run(self.progress(for: step)) }

        guard case let .failed(failure)? = error as? RunError else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure as NSError, anyError())
        XCTAssertFalse(site.published)
    }

    private func progress(for step: PublishStep) -> StepProgress {
        StepProgress(report: .keeping(in: LinesConsole()), label: step.name)
    }
}
