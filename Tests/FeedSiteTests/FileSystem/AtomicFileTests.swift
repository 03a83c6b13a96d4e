import FeedCore
import FileSystem
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class AtomicFileTests: XCTestCase {
    func test_write_createsTheFileWithTheBytes() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("file.json")
        let data = Data("some bytes".utf8)

        try AtomicFile.write(data, to: file)

        XCTAssertEqual(try Data(contentsOf: file), data)
    }

    func test_write_createsMissingIntermediateFolders() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("a/b/c/file.bin")

        try AtomicFile.write(Data([1, 2, 3]), to: file)

        XCTAssertEqual(try Data(contentsOf: file), Data([1, 2, 3]))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["a/b/c/file.bin"])
    }

    func test_write_writesAnEmptyFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("empty")

        try AtomicFile.write(Data(), to: file)

        XCTAssertEqual(try Data(contentsOf: file), Data())
    }

    func test_write_replacesAnExistingFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("file.json")
        try AtomicFile.write(Data("a much longer old content".utf8), to: file)

        try AtomicFile.write(Data("new".utf8), to: file)

        XCTAssertEqual(try Data(contentsOf: file), Data("new".utf8))
    }

    func test_write_replacesTheFileByRenameSoAReaderOfTheOldFileSeesItWhole() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("file.json")
        let old = Data("old content".utf8)
        try AtomicFile.write(old, to: file)
        let reader = try FileHandle(forReadingFrom: file)
        defer { try? reader.close() }

        try AtomicFile.write(Data("new content, longer than the old one".utf8), to: file)

        XCTAssertEqual(try reader.readToEnd(), old, "Expected the old file to be replaced, not rewritten in place")
        XCTAssertEqual(try Data(contentsOf: file), Data("new content, longer than the old one".utf8))
    }

    func test_write_leavesNoTemporaryFileBehind() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file.json")

        try AtomicFile.write(Data("first".utf8), to: file)
        try AtomicFile.write(Data("second".utf8), to: file)

        XCTAssertEqual(CacheFixtures.files(under: folder), ["file.json"])
    }

    func test_write_marksTemporaryFilesAsHidden() {
        XCTAssertTrue(AtomicFile.temporaryMarker.hasPrefix("."), "temporary files must not show as site or cache content")
    }

    func test_temporaryPath_isHiddenBesideTheFileAndNeverEndsAsItDoes() {
        let temporary = AtomicFile.temporaryPath(for: "/var/lib/node_exporter/textfile/feedsite.prom")

        XCTAssertTrue(temporary.hasPrefix("/var/lib/node_exporter/textfile/\(AtomicFile.temporaryMarker)"), temporary)
        XCTAssertFalse(temporary.hasSuffix(".prom"), "node_exporter reads every *.prom, hidden ones too: \(temporary)")
    }

    func test_draft_withATemporaryFolder_writesNothingBesideTheFileUntilItIsPutInPlace_makingItsFolder() throws {
        let folder = try makeTemporaryFolder(for: self)
        let scratch = folder.appendingPathComponent("scratch").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let draft = AtomicFile.Draft(path: site.path + "/search/a.js", temporaryFolder: scratch)

        try draft.writer.write("feedsiteSearch();")
        try draft.prepare()

        XCTAssertTrue(draft.writer.path.hasPrefix(scratch + "/" + AtomicFile.temporaryMarker), draft.writer.path)
        XCTAssertEqual(CacheFixtures.files(under: site), [], "nothing in the site while the file waits")
        XCTAssertTrue(try draft.commit())
        XCTAssertEqual(CacheFixtures.files(under: site), ["search/a.js"])
        XCTAssertEqual(try String(contentsOf: site.appendingPathComponent("search/a.js"), encoding: .utf8), "feedsiteSearch();")
        XCTAssertEqual(CacheFixtures.files(under: URL(fileURLWithPath: scratch)), [])
    }

    func test_removeAbandonedTemporaries_removesThoseOfEndedProcessesAndThisProcessesIDOnlyBesideThatFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        // Above every kernel's limit on process IDs: no process has it.
        let ended = pid_t.max
        let names = [
            ".feedsite-tmp-\(ended)-3-site.tar.tmp", ".feedsite-tmp-\(getpid())-1-site.tar.tmp",
            // A running process's, another file's, and names feedsite never makes.
            ".feedsite-tmp-\(getppid())-2-site.tar.tmp", ".feedsite-tmp-\(ended)-4-feed.wacz.tmp", ".feedsite-tmp-x-4-site.tar.tmp",
            ".feedsite-tmp-\(ended)-site.tar.tmp", "site.tar",
        ]
        for name in names { try Data("partial".utf8).write(to: folder.appendingPathComponent(name)) }

        let removed = AtomicFile.removeAbandonedTemporaries(beside: folder.appendingPathComponent("site.tar").path)

        XCTAssertEqual(removed, 2)
        XCTAssertEqual(Set(CacheFixtures.files(under: folder)), Set(names.dropFirst(2)))
    }

    func test_write_failsWhenTheDestinationIsAFolderAndLeavesNoTemporaryFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let destination = folder.appendingPathComponent("taken")
        try CacheFixtures.makeFolder(at: destination)

        XCTAssertThrowsError(try AtomicFile.write(Data("bytes".utf8), to: destination)) { error in
            XCTAssertNotNil((error as? FileSystemError)?.code, "Expected a system error, got \(error)")
        }
        XCTAssertEqual(CacheFixtures.files(under: folder), ["taken/inside"])
    }

    func test_write_failsWhenTheFolderCannotBeCreated() throws {
        let blocker = try makeTemporaryFolder(for: self).appendingPathComponent("not-a-folder")
        try CacheFixtures.makeBlockingFile(at: blocker)

        XCTAssertThrowsError(try AtomicFile.write(Data("bytes".utf8), to: blocker.appendingPathComponent("file"))) { error in
            XCTAssertTrue(error is FileSystemError, "Expected a FileSystemError, got \(error)")
        }
        XCTAssertEqual(try Data(contentsOf: blocker), Data("not a folder".utf8))
    }

    func test_write_keepsTheExistingFileUnchangedWhenTheFolderIsReadOnly() throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        try CacheFixtures.makeReadOnly(folder, for: self)

        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: file)) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, EACCES)
        }
        XCTAssertEqual(try Data(contentsOf: file), Data("old".utf8))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file.json"])
    }

    func test_remove_deletesTheFile() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("file")
        try AtomicFile.write(Data("x".utf8), to: file)

        try AtomicFile.remove(file)

        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func test_remove_ofAMissingFileIsNotAnError() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("missing")

        XCTAssertNoThrow(try AtomicFile.remove(file))
    }

    func test_remove_inAMissingFolderIsNotAnError() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("no/such/folder/file")

        XCTAssertNoThrow(try AtomicFile.remove(file))
    }

    func test_remove_failsOnAFolderAndKeepsIt() throws {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("folder")
        try CacheFixtures.makeFolder(at: folder)

        XCTAssertThrowsError(try AtomicFile.remove(folder)) { error in
            XCTAssertNotNil((error as? FileSystemError)?.code, "Expected a system error, got \(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("inside").path))
    }

    func test_remove_failsInAReadOnlyFolderAndKeepsTheFile() throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("x".utf8), to: file)
        try CacheFixtures.makeReadOnly(folder, for: self)

        XCTAssertThrowsError(try AtomicFile.remove(file)) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, EACCES)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
    }
}
