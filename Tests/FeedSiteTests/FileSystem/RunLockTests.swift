import FeedCore
import FileSystem
import Foundation
import TestSupport
import XCTest

final class RunLockTests: XCTestCase {
    func test_acquire_refusesASecondHolderAndSaysWhoHoldsIt() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("sub/.lock")
        let first = try RunLock.acquire(file, startedAt: fixedNow())

        XCTAssertThrowsError(try RunLock.acquire(file, startedAt: fixedNow())) { error in
            let busy = error as? RunLock.Busy
            XCTAssertEqual(busy?.lockFile, file.path)
            XCTAssertEqual(busy?.holder, "pid \(getpid()), started 2024-05-20T11:24:59Z")
        }
        withExtendedLifetime(first) {}
    }

    func test_acquire_succeedsOnceTheHolderIsReleased() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent(".lock")
        var first: RunLock? = try RunLock.acquire(file, startedAt: fixedNow())
        XCTAssertNotNil(first)

        first = nil

        XCTAssertNoThrow(try RunLock.acquire(file, startedAt: fixedNow()))
    }

    func test_acquire_tellsWhetherThePreviousHolderEndedWithoutMarkingItselfFinished() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent(".lock")

        do {
            let fresh = try RunLock.acquire(file, startedAt: fixedNow())
            XCTAssertFalse(fresh.previousRunWasInterrupted, "a new lock file")
            fresh.markFinished()
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "finished\n")
        }

        let afterFinished = try RunLock.acquire(file, startedAt: fixedNow())
        XCTAssertFalse(afterFinished.previousRunWasInterrupted)
    }

    func test_acquire_takesOverTheLockFileOfADeadRunAndReportsItInterrupted() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent(".lock")
        try Data("pid 999999, started 2020-01-01T00:00:00Z\n".utf8).write(to: file)

        let lock = try RunLock.acquire(file, startedAt: fixedNow())

        XCTAssertTrue(lock.previousRunWasInterrupted)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "pid \(getpid()), started 2024-05-20T11:24:59Z\n")
    }
}
