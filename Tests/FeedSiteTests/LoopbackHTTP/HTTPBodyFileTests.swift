import Foundation
import TestSupport
import XCTest

@testable import LoopbackHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class HTTPBodyFileTests: XCTestCase {
    func test_open_givesARegularFilesLengthAndReadsItsBytesAtAnOffset() throws {
        let folder = try makeTemporaryFolder(for: self)
        let path = folder.appendingPathComponent("page.html").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))

        let file = try XCTUnwrap(HTTPBodyFile(regularFileAt: path))
        var buffer = [UInt8](repeating: 0, count: 4)
        let count = buffer.withUnsafeMutableBytes { file.read(into: $0, at: 6) }

        XCTAssertEqual(file.length, 10)
        XCTAssertEqual(count, 4)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "6789")
    }

    func test_open_refusesAnythingButARegularFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let target = folder.appendingPathComponent("target.html")
        try Data("x".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.html"), withDestinationURL: target)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo").path, 0o600), 0)

        XCTAssertNil(HTTPBodyFile(regularFileAt: folder.path), "a folder")
        XCTAssertNil(HTTPBodyFile(regularFileAt: folder.appendingPathComponent("missing").path), "a missing file")
        XCTAssertNil(HTTPBodyFile(regularFileAt: folder.appendingPathComponent("link.html").path), "a symbolic link")
        XCTAssertNil(HTTPBodyFile(regularFileAt: folder.appendingPathComponent("fifo").path), "a FIFO, opened without waiting for a writer")
        XCTAssertNil(HTTPBodyFile(regularFileAt: "/dev/null"), "a device")
    }
}
