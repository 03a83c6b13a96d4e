import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

/// How the reader frames requests out of the bytes it is given, however they are split:
/// heads, pipelined requests, bodies of a Content-Length. Its other topics are in extensions.
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

    // MARK: - Helpers

    func makeSUT(maxHeaderBytes: Int = 64 * 1024, maxBodyBytes: Int = 64 * 1024) -> RequestReader {
        RequestReader(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    }

    func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    func request(from result: RequestReader.Result) -> (HTTPRequest, Bool)? {
        switch result {
        case .needMoreBytes: nil
        case let .request(request, keepAlive): (request, keepAlive)
        }
    }
}
