import FeedCore
import FeedStorage
import TestSupport
import XCTest

final class ByteCountTextTests: XCTestCase {
    func test_describe_saysBytesWithThousandsSeparators() {
        XCTAssertEqual(ByteCountText.describe(0), "0 bytes")
        XCTAssertEqual(ByteCountText.describe(1), "1 byte")
        XCTAssertEqual(ByteCountText.describe(40), "40 bytes")
        XCTAssertEqual(ByteCountText.describe(1_024), "1,024 bytes")
        XCTAssertEqual(ByteCountText.describe(1_048_577), "1,048,577 bytes")
    }

    func test_describe_saysWholeMebibytesAsMiB() {
        XCTAssertEqual(ByteCountText.describe(16 * 1024 * 1024), "16 MiB")
        XCTAssertEqual(ByteCountText.describe(64 * 1024 * 1024), "64 MiB")
        XCTAssertEqual(ByteCountText.describe(2048 * 1024 * 1024), "2,048 MiB")
    }
}
