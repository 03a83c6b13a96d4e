import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// The built executable reads proxies from `http_proxy`, `https_proxy` and `no_proxy` as
/// curl does. The proxy here is a loopback server that plays the API for
/// requests in absolute form, so nothing leaves 127.0.0.1 and `feed.invalid` is never
/// looked up.
final class ProxyTests: XCTestCase {
    func test_generate_sendsEveryRequestThroughTheProxyInHTTPProxy() throws {
        let source = SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let api = SampleAPIServer.handler(for: source)
        let targets = Mutex<[String]>([])
        let proxy = try LoopbackHTTPServer { request in
            targets.withLock { $0.append(request.target) }
            guard let url = URLComponents(string: request.target), url.host == "feed.invalid" else { return HTTPResponse(status: 502) }
            let originForm = url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
            return api(HTTPRequest(method: request.method, target: originForm, headers: ["host": "feed.invalid"]))
        }
        defer { proxy.stop() }
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(
            ["generate", "--api", "http://feed.invalid/v1", "--output", "site", "--cache", "cache", "--retries", "0"], in: folder,
            variables: ["http_proxy": "http://127.0.0.1:\(proxy.port)"]
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        let seen = targets.withLock { $0 }
        XCTAssertEqual(seen.first, "http://feed.invalid/v1/feed?limit=10")
        XCTAssertEqual(seen.filter { $0.hasPrefix("http://feed.invalid/images/") }.count, 3)
        XCTAssertEqual(seen.filter { $0.hasSuffix("/comments") }.count, 3)
    }

    func test_generate_goesStraightToHostsInNoProxy() throws {
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }
        let deadProxy = try LoopbackHTTPServer { _ in HTTPResponse(status: 502) }
        deadProxy.stop()
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--retries", "0"], in: folder,
            variables: ["http_proxy": "http://127.0.0.1:\(deadProxy.port)", "no_proxy": "127.0.0.1"]
        )

        XCTAssertEqual(result.status, 0, result.standardError)
    }
}
