import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// `concurrentReduce` folds every element's result into one value, at most `limit` at a
/// time, and stops as `concurrentMap` does: on the first error, or once cancelled.
final class ConcurrentReduceTests: XCTestCase {
    func test_concurrentReduce_foldsEveryResultOnce() async throws {
        let total = try await concurrentReduce(Array(1...1_000), limit: 8, into: [Int](), append) { number in number * 2 }

        XCTAssertEqual(total.sorted(), (1...1_000).map { $0 * 2 })
    }

    func test_concurrentReduce_runsNoMoreThanLimitAtOnce() async throws {
        let running = Mutex((now: 0, most: 0))

        _ = try await concurrentReduce(Array(0..<64), limit: 3, into: 0, add) { number in
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            // Gives the other tasks their turn while this one counts as running.
            await Task.yield()
            await Task.yield()
            running.withLock { $0.now -= 1 }
            return number
        }

        XCTAssertLessThanOrEqual(running.withLock { $0.most }, 3)
    }

    func test_concurrentReduce_rethrowsTheFirstError() async {
        struct Refused: Error {}

        do {
            _ = try await concurrentReduce(Array(0..<100), limit: 4, into: 0, add) { number in
                if number == 10 { throw Refused() }
                return number
            }
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is Refused, "\(error)")
        }
    }

    func test_concurrentReduce_inACancelledTaskStartsNoTransformAndThrowsCancellationError() async {
        let started = Mutex(0)

        let result = await inCancelledTask {
            try await concurrentReduce(Array(0..<100), limit: 4, into: 0, add) { number in
                started.withLock { $0 += 1 }
                return number
            }
        }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(started.withLock { $0 }, 0)
    }
}

private func add(_ total: inout Int, _ one: Int) { total += one }

private func append(_ all: inout [Int], _ one: Int) { all.append(one) }
