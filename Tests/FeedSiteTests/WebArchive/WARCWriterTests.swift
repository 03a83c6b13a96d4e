import Deflate
import Foundation
import Hashing
import Images
import TestSupport
import XCTest

@testable import WebArchive

final class WARCWriterTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_writer_keepsTheFileOpenUntilFinished_thenRenamesItAndIndexesItBeside() throws {
        let folder = try makeFolder()
        let writer = try makeWriter(in: folder)
        let answer = Array("HTTP/1.1 200 OK\r\n\r\n{}".utf8)
        try writer.write(response("https://example.org/feed", body: "{}"), block: .init(answer), capture: capture("https://example.org/feed"))

        XCTAssertEqual(try files(in: folder), ["feedsite-20261126T120000Z-00000.warc.gz.open"])

        try writer.finish()

        XCTAssertEqual(try files(in: folder), ["feedsite-20261126T120000Z-00000.cdxj", "feedsite-20261126T120000Z-00000.warc.gz"])
        XCTAssertEqual(writer.finished, ["feedsite-20261126T120000Z-00000.warc.gz"])
    }

    func test_writer_beginsWithWarcinfo_andEachIndexedRecordIsAWholeGzipMemberAtItsOffset() throws {
        let folder = try makeFolder()
        let writer = try makeWriter(in: folder)
        let bodies = ["HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"items\": []}", "HTTP/1.1 404 Not Found\r\n\r\n"]
        try writer.write(response("https://example.org/b", body: bodies[0]), block: .init(Array(bodies[0].utf8)), capture: capture("https://example.org/b"))
        try writer.write(response("https://example.org/a", body: bodies[1]), block: .init(Array(bodies[1].utf8)), capture: capture("https://example.org/a"))
        try writer.finish()

        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz")))
        let first = String(decoding: try Zlib.inflate(warc, maxOutput: 1 << 20, gzip: true), as: UTF8.self)
        XCTAssertTrue(first.hasPrefix("WARC/1.1\r\nWARC-Type: warcinfo\r\n"), first)
        XCTAssertTrue(first.contains("WARC-Filename: feedsite-20261126T120000Z-00000.warc.gz\r\n"), first)
        XCTAssertTrue(first.hasSuffix("\r\n\r\nsoftware: feedsite test\r\n\r\n\r\n"), first)
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(index.count, 2)
        XCTAssertTrue(index[0].hasPrefix("org,example)/a 20261126120000 {"), "sorted by key: \(index)")
        var ends: [Int] = []
        for (line, body) in zip(index, [bodies[1], bodies[0]]) {
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (Int(fields["offset"] ?? "") ?? -1, Int(fields["length"] ?? "") ?? -1)
            let record = String(decoding: try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 20, gzip: true), as: UTF8.self)
            XCTAssertTrue(record.hasPrefix("WARC/1.1\r\nWARC-Type: response\r\n"), record)
            XCTAssertTrue(record.contains("Content-Length: \(body.utf8.count)\r\n\r\n" + body + "\r\n\r\n"), record)
            XCTAssertTrue(record.contains("WARC-Block-Digest: " + WARCRecord.digest(SHA1.hash(Array(body.utf8))) + "\r\n"), record)
            ends.append(offset + length)
        }
        XCTAssertEqual(ends.max(), warc.count, "the last record ends the file")
    }

    func test_writer_piecesLargerThanItsBuffer_goToTheFileInOrder_betweenSmallRecords() throws {
        let folder = try makeFolder()
        let writer = try makeWriter(in: folder)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        var seed: UInt32 = 7
        let picture = (0..<(3 * WARCWriter.bufferSize)).map { _ -> UInt8 in
            seed = seed &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let pieces = [
            0..<(WARCWriter.bufferSize + 100), (WARCWriter.bufferSize + 100)..<(WARCWriter.bufferSize + 105), (WARCWriter.bufferSize + 105)..<picture.count,
        ]
        let block = WARCWriter.Block(length: head.count + picture.count, sha1: SHA1.hash(head + picture), storedFrom: head.count) { write in
            try head.withUnsafeBytes { try write($0) }
            for piece in pieces { try picture[piece].withUnsafeBytes { try write($0) } }
        }
        let small = Array("HTTP/1.1 404 Not Found\r\n\r\n".utf8)
        try writer.write(response("https://example.org/a", body: ""), block: .init(small), capture: capture("https://example.org/a"))
        try writer.write(response("https://example.org/b", body: ""), block: block, capture: capture("https://example.org/b"))
        try writer.write(response("https://example.org/c", body: ""), block: .init(small), capture: capture("https://example.org/c"))
        try writer.finish()

        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz")))
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        var blocks: [[UInt8]] = []
        for line in index {
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (Int(fields["offset"] ?? "") ?? -1, Int(fields["length"] ?? "") ?? -1)
            let record = try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 20, gzip: true)
            let blank = try XCTUnwrap(record.indices.first { record[$0..<min(record.count, $0 + 4)].elementsEqual("\r\n\r\n".utf8) })
            blocks.append(Array(record[(blank + 4)..<(record.count - 4)]))
        }
        XCTAssertEqual(blocks, [small, head + picture, small])
    }

    func test_writer_beginsANewFileOnceOneHoldsItsShare_eachWithItsWarcinfoAndIndex() throws {
        let folder = try makeFolder()
        let writer = try makeWriter(in: folder, rotateAt: 1)
        for name in ["a", "b"] {
            try writer.write(response("https://example.org/\(name)", body: ""), block: .init([]), capture: capture("https://example.org/\(name)"))
        }
        try writer.finish()

        XCTAssertEqual(writer.finished, ["feedsite-20261126T120000Z-00000.warc.gz", "feedsite-20261126T120000Z-00001.warc.gz"])
        let second = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00001.cdxj", encoding: .utf8)
        XCTAssertTrue(second.hasPrefix("org,example)/b "), second)
        XCTAssertTrue(second.contains(#""filename": "feedsite-20261126T120000Z-00001.warc.gz""#), second)
    }

    func test_writer_ofARunBegunInTheSameSecondAsAnother_takesTheNextFreeSerial() throws {
        let folder = try makeFolder()
        try makeWriter(in: folder).finish()
        let left = try makeWriter(in: folder)
        let third = try makeWriter(in: folder)
        try third.finish()

        XCTAssertEqual(left.currentName, "feedsite-20261126T120000Z-00001.warc.gz")
        XCTAssertEqual(third.finished, ["feedsite-20261126T120000Z-00002.warc.gz"])
        XCTAssertEqual(WARCWriter.runName(at: date), "20261126T120000Z")
    }

    func test_stop_keepsTheRecordsWrittenWhole_underTheOpenName() throws {
        let folder = try makeFolder()
        let writer = try makeWriter(in: folder)
        try writer.write(
            response("https://example.org/a", body: "A"), block: .init(Array("HTTP/1.1 200 OK\r\n\r\nA".utf8)), capture: capture("https://example.org/a"))

        writer.stop()

        XCTAssertEqual(try files(in: folder), ["feedsite-20261126T120000Z-00000.warc.gz.open"], "not finished, not indexed")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz.open")))
        XCTAssertGreaterThan(bytes.count, 40, "the warcinfo and the response are on the disk")
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1f, 0x8b])
    }

    func test_write_ofABlockThatGivesOtherThanItsLength_isRefused() throws {
        let writer = try makeWriter(in: try makeFolder())
        let short = WARCWriter.Block(length: 10, sha1: SHA1.hash([UInt8]())) { write in try [UInt8](repeating: 1, count: 4).withUnsafeBytes { try write($0) } }

        XCTAssertThrowsError(try writer.write(response("https://example.org/x", body: ""), block: short)) { error in
            XCTAssertEqual(error as? WARCError, .blockLength("https://example.org/x", expected: 10, given: 4))
        }
    }

    private func response(_ url: String, body: String) -> WARCRecord {
        WARCRecord(kind: .response, id: UUID(), date: date, targetURI: url, contentType: "application/http;msgtype=response")
    }

    private func capture(_ url: String) -> WARCWriter.Capture {
        .init(url: url, mime: "application/json", status: 200, payloadDigest: "sha1:X")
    }

    private func makeWriter(in folder: String, rotateAt: Int = 1_000_000_000) throws -> WARCWriter {
        var count = 0
        return try WARCWriter(
            folder: folder, runName: "20261126T120000Z", date: date, info: [.init("software", "feedsite test")],
            newID: {
                count += 1
                return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", count))!
            }, rotateAt: rotateAt)
    }

    private func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func makeFolder() throws -> String {
        let folder = try makeTemporaryFolder(for: self).path
        return folder
    }
}
