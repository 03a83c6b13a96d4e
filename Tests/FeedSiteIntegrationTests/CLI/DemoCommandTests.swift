import FeedCore
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI
@testable import LoopbackHTTP
@testable import SampleAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo stops its sample API before it returns, whatever became of the run, and waits
/// for that stop off the threads that run tasks; the API's listening socket is watched.
final class DemoCommandTests: XCTestCase {
    func test_demo_stopsItsAPIAfterASuccessfulRun() async throws {
        let api = WatchedAPI()
        let demo = try demo(api, in: makeTemporaryFolder(for: self))

        let code = (await demo.run()).code

        XCTAssertEqual(code, .success)
        try api.assertStoppedOffTheTaskThreads()
    }

    func test_demo_stopsItsAPIAfterAFailedRun() async throws {
        let api = WatchedAPI { _ in HTTPResponse(status: 500) }
        let demo = try demo(api, in: makeTemporaryFolder(for: self))

        let code = (await demo.run()).code

        XCTAssertEqual(code, .failure)
        XCTAssertGreaterThan(api.requests, 0, "the feed was asked for, and failed")
        try api.assertStoppedOffTheTaskThreads()
    }

    func test_demo_stopsItsAPIWhenTheRunIsCancelled() async throws {
        let api = WatchedAPI()
        let demo = try demo(api, in: makeTemporaryFolder(for: self))

        let code = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (await demo.run()).code
        }.value

        XCTAssertEqual(code, .interrupted)
        try api.assertStoppedOffTheTaskThreads()
    }

    func test_demo_servesTheSameCommentsThroughoutAnHour_andNewOnesTheNext() throws {
        let early = DemoCommand.commentsClock(at: try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-26T10:05:00Z")))
        let late = DemoCommand.commentsClock(at: try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-26T10:59:59Z")))
        let next = DemoCommand.commentsClock(at: try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")))

        XCTAssertEqual(DemoFeed(now: early).comments(forItemAt: 0), DemoFeed(now: late).comments(forItemAt: 0))
        XCTAssertNotEqual(DemoFeed(now: late).comments(forItemAt: 0), DemoFeed(now: next).comments(forItemAt: 0))
        XCTAssertEqual(early, try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-26T10:00:00Z")))
    }

    // MARK: - Helpers

    private func demo(_ api: WatchedAPI, in folder: URL) throws -> DemoCommand {
        let environment = RunEnvironment(
            variables: [:], workingDirectory: folder, currentDate: { fixedNow() }, retryClock: InstantRetryClock().clock)
        guard case let .demo(options) = try ArgumentParser.parse(["demo", "--output", "site", "--cache", "cache"], environment: [:]) else {
            throw XCTSkip("expected the demo command")
        }
        var demo = DemoCommand(options: options, environment: environment, console: RecordingConsole())
        demo.startAPI = api.start
        return demo
    }
}

/// A sample API on a free port whose listening socket's close is watched: whether it was
/// closed, and whether on a thread that was running a task.
private final class WatchedAPI: Sendable {
    private struct Watch {
        var port: UInt16?
        var closedInTask: Bool?
        var requests = 0
    }

    private let watch = Mutex(Watch())
    private let intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)?

    init(intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) {
        self.intercept = intercept
    }

    var requests: Int { watch.withLock { $0.requests } }

    func start(_ source: DemoFeed) throws -> SampleAPIServer {
        var calls = LoopbackServerCore.ListenerCalls.system
        calls.close = { listener in
            let inTask = withUnsafeCurrentTask { $0 != nil }
            self.watch.withLock { $0.closedInTask = inTask }
            LoopbackServerCore.ListenerCalls.system.close(listener)
        }
        let counted: @Sendable (HTTPRequest) -> HTTPResponse? = { request in
            self.watch.withLock { $0.requests += 1 }
            return self.intercept?(request)
        }
        let server = try SampleAPIServer(source: source, intercept: counted) { handler in
            try LoopbackHTTPServer(port: 0, limits: LoopbackHTTPServer.Limits(), onClientHangUp: nil, listenerCalls: calls, handler: handler)
        }
        watch.withLock { $0.port = server.port }
        return server
    }

    /// The API's port was closed by the time the run returned, on a thread of its own.
    func assertStoppedOffTheTaskThreads(file: StaticString = #filePath, line: UInt = #line) throws {
        let (port, closedInTask) = watch.withLock { ($0.port, $0.closedInTask) }
        let inTask = try XCTUnwrap(closedInTask, "the API's listening socket was not closed", file: file, line: line)
        XCTAssertFalse(inTask, "the stop waited in the run's task, on a thread that runs tasks", file: file, line: line)
        XCTAssertThrowsError(try LoopbackSocketClient(port: try XCTUnwrap(port)), file: file, line: line) { error in
            XCTAssertEqual((error as? LoopbackSocketClient.ConnectError)?.errno, ECONNREFUSED, "\(error)", file: file, line: line)
        }
    }
}
