import FeedCore
import Foundation
import TestSupport

@testable import FeedSiteCLI

/// A `FeedService` on in-memory stores whose client answers each URL with `answer`, with its
/// client and stores for the test to look into; `offline`, it has no client.
func makeFeedService(
    offline: Bool = false,
    maxImageBytes: Int = 64 * 1024 * 1024,
    answer: @escaping @Sendable (URL) throws -> (Data, HTTPAnswer)
) -> (FeedService, RoutedHTTPClient, InMemoryFeedStore, InMemoryCommentsStore, InMemoryImageStore) {
    let client = RoutedHTTPClient(answer: answer)
    let feedStore = InMemoryFeedStore()
    let commentsStore = InMemoryCommentsStore()
    let imageStore = InMemoryImageStore()
    let now = fixedNow()
    let sut = FeedService(
        client: offline ? nil : client,
        api: URL(string: "http://api.example/v1")!,
        feedCache: LocalFeedLoader(store: feedStore, now: { now }),
        commentsCache: LocalCommentsLoader(store: commentsStore, now: { now }),
        imageStore: imageStore,
        maxImageBytes: maxImageBytes
    )
    return (sut, client, feedStore, commentsStore, imageStore)
}
