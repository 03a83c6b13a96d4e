import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import SampleAPI
import TestSupport
import XCTest

/// Integration: the sample API on 127.0.0.1, read with the tool's own client and mappers.
final class SampleAPIServerTests: XCTestCase {
    // MARK: - Feed

    func test_apiRoot_isV1OnTheLoopbackPort() throws {
        let server = try makeServer()

        XCTAssertEqual(server.apiRoot.absoluteString, "http://127.0.0.1:\(server.port)/v1")
        XCTAssertNotEqual(server.port, 0)
    }

    func test_feed_servesTheFirstLimitItems() async throws {
        let server = try makeServer()

        let items = try await feed(server, FeedEndpoint.get(limit: 2))

        XCTAssertEqual(items.map(\.id), source.ids(0..<2))
    }

    func test_feed_servesTheItemsAfterTheGivenID() async throws {
        let server = try makeServer()

        let items = try await feed(server, FeedEndpoint.get(after: source.ids(1..<2)[0], limit: 2))

        XCTAssertEqual(items.map(\.id), source.ids(2..<4))
    }

    func test_feed_servesAShortPageThenAnEmptyPageAtTheEnd() async throws {
        let server = try makeServer()

        let last = try await feed(server, FeedEndpoint.get(after: source.ids(2..<3)[0], limit: 10))
        let beyond = try await feed(server, FeedEndpoint.get(after: source.ids(4..<5)[0], limit: 10))

        XCTAssertEqual(last.map(\.id), source.ids(3..<5))
        XCTAssertEqual(beyond, [])
    }

    func test_feed_defaultsToTenItems() async throws {
        let server = try makeServer(source: FixedSampleFeedSource(count: 25))
        let url = server.apiRoot.appendingPathComponent("feed")

        let items = try await makeClient().load(url, mapping: FeedItemsMapper.map)

        XCTAssertEqual(items.count, 10)
    }

    func test_feed_servesEveryFieldOfTheSourceWithAbsoluteImageURLs() async throws {
        let server = try makeServer()

        let items = try await feed(server, FeedEndpoint.get(limit: 10))

        XCTAssertEqual(
            items,
            (0..<source.itemCount).map { index in
                let item = source.item(at: index)
                return FeedImage(
                    id: item.id, description: item.description, location: item.location, url: URL(string: "http://127.0.0.1:\(server.port)\(item.imagePath)")!)
            })
    }

    func test_feed_escapesTextSoItRoundTripsThroughJSON() async throws {
        let server = try makeServer()

        let items = try await feed(server, FeedEndpoint.get(limit: 10))

        XCTAssertEqual(items.first?.description, FixedSampleFeedSource.trickyText)
    }

