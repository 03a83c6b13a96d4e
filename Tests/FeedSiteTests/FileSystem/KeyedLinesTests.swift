import Foundation
import Synchronization
import TestSupport
import XCTest

import FileSystem

final class KeyedLinesTests: XCTestCase {
    private func file(_ text: String) throws -> String {
        let folder = try makeTemporaryFolder(for: self).path
        let path = folder + "/lines.tsv"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private static func isDigits(_ key: ArraySlice<UInt8>) -> Bool {
        key.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    func test_lineForKey_findsEveryLine_whereverItFallsBetweenTheLinesKept_andNoLineForAKeyNotThere() throws {
        let keys = (0..<500).map { String(format: "%04d", 2 * $0 + 1) }
        let path = try file(keys.map { "\($0)\tline \($0)\n" }.joined())
        let lines = try XCTUnwrap(KeyedLines.open(path, keyLength: 4, spacing: 7, isKey: Self.isDigits))

        for key in keys { XCTAssertEqual(try lines.line(forKey: Array(key.utf8)).map { String(decoding: $0, as: UTF8.self) }, "\(key)\tline \(key)") }
        for missing in ["0000", "0002", "0500", "0998", "1000"] { XCTAssertNil(try lines.line(forKey: Array(missing.utf8)), missing) }
        XCTAssertNil(try lines.line(forKey: Array("01".utf8)), "a key of another length")
    }

    func test_lineForKey_findsTheSameLines_lookedUpFromSeveralThreadsAtOnce() throws {
        let keys = (0..<400).map { String(format: "%04d", $0) }
        let path = try file(keys.map { "\($0)\tline \($0)\n" }.joined())
        let lines = try XCTUnwrap(KeyedLines.open(path, keyLength: 4, spacing: 8, isKey: Self.isDigits))
        let found = Mutex([Int](repeating: 0, count: 4))

        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let count = keys.filter { key in (try? lines.line(forKey: Array(key.utf8))).map { String(decoding: $0, as: UTF8.self) } == "\(key)\tline \(key)" }
                .count
            found.withLock { $0[thread] = count }
        }

        XCTAssertEqual(found.withLock { $0 }, [400, 400, 400, 400])
    }

    func test_linesOutOfOrder_orWithoutAKey_arePassedOver_byLookupAndByTheReader() throws {
        let path = try file("0001\ta\n0005\tb\n0003\tout of order\nnot a key\n0005\tagain\n00x7\tbad\n0009\tc\n0011")
        let lines = try XCTUnwrap(KeyedLines.open(path, keyLength: 4, spacing: 1, isKey: Self.isDigits))

        XCTAssertEqual(try lines.line(forKey: Array("0009".utf8)).map { String(decoding: $0, as: UTF8.self) }, "0009\tc")
        XCTAssertNil(try lines.line(forKey: Array("0011".utf8)), "a last line without its line break is not whole")
        var read: [String] = []
        let reader = try lines.lines()
        while let line = try reader.next() { read.append(String(decoding: line, as: UTF8.self)) }
        XCTAssertEqual(read, ["0001\ta", "0005\tb", "0009\tc"])
    }

    func test_open_givesNothingForAMissingFile_andRefusesAFolder() throws {
        let path = try file("")
        XCTAssertNil(try KeyedLines.open(path + ".missing", keyLength: 4, isKey: Self.isDigits))
        XCTAssertThrowsError(try KeyedLines.open((path as NSString).deletingLastPathComponent, keyLength: 4, isKey: Self.isDigits))
        let empty = try XCTUnwrap(KeyedLines.open(path, keyLength: 4, isKey: Self.isDigits))
        XCTAssertNil(try empty.line(forKey: Array("0001".utf8)))
    }
}
