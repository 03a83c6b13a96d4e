import FeedCore
import Foundation
import TestSupport
import XCTest

/// The early check that stops a download once its first bytes show it is not an image.
final class ImageBodyCheckTests: XCTestCase {
    func test_write_passesAnImageOnToItsDestination() throws {
        let destination = HTTPBodyBuffer()
        let sut = ImageBodyCheck(destination)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)

        try sut.begin(HTTPAnswer(status: 200, url: anyURL(), contentType: "image/png"))
        try write(png.prefix(5), to: sut)
        try write(png.dropFirst(5), to: sut)

        XCTAssertEqual(Array(destination.data), png)
    }

    func test_write_stopsAnHTMLPageAsSoonAsItsSignatureIsKnown() throws {
        let destination = HTTPBodyBuffer()
        let sut = ImageBodyCheck(destination)
        let page = Array("<!DOCTYPE html><html><head><title>Sign in</title></head>".utf8)
        try sut.begin(HTTPAnswer(status: 200, url: anyURL(), contentType: "text/html", contentLength: 5_000))

        XCTAssertThrowsError(try write(page[...], to: sut)) { error in
            XCTAssertEqual((error as? MappingError)?.reason, "not an image (text/html, 5,000 bytes)")
        }
        XCTAssertEqual(destination.data, Data(), "nothing of it reaches the destination")
    }

    func test_write_leavesABodyShorterThanASignatureToTheMapper() throws {
        let destination = HTTPBodyBuffer()
        let sut = ImageBodyCheck(destination)
        try sut.begin(HTTPAnswer(status: 200, url: anyURL(), contentType: "text/plain"))

        try write(Array("short".utf8)[...], to: sut)

        XCTAssertEqual(destination.data, Data("short".utf8))
    }

    func test_begin_startsTheCheckOverForARetry() throws {
        let sut = ImageBodyCheck(HTTPBodyBuffer())
        try sut.begin(HTTPAnswer(status: 200, url: anyURL()))
        try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A][...], to: sut)

        try sut.begin(HTTPAnswer(status: 200, url: anyURL(), contentType: "text/html"))

        XCTAssertThrowsError(try write(Array(String(repeating: "<p>", count: 20).utf8)[...], to: sut))
    }

    private func write(_ bytes: ArraySlice<UInt8>, to sink: HTTPBodySink) throws {
        try Array(bytes).withUnsafeBytes { try sink.write($0) }
    }
}
