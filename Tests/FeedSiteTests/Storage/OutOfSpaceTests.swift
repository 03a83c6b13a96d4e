import Basics
import FeedCore
import Foundation
import Publishing
import TestSupport
import SQLite
import XCTest

@testable import FeedStorage
@testable import FileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk (ENOSPC) or a full quota (EDQUOT) is recognised through every error that
/// wraps a file operation's failure, and nothing else is taken for one. The stores turn it
/// into `CacheError.full`, so nothing above them sees a system error.
final class OutOfSpaceTests: XCTestCase {
    func test_initCode_takesENOSPCAndEDQUOTOnlyForAFullDisk() {
        XCTAssertEqual(OutOfSpace(path: "/disk/a", code: ENOSPC), OutOfSpace(path: "/disk/a", limit: .device))
        XCTAssertEqual(OutOfSpace(path: "/disk/a", code: EDQUOT), OutOfSpace(path: "/disk/a", limit: .quota))
        XCTAssertNil(OutOfSpace(path: "/disk/a", code: EACCES))
        XCTAssertNil(OutOfSpace(path: "/disk/a", code: EROFS))
        XCTAssertNil(OutOfSpace(path: "/disk/a", code: nil))
        XCTAssertNil(OutOfSpace(writing: "/disk/a", FileSystemError("No space left on device")), "the code decides, not the text")
    }

    func test_initWriting_takesFoundationsOutOfSpaceErrorAsAFullDisk() {
        let error = FileSystemError.reason(for: CocoaError(.fileWriteOutOfSpace))

        XCTAssertEqual(OutOfSpace(writing: "/disk/a", error), OutOfSpace(path: "/disk/a", limit: .device))
    }

