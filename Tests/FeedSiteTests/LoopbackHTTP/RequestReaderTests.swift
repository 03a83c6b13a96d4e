import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

final class RequestReaderTests: XCTestCase {
    func test_next_needsMoreBytesWhenNothingArrived() throws {
        var sut = makeSUT()

        XCTAssertNil(try request(from: sut.next()))
    }

    func test_next_deliversACompleteGETRequest() throws {
        var sut = makeSUT()
        sut.append(bytes("GET /v1/feed?limit=10 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: */*\r\n\r\n"))

        let (request, keepAlive) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/v1/feed?limit=10")
        XCTAssertEqual(request.headers, ["host": "127.0.0.1:8080", "accept": "*/*"])
        XCTAssertEqual(request.body, Data())
        XCTAssertTrue(keepAlive)
        XCTAssertNil(try self.request(from: sut.next()), "nothing left after the only request")
    }

    func test_next_lowerCasesHeaderNamesAndTrimsValues() throws {
        var sut = makeSUT()
        sut.append(bytes("GET / HTTP/1.1\r\nX-Custom-Header:   some value  \r\nHOST:h\r\n\r\n"))

        let (request, _) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.headers["x-custom-header"], "some value")
        XCTAssertEqual(request.headers["host"], "h")
    }

    func test_next_keepsColonsInHeaderValues() throws {
        var sut = makeSUT()
        sut.append(bytes("GET / HTTP/1.1\r\nHost: 127.0.0.1:9000\r\n\r\n"))

        let (request, _) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.headers["host"], "127.0.0.1:9000")
    }

    func test_next_deliversTheSameRequestWhateverByteBoundaryItIsSplitAt() throws {
        let raw = bytes("POST /upload?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world")
        var whole = makeSUT()
        whole.append(raw)
        let expected = try XCTUnwrap(request(from: whole.next()))

        for split in 0..<raw.count {
            var sut = makeSUT()
            sut.append(raw[0..<split])
            XCTAssertNil(try request(from: sut.next()), "split at \(split): request delivered too early")

            sut.append(raw[split...])
            let delivered = try XCTUnwrap(request(from: sut.next()), "split at \(split)")
            XCTAssertEqual(delivered.0.method, expected.0.method, "split at \(split)")
            XCTAssertEqual(delivered.0.target, expected.0.target, "split at \(split)")
            XCTAssertEqual(delivered.0.headers, expected.0.headers, "split at \(split)")
            XCTAssertEqual(delivered.0.body, Data("hello world".utf8), "split at \(split)")
        }
    }

    func test_next_deliversARequestFedOneByteAtATime() throws {
        let raw = bytes("POST /a/b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc")
        var sut = makeSUT()
        var delivered: [HTTPRequest] = []

        for byte in raw {
            sut.append([byte])
            if let (request, _) = try request(from: sut.next()) {
                delivered.append(request)
            }
        }

        XCTAssertEqual(delivered.map(\.target), ["/a/b"])
        XCTAssertEqual(delivered.first?.body, Data("abc".utf8))
    }

    func test_next_findsHeadEndSplitAcrossAppends() throws {
        var sut = makeSUT()
        sut.append(bytes("GET / HTTP/1.1\r\nHost: h\r"))
        XCTAssertNil(try request(from: sut.next()))
        sut.append(bytes("\n\r"))
        XCTAssertNil(try request(from: sut.next()))
        sut.append(bytes("\n"))

        XCTAssertEqual(try request(from: sut.next())?.0.target, "/")
    }

    func test_next_deliversPipelinedRequestsInOrder() throws {
        var sut = makeSUT()
        sut.append(bytes("GET /first HTTP/1.1\r\nHost: h\r\n\r\nGET /second HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /thi"))

        let first = try XCTUnwrap(request(from: sut.next()))
        let second = try XCTUnwrap(request(from: sut.next()))
        XCTAssertNil(try request(from: sut.next()), "the third request is incomplete")
        sut.append(bytes("rd HTTP/1.1\r\n\r\n"))
        let third = try XCTUnwrap(request(from: sut.next()))

        XCTAssertEqual([first.0.target, second.0.target, third.0.target], ["/first", "/second", "/third"])
        XCTAssertEqual([first.1, second.1, third.1], [true, false, true])
    }

    func test_next_deliversPipelinedRequestAfterABody() throws {
        var sut = makeSUT()
        sut.append(bytes("POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\n\r\n"))

        let first = try XCTUnwrap(request(from: sut.next()))
        let second = try XCTUnwrap(request(from: sut.next()))

        XCTAssertEqual(first.0.body, Data("hello".utf8))
        XCTAssertEqual(second.0.method, "GET")
        XCTAssertEqual(second.0.target, "/b")
        XCTAssertEqual(second.0.body, Data())
    }

    func test_next_waitsForTheWholeContentLengthBody() throws {
        var sut = makeSUT()
        sut.append(bytes("PUT /x HTTP/1.1\r\nContent-Length: 10\r\n\r\n01234"))
        XCTAssertNil(try request(from: sut.next()))

        sut.append(bytes("56789EXTRA"))
        let (request, _) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.body, Data("0123456789".utf8))
    }

    func test_next_keepsBodyBytesVerbatim() throws {
        let body: [UInt8] = [0, 13, 10, 13, 10, 255, 128, 0]
        var sut = makeSUT()
        sut.append(bytes("POST /bin HTTP/1.1\r\nContent-Length: \(body.count)\r\n\r\n") + body)

        let (request, _) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.body, Data(body))
    }

    // MARK: - Line endings

    /// HTTP/1.1 lets a server take a bare LF as a line's end; waiting for a CRLF that never
    /// comes would hold the connection until the client gave up.
    func test_next_acceptsLinesEndedByABareLF() throws {
        var sut = makeSUT()
        sut.append(bytes("GET /lf HTTP/1.1\nHost: h\nConnection: close\n\n"))

        let (request, keepAlive) = try XCTUnwrap(self.request(from: sut.next()))

        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/lf")
        XCTAssertEqual(request.headers, ["host": "h", "connection": "close"])
        XCTAssertFalse(keepAlive)
    }

    func test_next_acceptsCRLFAndBareLFMixedInOneHead() throws {
        for head in ["GET / HTTP/1.1\r\nHost: h\n\r\n", "GET / HTTP/1.1\nHost: h\r\n\n", "GET / HTTP/1.1\r\nHost: h\r\n\n"] {
            var sut = makeSUT()
            sut.append(bytes(head + "GET /next HTTP/1.1\n\n"))

            XCTAssertEqual(try request(from: sut.next())?.0.headers, ["host": "h"], head.debugDescription)
            XCTAssertEqual(try request(from: sut.next())?.0.target, "/next", "the next request starts after the blank line: \(head.debugDescription)")
        }
    }

    func test_next_deliversABareLFRequestAndItsBodyWhateverByteBoundaryItIsSplitAt() throws {
        let raw = bytes("POST /upload HTTP/1.1\nContent-Length: 5\n\nhello")

        for split in 0..<raw.count {
            var sut = makeSUT()
            sut.append(raw[0..<split])
            XCTAssertNil(try request(from: sut.next()), "split at \(split): request delivered too early")

            sut.append(raw[split...])
            let delivered = try XCTUnwrap(request(from: sut.next()), "split at \(split)")
            XCTAssertEqual(delivered.0.target, "/upload", "split at \(split)")
            XCTAssertEqual(delivered.0.body, Data("hello".utf8), "split at \(split)")
        }
    }

    /// A CR that does not end a line may end one for another reader of the same bytes.
    func test_next_refusesACRInsideAHeadLine() {
        for head in ["GET / HTTP/1.1\r\nX-A: 1\rX-B: 2\r\n\r\n", "GET /\r HTTP/1.1\n\n", "GET / HTTP/1.1\r\r\nHost: h\r\n\r\n"] {
            var sut = makeSUT()
            sut.append(bytes(head))

            XCTAssertThrowsError(try sut.next(), head.debugDescription) { error in
                XCTAssertEqual((error as? RequestReader.Refusal)?.status, 400, head.debugDescription)
            }
        }
    }

    // MARK: - Bodies

    /// A body on `GET` or `HEAD` is refused as soon as the head says so: the reader never
    /// waits for, nor holds, the bytes it announces.
    func test_next_refusesABodyOnGETAndHEADBeforeAnyOfItArrives() {
        for method in ["GET", "HEAD"] {
            for header in ["Content-Length: 1572864010", "Content-Length: 1", "Transfer-Encoding: chunked"] {
                var sut = makeSUT()
                sut.append(bytes("\(method) / HTTP/1.1\r\nHost: h\r\n\(header)\r\n\r\n"))

                XCTAssertThrowsError(try sut.next(), "\(method) with \(header)") { error in
                    XCTAssertEqual(error as? RequestReader.Refusal, .badRequest("a \(method) request has no body"), "\(method) with \(header)")
                }
            }
        }
    }

    func test_next_takesAGETThatSaysItsBodyIsEmpty() throws {
        var sut = makeSUT()
        sut.append(bytes("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"))

        XCTAssertEqual(try request(from: sut.next())?.0.body, Data())
    }

    func test_next_refusesABodyLargerThanTheLimitWith413BeforeAnyOfItArrives() {
        for length in ["101", "1572864010", "99999999999999999999999999"] {
            var sut = makeSUT(maxBodyBytes: 100)
            sut.append(bytes("POST /upload HTTP/1.1\r\nContent-Length: \(length)\r\n\r\n"))

            XCTAssertThrowsError(try sut.next(), length) { error in
                XCTAssertEqual(error as? RequestReader.Refusal, RequestReader.Refusal(status: 413, description: "request body larger than 100 bytes"))
            }
        }
    }

    func test_next_takesABodyOfExactlyTheLimit() throws {
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 100)
        var sut = makeSUT(maxBodyBytes: 100)
        sut.append(bytes("POST /upload HTTP/1.1\r\nContent-Length: 100\r\n\r\n") + body)

        XCTAssertEqual(try request(from: sut.next())?.0.body, Data(body))
    }

    // MARK: - What it holds

    func test_holdsPartialRequest_tellsWhetherPartOfTheNextRequestHasCome() throws {
        var sut = makeSUT()
        XCTAssertFalse(sut.holdsPartialRequest, "nothing came")

        sut.append(bytes("GET /a HTTP/1.1\r\n\r\nGET /b HT"))
        _ = try sut.next()
        XCTAssertTrue(sut.holdsPartialRequest, "half of the second request came")

        sut.append(bytes("TP/1.1\r\n\r\n"))
        _ = try sut.next()
        XCTAssertFalse(sut.holdsPartialRequest, "both were delivered")
    }

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

    private func makeSUT(maxHeaderBytes: Int = 64 * 1024, maxBodyBytes: Int = 64 * 1024) -> RequestReader {
        RequestReader(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    }

    private func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    private func request(from result: RequestReader.Result) -> (HTTPRequest, Bool)? {
        switch result {
        case .needMoreBytes: nil
        case let .request(request, keepAlive): (request, keepAlive)
        }
    }

    private func keepAlive(version: String, connection: String?, file: StaticString = #filePath, line: UInt = #line) throws -> Bool? {
        var sut = makeSUT()
        var head = "GET / \(version)\r\nHost: h\r\n"
        if let connection { head += "Connection: \(connection)\r\n" }
        sut.append(bytes(head + "\r\n"))
        return try request(from: sut.next())?.1
    }
}

final class RequestReaderRefusalTests: XCTestCase {
    func test_next_refusesBytesThatCannotStartARequestLineAtOnce() {
        var reader = RequestReader(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        reader.append([0x16, 0x03, 0x01, 0x02, 0x00])  // the start of a TLS ClientHello

        XCTAssertThrowsError(try reader.next()) { error in
            XCTAssertEqual("\(error)", "not an HTTP request line")
        }
    }
}
