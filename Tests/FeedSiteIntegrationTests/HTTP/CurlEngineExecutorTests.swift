import FeedCore
import Foundation
import LoopbackHTTP
import TestSupport
import XCTest

@testable import HTTP

/// A task that prefers the engine's executor makes its requests from the loop's thread, one
/// after another, and is never stranded: a task cancelled there ends, and one that comes
/// after the engine stopped runs elsewhere. Waits have a watchdog; nothing sleeps.
final class CurlEngineExecutorTests: XCTestCase {
    func test_executor_runsAPreferringTaskOnTheLoopThread_betweenItsRequests() async throws {
        let server = try LoopbackHTTPServer { request in HTTPResponse(status: 200, body: Data(request.path.utf8)) }
        addTeardownBlock { server.stop() }
        let engine = try makeEngine(for: self)
        let base = server.baseURL.absoluteString

        let (bodies, threads) = try await withTaskExecutorPreference(engine.executor) { try await requests(base, through: engine) }

        XCTAssertEqual(bodies, ["/0", "/1", "/2"])
        XCTAssertEqual(Set(threads).count, 1, "one thread heard every answer")
        // The task goes on from each answer in a job of the loop's; the last may still be
        // running this, and the hop in, if the runtime made one, is not counted on.
        XCTAssertGreaterThanOrEqual(engine.core.executor.jobsRun.load(ordering: .relaxed), 2, "the loop ran the task between its requests")
    }

    func test_executor_aPreferringTaskCancelledWhileItsRequestWaits_endsWithCancellation() async throws {
        let arrived = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { _ in
            arrived.signal()
            return HTTPResponse(status: 200, delivery: .hang)
        }
        addTeardownBlock { server.stop() }
        let engine = try makeEngine(for: self, timeout: .seconds(60))
        let url = server.baseURL.absoluteString + "/hangs"
        let request = Task {
            try await withTaskExecutorPreference(engine.executor) { try await engine.perform(testRequest(url), into: HTTPBodyBuffer()) }
        }
        let reached = await signal(of: arrived, within: 30)
        XCTAssertEqual(reached, .success, "the request never reached the server")

        request.cancel()

        let error = await errorOf { try await request.value }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }

    func test_executor_aTaskThatPrefersItAfterTheEngineStopped_runsElsewhere() async throws {
        let engine = try makeEngine(for: self)
        await engine.shutdown()

        let error = await withTaskExecutorPreference(engine.executor) {
            await errorOf { try await engine.perform(testRequest("http://127.0.0.1:9/"), into: HTTPBodyBuffer()) }
        }

        XCTAssertEqual(engine.core.executor.jobsRun.load(ordering: .relaxed), 0, "the loop had ended: the task ran elsewhere")
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }
}

/// Three requests one after another: their bodies, and the thread each answer was heard on.
private func requests(_ base: String, through engine: CurlEngine) async throws -> (bodies: [String], threads: [pthread_t]) {
    var bodies: [String] = []
    var threads: [pthread_t] = []
    for number in 0..<3 {
        let sink = HTTPBodyBuffer()
        _ = try await engine.perform(testRequest("\(base)/\(number)"), into: sink)
        bodies.append(String(decoding: sink.data, as: UTF8.self))
        threads.append(currentThread())
    }
    return (bodies, threads)
}

/// The thread this runs on.
private func currentThread() -> pthread_t {
    pthread_self()
}
