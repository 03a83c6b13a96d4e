import Foundation
import TestSupport
import XCTest
import Zim

/// How the ZIM file stores the site: each distinct file once, in parts when asked, the same
/// bytes every time, and whole or not at all.
final class ZimWriterStorageTests: XCTestCase {
    func test_write_storesFilesWithTheSameBytesOnce_hardLinksAndCopiesAlike() throws {
        let site = try ZimTestSite.make(for: self)
        let written = try site.write()
        let entries = try ZimArchive(path: site.zim.path).entries()
        let targets = Dictionary(uniqueKeysWithValues: entries.map { (String($0.namespace) + "/" + $0.path, $0.target) })

        let picture = try XCTUnwrap(targets["C/images/one.jpg"])
        XCTAssertEqual(targets["C/history/2024-01-02/images/one.jpg"], picture, "a hard link")
        XCTAssertEqual(targets["C/history/2024-01-01/images/one.jpg"], picture, "a copy")
        XCTAssertNotEqual(targets["C/history/2024-01-01/index.html"], targets["C/index.html"], "other bytes")
        let distinct = Set(entries.filter { $0.namespace == "C" }.map { "\($0.target)" })
        XCTAssertEqual(distinct.count, 6, "seven files, three of them one picture: five distinct pages and files, one picture")
        XCTAssertEqual(written.blobs, distinct.count + 12 + 2, "the site's, the twelve metadata's and the two listings'")
        XCTAssertEqual(entries.count(where: { if case .redirect = $0.target { true } else { false } }), 1, "only the main page redirects")
    }

    func test_write_inParts_cutsTheWholeFileInOrderIntoPartsNamedAaAb() throws {
        let site = try ZimTestSite.make(for: self)
        let whole = try site.write()
        let parted = try site.write(to: site.zim.appendingPathExtension("p"), partSize: 1_000)

        let count = (whole.size + 999) / 1_000
        XCTAssertEqual(parted.paths.map { URL(fileURLWithPath: $0).lastPathComponent }.prefix(3), ["site.zim.paa", "site.zim.pab", "site.zim.pac"])
        XCTAssertEqual(parted.paths.count, count)
        let joined = try parted.paths.reduce(Data()) { $0 + (try Data(contentsOf: URL(fileURLWithPath: $1))) }
        XCTAssertEqual(joined, try Data(contentsOf: site.zim))
        XCTAssertTrue(try parted.paths.dropLast().allSatisfy { try Data(contentsOf: URL(fileURLWithPath: $0)).count == 1_000 })
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.zim.appendingPathExtension("p").path), "no whole file beside the parts")
        let archive = try ZimArchive(path: site.zim.appendingPathExtension("p").path)
        XCTAssertTrue(try archive.checksumMatches())
        XCTAssertEqual(try archive.content("C", "photos/a.html"), "<html><head><title>Almond trees</title></head></html>")
    }

    func test_write_whole_removesThePartsAnEarlierWriteLeft() throws {
        let site = try ZimTestSite.make(for: self)
        let parted = try site.write(partSize: 1_000)
        try site.write()

        XCTAssertTrue(FileManager.default.fileExists(atPath: site.zim.path))
        XCTAssertTrue(parted.paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
    }

    func test_write_sameSiteTwice_givesTheSameBytes_otherBytesAnotherUUID() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let first = try Data(contentsOf: site.zim)
        let copy = site.zim.appendingPathExtension("2")
        try site.write(to: copy)
        XCTAssertEqual(try Data(contentsOf: copy), first)

        try site.put("photos/a.html", "<html><head><title>Almond trees</title></head></html>!")
        try site.write(to: copy)
        XCTAssertNotEqual(try ZimArchive(path: copy.path).header.uuid, try ZimArchive(path: site.zim.path).header.uuid)
    }

    func test_write_whenTheMainPageIsMissing_throwsAndLeavesNoFile() throws {
        let site = try ZimTestSite.make(for: self)

        XCTAssertThrowsError(try site.write(content: site.content(mainPage: "missing.html")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.zim.deletingLastPathComponent().path), [])
    }

    func test_write_whenCancelled_throwsCancellationAndLeavesNoFile() async throws {
        let site = try ZimTestSite.make(for: self)
        let result = await inCancelledTask { try site.write() }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.zim.deletingLastPathComponent().path), [])
    }

    func test_write_removesTheTemporaryFileAKilledWriteLeft() throws {
        let site = try ZimTestSite.make(for: self)
        let stale = site.zim.deletingLastPathComponent().appendingPathComponent(".feedsite-tmp-999999-1-site.zim.tmp")
        try Data("half".utf8).write(to: stale)
        try site.write()

        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
    }
}
