import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

/// When the reader keeps a connection alive, and what it refuses as a bad request.
extension RequestReaderTests {
    // MARK: - Keep-alive

    func test_next_keepsHTTP11ConnectionsAliveByDefault() throws {
        XCTAssertEqual(try keepAlive(version: "HTTP/1.1", connection: nil), true)
    }

    func test_next_closesHTTP11ConnectionOnConnectionClose() throws {
        XCTAssertEqual(try keepAlive(version: "HTTP/1.1", connection: "close"), false)
        XCTAssertEqual(try keepAlive(version: "HTTP/1.1", connection: "Close"), false)
    }

    func test_next_closesHTTP10ConnectionsByDefault() throws {
        XCTAssertEqual(try keepAlive(version: "HTTP/1.0", connection: nil), false)
    }

    func test_next_keepsHTTP10ConnectionAliveOnConnectionKeepAlive() throws {
        XCTAssertEqual(try keepAlive(version: "HTTP/1.0", connection: "keep-alive"), true)
        XCTAssertEqual(try keepAlive(version: "HTTP/1.0", connection: "Keep-Alive"), true)
    }

    // MARK: - Bad requests

    func test_next_throwsOnMalformedRequestLine() {
        for line in ["GET /", "GARBAGE", "GET / HTTP/1.1 extra", "GET / FTP/1.0", "GET / HTTP/2.0", ""] {
            var sut = makeSUT()
            sut.append(bytes(line + "\r\nHost: h\r\n\r\n"))

            XCTAssertThrowsError(try sut.next(), "request line \"\(line)\"") { error in
                XCTAssertTrue("\(error)".contains("request line"), "\(error)")
            }
        }
    }

    func test_next_throwsOnHeaderLineWithoutColon() {
        var sut = makeSUT()
        sut.append(bytes("GET / HTTP/1.1\r\nNoColonHere\r\n\r\n"))

        XCTAssertThrowsError(try sut.next())
    }

    func test_next_throwsOnMalformedContentLength() {
        for value in ["abc", "-1", "1.5", "", "+5", "5 5", "0x10"] {
            var sut = makeSUT()
            sut.append(bytes("POST / HTTP/1.1\r\nContent-Length: \(value)\r\n\r\n"))

            XCTAssertThrowsError(try sut.next(), "Content-Length \"\(value)\"") { error in
                XCTAssertEqual(error as? RequestReader.Refusal, .badRequest("malformed Content-Length"), "\(value)")
            }
        }
    }

    func test_next_throwsOnChunkedBody() {
        var sut = makeSUT()
        sut.append(bytes("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"))

        XCTAssertThrowsError(try sut.next())
    }

    func test_next_throwsOnIncompleteHeadLargerThanLimit() {
        var sut = makeSUT(maxHeaderBytes: 100)
        sut.append(bytes("GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\n"))

        XCTAssertThrowsError(try sut.next()) { error in
            XCTAssertTrue("\(error)".contains("100"), "the error names the limit: \(error)")
        }
    }

    func test_next_waitsForIncompleteHeadUpToTheLimit() throws {
        var sut = makeSUT(maxHeaderBytes: 100)
        sut.append([UInt8](repeating: UInt8(ascii: "a"), count: 100))

        XCTAssertNil(try request(from: sut.next()))
    }

    func test_next_throwsOnCompleteHeadLargerThanLimit() {
        var sut = makeSUT(maxHeaderBytes: 100)
        sut.append(bytes("GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: 200) + "\r\n\r\n"))

        XCTAssertThrowsError(try sut.next(), "a head over the limit is rejected even when its end arrived in the same read")
    }

    // MARK: - Helpers

    private func keepAlive(version: String, connection: String?, file: StaticString = #filePath, line: UInt = #line) throws -> Bool? {
        var sut = makeSUT()
        var head = "GET / \(version)\r\nHost: h\r\n"
        if let connection { head += "Connection: \(connection)\r\n" }
        sut.append(bytes(head + "\r\n"))
        return try request(from: sut.next())?.1
    }
}
