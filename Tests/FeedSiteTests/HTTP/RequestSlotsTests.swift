import Synchronization
import TestSupport
import XCTest

@testable import HTTP

final class RequestSlotsTests: XCTestCase {
    func test_acquire_takesAFreeSlotAtOnceAndQueuesTheRestInOrder() async throws {
        let sut = RequestSlots(count: 2)
        let order = Arrivals()
        try await sut.acquire()
        try await sut.acquire()

        let waiters = (1...3).map { number in
            Task {
                try await sut.acquire()
                order.add(number)
            }
        }
        await waitUntil { sut.waiting == 3 }
        for _ in 1...3 { sut.release() }
        for waiter in waiters { try await waiter.value }

        XCTAssertEqual(order.numbers.sorted(), [1, 2, 3])
        XCTAssertEqual(sut.waiting, 0)
    }

    func test_acquire_servesTheLineFirstComeFirstServed() async throws {
        let sut = RequestSlots(count: 1)
        let order = Arrivals()
        try await sut.acquire()
        var waiters: [Task<Void, Error>] = []
        for number in 1...3 {
            waiters.append(
                Task {
                    try await sut.acquire()
                    order.add(number)
                    sut.release()
                })
            await waitUntil { sut.waiting == number }
        }

        sut.release()
        for waiter in waiters { try await waiter.value }

        XCTAssertEqual(order.numbers, [1, 2, 3])
    }

    func test_acquire_leavesTheLineAtOnceWhenCancelled() async throws {
        let sut = RequestSlots(count: 1)
        try await sut.acquire()
        let cancelled = Task { try await sut.acquire() }
        await waitUntil { sut.waiting == 1 }

        cancelled.cancel()
        let error = await errorOf { try await cancelled.value }

        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertEqual(sut.waiting, 0)
        sut.release()
        try await sut.acquire()  // the slot went back to the pool, not to the cancelled task
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

    /// Yields until `condition` holds; the tasks it waits for need only a turn to get there.
    private func waitUntil(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
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
