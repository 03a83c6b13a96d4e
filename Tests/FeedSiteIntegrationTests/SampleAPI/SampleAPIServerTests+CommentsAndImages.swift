import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import SampleAPI
import TestSupport
import XCTest

/// The sample API's comments, with their ETags, and its images.
extension SampleAPIServerTests {
    // MARK: - Comments

    func test_comments_servesTheItemsCommentsInOrder() async throws {
        let server = try makeServer()
        let id = source.ids(0..<1)[0]

        let comments = try await makeClient().load(ImageCommentsEndpoint.get(imageID: id).url(baseURL: server.apiRoot), mapping: ImageCommentsMapper.map)

        XCTAssertEqual(
            comments, source.comments(forItemAt: 0).map { ImageComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.username) })
        XCTAssertEqual(comments.count, 3)
    }

    func test_comments_servesEmptyListForItemWithoutComments() async throws {
        let server = try makeServer()
        let id = source.ids(1..<2)[0]

        let comments = try await makeClient().load(ImageCommentsEndpoint.get(imageID: id).url(baseURL: server.apiRoot), mapping: ImageCommentsMapper.map)

        XCTAssertEqual(comments, [])
    }

    func test_comments_writesCreatedAtWithPlus0000Offset() async throws {
        let server = try makeServer()

        let (data, response) = try await rawGet(ImageCommentsEndpoint.get(imageID: source.ids(0..<1)[0]).url(baseURL: server.apiRoot))

        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""created_at":"2020-05-20T11:24:59+0000""#), String(decoding: data, as: UTF8.self))
    }

    func test_comments_carryAnETagAndAnswer304WhenItStillHolds() async throws {
        let server = try makeServer()
        let url = ImageCommentsEndpoint.get(imageID: source.ids(0..<1)[0]).url(baseURL: server.apiRoot)

        let (_, first) = try await rawGet(url)
        let etag = try XCTUnwrap(first.etag)
        let (unchanged, again) = try await rawGet(url, headers: ["If-None-Match: \(etag)"])
        let (changed, stale) = try await rawGet(url, headers: ["If-None-Match: \"not-the-current-one\""])

        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.etag, etag)
        XCTAssertEqual(unchanged, Data())
        XCTAssertEqual(stale.status, 200)
        XCTAssertFalse(changed.isEmpty)
    }

    func test_comments_ofDifferentImagesHaveDifferentETags() async throws {
        let server = try makeServer()

        let (_, first) = try await rawGet(ImageCommentsEndpoint.get(imageID: source.ids(0..<1)[0]).url(baseURL: server.apiRoot))
        let (_, third) = try await rawGet(ImageCommentsEndpoint.get(imageID: source.ids(2..<3)[0]).url(baseURL: server.apiRoot))

        XCTAssertNotNil(first.etag)
        XCTAssertNotEqual(first.etag, third.etag)
    }

    func test_comments_unknownOrMalformedImageIDIs404() async throws {
        let server = try makeServer()

        let unknown = try await rawGet(ImageCommentsEndpoint.get(imageID: UUID()).url(baseURL: server.apiRoot))
        let malformed = try await rawGet(server.apiRoot.appendingPathComponent("image/not-a-uuid/comments"))

        XCTAssertEqual(unknown.1.status, 404)
        XCTAssertEqual(malformed.1.status, 404)
    }

    // MARK: - Images

    func test_image_servesTheSourcesBytesAsPNG() async throws {
        let server = try makeServer()
        let url = URL(string: "http://127.0.0.1:\(server.port)/images/1.png")!

        let (data, response) = try await rawGet(url)

        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.contentType, "image/png")
        XCTAssertEqual(Array(data), source.image(at: "/images/1.png"))
    }

    func test_image_ofEveryFeedItemLoadsThroughTheImageDataMapper() async throws {
        let server = try makeServer()
        let client = try makeClient()

        for item in try await feed(server, FeedEndpoint.get(limit: 10)) {
            let (data, answer) = try await fetch(item.url, with: client)
            XCTAssertEqual(try FeedImageDataMapper.map(answer, head: Array(data.prefix(32))), .png, item.url.absoluteString)
        }
    }

    func test_image_servesRealDemoPictures() async throws {
        let server = try makeServer(source: DemoFeed(now: fixedNow()))
        let items = try await feed(server, FeedEndpoint.get(limit: 1))
        let url = try XCTUnwrap(items.first?.url)

        let (data, answer) = try await fetch(url, with: try makeClient())

        XCTAssertEqual(try FeedImageDataMapper.map(answer, head: Array(data.prefix(32))), .png)
        XCTAssertEqual(Array(data), DemoFeed(now: fixedNow()).image(at: "/images/1.png"))
    }
}
