import Foundation
import TestSupport
import XCTest

import FileSystem

final class SortedLinesTests: XCTestCase {
    func test_lines_pastTheMemoryLimit_areSetAsideAndMerged_intoOneFileSortedByTheirBytes() throws {
        let folder = try makeTemporaryFolder(for: self).path
        var seed: UInt64 = 42
        let lines =
            (0..<500).map { number -> String in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return "com,example)/\(seed >> 40) 2026112612000\(number % 10) {\"n\": \(number)}"
            } + ["Z upper case first", "é after every ASCII byte", "com,example)/1 same", "com,example)/1 same"]
        let sorter = SortedLines(folder: folder, name: "test", memoryLimit: 2_000)

        for line in lines { try sorter.add(Array(line.utf8)) }
        let setAside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(SortedLines.prefix) }.count
        try sorter.write(to: folder + "/test.cdxj")

        XCTAssertGreaterThan(setAside, 5, "the lines outgrew memory")
        let written = try String(contentsOfFile: folder + "/test.cdxj", encoding: .utf8)
        XCTAssertEqual(written, lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 + "\n" }.joined())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["test.cdxj"], "nothing set aside is left")
    }

    func test_manyFilesSetAside_areMergedAFewAtATime_intoOneSortedFile() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let lines = (0..<400).map { "line \(($0 * 7_919) % 400) of the index" }
        let sorter = SortedLines(folder: folder, name: "test", memoryLimit: 100, fanIn: 3)

        for line in lines { try sorter.add(Array(line.utf8)) }
        let setAside = try FileManager.default.contentsOfDirectory(atPath: folder).count
        try sorter.write(to: folder + "/test.cdxj")

        XCTAssertGreaterThan(setAside, 9, "more files than one merge takes")
        let written = try String(contentsOfFile: folder + "/test.cdxj", encoding: .utf8)
        XCTAssertEqual(written, lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 + "\n" }.joined())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["test.cdxj"], "nothing set aside is left")
    }
}
