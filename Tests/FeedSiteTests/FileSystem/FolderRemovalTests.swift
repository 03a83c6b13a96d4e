import FileSystem
import Foundation
import TestSupport
import XCTest

final class FolderRemovalTests: XCTestCase {
    func test_remove_removesAFolderWithItsFilesFoldersAndEmptyFolders() throws {
        let root = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        for path in ["index.html", "comments/a.html", "comments/b.html", "search/g1/t0.js", "empty/", "deep/er/still/x.txt"] {
            try make(path, in: root)
        }

        let removed = FolderRemoval.remove(root.path)

        XCTAssertTrue(removed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path))
    }

    func test_remove_removesALinkInsideWithoutFollowingIt() throws {
        let folder = try makeTemporaryFolder(for: self)
        let outside = folder.appendingPathComponent("outside")
        try make("keep.txt", in: outside)
        let root = folder.appendingPathComponent("site")
        try make("index.html", in: root)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: outside.path)

        XCTAssertTrue(FolderRemoval.remove(root.path))

        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.appendingPathComponent("keep.txt").path), "the link's target stays")
    }

    func test_remove_removesAFolderOfManyFilesWhoseReadingItChanges() throws {
        let root = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        for number in 0..<3_000 { try make("comments/\(number).html", in: root) }

        XCTAssertTrue(FolderRemoval.remove(root.path))

        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path))
    }

    func test_remove_removesAFileOrALink_andCallsAMissingPathGone() throws {
        let folder = try makeTemporaryFolder(for: self)
        try make("file.txt", in: folder)
        let target = folder.appendingPathComponent("target")
        try make("keep.txt", in: target)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)

        XCTAssertTrue(FolderRemoval.remove(folder.appendingPathComponent("file.txt").path))
        XCTAssertTrue(FolderRemoval.remove(link))
        XCTAssertTrue(FolderRemoval.remove(folder.appendingPathComponent("never-there").path))

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["target"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: target.appendingPathComponent("keep.txt").path))
    }

    /// `path` under `root`: a file with a line of text, or a folder when it ends with `/`.
    private func make(_ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        if path.hasSuffix("/") {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\(path)\n".utf8).write(to: url)
    }
}
