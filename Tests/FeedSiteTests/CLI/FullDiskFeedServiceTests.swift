import Basics
import FeedCore
import Foundation
import Hashing
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// A cache on a full disk is no per-item problem (issue 11): every load stops with
/// `OutOfSpace` instead of delivering one failed image or one unsaved comments list, while
/// other write failures stay per item. The stores say which it was (`CacheError`); these
/// tests use in-memory stores that fail as told, with no file.
final class FullDiskFeedServiceTests: XCTestCase {
    func test_loadImage_throwsOutOfSpaceWhenTheStoreCannotTakeTheImageIn() async throws {
        let imageStore = FailingImageStore(failing: .insert, with: .full(OutOfSpace(path: "/cache/images/blobs/ab/abc", limit: .device)))
        let sut = makeSUT(imageStore: imageStore)

        await assertThrowsOutOfSpace(path: "/cache/images/blobs/ab/abc") { _ = try await sut.loadImage(from: anyImageURL()) }
        XCTAssertEqual(imageStore.discardedDownloads, 1, "the download was discarded")
    }

    func test_loadImage_throwsOutOfSpaceWhenTheDownloadCannotBeWritten() async throws {
        let imageStore = FailingImageStore(failing: .write, with: .full(OutOfSpace(path: "/cache/images/blobs", limit: .device)))
        let sut = makeSUT(imageStore: imageStore)

        await assertThrowsOutOfSpace(path: "/cache/images/blobs") { _ = try await sut.loadImage(from: anyImageURL()) }
        XCTAssertEqual(imageStore.discardedDownloads, 1, "the download was discarded")
    }

    func test_loadImage_throwsOutOfSpaceWhenTheStoreCannotStartADownload() async throws {
        let sut = makeSUT(imageStore: FailingImageStore(failing: .start, with: .full(OutOfSpace(path: "/cache/images/blobs", limit: .quota))))

        await assertThrowsOutOfSpace(path: "/cache/images/blobs") { _ = try await sut.loadImage(from: anyImageURL()) }
    }

    func test_loadImagePlacing_throwsOutOfSpaceWhenTheSiteCannotTakeTheImage() async throws {
        let site = URL(fileURLWithPath: "/site/.feedsite-staging/images/abc.png")
        let imageStore = FailingImageStore(failing: .export, with: .full(OutOfSpace(path: site.path, limit: .device)))
        let sut = makeSUT(imageStore: imageStore)

        await assertThrowsOutOfSpace(path: site.path) {
            _ = try await sut.loadImage(from: anyImageURL()) { (stored) throws(CacheError) in try imageStore.export(stored, toPath: site.path) }
        }
    }

    func test_loadImage_stillFailsOnlyTheImageWhenTheStoreFailsForAnotherReason() async throws {
        let denied = CacheError.cannot(.write, "cache file /cache/images/blobs/ab/abc", reason: "Permission denied")
        let sut = makeSUT(imageStore: FailingImageStore(failing: .insert, with: denied))

        let result = try await sut.loadImage(from: anyImageURL())

        guard case let .failed(.store(error)) = result else { return XCTFail("expected a failed image, got \(result)") }
        XCTAssertEqual(error, denied)
    }

    func test_loadImage_failsOnlyTheImageInTheStoresWordsWhenTheDownloadCannotBeWrittenForAnotherReason() async throws {
        let denied = CacheError.cannot(.write, "/cache/images/blobs/.feedsite-tmp-1-download", reason: "Permission denied")
        let sut = makeSUT(imageStore: FailingImageStore(failing: .write, with: denied))

        let result = try await sut.loadImage(from: anyImageURL())

        guard case let .failed(failure) = result else { return XCTFail("expected a failed image, got \(result)") }
        XCTAssertEqual(failure.description, "cannot write /cache/images/blobs/.feedsite-tmp-1-download: Permission denied")
    }

    func test_loadComments_throwsOutOfSpaceWhenTheCommentsCannotBeSaved() async {
        let commentsStore = CacheCommentsStoreSpy()
        commentsStore.completeInsertion(with: CacheError.full(OutOfSpace(path: "/cache/cache.sqlite", limit: .quota)))
        let sut = makeSUT(commentsStore: commentsStore)

        await assertThrowsOutOfSpace(path: "/cache/cache.sqlite") { _ = try await sut.loadComments(for: UUID()) }
    }

