import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

/// Bytes that no request line starts with are refused at once, without waiting for a
/// whole head.
final class RequestReaderRefusalTests: XCTestCase {
    func test_next_refusesBytesThatCannotStartARequestLineAtOnce() {
        var reader = RequestReader(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        reader.append([0x16, 0x03, 0x01, 0x02, 0x00])  // the start of a TLS ClientHello

        XCTAssertThrowsError(try reader.next()) { error in
            XCTAssertEqual("\(error)", "not an HTTP request line")
        }
    }
}
