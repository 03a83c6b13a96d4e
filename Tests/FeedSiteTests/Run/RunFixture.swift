import BuiltInTemplates
import FeedCore
import Foundation
import TestSupport

@testable import FeedSiteCLI

/// A whole `generate` run over stubs: an API that serves `feed` (each item with one
/// comment, each image as PNG bytes) or is down, the three stores in memory, a site staged
/// in memory. No socket, no process, no file.
struct RunFixture {
    let feed: [FeedImage]
    let site: InMemoryStagingSite
    let console = LinesConsole()
    let feedStore = InMemoryFeedStore()
    let commentsStore = InMemoryCommentsStore()
    let imageStore = InMemoryImageStore()
    var options = GenerateOptions()
    let now = fixedNow()
    /// `false`: every request fails as if the API could not be reached.
    var apiUp = true
    /// With `--history`: the snapshot being made, and the history it goes into.
    var snapshot: (any SnapshotMaking)?
    var history: (any HistoryKeeping)?

    init(feed: [FeedImage], site: InMemoryStagingSite = InMemoryStagingSite()) {
        self.feed = feed
        self.site = site
        options.api = URL(string: "http://api.example/v1")!
    }

    /// Runs every step through a `StepRunner`; its summary and the error that stopped it.
    func run() async throws -> (summary: RunSummary, error: RunError?) {
        let report = RunReport.keeping(in: console)
        let setup = try SiteSetup.load(from: BuiltInTemplates(), locales: options.locales, now: now, api: options.api, baseURL: options.baseURL)
        let (feed, apiUp) = (feed, apiUp)
        let client = RoutedHTTPClient { url in
            guard apiUp else { throw HTTPClientError.connectivity("connection refused") }
            return try Self.answer(url, feed: feed)
        }
        let service = FeedService(
            client: client, api: options.api, feedCache: LocalFeedLoader(store: feedStore, now: { fixedNow() }),
            commentsCache: LocalCommentsLoader(store: commentsStore, now: { fixedNow() }), imageStore: imageStore)
        let roles = RunRoles(
            service: service, cache: NoCacheBatches(), renditions: InMemoryRenditionCache(originalsIn: imageStore), site: site, setup: setup, report: report,
            network: nil,
            snapshot: snapshot, history: history)
        let runner = StepRunner(summary: RunSummary(locales: setup.renderers.count), report: report)
        do throws(RunError) {
            try await GenerateRun(roles: roles, options: options, now: now, archive: nil).run(runner)
        } catch {
            runner.endPhase()
            return (runner.summary, error)
        }
        runner.endPhase()
        return (runner.summary, nil)
    }

    /// The feed on its first page and nothing after; one comment for each image; PNG bytes
    /// for each image.
    private static func answer(_ url: URL, feed: [FeedImage]) throws -> (Data, HTTPAnswer) {
        if url.path.hasSuffix("/feed") {
            let first = !(url.query ?? "").contains("after_id")
            return (FeedAPIPayloads.page(first ? feed : []), httpResponse(200, url: url))
        }
        if url.path.hasSuffix("/comments") {
            let comment = ImageComment(id: UUID(), message: "a comment on \(url.path)", createdAt: fixedNow().addingTimeInterval(-86_400), username: "someone")
            return (FeedAPIPayloads.comments([comment]), httpResponse(200, url: url))
        }
        return (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(url.path.utf8)), httpResponse(200, url: url))
    }
}