    func test_loadComments_stillDeliversLiveCommentsWhenSavingFailsForAnotherReason() async throws {
        let commentsStore = CacheCommentsStoreSpy()
        let denied = CacheError.cannot(.write, "cache database /cache/cache.sqlite", reason: "attempt to write a readonly database (SQLITE_READONLY)")
        commentsStore.completeInsertion(with: denied)
        let sut = makeSUT(commentsStore: commentsStore)

        let result = try await sut.loadComments(for: UUID())

        guard case let .live(_, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(saveFailure, denied)
    }

    func test_loadFeed_throwsOutOfSpaceWhenTheFeedCannotBeSaved() async {
        let feedStore = CacheFeedStoreSpy()
        feedStore.completeInsertion(with: CacheError.full(OutOfSpace(path: "/cache/cache.sqlite", limit: .device)))
        let sut = makeSUT(feedStore: feedStore)

        await assertThrowsOutOfSpace(path: "/cache/cache.sqlite") {
            _ = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })
        }
    }

    func test_loadFeed_stillDeliversTheLiveFeedWhenSavingFailsForAnotherReason() async throws {
        let feedStore = CacheFeedStoreSpy()
        let denied = CacheError.cannot(.write, "cache database /cache/cache.sqlite", reason: "attempt to write a readonly database (SQLITE_READONLY)")
        feedStore.completeInsertion(with: denied)
        let sut = makeSUT(feedStore: feedStore)

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.source, .live)
        XCTAssertEqual(loaded.saveFailure, denied)
    }

    func test_concurrentMap_stopsAtTheFirstFullDiskAndCancelsTheRest() async {
        let full = OutOfSpace(path: "/cache/x", limit: .device)
        let started = Mutex(0)
        let cancelled = Mutex(0)
        do {
            _ = try await concurrentMap(Array(0..<100), limit: 4) { index -> Int in
                started.withLock { $0 += 1 }
                if index == 0 { throw full }
                // The others wait until they are cancelled: nothing but the error ends them.
                while !Task.isCancelled { await Task.yield() }
                cancelled.withLock { $0 += 1 }
                throw CancellationError()
            }
            XCTFail("expected OutOfSpace")
        } catch {
            XCTAssertEqual(error as? OutOfSpace, full)
        }
        XCTAssertLessThanOrEqual(started.withLock { $0 }, 5, "no new item starts once the disk is full")
        XCTAssertEqual(cancelled.withLock { $0 }, started.withLock { $0 } - 1, "every item in flight was cancelled")
    }

    // MARK: - Helpers

    private func makeSUT(
        feedStore: FeedStore = InMemoryFeedStore(), commentsStore: CommentsStore = InMemoryCommentsStore(),
        imageStore: any ImageStore = InMemoryImageStore()
    ) -> FeedService {
        let now = fixedNow()
        let client = RoutedHTTPClient { url in
            if url.path.hasSuffix("/feed") {
                let items = (url.query ?? "").contains("after_id") ? "" : #"{"id":"\#(UUID().uuidString)","image":"https://image.example/1.png"}"#
                return (Data(#"{"items":[\#(items)]}"#.utf8), httpResponse(200, url: url))
            }
            if url.path.hasSuffix("/comments") { return (Data(#"{"items":[]}"#.utf8), httpResponse(200, url: url)) }
            return (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]), httpResponse(200, url: url))
        }
        return FeedService(
            client: client,
            api: URL(string: "http://api.example/v1")!,
            feedCache: LocalFeedLoader(store: feedStore, now: { now }),
            commentsCache: LocalCommentsLoader(store: commentsStore, now: { now }),
            imageStore: imageStore
        )
    }

    private func anyImageURL() -> URL {
        URL(string: "https://image.example/\(UUID().uuidString).png")!
    }

    private func assertThrowsOutOfSpace(
        path: String, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("expected OutOfSpace", file: file, line: line)
        } catch let error as OutOfSpace {
            XCTAssertEqual(error.path, path, file: file, line: line)
        } catch {
            XCTFail("expected OutOfSpace, got \(error)", file: file, line: line)
        }
    }
}

/// An `ImageStore` that fails with `error` at one step of storing a download: starting it,
/// writing into it, taking it in, or putting the image in the site. It counts the downloads
/// discarded.
private final class FailingImageStore: ImageStore {
    enum Step {
        case start, write, insert, export
    }

    private let step: Step
    private let error: CacheError
    private let discarded = Mutex(0)

    init(failing step: Step, with error: CacheError) {
        self.step = step
        self.error = error
    }

    var discardedDownloads: Int { discarded.withLock { $0 } }

    func retrieve(for url: URL) -> StoredImage? { nil }

    func newDownload() throws(CacheError) -> Download {
        if step == .start { throw error }
        return Download(store: self)
    }

    func insert(_ download: Download, for url: URL) async throws(CacheError) -> StoredImage {
        if step == .insert { throw error }
        return StoredImage(digest: SHA256.digest(Data(download.head)), byteCount: download.head.count, format: .png)
    }

    func delete(for url: URL) {}

    func export(_ image: StoredImage, toPath destination: String) throws(CacheError) {
        if step == .export { throw error }
    }

    /// Keeps nothing: its bytes are written, or writing them fails as the store was told.
    final class Download: ImageDownload {
        private let store: FailingImageStore
        private let written = Mutex<[UInt8]>([])

        init(store: FailingImageStore) {
            self.store = store
        }

        func begin(_ answer: HTTPAnswer) {
            written.withLock { $0 = [] }
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(CacheError) {
            if store.step == .write { throw store.error }
            written.withLock { $0.append(contentsOf: bytes) }
        }

        var head: [UInt8] { written.withLock { Array($0.prefix(ImageFormat.signatureLength)) } }

        func discard() {
            store.discarded.withLock { $0 += 1 }
        }
    }
}
