import FeedSiteCLI
import Foundation
import XCTest

/// The README shows the usage's commands and options; they must read as `feedsite --help`
/// prints them, defaults included.
final class UsageTests: XCTestCase {
    func test_readme_showsEveryCommandAndOptionLineAsTheUsagePrintsIt() throws {
        let readme = try String(contentsOf: repositoryFile("README.md"), encoding: .utf8)
        let block = try XCTUnwrap(readme.components(separatedBy: "### Options\n\n```\n").dropFirst().first?.components(separatedBy: "```").first)
        let shown = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }

        let usage = try XCTUnwrap(Usage.text.components(separatedBy: "Usage:\n").last?.components(separatedBy: "Exit status:").first)
        let printed = usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("Options for generate") }

        XCTAssertFalse(printed.isEmpty)
        XCTAssertEqual(shown.count, printed.count, "lines in README's Options block")
        for (number, (line, expected)) in zip(shown, printed).enumerated() {
            XCTAssertEqual(line, expected, "line \(number + 1) of README's Options block")
        }
    }

    private func repositoryFile(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // CLI
            .deletingLastPathComponent()  // FeedSiteTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
            .appendingPathComponent(name)
    }
}
