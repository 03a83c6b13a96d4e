import Foundation
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `feedsite serve` as a user runs it: a published site previewed over http://127.0.0.1,
/// a new run seen by the next request, and Ctrl-C or SIGTERM to stop it.
final class ServeExecutableTests: XCTestCase {
    func test_serve_previewsThePublishedSiteFollowsTheNextRunAndStopsOnCtrlCWithExit0() throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = folder.appendingPathComponent("site")
        try publish(items: 4, in: folder)

        let serving = try ExecutableRunner.start(["serve", "--output", "site", "--port", "0"], in: folder, pipingOutput: true)
        let line = try XCTUnwrap(serving.nextOutputLine(killingAfter: 60), "serve printed nothing")
        let port = try XCTUnwrap(ServeTests.port(in: line), line)
        XCTAssertEqual(line, "serving \(site.path) at http://127.0.0.1:\(port)/ (Ctrl-C to stop)")

        let index = try get("/", port: port)
        XCTAssertEqual(index.head.first, "HTTP/1.1 200 OK")
        XCTAssertTrue(index.head.contains("Content-Type: text/html; charset=utf-8"), "\(index.head)")
        XCTAssertEqual(index.body, try Data(contentsOf: site.appendingPathComponent("index.html")))
        XCTAssertTrue(try get("/feed.atom", port: port).head.contains("Content-Type: application/atom+xml; charset=utf-8"))
        let image = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("images").path).sorted().first)
        let imageHead = try get("/images/\(image)", port: port, method: "HEAD")
        let imageSize = try Data(contentsOf: site.appendingPathComponent("images/\(image)")).count
        XCTAssertTrue(imageHead.head.contains("Content-Type: image/png"), "\(imageHead.head)")
        XCTAssertTrue(imageHead.head.contains("Content-Length: \(imageSize)"), "\(imageHead.head)")
        XCTAssertEqual(imageHead.body, Data())
        XCTAssertEqual(try get("/../../etc/passwd", port: port).head.first, "HTTP/1.1 404 Not Found")
        XCTAssertEqual(try get("/%2e%2e/%2e%2e/etc/passwd", port: port).head.first, "HTTP/1.1 404 Not Found")

        try publish(items: 6, in: folder)
        let republished = try get("/", port: port)
        XCTAssertNotEqual(republished.body, index.body, "the second run changed the first page")
        XCTAssertEqual(republished.body, try Data(contentsOf: site.appendingPathComponent("index.html")), "the new site is served at once")

        kill(serving.pid, SIGINT)
        let result = try serving.finish(killingAfter: 60)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        XCTAssertEqual(result.standardOutput, line + "\n")
        XCTAssertThrowsError(try LoopbackSocketClient(port: port), "the port is closed")
    }

    func test_serve_stopsOnSIGTERMWithExit0() throws {
        let folder = try makeTemporaryFolder(for: self)
        try publish(items: 1, in: folder)

        let serving = try ExecutableRunner.start(["serve", "--output", "site", "--port", "0"], in: folder, pipingOutput: true)
        let line = try XCTUnwrap(serving.nextOutputLine(killingAfter: 60), "serve printed nothing")
        kill(serving.pid, SIGTERM)
        let result = try serving.finish(killingAfter: 60)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, line + "\n")
    }

    // MARK: - Helpers

    /// Publishes a site of `items` items to `folder/site`, with feeds and a sitemap.
    private func publish(items: Int, in folder: URL) throws {
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: items, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }
        let result = try ExecutableRunner.run(
            [
                "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--now", "2024-05-20T11:24:59Z",
                "--base-url", "https://example.org/feed/",
            ],
            in: folder
        )
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    /// One request on its own connection, as sent (no `..` resolved): the status line and
    /// headers, and the body.
    private func get(_ target: String, port: UInt16, method: String = "GET") throws -> (head: [String], body: Data) {
        let client = try LoopbackSocketClient(port: port)
        client.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let (bytes, _) = client.readToEnd()
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return ([], Data()) }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        return (head, Data(bytes[end.upperBound...]))
    }
}
