import Foundation
import WebArchive
import XCTest

/// The headers of a stored ZIP, byte by byte: small entries in the 32-bit fields, and past
/// 4 GiB the ZIP64 extra fields and end record, without writing 4 GiB.
final class StoredZipTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_localHeader_ofASmallEntry_holdsItsSizesCRCAndNameIn32BitFields() {
        let header = StoredZip.localHeader(for: .init(name: "pages/pages.jsonl", size: 867, crc: 0xDEAD_BEEF, offset: 0), date: date)

        XCTAssertEqual(header.count, 30 + 17)
        XCTAssertEqual(u32(header, 0), 0x0403_4B50)
        XCTAssertEqual(u16(header, 4), 20, "version needed")
        XCTAssertEqual(u16(header, 6), 0x0800, "UTF-8 names")
        XCTAssertEqual(u16(header, 8), 0, "stored")
        XCTAssertEqual(u16(header, 10), 12 << 11, "12:00:00")
        XCTAssertEqual(u16(header, 12), (2026 - 1980) << 9 | 11 << 5 | 26, "2026-11-26")
        XCTAssertEqual(u32(header, 14), 0xDEAD_BEEF)
        XCTAssertEqual([u32(header, 18), u32(header, 22)], [867, 867])
        XCTAssertEqual([u16(header, 26), u16(header, 28)], [17, 0])
        XCTAssertEqual(String(decoding: header[30...], as: UTF8.self), "pages/pages.jsonl")
    }

    func test_anEntryPast4GiB_atAnOffsetPast4GiB_givesItsSizesAndOffsetInTheZIP64ExtraField() {
        let size: UInt64 = 5_000_000_000
        let offset: UInt64 = 6_000_000_000
        let entry = StoredZip.Entry(name: "archive/a.warc.gz", size: size, crc: 1, offset: offset)

        let local = StoredZip.localHeader(for: entry, date: date)
        let central = StoredZip.centralEntry(for: entry, date: date)

        XCTAssertEqual(u16(local, 4), 45)
        XCTAssertEqual([u32(local, 18), u32(local, 22)], [0xFFFF_FFFF, 0xFFFF_FFFF])
        XCTAssertEqual(u16(local, 28), 20, "extra: its id, its length, two sizes")
        XCTAssertEqual([u16(local, 47), u16(local, 49)], [1, 16])
        XCTAssertEqual([u64(local, 51), u64(local, 59)], [size, size])
        XCTAssertEqual(u32(central, 0), 0x0201_4B50)
        XCTAssertEqual([u32(central, 20), u32(central, 24), u32(central, 42)], [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
        XCTAssertEqual(u16(central, 30), 28, "extra: two sizes and the offset")
        XCTAssertEqual([u16(central, 63), u16(central, 65)], [1, 24])
        XCTAssertEqual([u64(central, 67), u64(central, 75), u64(central, 83)], [size, size, offset])
        XCTAssertEqual(central.count, 46 + 17 + 28)
    }

    func test_anEntryAtAnOffsetPast4GiB_only_givesTheOffsetAlone() {
        let central = StoredZip.centralEntry(for: .init(name: "x", size: 10, crc: 0, offset: 4_294_967_295), date: date)

        XCTAssertEqual([u32(central, 20), u32(central, 42)], [10, 0xFFFF_FFFF])
        XCTAssertEqual([u16(central, 30), u16(central, 49)], [12, 8])
        XCTAssertEqual(u64(central, 51), 4_294_967_295)
    }

    func test_end_ofASmallFile_isTheClassicRecord_andPast4GiB_theZIP64RecordAndLocatorFirst() {
        let small = StoredZip.end(count: 5, directoryOffset: 2_124_000, directorySize: 400)
        XCTAssertEqual(small.count, 22)
        XCTAssertEqual([u16(small, 8), u16(small, 10)], [5, 5])
        XCTAssertEqual([u32(small, 12), u32(small, 16)], [400, 2_124_000])

        let large = StoredZip.end(count: 70_000, directoryOffset: 5_000_000_000, directorySize: 6_000_000)
        XCTAssertEqual(large.count, 56 + 20 + 22)
        XCTAssertEqual(u32(large, 0), 0x0606_4B50)
        XCTAssertEqual(u64(large, 4), 44)
        XCTAssertEqual([u64(large, 24), u64(large, 32), u64(large, 40), u64(large, 48)], [70_000, 70_000, 6_000_000, 5_000_000_000])
        XCTAssertEqual(u32(large, 56), 0x0706_4B50)
        XCTAssertEqual(u64(large, 64), 5_006_000_000, "the ZIP64 record follows the directory")
        XCTAssertEqual(u32(large, 72), 1)
        XCTAssertEqual(u32(large, 76), 0x0605_4B50)
        XCTAssertEqual([u16(large, 84), u16(large, 86)], [0xFFFF, 0xFFFF])
        XCTAssertEqual([u32(large, 88), u32(large, 92)], [6_000_000, 0xFFFF_FFFF])
    }

    private func u16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    private func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
    }
}
