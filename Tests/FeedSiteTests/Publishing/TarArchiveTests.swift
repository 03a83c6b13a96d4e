import FeedCore
import Foundation
import Publishing
import TestSupport
import XCTest

/// The archive against the ustar format (POSIX.1-1988, as pax(1) describes it) field by
/// field; the integration tests read it with GNU tar too.
final class TarArchiveTests: XCTestCase {
    // MARK: - Headers

    func test_write_putsEveryFieldOfAFileHeaderAtItsUstarOffset() throws {
        let archive = try archiveOfSite()
        let (header, offset) = try XCTUnwrap(headers(in: archive).first { name(in: $0.header) == "a.txt" })

        XCTAssertEqual(field(header, 0, 100), pad("a.txt", 100), "name")
        XCTAssertEqual(field(header, 100, 8), bytes("0000644\0"), "mode")
        XCTAssertEqual(field(header, 108, 8), bytes("0000000\0"), "uid")
        XCTAssertEqual(field(header, 116, 8), bytes("0000000\0"), "gid")
        XCTAssertEqual(field(header, 124, 12), bytes("00000000005\0"), "size")
        XCTAssertEqual(field(header, 136, 12), bytes(String(Int(fixedNow().timeIntervalSince1970), radix: 8).leftPadded(11) + "\0"), "mtime")
        XCTAssertEqual(field(header, 148, 8), bytes(String(posixChecksum(header), radix: 8).leftPadded(6) + "\0 "), "checksum")
        XCTAssertEqual(header[156], UInt8(ascii: "0"), "typeflag: a regular file")
        XCTAssertEqual(field(header, 157, 100), zeros(100), "linkname")
        XCTAssertEqual(field(header, 257, 6), bytes("ustar\0"), "magic")
        XCTAssertEqual(field(header, 263, 2), bytes("00"), "version")
        XCTAssertEqual(field(header, 265, 32), zeros(32), "uname")
        XCTAssertEqual(field(header, 297, 32), zeros(32), "gname")
        XCTAssertEqual(field(header, 329, 16), zeros(16), "devmajor and devminor")
        XCTAssertEqual(field(header, 345, 155), zeros(155), "prefix")
        XCTAssertEqual(field(header, 500, 12), zeros(12), "the rest of the block")
        XCTAssertEqual(Array(archive[offset + 512..<offset + 517]), bytes("hello"), "the file's bytes follow its header")
    }

    func test_write_givesAFolderAHeaderOfTypeFiveWithModeSevenFiveFiveAndNoSize() throws {
        let archive = try archiveOfSite()
        let (header, _) = try XCTUnwrap(headers(in: archive).first { name(in: $0.header) == "sub/" })

        XCTAssertEqual(field(header, 100, 8), bytes("0000755\0"), "mode")
        XCTAssertEqual(field(header, 124, 12), bytes("00000000000\0"), "size")
        XCTAssertEqual(header[156], UInt8(ascii: "5"), "typeflag: a folder")
        XCTAssertEqual(field(header, 148, 8), bytes(String(posixChecksum(header), radix: 8).leftPadded(6) + "\0 "), "checksum")
    }

    func test_write_splitsAPathLongerThanTheNameFieldIntoPrefixAndNameAtASlash() throws {
        let archive = try archiveOfSite()
        let (header, _) = try XCTUnwrap(headers(in: archive).first { field($0.header, 0, 100) == pad("f.txt", 100) })

        XCTAssertEqual(field(header, 345, 155), pad(TarTestSite.longFolder, 155), "prefix")
        XCTAssertEqual(TarTestSite.longFolder.utf8.count + 1 + "f.txt".utf8.count, TarTestSite.longPath.utf8.count)
        XCTAssertGreaterThan(TarTestSite.longPath.utf8.count, 100)
    }

    func test_write_listsEntriesInPathOrderFoldersFirstEachPaddedTo512BytesAndEndsWithTwoZeroBlocks() throws {
        let (folder, files) = try makeSite()
        let archive = try archive(of: folder, paths: files.keys.sorted())

        let found = headers(in: archive)

        XCTAssertEqual(found.map { fullName(of: $0.header) }, TarTestSite.entries)
        XCTAssertEqual(archive.count % 512, 0)
        var expectedSize = 0
        for path in TarTestSite.entries {
            let size = files[path]?.count ?? 0
            expectedSize += 512 + (size + 511) / 512 * 512
        }
        XCTAssertEqual(archive.count, expectedSize + 1024, "entries, then two zero blocks")
        XCTAssertEqual(Array(archive.suffix(1024)), zeros(1024))
        let big = try XCTUnwrap(found.first { fullName(of: $0.header) == "sub/big.bin" })
        let content = big.offset + 512..<big.offset + 512 + files["sub/big.bin"]!.count
        XCTAssertEqual(Data(archive[content]), files["sub/big.bin"], "a file larger than the writer's buffer is streamed whole")
        XCTAssertEqual(Array(archive[content.upperBound..<big.offset + 512 + (content.count + 511) / 512 * 512]).allSatisfy { $0 == 0 }, true, "padding")
    }

    // MARK: - Failures

    func test_write_throwsPathTooLongForAPathThatCannotBeSplitAndLeavesNoFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let name = String(repeating: "x", count: 101)
        try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        let destination = try makeTemporaryFolder(for: self)

