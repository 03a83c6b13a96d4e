import FeedCore
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import LoopbackHTTP
@testable import SampleAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stopping the sample API from async code: the waiting is done off the threads that run
/// tasks, and `serving` stops the server however its body ends.
final class SampleAPIServerStopTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    func test_stop_awaitedClosesTheListeningSocketOnAThreadOfItsOwn() async throws {
        let closedInTask = Mutex<Bool?>(nil)
        var calls = LoopbackServerCore.ListenerCalls.system
        calls.close = { listener in
            let inTask = withUnsafeCurrentTask { $0 != nil }
            closedInTask.withLock { $0 = inTask }
            LoopbackServerCore.ListenerCalls.system.close(listener)
        }
        let server = try SampleAPIServer(source: source, intercept: nil) { handler in
            try LoopbackHTTPServer(port: 0, limits: LoopbackHTTPServer.Limits(), onClientHangUp: nil, listenerCalls: calls, handler: handler)
        }

        await server.stop()

        let inTask = try XCTUnwrap(closedInTask.withLock { $0 }, "the listening socket was not closed")
        XCTAssertFalse(inTask, "stop() waited in the awaiting task, on a thread that runs tasks")
        assertRefusesConnections(server.port)
    }

    func test_serving_stopsTheServerOnceTheBodyReturnsAndGivesBackWhatItReturned() async throws {
        let server = try SampleAPIServer(source: source)
        let port = server.port

        let answer = try await server.serving { () async throws -> Int in
            XCTAssertNoThrow(try LoopbackSocketClient(port: port), "the server serves while the body runs")
            return 7
        }

        XCTAssertEqual(answer, 7)
        assertRefusesConnections(port)
    }

    func test_serving_stopsTheServerWhenTheBodyThrowsAndThrowsItsError() async throws {
        let server = try SampleAPIServer(source: source)

        do {
            try await server.serving { () async throws -> Void in throw Failure() }
            XCTFail("expected the body's error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure())
        }

        assertRefusesConnections(server.port)
    }

    // MARK: - Helpers

    private let source = SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 16, now: fixedNow())

    private func assertRefusesConnections(_ port: UInt16, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try LoopbackSocketClient(port: port), "the port still accepts connections", file: file, line: line) { error in
            XCTAssertEqual((error as? LoopbackSocketClient.ConnectError)?.errno, ECONNREFUSED, "\(error)", file: file, line: line)
        }
    }
}
