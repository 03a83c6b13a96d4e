import FeedCore
import Foundation
import Publishing
import TestSupport
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
        let inner = CacheError.file(.write, "/cache/feed.json", FileSystemError.fromErrno(ENOSPC))

        XCTAssertEqual(OutOfSpace(writing: "/elsewhere", inner)?.path, "/cache/feed.json")
    }

    func test_cacheFileFailure_isAFullCacheNamingTheFileWhenWritingOrDeletingMeetsAFullDisk() {
        let path = "/cache/comments/ab/AB.json"

        XCTAssertEqual(CacheError.file(.write, path, FileSystemError.fromErrno(ENOSPC)), .full(OutOfSpace(path: path, limit: .device)))
        XCTAssertEqual(CacheError.file(.write, path, FileSystemError.fromErrno(EDQUOT)), .full(OutOfSpace(path: path, limit: .quota)))
        XCTAssertEqual(CacheError.file(.delete, path, FileSystemError.fromErrno(EDQUOT)), .full(OutOfSpace(path: path, limit: .quota)))
    }

    func test_cacheFileFailure_namesTheCacheFileAndKeepsTheSystemsReasonForAnyOtherFailure() {
        let path = "/cache/feed.json"
        let denied = CacheError.file(.write, path, FileSystemError.fromErrno(EACCES))

        XCTAssertEqual(denied, .cannot(.write, "cache file \(path)", reason: String(cString: strerror(EACCES))))
        XCTAssertEqual(denied.description, "cannot write cache file \(path): \(String(cString: strerror(EACCES)))")
        XCTAssertNil(OutOfSpace.found(in: denied))
    }

    func test_cacheFileFailure_isNoFullDiskWhenReadingOrWithoutTheSystemsCode() {
        let path = "/cache/feed.json"

        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.read, path, FileSystemError.fromErrno(ENOSPC))), "reading never fills a disk")
        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.write, path, FileSystemError("No space left on device"))), "no code, no full disk")
        XCTAssertNil(OutOfSpace.found(in: CacheError.file(.write, path, reason: "No space left on device")))
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
