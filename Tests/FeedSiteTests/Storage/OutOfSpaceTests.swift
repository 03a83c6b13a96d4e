import FeedCore
import FeedStorage
import Foundation
import Publishing
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk (ENOSPC) or a full quota (EDQUOT) is recognised through every error that
/// wraps a file operation's failure, and nothing else is taken for one.
final class OutOfSpaceTests: XCTestCase {
    func test_fileSystemError_isOutOfSpaceForENOSPCAndEDQUOTOnly() {
        XCTAssertTrue(FileSystemError.fromErrno(ENOSPC).isOutOfSpace)
        XCTAssertTrue(FileSystemError.fromErrno(EDQUOT).isOutOfSpace)
        XCTAssertFalse(FileSystemError.fromErrno(EACCES).isOutOfSpace)
        XCTAssertFalse(FileSystemError.fromErrno(EROFS).isOutOfSpace)
        XCTAssertFalse(FileSystemError("No space left on device").isOutOfSpace, "the code decides, not the text")
    }

    func test_fileSystemError_takesFoundationsOutOfSpaceErrorAsENOSPC() {
        let error = FileSystemError.reason(for: CocoaError(.fileWriteOutOfSpace))

        XCTAssertTrue(error.isOutOfSpace)
    }

    func test_initWriting_namesThePathForAFullDiskAndIsNilForAnyOtherError() {
        XCTAssertEqual(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(ENOSPC)), OutOfSpace(path: "/disk/a", code: ENOSPC))
        XCTAssertEqual(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(EDQUOT)), OutOfSpace(path: "/disk/a", code: EDQUOT))
        XCTAssertNil(OutOfSpace(writing: "/disk/a", FileSystemError.fromErrno(EIO)))
        XCTAssertNil(OutOfSpace(writing: "/disk/a", anyError()))
    }

    func test_initWriting_keepsThePathOfAnErrorThatAlreadyNamesIt() {
        let inner = CacheFileError(.write, URL(fileURLWithPath: "/cache/feed.json"), FileSystemError.fromErrno(ENOSPC))

        XCTAssertEqual(OutOfSpace(writing: "/elsewhere", inner)?.path, "/cache/feed.json")
    }

    func test_description_saysNoSpaceLeftAndNamesThePath() {
        XCTAssertEqual(OutOfSpace(path: "/disk/a", code: ENOSPC).description, "no space left on device writing /disk/a")
        XCTAssertEqual(OutOfSpace(path: "/disk/a", code: EDQUOT).description, "no space left in the disk quota writing /disk/a")
    }

    func test_cacheFileError_keepsTheCodeOfTheFileSystemErrorItWraps() {
        let url = URL(fileURLWithPath: "/cache/comments/ab/AB.json")
        let error = CacheFileError(.write, url, FileSystemError.fromErrno(ENOSPC))

        XCTAssertEqual(error.code, ENOSPC)
        XCTAssertEqual(error.description, "cannot write cache file \(url.path): \(String(cString: strerror(ENOSPC)))")
        XCTAssertEqual(OutOfSpace.found(in: error), OutOfSpace(path: url.path, code: ENOSPC))
    }

    func test_cacheFileError_isNoFullDiskWhenReadingOrForOtherReasons() {
        let url = URL(fileURLWithPath: "/cache/feed.json")

        XCTAssertNil(OutOfSpace.found(in: CacheFileError(.read, url, FileSystemError.fromErrno(ENOSPC))), "reading never fills a disk")
        XCTAssertNil(OutOfSpace.found(in: CacheFileError(.write, url, FileSystemError.fromErrno(EACCES))))
        XCTAssertNil(OutOfSpace.found(in: CacheFileError(.write, url, reason: "No space left on device")), "no code, no full disk")
        XCTAssertNotNil(OutOfSpace.found(in: CacheFileError(.delete, url, FileSystemError.fromErrno(EDQUOT))))
    }

    func test_found_recognisesTheFullDiskInPublishAndArchiveErrors() {
        let full = OutOfSpace(path: "/site/.staging/index.html", code: ENOSPC)

        XCTAssertEqual(OutOfSpace.found(in: full), full)
        XCTAssertEqual(OutOfSpace.found(in: PublishError.noSpace(full)), full)
        XCTAssertEqual(OutOfSpace.found(in: TarArchive.WriteError.noSpace(full)), full)
        XCTAssertEqual(PublishError.noSpace(full).description, full.description)
        XCTAssertNil(OutOfSpace.found(in: PublishError.cannotWrite("/site", reason: "Permission denied")))
        XCTAssertNil(OutOfSpace.found(in: TarArchive.WriteError.cannotWrite("/a.tar", reason: "Permission denied")))
        XCTAssertNil(OutOfSpace.found(in: FileSystemError.fromErrno(ENOSPC)), "a bare system error names no path")
    }

    func test_incomingFile_writeFailsWithTheSystemsCodeOnAFullDevice() throws {
        let file = IncomingFile(path: try fullDeviceLink(in: makeTemporaryFolder(for: self)).path)
        defer { file.discard() }

        XCTAssertThrowsError(try [UInt8](repeating: 1, count: 16).withUnsafeBytes { try file.write($0) }) { error in
            XCTAssertEqual((error as? FileSystemError)?.isOutOfSpace, true, "\(error)")
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
