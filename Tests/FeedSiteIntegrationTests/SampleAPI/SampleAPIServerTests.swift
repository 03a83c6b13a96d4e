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

    // MARK: - Helpers

    let source = FixedSampleFeedSource(count: 5)

    func makeServer(source: SampleFeedSource? = nil, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws -> SampleAPIServer {
        let server = try SampleAPIServer(source: source ?? self.source, intercept: intercept)
        addTeardownBlock { server.stop() }
        return server
    }

    func makeClient() throws -> CurlHTTPClient {
        try makeHTTPClient(for: self)
    }

    func feed(_ server: SampleAPIServer, _ endpoint: FeedEndpoint) async throws -> [FeedImage] {
        try await makeClient().load(endpoint.url(baseURL: server.apiRoot), mapping: FeedItemsMapper.map)
    }

    func rawGet(_ url: URL, headers: [String] = []) async throws -> (Data, HTTPAnswer) {
        try await fetch(url, with: try makeClient(), headers: headers)
    }
}

/// A small sample feed: item 0 has a description full of JSON-special characters and three
/// comments; odd items have no comments; every other item lacks a location.
struct FixedSampleFeedSource: SampleFeedSource {
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

    static func id(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "AAAAAAAA-0000-4000-8000-%012lX", index + 1))!
    }

    static func commentID(_ item: Int, _ comment: Int) -> UUID {
        UUID(uuidString: String(format: "BBBBBBBB-%04lX-4000-8000-%012lX", comment + 1, item + 1))!
    }
}
