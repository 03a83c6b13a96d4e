import Deflate
import XCTest

final class ZlibTests: XCTestCase {
    func test_deflateThenInflate_givesBackTheBytes() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 13) }

        let stream = Zlib.deflate(bytes)

        XCTAssertLessThan(stream.count, bytes.count / 10, "repetitive bytes compress")
        XCTAssertEqual(try Zlib.inflate(stream, maxOutput: bytes.count), bytes)
    }

    func test_inflate_refusesAStreamThatInflatesToMoreThanAllowed() {
        let stream = Zlib.deflate([UInt8](repeating: 0, count: 10_000))

        XCTAssertThrowsError(try Zlib.inflate(stream, maxOutput: 9_999)) { XCTAssertEqual($0 as? Zlib.Failure, .tooLarge(limit: 9_999)) }
    }

    func test_inflate_saysWhenTheStreamEndsEarly() {
        let stream = Zlib.deflate((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })

        XCTAssertThrowsError(try Zlib.inflate(Array(stream.prefix(stream.count / 2)), maxOutput: 10_000)) {
            XCTAssertEqual($0 as? Zlib.Failure, .truncated)
        }
    }

    func test_inflate_refusesBytesThatAreNoZlibStream() {
        XCTAssertThrowsError(try Zlib.inflate(Array("not a stream".utf8), maxOutput: 100)) { error in
            guard case .malformed? = error as? Zlib.Failure else { return XCTFail("\(error)") }
        }
    }
}
