import Foundation
import Synchronization
import WebArchive
import XCTest

final class RandomUUIDsTests: XCTestCase {
    func test_next_takesSixteenBytesOfThePoolInTurn_markedVersion4Variant10_andFillsAgainWhenUsedUp() {
        let fills = Mutex(0)
        let ids = RandomUUIDs { buffer in
            let round = fills.withLock { count in
                count += 1
                return count
            }
            for index in 0..<buffer.count { buffer[index] = UInt8(truncatingIfNeeded: index / 16 + round * 100) }
            return true
        }

        let taken = (0..<257).map { _ in ids.next() }

        XCTAssertEqual(fills.withLock { $0 }, 2, "256 IDs to a pool of 4 KiB")
        XCTAssertEqual(taken[0].uuidString, "64646464-6464-4464-A464-646464646464")
        XCTAssertEqual(taken[1].uuidString, "65656565-6565-4565-A565-656565656565")
        XCTAssertEqual(taken[256].uuidString, "C8C8C8C8-C8C8-48C8-88C8-C8C8C8C8C8C8", "from the second fill")
    }

    func test_next_withoutARandomSource_isStillARandomVersion4UUID() {
        let ids = RandomUUIDs { _ in false }

        let first = ids.next()
        let second = ids.next()

        XCTAssertNotEqual(first, second)
        XCTAssertEqual(Array(first.uuidString)[14], "4")
    }

    func test_readSystemRandom_fillsTheWholeBuffer() {
        var buffer = [UInt8](repeating: 0, count: 4_096)

        XCTAssertTrue(buffer.withUnsafeMutableBytes(RandomUUIDs.readSystemRandom))
        XCTAssertGreaterThan(Set(buffer).count, 200, "4 KiB of random bytes take most of the 256 values")
    }
}
