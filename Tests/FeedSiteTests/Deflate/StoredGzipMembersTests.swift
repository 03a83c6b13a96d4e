import Deflate
import Foundation
import XCTest

final class StoredGzipMembersTests: XCTestCase {
    func test_members_holdTheirBytesAsTheyAre_inBlocksOfAtMost65535_eachWholeFromItsOffset() throws {
        var file: [UInt8] = []
        let members = StoredGzipMembers { file.append(contentsOf: $0) }
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) }
        let small = Array("a short record".utf8)

        try members.add(Array(large[..<70_000]))
        try members.add(Array(large[70_000...]))
        try members.endMember()
        let second = file.count
        try members.add(small)
        try members.endMember()

        XCTAssertEqual(try Self.gunzip(Array(file[..<second])), large)
        XCTAssertEqual(try Self.gunzip(Array(file[second...])), small)
        XCTAssertEqual(file.count - second, 10 + 5 + small.count + 5 + 8, "header, a block, the empty last block, trailer")
        XCTAssertTrue(file[..<second].contains(subsequence: large[70_000..<80_000]), "stored as they are")
    }

    func test_emptyMember_isAValidGzipStreamOfNothing_andADroppedOneLeavesNothingInTheNext() throws {
        var file: [UInt8] = []
        let members = StoredGzipMembers { file.append(contentsOf: $0) }
        try members.endMember()
        XCTAssertEqual(try Self.gunzip(file), [])

        try members.add(Array("half of a record".utf8))
        members.dropMember()
        let start = file.count
        try members.add(Array("whole".utf8))
        try members.endMember()

        XCTAssertEqual(try Self.gunzip(Array(file[start...])), Array("whole".utf8))
    }

    /// The member inflated, its CRC-32 and length checked by zlib against its trailer.
    private static func gunzip(_ member: [UInt8]) throws -> [UInt8] {
        try Zlib.inflate(member, maxOutput: 1 << 24, gzip: true)
    }
}

extension ArraySlice where Element == UInt8 {
    fileprivate func contains(subsequence: ArraySlice<UInt8>) -> Bool {
        guard let first = subsequence.first else { return true }
        var at = startIndex
        while let found = self[at...].firstIndex(of: first) {
            if self[found...].starts(with: subsequence) { return true }
            at = found + 1
        }
        return false
    }
}
