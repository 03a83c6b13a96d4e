import FeedCore
import FeedStorage
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cache on a full disk is no per-item problem (issue 11): every load stops with
/// `OutOfSpace` instead of delivering one failed image or one unsaved comments list, while
/// other write failures stay per item.
final class FullDiskFeedServiceTests: XCTestCase {
    func test_loadImage_throwsOutOfSpaceWhenTheStoreCannotTakeTheImageIn() async throws {
        let full = CacheFileError(.write, URL(fileURLWithPath: "/cache/images/blobs/ab/abc"), FileSystemError.fromErrno(ENOSPC))
        let sut = makeSUT(imageStore: FailingImageStore(insertError: full))

        await assertThrowsOutOfSpace(path: "/cache/images/blobs/ab/abc") { _ = try await sut.loadImage(from: anyImageURL()) }
    }

    func test_loadImage_throwsOutOfSpaceNamingTheCacheFolderWhenTheDownloadCannotBeWritten() async throws {
        let link = try fullDeviceLink(in: makeTemporaryFolder(for: self))
        let sut = makeSUT(imageStore: FailingImageStore(incomingPath: link.path))

        await assertThrowsOutOfSpace(path: link.deletingLastPathComponent().path) { _ = try await sut.loadImage(from: anyImageURL()) }
        XCTAssertEqual(try? FileManager.default.destinationOfSymbolicLink(atPath: link.path), nil, "the download's file was discarded")
    }

    func test_loadImage_stillFailsOnlyTheImageWhenTheStoreFailsForAnotherReason() async throws {
        let denied = CacheFileError(.write, URL(fileURLWithPath: "/cache/images/blobs/ab/abc"), FileSystemError.fromErrno(EACCES))
        let sut = makeSUT(imageStore: FailingImageStore(insertError: denied))

        let result = try await sut.loadImage(from: anyImageURL())

        guard case let .failed(.store(error)) = result else { return XCTFail("expected a failed image, got \(result)") }
        XCTAssertEqual(error, denied)
    }

    func test_loadComments_throwsOutOfSpaceWhenTheCommentsCannotBeSaved() async {
        let commentsStore = CacheCommentsStoreSpy()
        commentsStore.completeInsertion(with: CacheFileError(.write, URL(fileURLWithPath: "/cache/comments/ab/AB.json"), FileSystemError.fromErrno(EDQUOT)))
        let sut = makeSUT(commentsStore: commentsStore)

        await assertThrowsOutOfSpace(path: "/cache/comments/ab/AB.json") { _ = try await sut.loadComments(for: UUID()) }
    }

    func test_loadComments_stillDeliversLiveCommentsWhenSavingFailsForAnotherReason() async throws {
        let commentsStore = CacheCommentsStoreSpy()
        commentsStore.completeInsertion(with: CacheFileError(.write, URL(fileURLWithPath: "/cache/comments/ab/AB.json"), FileSystemError.fromErrno(EACCES)))
        let sut = makeSUT(commentsStore: commentsStore)

        let result = try await sut.loadComments(for: UUID())

        guard case let .live(_, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertNotNil(saveFailure)
    }

    func test_loadFeed_throwsOutOfSpaceWhenTheFeedCannotBeSaved() async {
        let feedStore = CacheFeedStoreSpy()
        feedStore.completeInsertion(with: CacheFileError(.write, URL(fileURLWithPath: "/cache/feed.json"), FileSystemError.fromErrno(ENOSPC)))
        let sut = makeSUT(feedStore: feedStore)

        await assertThrowsOutOfSpace(path: "/cache/feed.json") { _ = try await sut.loadFeed(pageLimit: 10, maxItems: nil, onPage: { _, _ in }) }
    }

    func test_concurrentMap_stopsAtTheFirstFullDiskAndCancelsTheRest() async {
        let started = Mutex(0)
        let cancelled = Mutex(0)
        do {
            _ = try await concurrentMap(Array(0..<100), limit: 4) { index -> Int in
                started.withLock { $0 += 1 }
                if index == 0 { throw OutOfSpace(path: "/cache/x", code: ENOSPC) }
                // The others wait until they are cancelled: nothing but the error ends them.
                while !Task.isCancelled { await Task.yield() }
                cancelled.withLock { $0 += 1 }
                throw CancellationError()
            }
            XCTFail("expected OutOfSpace")
        } catch {
            XCTAssertEqual(error as? OutOfSpace, OutOfSpace(path: "/cache/x", code: ENOSPC))
        }
        XCTAssertLessThanOrEqual(started.withLock { $0 }, 5, "no new item starts once the disk is full")
        XCTAssertEqual(cancelled.withLock { $0 }, started.withLock { $0 } - 1, "every item in flight was cancelled")
    }

    // MARK: - Helpers

    private func makeSUT(
        feedStore: FeedStore = InMemoryFeedStore(), commentsStore: CommentsStore = InMemoryCommentsStore(),
        imageStore: ImageStore = InMemoryImageStore()
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

/// An `ImageStore` whose downloads land at `incomingPath` (a link to `/dev/full` makes every
/// write fail with ENOSPC) and whose inserts throw `insertError`, when given.
private final class FailingImageStore: ImageStore {
    private let stored = InMemoryImageStore()
    private let incomingPath: String?
    private let insertError: (any Error & Sendable)?

    init(incomingPath: String? = nil, insertError: (any Error & Sendable)? = nil) {
        self.incomingPath = incomingPath
        self.insertError = insertError
    }

    func retrieve(for url: URL) async throws -> StoredImage? { await stored.retrieve(for: url) }

    func incomingFile() -> IncomingFile {
        incomingPath.map(IncomingFile.init(path:)) ?? stored.incomingFile()
    }

    func insert(_ file: IncomingFile, for url: URL) async throws -> StoredImage {
        if let insertError {
            file.discard()
            throw insertError
        }
        return try await stored.insert(file, for: url)
    }

    func delete(for url: URL) async throws { await stored.delete(for: url) }

    func export(_ image: StoredImage, to destination: URL) async throws { try await stored.export(image, to: destination) }
}
