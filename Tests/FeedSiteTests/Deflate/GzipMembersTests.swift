import Deflate
import Foundation
import WebArchive
import XCTest

final class GzipMembersTests: XCTestCase {
    func test_member_isAGzipStreamOfTheBytesGiven_inflatedBackWhole() throws {
        var compressed: [UInt8] = []
        let member = GzipMembers { compressed.append(contentsOf: $0) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }

        for start in stride(from: 0, to: bytes.count, by: 70_001) { try member.add(Array(bytes[start..<min(bytes.count, start + 70_001)])) }
        try member.endMember()

        XCTAssertEqual(Array(compressed.prefix(3)), [0x1F, 0x8B, 0x08], "gzip's magic and deflate")
        XCTAssertEqual(try Self.gunzip(compressed), bytes)
    }

    func test_members_oneAfterAnother_areEachWholeFromTheirOffset() throws {
        var file: [UInt8] = []
        var offsets: [Int] = []
        for text in ["first record", "second record"] {
            offsets.append(file.count)
            let member = GzipMembers { file.append(contentsOf: $0) }
            try member.add(Array(text.utf8))
            try member.endMember()
        }

        XCTAssertEqual(try Self.gunzip(Array(file[offsets[1]...])), Array("second record".utf8))
        XCTAssertEqual(try Self.gunzip(Array(file[..<offsets[1]])), Array("first record".utf8))
    }

    func test_storeTheRest_storesWhatFollowsAsItIs_theHeadBeforeItCompressed() throws {
        var file: [UInt8] = []
        let member = GzipMembers(level: 1) { file.append(contentsOf: $0) }
        let head = [UInt8](repeating: UInt8(ascii: "h"), count: 10_000)
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)

        try member.add(head)
        try member.storeTheRest()
        try member.add(body)
        try member.endMember()

        XCTAssertEqual(try Self.gunzip(file), head + body)
        XCTAssertGreaterThan(file.count, body.count, "the body stored as it is")
        XCTAssertLessThan(file.count, body.count + 1_000, "the head compressed")
    }

    func test_memberAfterAStoredOne_isCompressedAgain_andOneDroppedLeavesNothingInTheNext() throws {
        var file: [UInt8] = []
        let members = GzipMembers(level: 1) { file.append(contentsOf: $0) }
        let text = [UInt8](repeating: UInt8(ascii: "t"), count: 100_000)
        try members.add(Array("head".utf8))
        try members.storeTheRest()
        try members.add(text)
        try members.endMember()
        try members.add(Array("half of a member".utf8))
        members.dropMember()
        let start = file.count

        try members.add(text)
        try members.endMember()

        XCTAssertEqual(try Self.gunzip(Array(file[start...])), text)
        XCTAssertLessThan(file.count - start, 1_000, "deflated at the level asked, not stored")
    }

    func test_emptyMember_isAValidGzipStreamOfNothing() throws {
        var compressed: [UInt8] = []
        let member = GzipMembers { compressed.append(contentsOf: $0) }
        try member.endMember()

        XCTAssertEqual(try Self.gunzip(compressed), [])
    }

    /// The member inflated, its CRC-32 and length checked by zlib against its trailer.
    private static func gunzip(_ member: [UInt8]) throws -> [UInt8] {
        try Zlib.inflate(member, maxOutput: 1 << 24, gzip: true)
    }
}
