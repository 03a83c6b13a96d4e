import Foundation

/// Loads the whole feed by keyset pagination: `limit` items a page, each next page
/// `after_id` the last item of the one before, until an empty page, `maxItems` or
/// `maxPages`.
public struct RemoteFeedLoader: Sendable {
    /// The feed as loaded.
    public struct Loaded: Equatable, Sendable {
        public let items: [FeedImage]
        /// The pages that held items.
        public let pages: Int
        /// The loading stopped at `maxPages` while the API still sent items: `items` is the
        /// start of a feed that goes on, perhaps for ever.
        public let stoppedAtMaxPages: Bool

        public init(items: [FeedImage], pages: Int, stoppedAtMaxPages: Bool) {
            self.items = items
            self.pages = pages
            self.stoppedAtMaxPages = stoppedAtMaxPages
        }
    }

    private let client: HTTPClient
    private let baseURL: URL
    private let pageLimit: Int

    public init(client: HTTPClient, baseURL: URL, pageLimit: Int = FeedEndpoint.defaultLimit) {
        self.client = client
        self.baseURL = baseURL
        self.pageLimit = pageLimit
    }

    /// Every item in feed order. `onPage` hears the running page and item counts.
    /// A page that repeats an id already seen is invalid data: it would loop forever or
    /// give two items one comments page.
    ///
    /// An API that mints new items on every page never sends the empty page that ends a
    /// feed: after `maxPages` pages of items the loading stops, once the next page shows
    /// that there are more (a feed of exactly `maxPages` pages ends as any other).
    ///
    /// The pages are asked for where the client prefers (`HTTPClient.executor`): each waits
    /// on the one before, and the engine's own thread hands them over without a thread
    /// switch.
    public func load(
        maxItems: Int? = nil, maxPages: Int? = nil, onPage: @Sendable (_ pages: Int, _ items: Int) -> Void = { _, _ in }
    ) async throws(RemoteLoadFailure) -> Loaded {
        try await withTaskExecutorPreference(client.executor) { () async throws(RemoteLoadFailure) -> Loaded in
            try await loadPages(maxItems: maxItems, maxPages: maxPages, onPage: onPage)
        }
    }

    private func loadPages(
        maxItems: Int?, maxPages: Int?, onPage: @Sendable (_ pages: Int, _ items: Int) -> Void
    ) async throws(RemoteLoadFailure) -> Loaded {
        let maxItems = maxItems.map { max(0, $0) }
        var feed: [FeedImage] = []
        var seen = Set<UUID>()
        var pages = 0
        var stoppedAtMaxPages = false
        while maxItems.map({ feed.count < $0 }) ?? true {
            let url = FeedEndpoint.get(after: feed.last?.id, limit: pageLimit).url(baseURL: baseURL)
            let page = try await client.load(url, mapping: FeedItemsMapper.map)
            if page.isEmpty { break }
            if let maxPages, pages >= maxPages {
                stoppedAtMaxPages = true
                break
            }
            for item in page {
                guard seen.insert(item.id).inserted else {
                    throw .failed(RemoteLoadError(kind: .invalidData, url: url, reason: "item \(item.id.text) was already delivered on an earlier page"))
                }
            }
            feed.append(contentsOf: page)
            pages += 1
            onPage(pages, feed.count)
        }
        if let maxItems, feed.count > maxItems {
            feed.removeLast(feed.count - maxItems)
        }
        return Loaded(items: feed, pages: pages, stoppedAtMaxPages: stoppedAtMaxPages)
    }
}
