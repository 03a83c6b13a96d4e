import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FileSystem

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

    // MARK: - startFlush, as a run calls it

    func test_startFlush_flushesARealFolderAndSaysItIsDone() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try Data("x".utf8).write(to: folder.appendingPathComponent("page.html"))

        let error = await flushInTheBackground([folder.path])

        XCTAssertNil(error)
    }

    func test_startFlush_reportsWhatStoppedTheRealFlush() async throws {
        let socketFile = try makeTemporaryFolder(for: self).appendingPathComponent("socket").path
        let socket = try bindSocket(at: socketFile)
        defer { close(socket) }

        let error = await flushInTheBackground([socketFile])

        XCTAssertEqual(error?.code, ENXIO, "a socket cannot be opened to be flushed")
    }

    func test_startFlush_flushesOnAThreadOfItsOwn() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let syncedOn = Mutex<pthread_t?>(nil)

        let caller = await withCheckedContinuation { continuation in
            let caller = pthread_self()
            DiskSync.startFlush(
                [folder.path],
                with: { _ in
                    syncedOn.withLock { $0 = pthread_self() }
                    return 0
                },
                finished: { _ in continuation.resume(returning: caller) })
        }

        let thread = try XCTUnwrap(syncedOn.withLock { $0 })
        XCTAssertEqual(pthread_equal(thread, caller), 0, "synced on the calling thread")
    }

    func test_startFlush_reportsTheSystemsReasonWhenTheSyncFails() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let error = await withCheckedContinuation { continuation in
            DiskSync.startFlush(
                [folder.path],
                with: { _ in
                    errno = EIO
                    return -1
                },
                finished: { continuation.resume(returning: $0) })
        }

        XCTAssertEqual(error?.code, EIO)
    }

    // MARK: - Helpers

    /// `startFlush(paths)` as the run calls it, and what it reported when it finished.
    private func flushInTheBackground(_ paths: [String]) async -> FileSystemError? {
        await withCheckedContinuation { continuation in
            DiskSync.startFlush(paths) { continuation.resume(returning: $0) }
        }
    }

    /// A Unix socket bound at `path`: a file that exists but cannot be opened.
    private func bindSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FileSystemError.fromErrno() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let error = FileSystemError.fromErrno()
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private func deviceOf(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError.fromErrno() }
        return UInt64(info.st_dev)
    }
}
