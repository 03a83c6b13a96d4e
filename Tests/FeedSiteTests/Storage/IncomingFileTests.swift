import FeedCore
import FeedStorage
import Foundation
import Hashing
import TestSupport
import XCTest

final class IncomingFileTests: XCTestCase {
    func test_finish_saysTheDigestSizeAndHeadOfEverythingWritten() throws {
        let sut = IncomingFile(path: try makeTemporaryFolder(for: self).appendingPathComponent("sub/file").path)
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

        try sut.begin(HTTPAnswer(status: 200, url: anyURL()))
        for chunk in stride(from: 0, to: bytes.count, by: 16_384) {
            try bytes[chunk..<min(bytes.count, chunk + 16_384)].withUnsafeBytes { try sut.write($0) }
        }
        let contents = try sut.finish()

        XCTAssertEqual(contents.digest, SHA256.digest(bytes))
        XCTAssertEqual(contents.byteCount, 100_000)
        XCTAssertEqual(contents.head, Array(bytes.prefix(ImageFormat.signatureLength)))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sut.path)), Data(bytes), "the folder is created and the bytes are on disk")
    }

    func test_begin_startsTheFileOverSoARetryNeverMixesTwoBodies() throws {
        let sut = IncomingFile(path: try makeTemporaryFolder(for: self).appendingPathComponent("file").path)
        try sut.begin(HTTPAnswer(status: 200, url: anyURL()))
        try Array("first try, cut short".utf8).withUnsafeBytes { try sut.write($0) }

        try sut.begin(HTTPAnswer(status: 200, url: anyURL()))
        try Array("second".utf8).withUnsafeBytes { try sut.write($0) }
        let contents = try sut.finish()

        XCTAssertEqual(contents.digest, SHA256.digest(Array("second".utf8)))
        XCTAssertEqual(try String(contentsOfFile: sut.path, encoding: .utf8), "second")
    }

    func test_finish_ofAFileNeverWrittenIsEmpty() throws {
        let sut = IncomingFile(path: try makeTemporaryFolder(for: self).appendingPathComponent("empty").path)

        let contents = try sut.finish()

        XCTAssertEqual(contents.byteCount, 0)
        XCTAssertEqual(contents.digest, SHA256.digest([UInt8]()))
    }

    func test_discard_removesTheFile() throws {
        let sut = IncomingFile(path: try makeTemporaryFolder(for: self).appendingPathComponent("gone").path)
        try Array("bytes".utf8).withUnsafeBytes { try sut.write($0) }

        sut.discard()

        XCTAssertFalse(FileManager.default.fileExists(atPath: sut.path))
    }

    func test_write_deliversACacheErrorNamingTheFileWithTheSystemsReasonWhenTheFolderCannotBeMade() throws {
        let blocker = try makeTemporaryFolder(for: self).appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let sut = IncomingFile(path: blocker.appendingPathComponent("file").path)

        XCTAssertThrowsError(try Array("bytes".utf8).withUnsafeBytes { try sut.write($0) }) { error in
            XCTAssertEqual(error as? CacheError, .cannot(.write, sut.path, reason: "Not a directory"))
            XCTAssertEqual("\(error)", "cannot write \(sut.path): Not a directory")
        }
    }

    func test_restart_deliversACacheErrorWhenTheFileCannotBeMade() throws {
        let blocker = try makeTemporaryFolder(for: self).appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let sut = IncomingFile(path: blocker.appendingPathComponent("file").path)

        XCTAssertThrowsError(try sut.restart()) { error in
            XCTAssertEqual(error as? CacheError, .cannot(.write, sut.path, reason: "Not a directory"))
        }
    }
}
