import Foundation
import Publishing
import TestSupport
import XCTest

/// Numbered lines handed in any order, from many tasks at once, come out in order.
final class OrderedLinesFileTests: XCTestCase {
    func test_add_writesLinesInTheOrderOfTheirNumbersWhateverOrderTheyCome() throws {
        let orders: [[Int]] = [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 0, 4, 1, 3], [1, 2, 3, 4, 0]]
        for order in orders {
            let site = try makeSite()
            let sut = try OrderedLinesFile("data/lines.jsonl", in: site)

            for number in order { try sut.add("line \(number)\n", number: number) }
            try sut.finish(count: 5)

            XCTAssertEqual(try lines(of: site), (0..<5).map { "line \($0)" }, "given in the order \(order)")
        }
    }

    func test_add_fromManyTasksAtOnce_writesEveryLineOnceInOrder() async throws {
        let site = try makeSite()
        let sut = try OrderedLinesFile("data/lines.jsonl", in: site)
        let count = 2_000
        // Lines as long as the writer's buffer or longer make the late ones cross it.
        let long = String(repeating: "x", count: 300_000)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in (0..<count).shuffled() {
                group.addTask { try sut.add("\(number)\(number % 500 == 7 ? long : "")\n", number: number) }
            }
            try await group.waitForAll()
        }
        try sut.finish(count: count)

        XCTAssertEqual(try lines(of: site), (0..<count).map { "\($0)\($0 % 500 == 7 ? long : "")" })
        XCTAssertEqual(site.fileCounts.written, 1)
    }

    func test_finish_throwsAndPutsNothingInPlaceWhenALineNeverCame() throws {
        let site = try makeSite()
        let sut = try OrderedLinesFile("data/lines.jsonl", in: site)
        try sut.add("line 0\n", number: 0)
        try sut.add("line 2\n", number: 2)

        XCTAssertThrowsError(try sut.finish(count: 3)) { error in
            XCTAssertTrue("\(error)".contains("1 of its 3 lines never came"), "\(error)")
        }
        XCTAssertEqual(regularFiles(under: site.staging), [], "neither the file nor a temporary one is left")
    }

    func test_add_refusesANumberGivenTwice() throws {
        let site = try makeSite()
        let sut = try OrderedLinesFile("lines.jsonl", in: site)
        try sut.add("first\n", number: 0)
        try sut.add("third\n", number: 2)

        XCTAssertThrowsError(try sut.add("again\n", number: 0))
        XCTAssertThrowsError(try sut.add("again\n", number: 2))
    }

    func test_finish_withNoLinesWritesAnEmptyFile() throws {
        let site = try makeSite()
        let sut = try OrderedLinesFile("data/lines.jsonl", in: site)

        try sut.finish(count: 0)

        XCTAssertEqual(try Data(contentsOf: site.url(for: "data/lines.jsonl")), Data())
    }

    func test_finish_keepsThePreviousSitesFileWhenItHoldsTheSameLines() throws {
        let (output, inode) = try publishedSite(lines: ["a\n", "b\n"])

        let same = try StagedSite(output: output)
        let again = try OrderedLinesFile("data/lines.jsonl", in: same)
        try again.add("b\n", number: 1)
        try again.add("a\n", number: 0)
        try again.finish(count: 2)

        XCTAssertEqual(try inodeNumber(same.url(for: "data/lines.jsonl")), inode, "linked from the previous site")
        XCTAssertEqual(same.fileCounts.written, 0)
        XCTAssertEqual(same.fileCounts.unchanged, 1)
    }

    func test_finish_replacesThePreviousSitesFileWhenTheLinesDiffer() throws {
        let (output, inode) = try publishedSite(lines: ["a\n", "b\n"])

        let changed = try StagedSite(output: output)
        let other = try OrderedLinesFile("data/lines.jsonl", in: changed)
        try other.add("c\n", number: 1)
        try other.add("a\n", number: 0)
        try other.finish(count: 2)

        XCTAssertEqual(try String(contentsOf: changed.url(for: "data/lines.jsonl"), encoding: .utf8), "a\nc\n")
        XCTAssertNotEqual(try inodeNumber(changed.url(for: "data/lines.jsonl")), inode)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("data/lines.jsonl"), encoding: .utf8), "a\nb\n", "the published file is untouched")
        XCTAssertEqual(changed.fileCounts.written, 1)
        XCTAssertEqual(changed.fileCounts.unchanged, 0)
        changed.discard()
    }

    func test_staging_holdsNoScratchFileWhileLinesWait() throws {
        let site = try makeSite()
        let sut = try OrderedLinesFile("data/lines.jsonl", in: site)

        try sut.add("late\n", number: 5)

        let hidden = try FileManager.default.contentsOfDirectory(atPath: site.staging.path)
        XCTAssertEqual(hidden, [], "the scratch file is unlinked as soon as it is open")
    }

    private func makeSite() throws -> StagedSite {
        let site = try StagedSite(output: try makeTemporaryFolder(for: self).appendingPathComponent("Output"))
        addTeardownBlock { site.discard() }
        return site
    }

    /// An output folder published with `data/lines.jsonl` holding `lines`, and that file's inode.
    private func publishedSite(lines: [String]) throws -> (output: URL, inode: Int) {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("Output")
        let previous = try StagedSite(output: output)
        let file = try OrderedLinesFile("data/lines.jsonl", in: previous)
        for (number, line) in lines.enumerated() { try file.add(line, number: number) }
        try file.finish(count: lines.count)
        try previous.publish()
        return (output, try inodeNumber(output.appendingPathComponent("data/lines.jsonl")))
    }

    private func lines(of site: StagedSite) throws -> [String] {
        let text = try String(contentsOf: site.url(for: "data/lines.jsonl"), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func inodeNumber(_ url: URL) throws -> Int {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }
}
