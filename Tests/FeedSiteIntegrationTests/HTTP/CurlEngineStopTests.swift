import FeedCore
import Foundation
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

@testable import HTTP

/// Cancelling a request and shutting the engine down end every transfer, whatever the
/// moment, against a server on 127.0.0.1 that never answers: only the engine can end these
/// requests before their 60 s timeout. Nothing here sleeps; waits have a generous watchdog.
final class CurlEngineStopTests: XCTestCase {
    func test_perform_endsWithCancellationWhenCancelledBeforeTheLoopTakesTheTransfer() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200, delivery: .hang)])
        let server = try makeServer(script.next)
        let turns = LoopTurns()
        var hooks = CurlEngine.Hooks()
        // The interleaving that a cancellation must survive: the task is cancelled after its
        // transfer is marked waiting and before it reaches the loop, and the loop completes
        // whole turns in between, so a cancellation the loop looked for only among the
        // transfers it had would be over before the transfer arrived.
        hooks.beforeHandOff = {
            withUnsafeCurrentTask { $0?.cancel() }
            turns.waitForAnotherTurn()
        }
        hooks.afterRequestsHandled = { turns.turned() }
        let engine = try makeEngine(hooks: hooks)
        turns.attach(engine)
        let url = server.baseURL.absoluteString

        let error = await Task { await errorOf { try await engine.perform(testRequest(url), into: HTTPBodyBuffer()) } }.value

        XCTAssertEqual(turns.waits, [true], "the loop did not complete a turn between the cancellation and the hand-off")
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertEqual(script.count, 0, "a transfer cancelled before the loop took it is never sent")
    }

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
            let reached = await Task.detached { arrived.wait(timeout: .now() + 30) }.value
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
        engine.beginShutdown()
        await engine.shutdown()

        let error = await errorOf { try await engine.perform(testRequest("http://127.0.0.1:9/"), into: HTTPBodyBuffer()) }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }

    func test_shutdown_afterBeginShutdownWaitsForTheSameStop() async throws {
        let arrived = DispatchSemaphore(value: 0)
        let server = try makeServer { _ in
            arrived.signal()
            return HTTPResponse(status: 200, delivery: .hang)
        }
        let engine = try makeEngine()
        let url = server.baseURL.absoluteString
        let request = Task { try await engine.perform(testRequest(url), into: HTTPBodyBuffer()) }
        let reached = await Task.detached { arrived.wait(timeout: .now() + 30) }.value
        XCTAssertEqual(reached, .success, "the request never reached the server")

        engine.beginShutdown()
        await engine.shutdown()

        let error = await errorOf { try await request.value }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
    }

    // MARK: - Helpers

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    /// An engine whose requests would wait a minute for an answer; shut down when the test ends.
    private func makeEngine(hooks: CurlEngine.Hooks = CurlEngine.Hooks()) throws -> CurlEngine {
        var configuration = CurlEngine.Configuration(userAgent: "feedsite/test")
        configuration.requestTimeout = .seconds(60)
        configuration.maxConnections = 4
        let engine = try CurlEngine(configuration, hooks: hooks)
        addTeardownBlock { await engine.shutdown() }
        return engine
    }
}

/// Counts the turns of an engine's loop (through `Hooks.afterRequestsHandled`) and waits for
/// the next one.
private final class LoopTurns: Sendable {
    private let state = Mutex(State())
    private let turnedSignal = DispatchSemaphore(value: 0)

    private struct State {
        var count = 0
        var waits: [Bool] = []
        /// Weak: the engine's hooks hold this.
        weak var core: CurlEngine.Core?
    }

    func attach(_ engine: CurlEngine) {
        state.withLock { $0.core = engine.core }
    }

    /// On the loop's thread, each turn.
    func turned() {
        state.withLock { $0.count += 1 }
        turnedSignal.signal()
    }

    /// Whether each `waitForAnotherTurn` saw its turn within the limit.
    var waits: [Bool] { state.withLock { $0.waits } }

    /// Wakes the loop and waits until it has handled its requests in a turn that began after
    /// this call, or a generous limit passed (recorded in `waits`). Waking it again after
    /// each turn keeps the wait short: the loop would otherwise sit out its longest poll.
    func waitForAnotherTurn() {
        let (seen, core) = state.withLock { ($0.count, $0.core) }
        core?.wakeUp()
        let deadline = DispatchTime.now() + 30
        var waited = true
        // The turn counted as `seen + 1` may have begun before this call; the one after it
        // began after that turn had ended.
        while state.withLock({ $0.count }) < seen + 2 {
            guard turnedSignal.wait(timeout: deadline) == .success else {
                waited = false
                break
            }
            core?.wakeUp()
        }
        state.withLock { $0.waits.append(waited) }
    }
}
