import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import SampleAPI
import TestSupport
import XCTest

/// The sample API's other routes, what it counts, the routes a test overrides, and its stop.
extension SampleAPIServerTests {
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
        } catch let RemoteLoadFailure.failed(error) {
            XCTAssertEqual(error.kind, .connectivity, "\(error)")
        }
    }

    // MARK: - Stop

    func test_stop_makesTheAPIUnreachable() async throws {
        let server = try makeServer()
        _ = try await feed(server, FeedEndpoint.get(limit: 1))

        await server.stop()

        do {
            let items = try await feed(server, FeedEndpoint.get(limit: 1))
            XCTFail("expected a connectivity error, got \(items)")
        } catch let RemoteLoadFailure.failed(error) {
            XCTAssertEqual(error.kind, .connectivity, "\(error)")
        }
    }
}
