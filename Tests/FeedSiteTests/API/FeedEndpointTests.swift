import FeedCore
import Foundation
import TestSupport
import XCTest

final class FeedEndpointTests: XCTestCase {
    func test_feed_endpointURL_firstPageHasDefaultLimitOnly() {
        let baseURL = URL(string: "http://base-url.com/v1")!

        let received = FeedEndpoint.get().url(baseURL: baseURL)

        XCTAssertEqual(received.absoluteString, "http://base-url.com/v1/feed?limit=10")
        XCTAssertEqual(FeedEndpoint.defaultLimit, 10)
    }

    func test_feed_endpointURL_carriesTheGivenLimit() {
        let baseURL = URL(string: "http://base-url.com/v1")!

        XCTAssertEqual(FeedEndpoint.get(limit: 25).url(baseURL: baseURL).absoluteString, "http://base-url.com/v1/feed?limit=25")
        XCTAssertEqual(FeedEndpoint.get(after: nil, limit: 1).url(baseURL: baseURL).absoluteString, "http://base-url.com/v1/feed?limit=1")
    }

    func test_feed_endpointURL_afterGivenImageCarriesUpperCasedAfterID() throws {
        let baseURL = URL(string: "http://base-url.com/v1")!
        let id = try XCTUnwrap(UUID(uuidString: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"))

        let received = FeedEndpoint.get(after: id, limit: 10).url(baseURL: baseURL)

        XCTAssertEqual(received.absoluteString, "http://base-url.com/v1/feed?limit=10&after_id=A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")
    }

    func test_feed_endpointURL_keepsTheBaseURLsPathSchemeHostAndPort() {
        let baseURL = URL(string: "https://ile-api.essentialdeveloper.com:8443/essential-feed/v1")!

        let received = FeedEndpoint.get(limit: 5).url(baseURL: baseURL)

        XCTAssertEqual(received.scheme, "https")
        XCTAssertEqual(received.host, "ile-api.essentialdeveloper.com")
        XCTAssertEqual(received.port, 8443)
        XCTAssertEqual(received.path, "/essential-feed/v1/feed")
        XCTAssertEqual(received.query, "limit=5")
    }

    func test_feed_endpointURL_withBaseURLEndingInSlash() {
        let baseURL = URL(string: "http://base-url.com/v1/")!

        XCTAssertEqual(FeedEndpoint.get().url(baseURL: baseURL).absoluteString, "http://base-url.com/v1/feed?limit=10")
    }

    func test_feed_endpointURL_withBaseURLWithoutPath() {
        let baseURL = URL(string: "http://127.0.0.1:8080")!

        XCTAssertEqual(FeedEndpoint.get().url(baseURL: baseURL).absoluteString, "http://127.0.0.1:8080/feed?limit=10")
    }
}
