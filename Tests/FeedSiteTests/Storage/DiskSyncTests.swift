import Foundation
import TestSupport
import XCTest

@testable import FeedStorage

final class DiskSyncTests: XCTestCase {
    func test_flush_syncsEachFileSystemOnceHoweverManyPathsItHolds() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("page.html")
        try Data("x".utf8).write(to: file)
        var calls = 0

        try DiskSync.flush([folder.path, file.path, folder.path]) { _ in
            calls += 1
            return 0
        }

        XCTAssertEqual(calls, 1)
    }

    func test_flush_syncsEveryFileSystemOfThePaths() throws {
        let folder = try makeTemporaryFolder(for: self)
        guard try deviceOf(folder.path) != deviceOf("/proc") else { throw XCTSkip("the temporary folder is on /proc's file system") }
        var calls = 0

        try DiskSync.flush([folder.path, "/proc"]) { _ in
            calls += 1
            return 0
        }

        XCTAssertEqual(calls, 2)
    }

    func test_flush_passesOverPathsThatDoNotExist() throws {
        var calls = 0

        try DiskSync.flush(["/no/such/folder/anywhere"]) { _ in
            calls += 1
            return 0
        }

        XCTAssertEqual(calls, 0)
    }

    func test_flush_throwsTheSystemsReasonWhenTheSyncFails() throws {
        let folder = try makeTemporaryFolder(for: self)

        XCTAssertThrowsError(
            try DiskSync.flush([folder.path]) { _ in
                errno = EIO
                return -1
            }
        ) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, EIO)
        }
    }

    func test_flush_ofARealFolderSucceeds() throws {
        let folder = try makeTemporaryFolder(for: self)

        XCTAssertNoThrow(try DiskSync.flush([folder.path]))
    }

    private func deviceOf(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError.fromErrno() }
        return UInt64(info.st_dev)
    }
}
