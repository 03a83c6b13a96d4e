import Foundation
import Hashing
import WebArchive
import XCTest

final class BodySpoolTests: XCTestCase {
    func test_spool_hashesThePayload_andItsBlockIsTheHeadThenTheBody() throws {
        let folder = try makeFolder()
        let spool = try BodySpool(folder: folder, name: "1")
        let body = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        for start in stride(from: 0, to: body.count, by: 100_000) { try body[start..<(start + 100_000)].withUnsafeBytes { try spool.append($0) } }
        let head = "HTTP/1.1 200 OK\r\nContent-Length: 600000\r\n\r\n"

        let block = try spool.block(head: head)

        XCTAssertEqual(spool.length, body.count)
        XCTAssertEqual(spool.payloadSHA1, SHA1.hash(body))
        XCTAssertEqual(block.length, head.utf8.count + body.count)
        XCTAssertEqual(block.sha1, SHA1.hash(Array(head.utf8) + body))
        var given: [UInt8] = []
        try block.bytes { given.append(contentsOf: $0) }
        XCTAssertEqual(given, Array(head.utf8) + body)
    }

    func test_discard_removesTheHiddenFile() throws {
        let folder = try makeFolder()
        let spool = try BodySpool(folder: folder, name: "7")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [".feedsite-warc-spool-7"])

        spool.discard()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
