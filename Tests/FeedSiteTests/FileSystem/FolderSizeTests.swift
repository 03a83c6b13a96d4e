import FileSystem
import Foundation
import TestSupport
import XCTest

final class FolderSizeTests: XCTestCase {
    func test_bytes_sumsTheFilesAtEveryDepthCountingAFileWithSeveralNamesOnce() throws {
        let folder = try makeTemporaryFolder(for: self)
        try write(100, to: folder.appendingPathComponent("cache.sqlite"))
        try write(30, to: folder.appendingPathComponent("cache.sqlite-wal"))
        try write(2_000, to: folder.appendingPathComponent("images/blobs/ab/abcd"))
        // A second name for the blob, as an index entry of the earlier layout was.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images/index/ff"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(
            at: folder.appendingPathComponent("images/blobs/ab/abcd"), to: folder.appendingPathComponent("images/index/ff/ffee"))
        try write(0, to: folder.appendingPathComponent(".lock"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)

        XCTAssertEqual(try FolderSize.bytes(under: folder.path), 2_130)
    }

    func test_bytes_followsNoSymbolicLink() throws {
        let folder = try makeTemporaryFolder(for: self)
        let elsewhere = try makeTemporaryFolder(for: self)
        try write(5_000, to: elsewhere.appendingPathComponent("big"))
        try write(7, to: folder.appendingPathComponent("small"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("file-link"), withDestinationURL: elsewhere.appendingPathComponent("big"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("folder-link"), withDestinationURL: elsewhere)

        XCTAssertEqual(try FolderSize.bytes(under: folder.path), 7)
    }

    func test_bytes_isZeroForAFolderThatDoesNotExist() throws {
        let missing = try makeTemporaryFolder(for: self).appendingPathComponent("never-made")

        XCTAssertEqual(try FolderSize.bytes(under: missing.path), 0)
    }

    func test_bytes_throwsWhenThePathIsAFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("file")
        try write(10, to: file)

        XCTAssertThrowsError(try FolderSize.bytes(under: file.path))
    }

    private func write(_ count: Int, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: count).write(to: url)
    }
}
