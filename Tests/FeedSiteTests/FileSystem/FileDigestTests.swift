import FileSystem
import Foundation
import Hashing
import TestSupport
import XCTest

final class FileDigestTests: XCTestCase {
    func test_sha256_deliversNilForAMissingFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("missing")

        XCTAssertNil(try FileDigest.sha256(ofFileAt: file))
    }

    func test_sha256_ofAnEmptyFile() throws {
        let file = try write(Data(), named: "empty")

        let result = try FileDigest.sha256(ofFileAt: file)

        XCTAssertEqual(result?.sha256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(result?.byteCount, 0)
    }

    func test_sha256_ofAShortFile() throws {
        let file = try write(Data("abc".utf8), named: "abc")

        let result = try FileDigest.sha256(ofFileAt: file)

        XCTAssertEqual(result?.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(result?.byteCount, 3)
    }

    func test_sha256_ofAFileOfSeveralChunksIsTheDigestOfAllItsBytes() throws {
        // FIPS 180-2 test vector: one million "a" (read in several 256 KiB chunks).
        let file = try write(Data(repeating: UInt8(ascii: "a"), count: 1_000_000), named: "million-a")

        let result = try FileDigest.sha256(ofFileAt: file)

        XCTAssertEqual(result?.sha256, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(result?.byteCount, 1_000_000)
    }

    func test_sha256_handsEveryChunkInOrderToTheReaderItIsGiven() throws {
        let data = Data((0..<700_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let file = try write(data, named: "several-chunks")
        var seen: [UInt8] = []
        var chunks = 0

        let result = try XCTUnwrap(
            try FileDigest.sha256(ofFileAtPath: file.path) { chunk in
                seen.append(contentsOf: chunk)
                chunks += 1
            })

        XCTAssertEqual(seen, Array(data), "the reader sees the very bytes hashed, once each")
        XCTAssertGreaterThan(chunks, 1)
        XCTAssertEqual(result.sha256, SHA256.hexDigest(data))
        XCTAssertEqual(result.byteCount, data.count)
    }

    func test_sha256_failsOnAFolder() throws {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("folder")
        try CacheFixtures.makeFolder(at: folder)

        XCTAssertThrowsError(try FileDigest.sha256(ofFileAt: folder))
    }

    // MARK: - Helpers

    private func write(_ data: Data, named name: String) throws -> URL {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent(name)
        try data.write(to: file)
        return file
    }
}
