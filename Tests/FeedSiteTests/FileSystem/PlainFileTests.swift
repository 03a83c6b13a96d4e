import FeedCore
import FileSystem
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

    func test_entries_followsSymbolicLinksToFoldersAndFilesAndListsALinkToNothingAsAFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let target = try makeTemporaryFolder(for: self)
        try Data("t".utf8).write(to: target.appendingPathComponent("t.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/folder-link", withDestinationPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/file-link", withDestinationPath: target.path + "/t.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/dangling", withDestinationPath: target.path + "/missing")

        let entries = try PlainFile.entries(inFolder: folder.path).sorted { $0.name < $1.name }
        let links = try PlainFile.entries(inFolder: folder.path, followingLinks: false).sorted { $0.name < $1.name }

        XCTAssertEqual(entries.map(\.name), ["dangling", "file-link", "folder-link"], "a link to nothing is something of someone's too")
        XCTAssertEqual(entries.map(\.isFolder), [false, false, true])
        XCTAssertEqual(links.map(\.isFolder), [false, false, false], "not followed, no link is a folder")
    }

    func test_read_refusesADeviceAPipeAndAFolderAtOnceWithoutReadingThem() throws {
        let folder = try makeTemporaryFolder(for: self)
        let pipe = folder.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/zero", withDestinationPath: "/dev/zero")

        for (path, kind) in [(pipe, "a named pipe (FIFO)"), (folder.path + "/zero", "a character device"), (folder.path, "a folder")] {
            XCTAssertThrowsError(try PlainFile.read(path), path) { error in
                XCTAssertEqual("\(error)", "it is \(kind), not a regular file", path)
            }
            XCTAssertThrowsError(try PlainFile.readPrefix(path, count: 8), path)
        }
    }

    func test_readChunks_givesEveryByte_ofAFileShorterThanAChunk_aWholeNumberOfChunks_andOneThatSaysItIsEmpty() throws {
        let folder = try makeTemporaryFolder(for: self).path
        var files: [String: [UInt8]] = [:]
        for size in [0, 1, 100, 4_096, 8_192, 8_193] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/\(size)"))
            files[folder + "/\(size)"] = bytes
        }

        for (path, bytes) in files {
            var read: [UInt8] = []
            XCTAssertTrue(try PlainFile.readChunks(path, chunkSize: 4_096) { read += $0 })
            XCTAssertEqual(read, bytes, path)
        }
        #if os(Linux)
            // Its size says 0; what it holds is read all the same.
            var status: [UInt8] = []
            XCTAssertTrue(try PlainFile.readChunks("/proc/self/status", chunkSize: 4_096) { status += $0 })
            XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("VmRSS"))
        #endif
    }

    func test_readAll_readsFromAnOffsetUntilFull_orUntilTheFileEnds() throws {
        let path = try makeTemporaryFolder(for: self).appendingPathComponent("file").path
        try PlainFile.write(Data("0123456789".utf8), to: path)
        let descriptor = try PlainFile.open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var middle = [UInt8](repeating: 0, count: 4)
        var tail = [UInt8](repeating: 0, count: 8)

        let full = try PlainFile.readAll(into: &middle, from: descriptor, at: 3)
        let short = try PlainFile.readAll(into: &tail, from: descriptor, at: 6)

        XCTAssertEqual(full, 4)
        XCTAssertEqual(middle, Array("3456".utf8))
        XCTAssertEqual(short, 4, "the file ends after four")
        XCTAssertEqual(Array(tail.prefix(short)), Array("6789".utf8))
    }

    func test_entries_throwsForAMissingFolder() throws {
        let missing = try makeTemporaryFolder(for: self).appendingPathComponent("missing").path

        XCTAssertThrowsError(try PlainFile.entries(inFolder: missing)) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, ENOENT)
        }
    }

    // MARK: - link

    func test_kind_tellsAFileAFolderSomethingElseAndNothingApartFollowingLinks() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: file)

        XCTAssertEqual(try PlainFile.kind(of: file.path), .file)
        XCTAssertEqual(try PlainFile.kind(of: folder.appendingPathComponent("link").path), .file)
        XCTAssertEqual(try PlainFile.kind(of: folder.path), .folder)
        XCTAssertEqual(try PlainFile.kind(of: "/dev/null"), .other)
        XCTAssertEqual(try PlainFile.kind(of: folder.appendingPathComponent("missing").path), .missing)
        XCTAssertEqual(try PlainFile.kind(of: file.appendingPathComponent("below-a-file").path), .missing)
    }

    func test_link_putsTheSameFileAtAFreeNameCreatingMissingFolders() throws {
        let folder = try makeTemporaryFolder(for: self)
        let source = try makeFile(folder, "source", "bytes")
        let destination = folder.appendingPathComponent("a/b/link").path

        try PlainFile.link(source, to: destination, replacing: false)

        XCTAssertEqual(try inode(destination), try inode(source))
    }

    func test_link_replacing_replacesAnotherFileAndLeavesItsOtherNamesAlone() throws {
        let folder = try makeTemporaryFolder(for: self)
        let source = try makeFile(folder, "source", "new")
        let destination = try makeFile(folder, "destination", "old")
        let otherName = folder.appendingPathComponent("other-name").path
        try PlainFile.link(destination, to: otherName, replacing: false)

        try PlainFile.link(source, to: destination, replacing: true)

        XCTAssertEqual(try inode(destination), try inode(source))
        XCTAssertEqual(try String(contentsOfFile: otherName, encoding: .utf8), "old", "the old file is replaced, not written through")
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    func test_link_replacing_theSameFileLeavesIt() throws {
        let folder = try makeTemporaryFolder(for: self)
        let source = try makeFile(folder, "source", "bytes")
        let destination = folder.appendingPathComponent("destination").path
        try PlainFile.link(source, to: destination, replacing: false)

        try PlainFile.link(source, to: destination, replacing: true)

        XCTAssertEqual(try inode(destination), try inode(source))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["destination", "source"])
    }

    func test_link_notReplacing_throwsFileExistsAndKeepsTheFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let source = try makeFile(folder, "source", "new")
        let destination = try makeFile(folder, "destination", "old")

        XCTAssertThrowsError(try PlainFile.link(source, to: destination, replacing: false)) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, EEXIST)
        }
        XCTAssertEqual(try String(contentsOfFile: destination, encoding: .utf8), "old")
    }

    func test_link_ofAMissingSourceThrowsNoSuchFile() throws {
        let folder = try makeTemporaryFolder(for: self)

        XCTAssertThrowsError(try PlainFile.link(folder.appendingPathComponent("missing").path, to: folder.appendingPathComponent("x").path, replacing: true)) {
            XCTAssertEqual(($0 as? FileSystemError)?.code, ENOENT)
        }
        XCTAssertEqual(CacheFixtures.files(under: folder), [])
    }

    // MARK: - readRegular

    func test_readRegular_readsAFileAndOneALinkLeadsToAndNothingWhereThereIsNone() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = try makeFile(folder, "style.css", "body {}")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.css", withDestinationPath: file)

        XCTAssertEqual(try PlainFile.readRegular(file, maxBytes: 100), Data("body {}".utf8))
        XCTAssertEqual(try PlainFile.readRegular(folder.path + "/link.css", maxBytes: 100), Data("body {}".utf8))
        XCTAssertNil(try PlainFile.readRegular(folder.path + "/missing.css", maxBytes: 100))
        XCTAssertNil(try PlainFile.readRegular(file + "/below-a-file", maxBytes: 100))
    }

    /// Opening a named pipe for reading waits for a writer: without one, the old read never
    /// returned.
    func test_readRegular_refusesANamedPipeWithoutWaitingForAWriter() throws {
        let fifo = try makeTemporaryFolder(for: self).appendingPathComponent("style.css").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)

        XCTAssertThrowsError(try PlainFile.readRegular(fifo, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.RegularFileError, .notARegularFile(kind: "a named pipe (FIFO)"))
            XCTAssertEqual("\($0)", "it is a named pipe (FIFO), not a regular file")
        }
    }

    func test_readRegular_refusesADeviceALinkLeadsToWithoutReadingIt() throws {
        let link = try makeTemporaryFolder(for: self).appendingPathComponent("style.css").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")

        XCTAssertThrowsError(try PlainFile.readRegular(link, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.RegularFileError, .notARegularFile(kind: "a character device"))
        }
        XCTAssertThrowsError(try PlainFile.readRegular(try makeTemporaryFolder(for: self).path, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.RegularFileError, .notARegularFile(kind: "a folder"))
        }
    }

    func test_readRegular_readsAFileOfExactlyTheLimitAndRefusesOneByteMore() throws {
        let folder = try makeTemporaryFolder(for: self)
        let atLimit = try makeFile(folder, "at-limit", String(repeating: "a", count: 100))
        let over = try makeFile(folder, "over", String(repeating: "a", count: 101))

        XCTAssertEqual(try PlainFile.readRegular(atLimit, maxBytes: 100)?.count, 100)
        XCTAssertThrowsError(try PlainFile.readRegular(over, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.RegularFileError, .tooLarge(maxBytes: 100))
        }
    }

    /// A file under /proc says it is empty and is not: the read itself stops past the limit.
    func test_readRegular_refusesAFileThatHoldsMoreThanItsSizeSays() throws {
        let status = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: status) else { throw XCTSkip("no /proc here") }
        XCTAssertEqual(try PlainFile.size(of: status), 0)

        XCTAssertThrowsError(try PlainFile.readRegular(status, maxBytes: 10)) {
            XCTAssertEqual($0 as? PlainFile.RegularFileError, .tooLarge(maxBytes: 10))
        }
        XCTAssertGreaterThan(try PlainFile.readRegular(status, maxBytes: 1 << 20)?.count ?? 0, 10)
    }

    // MARK: - Helpers

    private func makeFile(_ folder: URL, _ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    func test_holds_isTrueOnlyForARegularFileOfExactlyTheseBytes() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let bytes = Array("<p>a page</p>".utf8)
        func holds(_ name: String, _ expected: [UInt8] = bytes) -> Bool { expected.withUnsafeBytes { PlainFile.holds($0, at: folder + "/" + name) } }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/same"))
        try Data(bytes + [0x0A]).write(to: URL(fileURLWithPath: folder + "/longer"))
        try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: folder + "/shorter"))
        try Data(bytes.reversed()).write(to: URL(fileURLWithPath: folder + "/other"))
        try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/same")
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: false)

        XCTAssertTrue(holds("same"))
        XCTAssertTrue(holds("empty", []))
        for name in ["longer", "shorter", "other", "link", "folder", "missing"] { XCTAssertFalse(holds(name), name) }
        XCTAssertFalse(holds("empty"))
    }
}
