import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

/// Answers whose body is a file, sent from the disk a piece at a time.
final class LoopbackHTTPServerFileBodyTests: XCTestCase {
    func test_serve_sendsAFileBodyWholeInPiecesAndKeepsTheConnection() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let file = try makeFile(bytes)
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, file: HTTPBodyFile(regularFileAt: file.path)!) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /1 HTTP/1.1\r\nHost: h\r\n\r\nGET /2 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let (received, end) = client.readToEnd()
        server.stop()

        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 200000\r\nConnection: keep-alive\r\n\r\n".utf8)
        let lastHead = Array("HTTP/1.1 200 OK\r\nContent-Length: 200000\r\nConnection: close\r\n\r\n".utf8)
        XCTAssertEqual(end, .closed)
        XCTAssertEqual(received.count, head.count + lastHead.count + 2 * bytes.count)
        XCTAssertTrue(received == head + bytes + lastHead + bytes, "both answers carry the file's bytes in order")
        XCTAssertEqual(server.bodyBytesSent, 2 * bytes.count)
    }

    func test_serve_answersHEADForAFileBodyWithTheFilesLengthAndNoBytes() throws {
        let file = try makeFile(Array(repeating: 1, count: 70_000))

        let (received, bodyBytes) = try exchangeOnce("HEAD /image.png HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], file: HTTPBodyFile(regularFileAt: file.path)!)
        }

        XCTAssertEqual(received, "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 70000\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(bodyBytes, 0)
    }

    func test_serve_sendsAFileRemovedAfterItWasOpenedAsItWasWhenOpened() throws {
        let file = try makeFile(Array("the old site".utf8))
        let opened = try XCTUnwrap(HTTPBodyFile(regularFileAt: file.path))
        try FileManager.default.removeItem(at: file)
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, file: opened) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")

        XCTAssertTrue(client.readUntilClosed().hasSuffix("\r\n\r\nthe old site"))
    }

    /// The head promised the length the file had when opened; a file cut shorter since
    /// cannot keep that promise, so the connection closes instead of waiting for bytes that
    /// will never come.
    func test_serve_closesTheConnectionWhenAFileBodyEndsShortOfItsLength() throws {
        let file = try makeFile(Array(repeating: 2, count: 100_000))
        let opened = try XCTUnwrap(HTTPBodyFile(regularFileAt: file.path))
        try FileHandle(forWritingTo: file).truncate(atOffset: 10)
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, file: opened) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let (rest, end) = client.readToEnd()

        XCTAssertTrue(head.head.contains("Content-Length: 100000\r\n"), head.head)
        XCTAssertEqual(head.bodyStart.count + rest.count, 10)
        XCTAssertEqual(end, .closed, "a kept-alive connection is closed all the same")
    }

    // MARK: - Helpers

    private func makeFile(_ bytes: [UInt8]) throws -> URL {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("body")
        try Data(bytes).write(to: file)
        return file
    }
}
