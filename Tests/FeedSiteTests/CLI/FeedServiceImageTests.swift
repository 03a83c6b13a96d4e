import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Each image's bytes: the image cache first, else downloaded, checked to be an image and
/// stored.
final class FeedServiceImageTests: XCTestCase {
    func test_loadImage_deliversAnImageFromTheCacheWithoutARequest() async throws {
        let url = URL(string: "https://image.example/1.png")!
        let (sut, client, _, _, imageStore) = makeFeedService { _ in
            XCTFail("no request for a cached image")
            throw anyError()
        }
        let stored = try await imageStore.insert(Self.pngBytes(), for: url)

        let result = try await sut.loadImage(from: url)

        XCTAssertEqual(result.stored, stored)
        guard case .cached = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_loadImage_downloadsValidatesAndStoresAnImageNotInTheCache() async throws {
        let url = URL(string: "https://image.example/2.png")!
        let (sut, _, _, _, imageStore) = makeFeedService { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }

        let result = try await sut.loadImage(from: url)

        guard case let .downloaded(stored) = result else { return XCTFail("expected downloaded, got \(result)") }
        XCTAssertEqual(stored.format, .png)
        let cached = await imageStore.retrieve(for: url)
        XCTAssertEqual(cached, stored)
    }

    func test_loadImage_failsOnAnEmptyBodyAndStoresNothing() async throws {
        let url = URL(string: "https://image.example/3.png")!
        let (sut, _, _, _, imageStore) = makeFeedService { requested in (Data(), httpResponse(200, url: requested)) }

        let result = try await sut.loadImage(from: url)

        guard case let .failed(failure) = result else { return XCTFail("expected failed, got \(result)") }
        XCTAssertTrue(failure.description.contains("empty body"), failure.description)
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    func test_loadImage_failsOnAnHTMLPageAndStoresNothing() async throws {
        let url = URL(string: "https://image.example/login.png")!
        let page = Data("<!DOCTYPE html><html><body>Please sign in</body></html>".utf8)
        let (sut, _, _, _, imageStore) = makeFeedService { requested in (page, HTTPAnswer(status: 200, url: requested, contentType: "text/html")) }

        let result = try await sut.loadImage(from: url)

        guard case let .failed(failure) = result else { return XCTFail("expected failed, got \(result)") }
        XCTAssertEqual(failure.description, "invalid data: not an image (text/html)", "the job names the URL")
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    func test_loadImage_downloadsAgainAnImageWhoseCachedBytesAreNotAnImage() async throws {
        let url = URL(string: "https://image.example/once-html.png")!
        let (sut, client, _, _, imageStore) = makeFeedService { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }
        _ = try await imageStore.insert(Data("<html>stored before images were checked</html>".utf8), for: url)

        let result = try await sut.loadImage(from: url)

        guard case let .downloaded(stored) = result else { return XCTFail("expected downloaded, got \(result)") }
        XCTAssertEqual(stored.format, .png)
        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_loadImage_asksForAtMostMaxImageBytes() async throws {
        let (sut, client, _, _, _) = makeFeedService(maxImageBytes: 1_234) { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }

        _ = try await sut.loadImage(from: URL(string: "https://image.example/6.png")!)

        XCTAssertEqual(client.receivedRequests.map(\.maxBodyBytes), [1_234])
        XCTAssertEqual(client.receivedRequests.map(\.limitName), ["(--max-image-bytes)"])
        XCTAssertEqual(client.receivedRequests.map(\.acceptsCompression), [false])
    }

    func test_loadImage_offlineFailsForAnImageNotInTheCache() async throws {
        let (sut, _, _, _, _) = makeFeedService(offline: true) { _ in
            XCTFail("no request offline")
            throw anyError()
        }

        let result = try await sut.loadImage(from: URL(string: "https://image.example/4.png")!)

        guard case .failed = result else { return XCTFail("expected failed, got \(result)") }
    }

    func test_loadImage_deliversNeitherDataNorErrorWhenCancelled() async {
        let (sut, _, _, _, imageStore) = makeFeedService { _ in throw CancellationError() }
        let url = URL(string: "https://image.example/5.png")!

        do {
            let result = try await sut.loadImage(from: url)
            XCTFail("expected cancellation, got \(result)")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    // MARK: - Helpers

    private static func pngBytes() -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    }
}
