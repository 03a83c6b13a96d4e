import BuiltInTemplates
import FeedCore
import Foundation
import SiteGenerator
import TestSupport

@testable import FeedSiteCLI

/// What a step works with in a unit test: a feed service over `FakeFeedAPI` (or no client:
/// offline) and stores in memory, whose clock is `fixedNow()`; a site staged in memory; a
/// report whose lines are kept, with `--verbose`.
struct StepWorld {
    let api = FakeFeedAPI()
    let client: RoutedHTTPClient
    let service: FeedService
    /// The service's image store, whose originals `renditions` reads.
    let images = InMemoryImageStore()
    /// What is made from the originals, kept in memory.
    let renditions: InMemoryRenditionCache
    let site = InMemoryStagingSite()
    let console = LinesConsole()
    let report: RunReport

    init(offline: Bool = false) {
        let (api, images) = (api, images)
        renditions = InMemoryRenditionCache(originalsIn: images)
        client = RoutedHTTPClient { try api.answer($0) }
        let now = fixedNow()
        service = FeedService(
            client: offline ? nil : client, api: FakeFeedAPI.root, feedCache: LocalFeedLoader(store: InMemoryFeedStore(), now: { now }),
            commentsCache: LocalCommentsLoader(store: InMemoryCommentsStore(), now: { now }), imageStore: images)
        report = .keeping(in: console)
    }

    /// Every line the report said, standard output's and standard error's.
    var lines: [String] { console.output + console.diagnostics }

    /// The progress `step` is run with.
    func progress(for step: some RunStep) -> StepProgress {
        StepProgress(report: report, label: step.name)
    }

    /// The requests made for anything but the feed and the comments: the images.
    var imageRequests: [URL] {
        client.requestedURLs.filter { !$0.absoluteString.hasPrefix(FakeFeedAPI.root.absoluteString) }
    }

    /// The built-in templates' renderers of `locales`, the first at the site root.
    static func renderers(locales: [String] = ["en"], baseURL: BaseURL? = nil) throws -> [SiteRenderer] {
        try SiteSetup.load(from: BuiltInTemplates(), locales: locales, now: fixedNow(), api: FakeFeedAPI.root, baseURL: baseURL).renderers
    }

    /// An item of the feed whose image is `stored`, first seen at `fixedNow()`.
    static func entry(_ description: String, stored: StoredImage? = nil) -> SiteEntry {
        SiteEntry(image: uniqueImage(description: description, location: "a location"), stored: stored, firstSeen: fixedNow())
    }
}
