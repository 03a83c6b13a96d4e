import Basics
import FeedCore
import FeedStorage
import Foundation
import HTTP
import Publishing
import SiteGenerator
import XCTest

@testable import FeedSiteCLI

/// The one map from a run's outcome to its exit status and closing lines.
final class RunEndingTests: XCTestCase {
    func test_of_aRunThatPublishedFromLiveDataExitsZeroWithItsClosingLinesInOrder() {
        var summary = RunSummary()
        summary.items = 2
        summary.feedPages = 1
        summary.published = true
        summary.syndication = ["feed.json"]
        summary.phases = [("feed", 0.5)]
        var facts = facts(previousSiteExists: false)
        facts.baseURL = BaseURL("https://example.org/feed/")
        facts.hiddenProblems = 4

        let ending = RunEnding.of(summary, error: nil, facts: facts)

        XCTAssertEqual(ending.code, .success)
        XCTAssertEqual(
            ending.lines,
            [
                .info("… and 4 more problems (run with --verbose to see them all)"),
                .detail("phases: feed 0.500 s; files: 0 written, 0 unchanged"),
                .info("published /srv/site/index.html"),
                .info("feeds for https://example.org/feed/: feed.json"),
                .result(summary.line(elapsed: 2, age: { _ in "" })),
            ])
    }

    func test_of_aDegradedRunExitsThreeAndWarnsWhy() {
        var summary = RunSummary()
        summary.comments.fromCache = 1

        let ending = RunEnding.of(summary, error: nil, facts: facts(previousSiteExists: true))

        XCTAssertEqual(ending.code, .degraded)
        XCTAssertTrue(ending.lines.contains(.warning("degraded: 1 comments list came from the cache")), "\(ending.lines)")
    }

    func test_of_anInterruptionExits130AndSaysWhetherTheSiteWasPublishedBeforeTheArchive() {
        var published = RunSummary()
        published.published = true
        var withArchive = facts(previousSiteExists: true)
        withArchive.archive = URL(fileURLWithPath: "/srv/site.tar")

        XCTAssertEqual(
            RunEnding.of(RunSummary(), error: .interrupted, facts: facts(previousSiteExists: true)),
            CommandEnding(status: .interrupted, lines: [.error("interrupted; nothing published, the previous site is unchanged")]))
        XCTAssertEqual(
            RunEnding.of(RunSummary(), error: .interrupted, facts: facts(previousSiteExists: false)),
            CommandEnding(status: .interrupted, lines: [.error("interrupted; nothing published")]))
        XCTAssertEqual(
            RunEnding.of(published, error: .interrupted, facts: withArchive),
            CommandEnding(
                status: .interrupted,
                lines: [.error("interrupted; the site was published to /srv/site, but the archive /srv/site.tar was not written")]))
        XCTAssertEqual(
            RunEnding.of(published, error: .interrupted, facts: facts(previousSiteExists: true)),
            CommandEnding(status: .interrupted, lines: [.error("interrupted; the site was published to /srv/site")]),
            "stopped after the publish, in the history's step")
    }

    func test_of_eachErrorAfterTheStartExitsOneWithItsLine() {
        let full = OutOfSpace(path: "/srv/site/a.html", limit: .device)
        struct Broken: Error, CustomStringConvertible {
            var description: String { "broken" }
        }
        let cases: [(RunError, String)] = [
            (.outOfSpace(full), "no space left on device writing /srv/site/a.html; nothing published, the previous site is unchanged"),
            (.strictRefusal(reasons: ["a", "b"]), "--strict: nothing published because a, b; the previous site is unchanged"),
            (
                .archiveNotWritten(reason: full),
                "the site was published to /srv/site, but the archive was not written: no space left on device writing /srv/site/a.html"
            ),
            (
                .historyNotKept(reason: full),
                "the site was published to /srv/site, but the history was not brought up to date: no space left on device writing /srv/site/a.html; the history is as it was"
            ),
            (.failed(Broken()), "broken; nothing published, the previous site is unchanged"),
        ]
        for (error, line) in cases {
            XCTAssertEqual(
                RunEnding.of(RunSummary(), error: error, facts: facts(previousSiteExists: true)), CommandEnding(status: .failed, lines: [.error(line)]))
        }
    }

    func test_of_anUnavailableFeedSaysTheHeadlineThenTheCauseAndWhatToDo() {
        let unavailable = FeedService.FeedUnavailable(remoteFailure: nil, cacheFailure: nil)

        let ending = RunEnding.of(RunSummary(), error: .feedUnavailable(unavailable), facts: facts(previousSiteExists: false))

        XCTAssertEqual(ending.code, .failure)
        XCTAssertEqual(
            ending.lines,
            [
                .error("--offline, and the cache holds no usable feed"),
                .error(
                    "feed: offline run; no cached feed less than 7 days old (cache /srv/cache). Nothing was published. Run once without --offline to fill the cache."
                ),
            ])
    }

    func test_of_anOpeningFailureIsAUsageErrorWhenTheCommandLineAskedForWhatCannotBe() {
        let usage: [OpeningFailure] = [
            .flagFile(FlagFile.Refusal(description: "refused")),
            .overlap(RunFolders.Overlap(description: "overlap")),
            .client(.connectivity("--ca-file: cannot read")),
            .outputPlace(.protected("/home/me", what: "the home folder")),
            .outputNotReplaceable(.holdsOtherEntries("/srv/site", count: 1, example: "a", foreignManifest: false)),
        ]
        let failure: [OpeningFailure] = [
            .outputNotReplaceable(.unlistable("/srv/site", reason: "permission denied")),
            .outputLock(Locked()), .cacheLock(Locked()), .site(Locked()),
            .staging(.cannotWrite("/srv/.site-staging", reason: "read-only file system")),
        ]

        for opening in usage {
            XCTAssertEqual(RunEnding.of(RunSummary(), error: .opening(opening), facts: facts(previousSiteExists: true)).code, .usage, "\(opening)")
        }
        for opening in failure {
            let ending = RunEnding.of(RunSummary(), error: .opening(opening), facts: facts(previousSiteExists: true))
            XCTAssertEqual(ending, CommandEnding(status: .failed, lines: [.error("\(opening.error)")]), "\(opening)")
        }
    }

    func test_of_aFullDiskWhileOpeningAlsoSaysNothingWasPublished() {
        let full = OutOfSpace(path: "/srv/.site-staging", limit: .quota)

        let ending = RunEnding.of(RunSummary(), error: .opening(.staging(.noSpace(full))), facts: facts(previousSiteExists: true))

        XCTAssertEqual(ending, CommandEnding(status: .failed, lines: [.error("\(full); nothing published, the previous site is unchanged")]))
    }

    // MARK: - Helpers

    private struct Locked: Error {}

    private func facts(previousSiteExists: Bool) -> RunEnding.Facts {
        RunEnding.Facts(
            previousSiteExists: previousSiteExists, output: URL(fileURLWithPath: "/srv/site"), cacheFolder: "/srv/cache", elapsed: .seconds(2))
    }
}
