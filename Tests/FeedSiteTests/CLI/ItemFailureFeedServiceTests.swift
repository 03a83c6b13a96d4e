import FeedCore
import Foundation
import Hashing
import Publishing
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// A store failure other than a full disk is the one item's: the image or the comments list
/// fails, is warned of and counted, its page shows what a failed item's shows, and the run
/// goes on. These tests use in-memory stores that fail as told, with no cache file.
final class ItemFailureFeedServiceTests: XCTestCase {
    private let denied = CacheError.cannot(.read, "cache file /cache/images/blobs/ab/abc", reason: "Permission denied")

    // MARK: - Images

    func test_loadImage_downloadsAgainAnImageWhoseCacheEntryCannotBeRead() async throws {
        let store = ScriptedImageStore(retrieveFailure: denied)
        let (sut, client) = makeSUT(imageStore: store)
        let url = anyImageURL()

        let result = try await sut.loadImage(from: url)

        guard case .downloaded = result else { return XCTFail("expected downloaded, got \(result)") }
        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_loadImage_offlineFailsAnImageWhoseCacheEntryCannotBeReadAsNotCached() async throws {
        let (sut, _) = makeSUT(imageStore: ScriptedImageStore(retrieveFailure: denied), offline: true)

        let result = try await sut.loadImage(from: anyImageURL())

        guard case let .failed(failure) = result else { return XCTFail("expected failed, got \(result)") }
        XCTAssertEqual(failure.description, "not in the image cache (offline run)")
    }

    func test_loadImage_failsOnlyTheImageWhenTheStoreCannotStartADownloadForAnotherReason() async throws {
        let (sut, _) = makeSUT(imageStore: ScriptedImageStore(startFailure: denied))

        let result = try await sut.loadImage(from: anyImageURL())

        guard case let .failed(.store(error)) = result else { return XCTFail("expected a failed image, got \(result)") }
        XCTAssertEqual(error, denied)
    }

    func test_imagesStep_countsAnImageThatCannotBePutInTheSiteAsFailedWarnsOfItAndGoesOn() async throws {
        let broken = anyImageURL()
        let fine = anyImageURL()
        let store = ScriptedImageStore(exportFailure: denied, forBytesOf: broken)
        let (service, _) = makeSUT(imageStore: store)
        let folder = try makeTemporaryFolder(for: self)
        let staged = try StagedSite(output: folder.appendingPathComponent("site"))
        let console = LinesConsole()
        let report = RunReport.keeping(in: console, verbosity: .normal)
        let feed = FeedStep.Outcome(feed: [item(broken), item(fine)], source: .live, inCache: false, stoppedAfterPages: nil)
        let step = ImagesStep(
            feed: feed, service: service, cache: NoCacheBatches(), site: StagingFolder(staged: staged, cacheFolder: folder),
            originals: PublishedOriginals(cache: InMemoryRenditionCache(), keepMetadata: true), report: report, tasksAtOnce: 1)

        let outcome = try await step.run(StepProgress(report: report, label: step.name))
        let (entries, tally) = (outcome.entries, outcome.tally)

        XCTAssertNil(entries[0].stored, "its page shows a placeholder")
        XCTAssertNotNil(entries[1].stored)
        XCTAssertEqual(tally, ImageTally(downloaded: 1, fromCache: 0, failed: 1, files: 1))
        XCTAssertEqual(
            console.diagnostics,
            [
                "feedsite: warning: image \(broken.absoluteString): cannot read cache file /cache/images/blobs/ab/abc: Permission denied; the page shows a placeholder",
                "images: 1 downloaded, 0 from the cache, 1 failed",
            ])
    }

    // MARK: - Comments

    func test_loadComments_deliversAndSavesLiveCommentsWhenTheCacheCannotBeRead() async throws {
        let store = CacheCommentsStoreSpy()
        store.completeRetrieval(with: unreadable)
        let imageID = UUID()
        let (sut, _) = makeSUT(commentsStore: store)

        let result = try await sut.loadComments(for: imageID)

        guard case let .live(comments, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments, [])
        XCTAssertNil(saveFailure)
        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID), .insert([], nil, fixedNow(), imageID: imageID)])
    }

    func test_loadComments_isUnavailableSayingBothWhyWhenTheCacheCannotBeReadAndTheRemoteFails() async throws {
        let store = CacheCommentsStoreSpy()
        store.completeRetrieval(with: unreadable)
        let imageID = UUID()
        let (sut, _) = makeSUT(commentsStore: store, commentsFail: true)
        let console = LinesConsole()

        let result = try await sut.loadComments(for: imageID)
        RunReport(reporter: Reporter(console: console, verbosity: .normal)).commentsLoaded(result, imageID: imageID)

        guard case let .unavailable(_, cacheFailure) = result else { return XCTFail("expected unavailable, got \(result)") }
        XCTAssertEqual(cacheFailure, unreadable)
        XCTAssertEqual(
            console.diagnostics,
            [
                "feedsite: warning: comments for \(imageID.text): connectivity error from http://api.example/v1/image/\(imageID.text)/comments: "
                    + "connection lost; cannot read cache database /cache/cache.sqlite: the comments of image X are not a list of comments; "
                    + "the page shows the connection error"
            ])
    }

    func test_loadComments_offlineIsUnavailableSayingWhyTheCacheCannotBeRead() async throws {
        let store = CacheCommentsStoreSpy()
        store.completeRetrieval(with: unreadable)
        let imageID = UUID()
        let (sut, _) = makeSUT(commentsStore: store, offline: true)
        let console = LinesConsole()

        let result = try await sut.loadComments(for: imageID)
        RunReport(reporter: Reporter(console: console, verbosity: .normal)).commentsLoaded(result, imageID: imageID)

        guard case let .unavailable(remoteFailure, cacheFailure) = result else { return XCTFail("expected unavailable, got \(result)") }
        XCTAssertNil(remoteFailure)
        XCTAssertEqual(cacheFailure, unreadable)
        XCTAssertEqual(
            console.diagnostics,
            [
                "feedsite: warning: comments for \(imageID.text): cannot read cache database /cache/cache.sqlite: "
                    + "the comments of image X are not a list of comments; the page shows the connection error"
            ])
    }

    // MARK: - Helpers

    private let unreadable = CacheError.cannot(.read, "cache database /cache/cache.sqlite", reason: "the comments of image X are not a list of comments")

    private func makeSUT(
        imageStore: ScriptedImageStore = ScriptedImageStore(), commentsStore: CommentsStore = InMemoryCommentsStore(), offline: Bool = false,
        commentsFail: Bool = false
    ) -> (FeedService, RoutedHTTPClient) {
        let now = fixedNow()
        let client = RoutedHTTPClient { url in
            if url.path.hasSuffix("/comments") {
                if commentsFail { throw HTTPClientError.connectivity("connection lost") }
                return (Data(#"{"items":[]}"#.utf8), httpResponse(200, url: url))
            }
            return (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(url.absoluteString.utf8), httpResponse(200, url: url))
        }
        let sut = FeedService(
            client: offline ? nil : client,
            api: URL(string: "http://api.example/v1")!,
            feedCache: LocalFeedLoader(store: InMemoryFeedStore(), now: { now }),
            commentsCache: LocalCommentsLoader(store: commentsStore, now: { now }),
            imageStore: imageStore
        )
        return (sut, client)
    }

    private func anyImageURL() -> URL {
        URL(string: "https://image.example/\(UUID().uuidString).png")!
    }

    private func item(_ url: URL) -> FeedItem {
        FeedItem(image: FeedImage(id: UUID(), description: nil, location: nil, url: url), firstSeen: fixedNow())
    }
}

/// An in-memory `ImageStore` that fails as told: every retrieve, every new download, or the
/// export of the image downloaded from one URL.
private final class ScriptedImageStore: ImageStore {
    private let store = InMemoryImageStore()
    private let retrieveFailure: CacheError?
    private let startFailure: CacheError?
    private let exportFailure: (error: CacheError, url: URL)?
    private let unexportable = Mutex<SHA256.Digest?>(nil)

    init(retrieveFailure: CacheError? = nil, startFailure: CacheError? = nil) {
        self.retrieveFailure = retrieveFailure
        self.startFailure = startFailure
        self.exportFailure = nil
    }

    init(exportFailure: CacheError, forBytesOf url: URL) {
        self.retrieveFailure = nil
        self.startFailure = nil
        self.exportFailure = (exportFailure, url)
    }

    func retrieve(for url: URL) async throws(CacheError) -> StoredImage? {
        if let retrieveFailure { throw retrieveFailure }
        return await store.retrieve(for: url)
    }

    func newDownload() throws(CacheError) -> InMemoryDownload {
        if let startFailure { throw startFailure }
        return store.newDownload()
    }

    func insert(_ download: InMemoryDownload, for url: URL) async throws(CacheError) -> StoredImage {
        let image = await store.insert(download, for: url)
        if url == exportFailure?.url { unexportable.withLock { $0 = image.digest } }
        return image
    }

    func delete(for url: URL) async {
        await store.delete(for: url)
    }

    func export(_ image: StoredImage, toPath destination: String) async throws(CacheError) {
        if let exportFailure, unexportable.withLock({ $0 }) == image.digest { throw exportFailure.error }
        try await store.export(image, toPath: destination)
    }
}
