import Foundation
import TestSupport
import XCTest

@testable import FileSystem

final class LineReaderTests: XCTestCase {
    func test_advance_givesEachLineInPlace_aLineLongerThanItsBufferWhole_andNotALastLineWithoutItsBreak() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let long = String(repeating: "0123456789", count: 70_000)
        let lines = ["first", "", long, "after the long one"] + (0..<30_000).map { "line \($0)" }
        try (lines.joined(separator: "\n") + "\nno break").write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        let reader = try LineReader(path: folder + "/file")

        var read: [String] = []
        var positions: [Int] = []
        while try reader.advance() {
            read.append(String(decoding: reader.line, as: UTF8.self))
            positions.append(reader.position)
        }

        XCTAssertEqual(read, lines)
        XCTAssertEqual(positions[3], 5 + 1 + 1 + long.utf8.count + 1, "where the line after the long one begins")
        XCTAssertEqual(reader.position, lines.map { $0.utf8.count + 1 }.reduce(0, +), "where the whole lines end")
        XCTAssertNil(try reader.next())
    }

    func test_aSmallBuffer_givesTheSameLines_eachLongerLineWhole() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let lines = (0..<2_000).map { "line \($0) " + String(repeating: "x", count: $0 % 50) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        let reader = try LineReader(path: folder + "/file", bufferSize: 16)

        var read: [String] = []
        while let line = try reader.next() { read.append(String(decoding: line, as: UTF8.self)) }

        XCTAssertEqual(read, lines)
    }
}
