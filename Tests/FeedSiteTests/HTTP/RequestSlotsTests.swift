import Synchronization
import TestSupport
import XCTest

@testable import HTTP

/// The line is ordered by `join`, which never suspends, so these tests know the order of the
/// line without watching it, whichever way the tasks are scheduled.
final class RequestSlotsTests: XCTestCase {
    func test_acquire_takesAFreeSlotAtOnceAndQueuesTheRestInOrder() async throws {
        let sut = RequestSlots(count: 2)
        let order = Arrivals()
        try await sut.acquire()
        try await sut.acquire()

        let places = (1...3).map { _ in sut.join() }
        let waiters = places.enumerated().map { index, place in
            Task {
                try await sut.wait(in: place)
                order.add(index + 1)
            }
        }
        for _ in 1...3 { sut.release() }
        for waiter in waiters { try await waiter.value }

        XCTAssertEqual(order.numbers.sorted(), [1, 2, 3])
    }

    func test_acquire_servesTheLineFirstComeFirstServed() async throws {
        let sut = RequestSlots(count: 1)
        let order = Arrivals()
        try await sut.acquire()
        let places = (1...3).map { _ in sut.join() }
        // Started last first: the line's order is the order of `join`, not of the waits.
        let waiters = places.enumerated().reversed().map { index, place in
            Task {
                try await sut.wait(in: place)
                order.add(index + 1)
                sut.release()
            }
        }

        sut.release()
        for waiter in waiters { try await waiter.value }

        XCTAssertEqual(order.numbers, [1, 2, 3])
    }

    func test_wait_leavesTheLineAtOnceWhenCancelledAndTheSlotGoesToTheNextInLine() async throws {
        let sut = RequestSlots(count: 1)
        let order = Arrivals()
        try await sut.acquire()
        let cancelledPlace = sut.join()
        let nextPlace = sut.join()
        let cancelled = Task { try await sut.wait(in: cancelledPlace) }
        let next = Task {
            try await sut.wait(in: nextPlace)
            order.add(2)
        }

        cancelled.cancel()
        let error = await errorOf { try await cancelled.value }
        sut.release()
        try await next.value

        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertEqual(order.numbers, [2], "the slot skipped the cancelled place")
    }

    func test_wait_keepsASlotGivenBeforeTheTaskWasCancelled() async throws {
        let sut = RequestSlots(count: 1)
        try await sut.acquire()
        let place = sut.join()
        sut.release()  // the slot is the place's before its task waits

        let served = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await errorOf { try await sut.wait(in: place) }
        }.value

        XCTAssertNil(served, "the slot was given; the caller releases it")
        sut.release()
        try await sut.acquire()  // and it went back to the pool
    }

    func test_acquire_failsAtOnceFromACancelledTask() async throws {
        let sut = RequestSlots(count: 1)

        let error = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await errorOf { try await sut.acquire() }
        }.value

        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        try await sut.acquire()  // the slot is still free
    }
}

/// The order in which waiting tasks got their slot.
private final class Arrivals: Sendable {
    private let state = Mutex<[Int]>([])

    func add(_ number: Int) {
        state.withLock { $0.append(number) }
    }

    var numbers: [Int] { state.withLock { $0 } }
}
