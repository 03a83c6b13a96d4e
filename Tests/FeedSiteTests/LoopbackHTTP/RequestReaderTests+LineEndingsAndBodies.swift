import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

/// How the reader takes lines ended by a bare LF; bodies, what it refuses before any of
/// them arrives and what it takes; and what it holds between requests.
extension RequestReaderTests {
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
}
