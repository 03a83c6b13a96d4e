import Foundation
import Hashing
import Publishing
import TestSupport
import XCTest

/// Names of one file (a history's shared pages) archived once: the first in the archive's
/// order holds the bytes, each later one is a ustar hard-link entry naming it.
final class TarArchiveHardLinkTests: XCTestCase {
    func test_write_givesEachLaterNameOfAFileAHardLinkEntryNamingTheFirstInTheArchivesOrder() throws {
        let folder = try makeTemporaryFolder(for: self)
        try write("the shared page", to: "page.html", in: folder)
        try link("page.html", to: "history/s2/page.html", in: folder)
        try link("page.html", to: "history/s1/page.html", in: folder)
        try write("another page", to: "other.html", in: folder)

        let tar = try TarEntries(Data(archive(of: folder, paths: ["page.html", "other.html", "history/s2/page.html", "history/s1/page.html"])))

        XCTAssertEqual(tar.paths, ["history/", "history/s1/", "history/s1/page.html", "history/s2/", "history/s2/page.html", "other.html", "page.html"])
        let first = try XCTUnwrap(tar.entries.first { $0.path == "history/s1/page.html" })
        XCTAssertEqual(first.type, "0", "the first path holds the file")
        XCTAssertEqual(String(decoding: first.data, as: UTF8.self), "the shared page")
        XCTAssertEqual(tar.links, ["history/s2/page.html": "history/s1/page.html", "page.html": "history/s1/page.html"])
        for path in tar.links.keys {
            XCTAssertEqual(tar.entries.first { $0.path == path }?.data, Data(), "\(path): a link holds no bytes")
        }
        XCTAssertEqual(tar.entries.first { $0.path == "other.html" }?.type, "0")
    }

    func test_write_putsAHardLinksTypeSizeAndLinkNameAtTheirUstarOffsets() throws {
        let folder = try makeTemporaryFolder(for: self)
        try write("shared", to: "a.html", in: folder)
        try link("a.html", to: "b.html", in: folder)

        let archive = try archive(of: folder, paths: ["a.html", "b.html"])

        XCTAssertEqual(archive.count, 512 + 512 + 512 + 1024, "a's header and its one block of bytes, b's header alone, the two end blocks")
        let header = Array(archive[1024..<1536])
        XCTAssertEqual(String(decoding: header[0..<100].prefix { $0 != 0 }, as: UTF8.self), "b.html")
        XCTAssertEqual(Array(header[100..<108]), Array("0000644\0".utf8), "mode")
        XCTAssertEqual(Array(header[124..<136]), Array("00000000000\0".utf8), "size")
        XCTAssertEqual(header[156], UInt8(ascii: "1"), "typeflag: a hard link")
        XCTAssertEqual(Array(header[157..<257]), Array("a.html".utf8) + [UInt8](repeating: 0, count: 94), "linkname")
        let sum = header.enumerated().reduce(0) { sum, byte in sum + ((148..<156).contains(byte.offset) ? 0x20 : Int(byte.element)) }
        XCTAssertEqual(
            Array(header[148..<156]), Array((String(repeating: "0", count: 6 - String(sum, radix: 8).count) + String(sum, radix: 8)).utf8) + [0, 0x20])
    }

    func test_write_givesTheSameBytesForFoldersWhoseFilesShareTheSameWayWhateverOrderTheirInodesWereMadeIn() throws {
        let first = try makeTemporaryFolder(for: self)
        try write("one", to: "a.html", in: first)
        try write("two", to: "b.html", in: first)
        try link("b.html", to: "c/b.html", in: first)
        try link("a.html", to: "c/a.html", in: first)
        let second = try makeTemporaryFolder(for: self)
        try write("two", to: "c/b.html", in: second)
        try write("one", to: "c/a.html", in: second)
        try link("c/b.html", to: "b.html", in: second)
        try link("c/a.html", to: "a.html", in: second)
        let paths = ["a.html", "b.html", "c/a.html", "c/b.html"]

        let archive = try archive(of: first, paths: paths)

        XCTAssertEqual(archive, try self.archive(of: second, paths: paths.reversed()))
        XCTAssertEqual(archive, try self.archive(of: first, paths: paths), "the same folder twice")
        XCTAssertEqual(try TarEntries(Data(archive)).links, ["c/a.html": "a.html", "c/b.html": "b.html"])
    }