        XCTAssertThrowsError(
            try TarArchive.write(folder: folder, paths: [name], to: destination.appendingPathComponent("site.tar"), modificationDate: fixedNow())
        ) { error in
            XCTAssertEqual(error as? TarArchive.WriteError, .pathTooLong(name))
            XCTAssertEqual("\(error)", "cannot archive \(name): the path is too long for a ustar header")
        }
        XCTAssertEqual(CacheFixtures.files(under: destination), [])
    }

    func test_write_thatFailsPartWayLeavesNoArchiveAndNoTemporaryFile() throws {
        let (folder, files) = try makeSite()
        let destination = try makeTemporaryFolder(for: self)
        let archive = destination.appendingPathComponent("site.tar")

        XCTAssertThrowsError(
            try TarArchive.write(folder: folder, paths: files.keys.sorted() + ["zz-missing.html"], to: archive, modificationDate: fixedNow())
        ) { error in
            XCTAssertEqual(error as? TarArchive.WriteError, .cannotWrite(archive.path, reason: "No such file or directory"))
        }
        XCTAssertEqual(CacheFixtures.files(under: destination), [])
    }

    func test_write_thatFailsKeepsThePreviousArchiveAsItWas() throws {
        let (folder, files) = try makeSite()
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")
        try TarArchive.write(folder: folder, paths: files.keys.sorted(), to: archive, modificationDate: fixedNow())
        let before = try Data(contentsOf: archive)

        XCTAssertThrowsError(try TarArchive.write(folder: folder, paths: ["missing.html"], to: archive, modificationDate: fixedNow()))

        XCTAssertEqual(try Data(contentsOf: archive), before)
        XCTAssertEqual(CacheFixtures.files(under: archive.deletingLastPathComponent()), ["site.tar"])
    }

    func test_write_inACancelledTaskThrowsCancellationErrorAndKeepsThePreviousArchiveAsItWas() async throws {
        let (folder, files) = try makeSite()
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")
        try Data("the previous archive".utf8).write(to: archive)

        let result = await inCancelledTask {
            try TarArchive.write(folder: folder, paths: files.keys.sorted(), to: archive, modificationDate: fixedNow())
        }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(try Data(contentsOf: archive), Data("the previous archive".utf8))
        XCTAssertEqual(CacheFixtures.files(under: archive.deletingLastPathComponent()), ["site.tar"], "no temporary file left")
    }

    func test_write_tellsProgressOfEachEntryOutOfAll() throws {
        let (folder, files) = try makeSite()
        var reports: [String] = []

        try TarArchive.write(
            folder: folder, paths: files.keys.sorted(), to: try makeTemporaryFolder(for: self).appendingPathComponent("site.tar"),
            modificationDate: fixedNow()
        ) { done, total in reports.append("\(done)/\(total)") }

        XCTAssertEqual(reports, (1...TarTestSite.entries.count).map { "\($0)/\(TarTestSite.entries.count)" })
    }

    // MARK: - Reproducibility

    func test_write_ofTheSameFolderTwiceGivesIdenticalBytes() throws {
        let (folder, files) = try makeSite()

        let first = try archive(of: folder, paths: files.keys.sorted())
        let second = try archive(of: folder, paths: files.keys.sorted().reversed())

        XCTAssertEqual(first, second)
    }

    func test_write_createsTheArchivesMissingFolders() throws {
        let (folder, files) = try makeSite()
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("a/b/site.tar")

        try TarArchive.write(folder: folder, paths: files.keys.sorted(), to: archive, modificationDate: fixedNow())

        XCTAssertTrue(FileManager.default.fileExists(atPath: archive.path))
    }

    // MARK: - Helpers

    private func makeSite() throws -> (URL, [String: Data]) {
        let folder = try makeTemporaryFolder(for: self)
        return (folder, try TarTestSite.write(into: folder))
    }

    private func archiveOfSite() throws -> [UInt8] {
        let (folder, files) = try makeSite()
        return try archive(of: folder, paths: files.keys.sorted())
    }

    private func archive(of folder: URL, paths: [String]) throws -> [UInt8] {
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")
        try TarArchive.write(folder: folder, paths: paths, to: archive, modificationDate: fixedNow())
        return Array(try Data(contentsOf: archive))
    }

    /// Every header block with its offset, walking the archive entry by entry.
    private func headers(in archive: [UInt8]) -> [(header: [UInt8], offset: Int)] {
        var found: [(header: [UInt8], offset: Int)] = []
        var offset = 0
        while offset + 512 <= archive.count {
            let header = Array(archive[offset..<offset + 512])
            if header.allSatisfy({ $0 == 0 }) { break }
            found.append((header, offset))
            let size = Int(String(decoding: field(header, 124, 11), as: UTF8.self), radix: 8) ?? 0
            offset += 512 + (size + 511) / 512 * 512
        }
        return found
    }

    private func name(in header: [UInt8]) -> String {
        String(decoding: field(header, 0, 100).prefix { $0 != 0 }, as: UTF8.self)
    }

    private func fullName(of header: [UInt8]) -> String {
        let prefix = String(decoding: field(header, 345, 155).prefix { $0 != 0 }, as: UTF8.self)
        return prefix.isEmpty ? name(in: header) : prefix + "/" + name(in: header)
    }

    /// The sum of the header's bytes, its checksum field counted as eight spaces.
    private func posixChecksum(_ header: [UInt8]) -> Int {
        header.enumerated().reduce(0) { sum, byte in sum + ((148..<156).contains(byte.offset) ? 0x20 : Int(byte.element)) }
    }

    private func field(_ header: [UInt8], _ offset: Int, _ length: Int) -> [UInt8] {
        Array(header[offset..<offset + length])
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
    private func pad(_ text: String, _ length: Int) -> [UInt8] { bytes(text) + zeros(length - text.utf8.count) }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
