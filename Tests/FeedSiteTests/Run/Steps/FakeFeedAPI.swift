import FeedCore
import Foundation
import Synchronization
import TestSupport

/// The feed's API in memory, for a `RoutedHTTPClient`: one page of the feed at `ROOT/feed`
/// (then an empty page), each image's comments, each image URL's bytes. What it does not
/// hold it answers with a 404; while it is down, every request fails to connect.
final class FakeFeedAPI: Sendable {
    static let root = URL(string: "http://api.example/v1")!

    private struct State {
        var feed: [FeedImage] = []
        var comments: [UUID: [ImageComment]] = [:]
        var images: [URL: Data] = [:]
        var isDown = false
        var endless = false
    }

    private let state = Mutex(State())

    /// Serves `feed` as the feed's one page.
    func serve(feed: [FeedImage]) {
        state.withLock { $0.feed = feed }
    }

    /// Serves two new items on every page, without end.
    func serveAnEndlessFeed() {
        state.withLock { $0.endless = true }
    }

    func serve(comments: [ImageComment], for imageID: UUID) {
        state.withLock { $0.comments[imageID] = comments }
    }

    func serve(image: Data, at url: URL) {
        state.withLock { $0.images[url] = image }
    }

    /// From now on every request fails as an unreachable host's does.
    func goDown() {
        state.withLock { $0.isDown = true }
    }

    func answer(_ url: URL) throws -> (Data, HTTPAnswer) {
        let state = state.withLock { $0 }
        if state.isDown { throw HTTPClientError.connectivity("connection refused") }
        let found = HTTPAnswer(status: 200, url: url)
        let path = url.path
        if path == Self.root.path + "/feed" {
            let isFirstPage = !(url.query ?? "").contains("after_id")
            if state.endless { return (FeedAPIPayloads.page(uniqueImageFeed(count: 2)), found) }
            return (FeedAPIPayloads.page(isFirstPage ? state.feed : []), found)
        }
        if path.hasPrefix(Self.root.path + "/image/"), path.hasSuffix("/comments") {
            let id = url.deletingLastPathComponent().lastPathComponent
            guard let comments = UUID(uuidString: id).flatMap({ state.comments[$0] }) else { return (Data(), HTTPAnswer(status: 404, url: url)) }
            return (FeedAPIPayloads.comments(comments), found)
        }
        guard let image = state.images[url] else { return (Data(), HTTPAnswer(status: 404, url: url)) }
        return (image, found)
    }
}