    func test_write_ofAFolderWithoutSharedFilesGivesTheBytesItAlwaysGave() throws {
        let folder = try makeTemporaryFolder(for: self)
        let files = try TarTestSite.write(into: folder)
        // A file the archive does not hold shares one of its files: no link for it.
        try link("a.txt", to: "not-archived.txt", in: folder)

        let archive = try archive(of: folder, paths: files.keys.sorted())

        XCTAssertEqual(try TarEntries(Data(archive)).links, [:])
        // The digest of what the writer gave before it knew hard links.
        XCTAssertEqual(SHA256.hexDigest(Data(archive)), "024d950c2a25f8a26b8686617c0bb114fa9a9d0b40239303d3216166f29efacf")
    }

    func test_write_namesAFirstPathTooLongForTheLinkFieldInAPaxExtendedHeaderBeforeTheLink() throws {
        let folder = try makeTemporaryFolder(for: self)
        let picture = "history/20261124T120000Z/images/" + String(repeating: "f", count: 64) + ".webp"
        try write("picture", to: picture, in: folder)
        try link(picture, to: "images/" + String(repeating: "f", count: 64) + ".webp", in: folder)

        let archive = try archive(of: folder, paths: [picture, "images/" + String(repeating: "f", count: 64) + ".webp"])

        XCTAssertEqual(picture.utf8.count, 101)
        let tar = try TarEntries(Data(archive))
        XCTAssertEqual(tar.links, ["images/" + String(repeating: "f", count: 64) + ".webp": picture])
        let record = "115 linkpath=\(picture)\n"
        XCTAssertEqual(record.utf8.count, 115, "a record's length counts its own digits")
        let pax = try XCTUnwrap(archive.indices.first { archive[$0..<min(archive.count, $0 + record.utf8.count)].elementsEqual(record.utf8) })
        XCTAssertEqual(pax % 512, 0, "the record is the data of a header of its own")
        XCTAssertEqual(archive[pax - 512 + 156], UInt8(ascii: "x"), "a pax extended header")
        XCTAssertEqual(archive[pax + 512 + 156], UInt8(ascii: "1"), "the link's own header follows it")
    }

    func test_write_givesAnArchiveThatExtractsToTheSameFilesSharedTheSameWay() throws {
        let folder = try makeTemporaryFolder(for: self)
        try write("shared", to: "a/page.html", in: folder)
        try link("a/page.html", to: "b/page.html", in: folder)
        try write("alone", to: "c.html", in: folder)
        let extracted = try makeTemporaryFolder(for: self)

        try TarEntries(Data(archive(of: folder, paths: ["a/page.html", "b/page.html", "c.html"]))).extract(into: extracted)

        XCTAssertEqual(try String(contentsOf: extracted.appendingPathComponent("b/page.html"), encoding: .utf8), "shared")
        XCTAssertEqual(try String(contentsOf: extracted.appendingPathComponent("c.html"), encoding: .utf8), "alone")
        XCTAssertEqual(try inode(extracted.appendingPathComponent("a/page.html")), try inode(extracted.appendingPathComponent("b/page.html")))
        XCTAssertNotEqual(try inode(extracted.appendingPathComponent("a/page.html")), try inode(extracted.appendingPathComponent("c.html")))
    }

    // MARK: - Helpers

    private func archive(of folder: URL, paths: [String]) throws -> [UInt8] {
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")
        try TarArchive.write(folder: folder, paths: paths, to: archive, modificationDate: fixedNow())
        return Array(try Data(contentsOf: archive))
    }

    private func write(_ text: String, to path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    private func link(_ source: String, to path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: folder.appendingPathComponent(source), to: file)
    }

}