    func test_initWriting_namesThePathForAFullDiskAndIsNilForAnyOtherError() {
        XCTAssertEqual(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(ENOSPC)), OutOfSpace(path: "/disk/a", limit: .device))
        XCTAssertEqual(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(EDQUOT)), OutOfSpace(path: "/disk/a", limit: .quota))
        XCTAssertNil(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(EIO)))
        XCTAssertNil(OutOfSpace(writing: "/disk/a", anyError()))
    }

    func test_initWriting_keepsThePathOfAnErrorThatAlreadyNamesIt() {
        let inner = CacheError.file(.write, "/cache/images/blobs/ab/abcd", FileSystemError.fromErrno(ENOSPC))

        XCTAssertEqual(OutOfSpace(writing: "/elsewhere", inner)?.path, "/cache/images/blobs/ab/abcd")
    }

    func test_cacheFileFailure_isAFullCacheNamingTheFileWhenWritingOrDeletingMeetsAFullDisk() {
        let path = "/cache/images/blobs/ab/abcd"

        XCTAssertEqual(CacheError.file(.write, path, FileSystemError.fromErrno(ENOSPC)), .full(OutOfSpace(path: path, limit: .device)))
        XCTAssertEqual(CacheError.file(.write, path, FileSystemError.fromErrno(EDQUOT)), .full(OutOfSpace(path: path, limit: .quota)))
        XCTAssertEqual(CacheError.file(.delete, path, FileSystemError.fromErrno(EDQUOT)), .full(OutOfSpace(path: path, limit: .quota)))
    }

    func test_cacheFileFailure_namesTheCacheFileAndKeepsTheSystemsReasonForAnyOtherFailure() {
        let path = "/cache/images/blobs/ab/abcd"
        let denied = CacheError.file(.write, path, FileSystemError.fromErrno(EACCES))

        XCTAssertEqual(denied, .cannot(.write, "cache file \(path)", reason: String(cString: strerror(EACCES))))
        XCTAssertEqual(denied.description, "cannot write cache file \(path): \(String(cString: strerror(EACCES)))")
        XCTAssertNil(OutOfSpace.found(in: denied))
    }

    func test_cacheFileFailure_isNoFullDiskWhenReadingOrWithoutTheSystemsCode() {
        let path = "/cache/images/blobs/ab/abcd"

        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.read, path, FileSystemError.fromErrno(ENOSPC))), "reading never fills a disk")
        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.write, path, FileSystemError("No space left on device"))), "no code, no full disk")
        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.write, path, reason: "No space left on device")))
    }

    func test_cacheDatabaseFailure_isAFullCacheNamingTheDatabaseWhenSQLiteSaysTheDiskOrQuotaIsFull() {
        let path = "/cache/cache.sqlite"
        let full = SQLiteError(extendedCode: 13, message: "database or disk is full")
        let walIndexOnFullDisk = SQLiteError(extendedCode: 10 | (19 << 8), message: "disk I/O error", systemErrno: ENOSPC)
        let overQuota = SQLiteError(extendedCode: 10 | (3 << 8), message: "disk I/O error", systemErrno: EDQUOT)

        XCTAssertEqual(CacheDatabase.failure(.write, path, full), .full(OutOfSpace(path: path, limit: .device)))
        XCTAssertEqual(CacheDatabase.failure(.write, path, walIndexOnFullDisk), .full(OutOfSpace(path: path, limit: .device)))
        XCTAssertEqual(CacheDatabase.failure(.write, path, overQuota), .full(OutOfSpace(path: path, limit: .quota)))
    }

    func test_cacheDatabaseFailure_namesTheDatabaseAndKeepsSQLitesWordsForAnyOtherFailure() {
        let path = "/cache/cache.sqlite"
        let ioError = SQLiteError(extendedCode: 10 | (3 << 8), message: "disk I/O error", systemErrno: EIO)
        let alreadySaid = CacheError.cannot(.read, "cache database \(path)", reason: "it was written by a newer feedsite")

        XCTAssertEqual(CacheDatabase.failure(.write, path, ioError), .cannot(.write, "cache database \(path)", reason: ioError.description))
        XCTAssertEqual(CacheDatabase.failure(.write, path, alreadySaid), alreadySaid)
        XCTAssertNil(OutOfSpace.found(in: CacheDatabase.failure(.write, path, ioError)))
    }

    func test_cacheDatabase_thatCannotGrowFailsAWriteAsAFullCacheNamingTheDatabaseAndKeepsItsLastCommit() throws {
        let cache = try makeCache(for: self).cache
        let store = SQLiteFeedStore(cache)
        let previous = CachedFeed(feed: uniqueFeedItems(count: 2), timestamp: fixedNow())
        try store.insert(previous.feed, timestamp: previous.timestamp)
        // The database's own page limit fails a write the way a full disk does.
        let pages = try XCTUnwrap(try cache.rows("PRAGMA page_count").first?.first)
        guard case let .integer(count) = pages else { return XCTFail("page_count is \(pages)") }
        try cache.execute("PRAGMA max_page_count = \(count + 1)")

        XCTAssertThrowsError(try store.insert(uniqueFeedItems(count: 500), timestamp: fixedNow().adding(seconds: 1))) { error in
            XCTAssertEqual(error as? CacheError, .full(OutOfSpace(path: cache.path, limit: .device)))
        }
        XCTAssertEqual(try store.retrieve(), previous)
    }

    func test_found_recognisesTheFullDiskInCachePublishAndArchiveErrors() {
        let full = OutOfSpace(path: "/site/.staging/index.html", limit: .device)

        XCTAssertEqual(OutOfSpace.found(in: full), full)
        XCTAssertEqual(OutOfSpace.found(in: CacheError.full(full)), full)
        XCTAssertEqual(OutOfSpace.found(in: PublishError.noSpace(full)), full)
        XCTAssertEqual(OutOfSpace.found(in: TarArchive.WriteError.noSpace(full)), full)
        XCTAssertEqual(PublishError.noSpace(full).description, full.description)
        XCTAssertNil(OutOfSpace.found(in: PublishError.cannotWrite("/site", reason: "Permission denied")))
        XCTAssertNil(OutOfSpace.found(in: TarArchive.WriteError.cannotWrite("/a.tar", reason: "Permission denied")))
        XCTAssertNil(OutOfSpace.found(in: FileSystemError.fromErrno(ENOSPC)), "a bare system error names no path")
    }

    func test_incomingFile_writeOnAFullDiskIsAFullCacheNamingTheFolderOfTheDownload() throws {
        let link = try fullDeviceLink(in: makeTemporaryFolder(for: self))
        let file = IncomingFile(path: link.path)
        defer { file.discard() }

        XCTAssertThrowsError(try [UInt8](repeating: 1, count: 16).withUnsafeBytes { try file.write($0) }) { error in
            XCTAssertEqual(error as? CacheError, .full(OutOfSpace(path: link.deletingLastPathComponent().path, limit: .device)))
        }
    }
}

/// A symbolic link in `folder` to `/dev/full`, which answers every write with ENOSPC: a full
/// disk without mounting one. Removing the link leaves the device alone.
func fullDeviceLink(in folder: URL) throws -> URL {
    guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("no writable /dev/full on this system") }
    let link = folder.appendingPathComponent("full-disk")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/full")
    return link
}
