import FeedCore
import Foundation
import Publishing
import TestSupport
import XCTest

/// The archive against the ustar format (POSIX.1-1988, as pax(1) describes it) field by
/// field, and against GNU tar.
final class TarArchiveTests: XCTestCase {
    // MARK: - GNU tar

    func test_write_givesAnArchiveGNUTarListsAndExtractsToTheOriginalFiles() throws {
        let tar = try gnuTar()
        let (folder, files) = try makeSite()
        let archive = try makeTemporaryFolder(for: self).appendingPathComponent("site.tar")

        try TarArchive.write(folder: folder, paths: files.keys.sorted(), to: archive, modificationDate: fixedNow())

        let listing = try run(tar, ["--list", "--verbose", "--numeric-owner", "--file", archive.path])
        let lines = listing.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { String($0.split(separator: " ").last!) }, Self.entries, listing)
        for line in lines {
            XCTAssertTrue(line.hasPrefix(line.hasSuffix("/") ? "drwxr-xr-x 0/0" : "-rw-r--r-- 0/0"), line)
        }
        let extracted = try makeTemporaryFolder(for: self)
        _ = try run(tar, ["--extract", "--file", archive.path, "--directory", extracted.path])
        XCTAssertEqual(CacheFixtures.files(under: extracted), files.keys.sorted())
        for (path, data) in files {
            XCTAssertEqual(try Data(contentsOf: extracted.appendingPathComponent(path)), data, path)
            let modified = try FileManager.default.attributesOfItem(atPath: extracted.appendingPathComponent(path).path)[.modificationDate] as? Date
            XCTAssertEqual(modified, fixedNow(), path)
        }
    }

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

        XCTAssertEqual(field(header, 345, 155), pad(Self.longFolder, 155), "prefix")
        XCTAssertEqual(Self.longFolder.utf8.count + 1 + "f.txt".utf8.count, Self.longPath.utf8.count)
        XCTAssertGreaterThan(Self.longPath.utf8.count, 100)
    }

    func test_write_listsEntriesInPathOrderFoldersFirstEachPaddedTo512BytesAndEndsWithTwoZeroBlocks() throws {
        let (folder, files) = try makeSite()
        let archive = try archive(of: folder, paths: files.keys.sorted())

        let found = headers(in: archive)

        XCTAssertEqual(found.map { fullName(of: $0.header) }, Self.entries)
        XCTAssertEqual(archive.count % 512, 0)
        var expectedSize = 0
        for path in Self.entries {
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

        XCTAssertEqual(reports, (1...Self.entries.count).map { "\($0)/\(Self.entries.count)" })
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

    private static let longFolder = String(repeating: "d", count: 60) + "/" + String(repeating: "e", count: 50)
    private static let longPath = longFolder + "/f.txt"
    private static let entries = [
        "a.txt", longFolder.components(separatedBy: "/")[0] + "/", longFolder + "/", longPath, "sub/", "sub/big.bin", "sub/empty", "sub/exactly512",
    ]

    /// Files of several sizes: 5 bytes, none, exactly one block, more than the writer's
    /// 256 KiB buffer; and a path that needs the prefix field.
    private func makeSite() throws -> (URL, [String: Data]) {
        let folder = try makeTemporaryFolder(for: self)
        let files: [String: Data] = [
            "a.txt": Data("hello".utf8),
            "sub/empty": Data(),
            "sub/exactly512": Data(repeating: 7, count: 512),
            "sub/big.bin": Data((0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }),
            Self.longPath: Data("long".utf8),
        ]
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return (folder, files)
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

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