    func test_feed_buildsImageURLsOnTheServersPortWhenTheRequestHasNoHostHeader() throws {
        let server = try makeServer()
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /v1/feed?limit=1 HTTP/1.0\r\n\r\n")
        let response = client.readUntilClosed()

        XCTAssertTrue(response.contains(#""image":"http://127.0.0.1:\#(server.port)/images/1.png""#), response)
    }

    func test_feed_rejectsUnknownAfterIDWith400() async throws {
        let server = try makeServer()

        let unknown = try await rawGet(FeedEndpoint.get(after: UUID(), limit: 2).url(baseURL: server.apiRoot))
        let malformed = try await rawGet(URL(string: "\(server.apiRoot.absoluteString)/feed?limit=2&after_id=not-a-uuid")!)

        XCTAssertEqual(unknown.1.status, 400)
        XCTAssertEqual(malformed.1.status, 400)
    }

    func test_feed_rejectsNonPositiveOrMalformedLimitWith400() async throws {
        let server = try makeServer()

        for limit in ["0", "-1", "ten"] {
            let (_, response) = try await rawGet(URL(string: "\(server.apiRoot.absoluteString)/feed?limit=\(limit)")!)
            XCTAssertEqual(response.status, 400, "limit=\(limit)")
        }
    }

    func test_feed_loadsWholeFeedThroughRemoteFeedLoader() async throws {
        let server = try makeServer()
        let loader = RemoteFeedLoader(client: try makeClient(), baseURL: server.apiRoot, pageLimit: 2)

        let items = try await loader.load().items

        XCTAssertEqual(items.map(\.id), source.ids(0..<5))
        XCTAssertEqual(server.requestCounts.feed, 4, "pages of 2, 2, 1, then the empty page")
    }

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

    // MARK: - Other routes

    func test_unknownPathIs404() async throws {
        let server = try makeServer()

        for path in ["/", "/v1", "/v2/feed", "/v1/image", "/images/99.png", "/v1/image/\(source.ids(0..<1)[0].uuidString)/likes"] {
            let (_, response) = try await rawGet(URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
            XCTAssertEqual(response.status, 404, path)
        }
    }

    func test_nonGETRequestIs405() async throws {
        let server = try makeServer()
        let client = try LoopbackSocketClient(port: server.port)

        client.send("DELETE /v1/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")

        XCTAssertTrue(client.readUntilClosed().hasPrefix("HTTP/1.1 405 "))
    }

    // MARK: - Request counts

    func test_requestCounts_startAtZero() throws {
        let server = try makeServer()

        let counts = server.requestCounts
        XCTAssertEqual([counts.feed, counts.comments, counts.images, counts.other, counts.bodyBytes, counts.total], [0, 0, 0, 0, 0, 0])
    }

    func test_requestCounts_countFeedCommentsImagesAndOtherRequests() async throws {
        let server = try makeServer()
        let root = server.apiRoot
        let origin = "http://127.0.0.1:\(server.port)"

        _ = try await rawGet(FeedEndpoint.get(limit: 2).url(baseURL: root))
        _ = try await rawGet(FeedEndpoint.get(after: source.ids(1..<2)[0], limit: 2).url(baseURL: root))
        _ = try await rawGet(ImageCommentsEndpoint.get(imageID: source.ids(0..<1)[0]).url(baseURL: root))
        for number in 1...3 {
            _ = try await rawGet(URL(string: "\(origin)/images/\(number).png")!)
        }
        _ = try await rawGet(URL(string: "\(origin)/favicon.ico")!)

        let counts = server.requestCounts
        XCTAssertEqual(counts.feed, 2)
        XCTAssertEqual(counts.comments, 1)
        XCTAssertEqual(counts.images, 3)
        XCTAssertEqual(counts.other, 1)
        XCTAssertEqual(counts.total, 7)
        XCTAssertGreaterThanOrEqual(counts.bodyBytes, 3 * (source.image(at: "/images/1.png")?.count ?? 0))
    }

    // MARK: - Intercept

    func test_intercept_overridesARouteAndPassesTheOthersThrough() async throws {
        let server = try makeServer { request in
            request.path.hasSuffix("/feed") ? .json(#"{"error":"down"}"#, status: 503) : nil
        }

        let (_, feedResponse) = try await rawGet(FeedEndpoint.get(limit: 2).url(baseURL: server.apiRoot))
        let comments = try await makeClient().load(
            ImageCommentsEndpoint.get(imageID: source.ids(0..<1)[0]).url(baseURL: server.apiRoot), mapping: ImageCommentsMapper.map)

        XCTAssertEqual(feedResponse.status, 503)
        XCTAssertEqual(comments.count, 3)
        XCTAssertEqual(server.requestCounts.feed, 1, "intercepted requests are counted too")
        XCTAssertEqual(server.requestCounts.comments, 1)
    }

    func test_intercept_canHangUpToPlayAnUnreachableAPI() async throws {
        let server = try makeServer { _ in .hangUp }

        do {
            let items = try await feed(server, FeedEndpoint.get(limit: 2))
            XCTFail("expected a connectivity error, got \(items)")
        } catch let error as RemoteLoadError {
            XCTAssertEqual(error.kind, .connectivity, "\(error)")
        }
    }

    // MARK: - Stop

    func test_stop_makesTheAPIUnreachable() async throws {
        let server = try makeServer()
        _ = try await feed(server, FeedEndpoint.get(limit: 1))

        server.stop()

        do {
            let items = try await feed(server, FeedEndpoint.get(limit: 1))
            XCTFail("expected a connectivity error, got \(items)")
        } catch let error as RemoteLoadError {
            XCTAssertEqual(error.kind, .connectivity, "\(error)")
        }
    }

    // MARK: - Helpers

    private let source = FixedSampleFeedSource(count: 5)

    private func makeServer(source: SampleFeedSource? = nil, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws -> SampleAPIServer {
        let server = try SampleAPIServer(source: source ?? self.source, intercept: intercept)
        addTeardownBlock { server.stop() }
        return server
    }

    private func makeClient() throws -> CurlHTTPClient {
        try makeHTTPClient(for: self)
    }

    private func feed(_ server: SampleAPIServer, _ endpoint: FeedEndpoint) async throws -> [FeedImage] {
        try await makeClient().load(endpoint.url(baseURL: server.apiRoot), mapping: FeedItemsMapper.map)
    }

    private func rawGet(_ url: URL, headers: [String] = []) async throws -> (Data, HTTPAnswer) {
        try await fetch(url, with: try makeClient(), headers: headers)
    }
}

/// A small sample feed: item 0 has a description full of JSON-special characters and three
/// comments; odd items have no comments; every other item lacks a location.
private struct FixedSampleFeedSource: SampleFeedSource {
    static let trickyText = "quote \" backslash \\ newline \n tab \t control \u{01} <b>tag</b> & ünïcødé 😀"

    let itemCount: Int

    init(count: Int) {
        itemCount = count
    }

    func ids(_ range: Range<Int>) -> [UUID] {
        range.map(Self.id)
    }

    func item(at index: Int) -> SampleItem {
        SampleItem(
            id: Self.id(index),
            description: index == 0 ? Self.trickyText : (index % 3 == 1 ? nil : "description \(index)"),
            location: index % 2 == 0 ? "location \(index)" : nil,
            imagePath: "/images/\(index + 1).png"
        )
    }

    func index(of id: UUID) -> Int? {
        (0..<itemCount).first { Self.id($0) == id }
    }

    func comments(forItemAt index: Int) -> [ImageComment] {
        guard index % 2 == 0 else { return [] }
        let base = Date(timeIntervalSince1970: 1_589_973_899)  // 2020-05-20T11:24:59Z
        return [
            ImageComment(id: Self.commentID(index, 0), message: "first", createdAt: base, username: "ana"),
            ImageComment(id: Self.commentID(index, 1), message: "older, but second", createdAt: base.addingTimeInterval(-86_400), username: "ben"),
            ImageComment(id: Self.commentID(index, 2), message: Self.trickyText, createdAt: base.addingTimeInterval(60), username: "<i>eve</i>"),
        ]
    }

    func image(at path: String) -> [UInt8]? {
        guard path.hasPrefix("/images/"), path.hasSuffix(".png"),
            let number = Int(path.dropFirst("/images/".count).dropLast(".png".count)), (1...itemCount).contains(number)
        else { return nil }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: UInt8(number), count: 100 * number)
    }

    private static func id(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "AAAAAAAA-0000-4000-8000-%012lX", index + 1))!
    }

    private static func commentID(_ item: Int, _ comment: Int) -> UUID {
        UUID(uuidString: String(format: "BBBBBBBB-%04lX-4000-8000-%012lX", comment + 1, item + 1))!
    }
}
