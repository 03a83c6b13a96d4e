import FileSystem
import Foundation
import TestSupport
import XCTest

final class NewFolderTests: XCTestCase {
    private let files: [(name: String, data: Data)] = [
        ("a.html", Data("<p>a</p>".utf8)), ("en.lproj/Feed.strings", Data("\"A\" = \"a\";".utf8)), ("en.lproj/Shared.strings", Data()),
    ]

    func test_write_createsTheMissingFolderAndTheFoldersAboveItWithEveryFile() throws {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("themes/mine")

        try NewFolder.write(files, into: folder.path)

        XCTAssertEqual(regularFiles(under: folder), ["a.html", "en.lproj/Feed.strings", "en.lproj/Shared.strings"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("en.lproj/Feed.strings")), files[1].data)
    }

    func test_write_fillsAnEmptyFolderAndLeavesNothingElseBehind() throws {
        let root = try makeTemporaryFolder(for: self)
        let folder = root.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)

        try NewFolder.write(files, into: folder.path)

        XCTAssertEqual(regularFiles(under: root), ["theme/a.html", "theme/en.lproj/Feed.strings", "theme/en.lproj/Shared.strings"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.html", "en.lproj"], "no hidden folder left")
    }

    func test_write_refusesAFolderThatHoldsAnythingEvenADotFileAndTouchesNothing() throws {
        let folder = try makeTemporaryFolder(for: self)
        try Data("mine".utf8).write(to: folder.appendingPathComponent(".notes"))
        try Data("mine too".utf8).write(to: folder.appendingPathComponent("a.html"))

        XCTAssertThrowsError(try NewFolder.write(files, into: folder.path)) { error in
            XCTAssertEqual(error as? NewFolder.Failure, .notEmpty(folder.path, count: 2, example: ".notes"))
        }
        XCTAssertEqual(regularFiles(under: folder), [".notes", "a.html"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("a.html"), encoding: .utf8), "mine too")
    }

    func test_write_refusesAFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("theme")
        try Data("mine".utf8).write(to: file)

        XCTAssertThrowsError(try NewFolder.write(files, into: file.path)) { error in
            XCTAssertEqual(error as? NewFolder.Failure, .notAFolder(file.path))
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "mine")
    }

    func test_write_thatFailsPartWayRemovesEveryFileAndTheFolderItMade() throws {
        let root = try makeTemporaryFolder(for: self)
        let folder = root.appendingPathComponent("theme")
        // The second file cannot be written: its folder is the first file.
        let clashing: [(name: String, data: Data)] = [("a", Data("a".utf8)), ("a/b", Data("b".utf8))]

        XCTAssertThrowsError(try NewFolder.write(clashing, into: folder.path)) { error in
            guard case let .unwritable(path, _) = error as? NewFolder.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder.appendingPathComponent("a/b").path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [])
    }

    func test_write_thatFailsPartWayLeavesAnEmptyFolderEmpty() throws {
        let folder = try makeTemporaryFolder(for: self)

        XCTAssertThrowsError(try NewFolder.write([("a", Data("a".utf8)), ("a/b", Data("b".utf8))], into: folder.path))

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
