import Foundation
import Publishing
import TestSupport
import XCTest

/// The archive read by GNU tar, a separate program: it lists and extracts what feedsite
/// wrote as the files it was given.
final class TarArchiveTests: XCTestCase {
    func test_write_givesAnArchiveGNUTarListsAndExtractsToTheOriginalFiles() throws {
        let tar = try gnuTar()
        let folder = try makeTemporaryFolder(for: self)
        let files = try TarTestSite.write(into: folder)
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")

        try TarArchive.write(folder: folder, paths: files.keys.sorted(), to: archive, modificationDate: fixedNow())

        let listing = try run(tar, ["--list", "--verbose", "--numeric-owner", "--file", archive.path])
        let lines = listing.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { String($0.split(separator: " ").last!) }, TarTestSite.entries, listing)
        for line in lines {
            XCTAssertTrue(line.hasPrefix(line.hasSuffix("/") ? "drwxr-xr-x 0/0" : "-rw-r--r-- 0/0"), line)
        }
        let extracted = try makeTemporaryFolder(for: self)
        _ = try run(tar, ["--extract", "--file", archive.path, "--directory", extracted.path])
        XCTAssertEqual(regularFiles(under: extracted), files.keys.sorted())
        for (path, data) in files {
            XCTAssertEqual(try Data(contentsOf: extracted.appendingPathComponent(path)), data, path)
            let modified = try FileManager.default.attributesOfItem(atPath: extracted.appendingPathComponent(path).path)[.modificationDate] as? Date
            XCTAssertEqual(modified, fixedNow(), path)
        }
    }

    func test_write_givesHardLinksGNUTarListsAndExtractsAsLinks_evenToANameTooLongForTheLinkField() throws {
        let tar = try gnuTar()
        let folder = try makeTemporaryFolder(for: self)
        let picture = "history/20261124T120000Z/images/" + String(repeating: "f", count: 64) + ".webp"
        let paths = [picture, "images/" + String(repeating: "f", count: 64) + ".webp", "history/20261124T120000Z/a.html", "history/20261125T120000Z/a.html"]
        for (path, source) in zip(paths, [nil, picture, nil, "history/20261124T120000Z/a.html"]) {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let source {
                try FileManager.default.linkItem(at: folder.appendingPathComponent(source), to: file)
            } else {
                try Data(path.utf8).write(to: file)
            }
        }
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")

        try TarArchive.write(folder: folder, paths: paths, to: archive, modificationDate: fixedNow())

        let listing = try run(tar, ["--list", "--verbose", "--numeric-owner", "--file", archive.path])
        XCTAssertTrue(listing.contains("history/20261125T120000Z/a.html link to history/20261124T120000Z/a.html\n"), listing)
        XCTAssertTrue(listing.contains("images/\(String(repeating: "f", count: 64)).webp link to \(picture)\n"), listing)
        let extracted = try makeTemporaryFolder(for: self)
        _ = try run(tar, ["--extract", "--file", archive.path, "--directory", extracted.path])
        XCTAssertEqual(try inode(extracted.appendingPathComponent(paths[0])), try inode(extracted.appendingPathComponent(paths[1])))
        XCTAssertEqual(try inode(extracted.appendingPathComponent(paths[2])), try inode(extracted.appendingPathComponent(paths[3])))
        XCTAssertEqual(try String(contentsOf: extracted.appendingPathComponent(paths[1]), encoding: .utf8), picture)
    }

    // MARK: - Helpers

    private func gnuTar() throws -> URL {
        let tar = URL(fileURLWithPath: "/usr/bin/tar")
        guard FileManager.default.isExecutableFile(atPath: tar.path) else { throw XCTSkip("no /usr/bin/tar") }
        let version = try run(tar, ["--version"])
        guard version.contains("GNU tar") else { throw XCTSkip("/usr/bin/tar is not GNU tar") }
        return tar
    }

    /// Runs `tool` and returns what it printed; fails the test on a non-zero exit.
    private func run(_ tool: URL, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = ["TZ": "UTC", "LC_ALL": "C"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool.path) \(arguments)", file: file, line: line)
        return String(decoding: printed, as: UTF8.self)
    }
}
