import Dispatch
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FileSystem

final class DiskSyncTests: XCTestCase {
    func test_flush_syncsEachFileSystemOnceHoweverManyPathsItHolds() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("page.html")
        try Data("x".utf8).write(to: file)
        let calls = Atomic(0)

        try await DiskSync.flush([folder.path, file.path, folder.path]) { _ in
            calls.add(1, ordering: .relaxed)
            return 0
        }

        XCTAssertEqual(calls.load(ordering: .relaxed), 1)
    }

    func test_flush_syncsEveryFileSystemOfThePaths() async throws {
        let folder = try makeTemporaryFolder(for: self)
        guard try deviceOf(folder.path) != deviceOf("/proc") else { throw XCTSkip("the temporary folder is on /proc's file system") }
        let calls = Atomic(0)

        try await DiskSync.flush([folder.path, "/proc"]) { _ in
            calls.add(1, ordering: .relaxed)
            return 0
        }

        XCTAssertEqual(calls.load(ordering: .relaxed), 2)
    }

    func test_flush_passesOverPathsThatDoNotExist() async throws {
        let calls = Atomic(0)

        try await DiskSync.flush(["/no/such/folder/anywhere"]) { _ in
            calls.add(1, ordering: .relaxed)
            return 0
        }

        XCTAssertEqual(calls.load(ordering: .relaxed), 0)
    }

    func test_flush_throwsTheSystemsReasonWhenTheSyncFails() async throws {
        let folder = try makeTemporaryFolder(for: self)

        do {
            try await DiskSync.flush([folder.path]) { _ in
                errno = EIO
                return -1
            }
            XCTFail("the flush did not throw")
        } catch {
            XCTAssertEqual(error.code, EIO)
        }
    }

    func test_flush_ofARealFolderSucceeds() async throws {
        let folder = try makeTemporaryFolder(for: self)

        try await DiskSync.flush([folder.path])
    }

    /// A sync can take seconds: it must not hold one of the few threads that run tasks.
    func test_flush_syncsOnAThreadOfItsOwnRatherThanInTheAwaitingTask() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let syncedInTask = Mutex<Bool?>(nil)

        try await DiskSync.flush([folder.path]) { _ in
            let inTask = withUnsafeCurrentTask { $0 != nil }
            syncedInTask.withLock { $0 = inTask }
            return 0
        }

        let inTask = try XCTUnwrap(syncedInTask.withLock { $0 })
        XCTAssertFalse(inTask, "synced in the awaiting task, on a thread that runs tasks")
    }

    // MARK: - startFlush, as a run calls it

    func test_startFlush_flushesARealFolderAndSaysItIsDone() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try Data("x".utf8).write(to: folder.appendingPathComponent("page.html"))

        let error = await DiskSync.startFlush([folder.path]).finished()

        XCTAssertNil(error)
    }

    func test_startFlush_flushesOnAThreadOfItsOwn() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let syncedOn = Mutex<pthread_t?>(nil)
        let caller = pthread_self()

        let flush = DiskSync.startFlush([folder.path]) { _ in
            syncedOn.withLock { $0 = pthread_self() }
            return 0
        }
        _ = await flush.finished()

        let thread = try XCTUnwrap(syncedOn.withLock { $0 })
        XCTAssertEqual(pthread_equal(thread, caller), 0, "synced on the calling thread")
    }

    func test_startFlush_reportsTheSystemsReasonWhenTheSyncFails() async throws {
        let folder = try makeTemporaryFolder(for: self)

        let error = await DiskSync.startFlush([folder.path]) { _ in
            errno = EIO
            return -1
        }.finished()

        XCTAssertEqual(error?.code, EIO)
    }

    /// What `finished()` awaits is the end of the flush's thread: after it, no sync is left
    /// running, and every caller hears the same outcome.
    func test_startFlush_finishedReturnsOnlyOnceTheSyncHasReturned() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let release = DispatchSemaphore(value: 0)
        let returned = Atomic(false)
        let flush = DiskSync.startFlush([folder.path]) { _ in
            release.wait()
            returned.store(true, ordering: .sequentiallyConsistent)
            errno = EIO
            return -1
        }

        release.signal()
        let first = await flush.finished()
        let second = await flush.finished()

        XCTAssertTrue(returned.load(ordering: .sequentiallyConsistent), "finished() returned while the sync was still running")
        XCTAssertEqual(first?.code, EIO)
        XCTAssertEqual(second?.code, EIO, "asked again once it is over")
    }

    /// A cancelled run still waits for its flush before it ends: no thread is left flushing.
    func test_startFlush_finishedInACancelledTaskStillWaitsForTheFlush() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let release = DispatchSemaphore(value: 0)
        let flush = DiskSync.startFlush([folder.path]) { _ in
            release.wait()
            errno = EIO
            return -1
        }

        let result = await inCancelledTask { () -> Int32? in
            release.signal()
            return await flush.finished()?.code
        }

        XCTAssertEqual(try result.get(), EIO, "the cancelled wait returned before the flush had ended")
    }

    // MARK: - Helpers

    private func deviceOf(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError.fromErrno() }
        return UInt64(info.st_dev)
    }
}
