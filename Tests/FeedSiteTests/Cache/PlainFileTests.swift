import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class PlainFileTests: XCTestCase {
    func test_entries_listsFilesAndFoldersWithoutDotEntries() throws {
        let folder = try makeTemporaryFolder(for: self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data("a".utf8).write(to: folder.appendingPathComponent("a.html"))
        try Data().write(to: folder.appendingPathComponent(".hidden"))

        let entries = try PlainFile.entries(inFolder: folder.path).sorted { $0.name < $1.name }

        XCTAssertEqual(entries.map(\.name), [".hidden", "a.html", "sub"])
        XCTAssertEqual(entries.map(\.isFolder), [false, false, true])
    }

    func test_entries_followsSymbolicLinksToFoldersAndFiles() throws {
        let folder = try makeTemporaryFolder(for: self)
        let target = try makeTemporaryFolder(for: self)
        try Data("t".utf8).write(to: target.appendingPathComponent("t.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/folder-link", withDestinationPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/file-link", withDestinationPath: target.path + "/t.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/dangling", withDestinationPath: target.path + "/missing")

        let entries = try PlainFile.entries(inFolder: folder.path).sorted { $0.name < $1.name }

        XCTAssertEqual(entries.map(\.name), ["file-link", "folder-link"], "a link to nothing is not listed")
        XCTAssertEqual(entries.map(\.isFolder), [false, true])
    }

    func test_entries_throwsForAMissingFolder() throws {
        let missing = try makeTemporaryFolder(for: self).appendingPathComponent("missing").path

        XCTAssertThrowsError(try PlainFile.entries(inFolder: missing)) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, ENOENT)
        }
    }
}
