import FeedCore
import Foundation
import LoopbackHTTP
import TestSupport
import XCTest

import HTTP

/// Shutting the engine down ends every transfer, against a server on 127.0.0.1 that never
/// answers: only the engine can end these requests before their 60 s timeout. Nothing here
/// sleeps; waits have a generous watchdog, on a thread of their own. Every moment a
/// cancellation can come is `TransferBoardTests`' business.
final class CurlEngineStopTests: XCTestCase {
    func test_shutdown_endsEveryRequestInFlightWithCancellationAndLaterRequestsFailAtOnce() async throws {
        let arrived = DispatchSemaphore(value: 0)
        let script = HTTPResponseScript([HTTPResponse(status: 200, delivery: .hang)])
        let server = try makeServer { request in
            arrived.signal()
            return script.next(request)
        }
        let engine = try makeEngine()
        let base = server.baseURL.absoluteString
        let sinks = (0..<4).map { _ in RecordingSink() }
        let requests = sinks.enumerated().map { number, sink in
            Task { try await engine.perform(testRequest("\(base)/\(number)"), into: sink) }
        }
        for _ in requests {
            let reached = await signal(of: arrived, within: 30)
            XCTAssertEqual(reached, .success, "a request never reached the server")
        }

        await engine.shutdown()

        for request in requests {
            let error = await errorOf { try await request.value }
            XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        }
        XCTAssertEqual(sinks.map(\.events), [[], [], [], []], "no answer reached a sink")
        let later = await errorOf { try await engine.perform(testRequest("\(base)/later"), into: HTTPBodyBuffer()) }
        XCTAssertTrue(later is CancellationError, "got \(String(describing: later))")
        XCTAssertEqual(script.count, 4, "the request after the shutdown was never sent")
    }

    func test_shutdown_calledAgainOrFromSeveralTasksAtOnceReturnsEachTime() async throws {
        let engine = try makeEngine()

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { await engine.shutdown() }
            }
        }
        await engine.shutdown()

        let error = await errorOf { try await engine.perform(testRequest("http://127.0.0.1:9/"), into: HTTPBodyBuffer()) }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }

    // MARK: - Helpers

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    /// An engine whose requests would wait a minute for an answer; shut down when the test ends.
    private func makeEngine() throws -> CurlEngine {
        var configuration = CurlEngine.Configuration(userAgent: "feedsite/test")
        configuration.requestTimeout = .seconds(60)
        configuration.maxConnections = 4
        let engine = try CurlEngine(configuration)
        addTeardownBlock { await engine.shutdown() }
        return engine
    }
}
