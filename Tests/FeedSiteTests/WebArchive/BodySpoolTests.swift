import Foundation
import Hashing
import WebArchive
import TestSupport
import XCTest

final class BodySpoolTests: XCTestCase {
    func test_spool_hashesThePayload_andItsBlockIsTheHeadThenTheBody_inMemoryOrPastTheBudgetInAFile() throws {
        for (budget, inFile) in [(1_000_000, false), (250_000, true)] {
            let folder = try makeFolder()
            var spool = BodySpool(folder: folder, name: "1", budget: SpoolBudget(bytes: budget))
            try assertBlock(of: &spool)
            XCTAssertEqual(spool.isInFile, inFile, "budget \(budget)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), inFile ? [".feedsite-warc-spool-1"] : [])
        }
    }

    func test_budget_isSharedBySpools_andGivenBackWhenOneIsDiscarded() throws {
        let folder = try makeFolder()
        let budget = SpoolBudget(bytes: 150)
        var first = BodySpool(folder: folder, name: "1", budget: budget)
        var second = BodySpool(folder: folder, name: "2", budget: budget)
        let bytes = [UInt8](repeating: 7, count: 100)

        try bytes.withUnsafeBytes { try first.append($0) }
        try bytes.withUnsafeBytes { try second.append($0) }
        first.discard()
        var third = BodySpool(folder: folder, name: "3", budget: budget)
        try bytes.withUnsafeBytes { try third.append($0) }

        XCTAssertEqual([first.isInFile, second.isInFile, third.isInFile], [false, true, false])
        XCTAssertEqual(try third.block(head: []).payloadSHA1, SHA1.hash(bytes))
    }

    private func assertBlock(of spool: inout BodySpool) throws {
        let body = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        for start in stride(from: 0, to: body.count, by: 100_000) { try body[start..<(start + 100_000)].withUnsafeBytes { try spool.append($0) } }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 600000\r\n\r\n".utf8)

        let (block, payloadSHA1, payloadSHA256) = try spool.block(head: head, withSHA256: true)

        XCTAssertEqual(spool.length, body.count)
        XCTAssertEqual(payloadSHA1, SHA1.hash(body))
        XCTAssertEqual(payloadSHA256, SHA256.hash(body), "a picture's name, in the same reading")
        XCTAssertEqual(block.length, head.count + body.count)
        XCTAssertEqual(block.sha1, SHA1.hash(head + body))
        var given: [UInt8] = []
        try block.bytes { given.append(contentsOf: $0) }
        XCTAssertEqual(given, head + body)
    }

    func test_discard_removesTheHiddenFile() throws {
        let folder = try makeFolder()
        var spool = BodySpool(folder: folder, name: "7", budget: SpoolBudget(bytes: 0))
        try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try spool.append($0) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [".feedsite-warc-spool-7"])

        spool.discard()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    private func makeFolder() throws -> String {
        let folder = try makeTemporaryFolder(for: self).path
        return folder
    }
}
