import Dispatch
import FeedCore
import Foundation
import HTTP
import Synchronization
import TestSupport
import XCTest

@testable import LoopbackHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What stopping does: the port refuses connections and open ones are dropped; the listening
/// socket, watched through the calls made on it, is closed only once the accept loop is over;
/// an awaited stop waits off the threads that run tasks.
final class LoopbackServerStopTests: XCTestCase {
    /// A closed descriptor's number is handed to the next file the process opens: an accept
    /// made after the close would take that file's connections, or fail on it.
    func test_stop_closesTheListeningSocketOnlyOnceTheAcceptLoopWillNotAcceptAgain() throws {
        let log = CallLog()
        let paused = DispatchSemaphore(value: 0)
        // Out of descriptors: the loop pauses before trying again, which stop() cuts short.
        var calls = watchedCalls(log) { _ in .failed(errno: EMFILE) }
        calls.pause = { _, stopping in
            paused.signal()
            stopping.wait()
        }
        let core = try LoopbackServerCore(
            port: 0, limits: LoopbackHTTPServer.Limits(), onClientHangUp: nil, calls: calls, handler: { _ in HTTPResponse(status: 200) })
        let loopReturned = DispatchSemaphore(value: 0)
        Thread {
            core.acceptLoop()
            loopReturned.signal()
        }.start()

        paused.wait()
        core.stop()
        loopReturned.wait()

        XCTAssertEqual(log.entries.withLock { $0 }, ["accept", "shut down", "close"])
    }

    /// Awaited, `stop()` waits for the accept loop and the deliveries on a thread of its own,
    /// so the task awaiting it holds none of the threads that run tasks.
    func test_stop_awaitedClosesTheListeningSocketOnAThreadOfItsOwn() async throws {
        let closedInTask = Mutex<Bool?>(nil)
        var calls = LoopbackServerCore.ListenerCalls.system
        calls.close = { listener in
            let inTask = withUnsafeCurrentTask { $0 != nil }
            closedInTask.withLock { $0 = inTask }
            LoopbackServerCore.ListenerCalls.system.close(listener)
        }
        let server = try LoopbackHTTPServer(port: 0, limits: LoopbackHTTPServer.Limits(), onClientHangUp: nil, listenerCalls: calls) { _ in
            HTTPResponse(status: 200)
        }

        await server.stop()

        let inTask = try XCTUnwrap(closedInTask.withLock { $0 }, "the listening socket was not closed")
        XCTAssertFalse(inTask, "stop() waited in the awaiting task, on a thread that runs tasks")
    }

    // MARK: - Stopping

    func test_stop_refusesNewConnections() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200) }
        let port = server.port

        server.stop()

        XCTAssertThrowsError(try LoopbackSocketClient(port: port)) { error in
            XCTAssertEqual((error as? LoopbackSocketClient.ConnectError)?.errno, ECONNREFUSED, "\(error)")
        }
    }

    func test_stop_makesAClientsRequestsFailWithConnectionRefused() async throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200) }
        let client = try makeHTTPClient(for: self)
        _ = try await fetch(server.baseURL, with: client)

        await server.stop()

        do {
            let (_, response) = try await fetch(server.baseURL, with: client)
            XCTFail("expected an error, got \(response)")
        } catch {
            XCTAssertEqual(error as? HTTPClientError, .connectivity("connection refused"))
        }
    }

    func test_stop_dropsOpenKeepAliveConnections() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("kept".utf8)) }
        let client = try LoopbackSocketClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let answer = client.readOneResponse()

        server.stop()

        XCTAssertEqual(answer?.hasSuffix("kept"), true, answer ?? "nothing")
        XCTAssertEqual(client.readUntilClosed(), "", "the kept-alive connection is closed by stop()")
    }

    func test_stop_twiceDoesNothingTheSecondTime() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200) }
        let port = server.port

        server.stop()
        server.stop()

        XCTAssertThrowsError(try LoopbackSocketClient(port: port))
    }

    func test_deinit_stopsAServerThatWasReleasedWithoutStop() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in HTTPResponse(status: 200) }
        weak let released = server
        let port = try XCTUnwrap(server?.port)

        server = nil

        XCTAssertNil(released, "the last reference is gone, so deinit should run and stop the server")
        XCTAssertThrowsError(try LoopbackSocketClient(port: port), "a released server should refuse connections")
        released?.stop()
    }

    // MARK: - Helpers

    /// The system's calls on the listening socket, each logged, with `accept` replaced; an
    /// accept made once the socket is closed is logged as such.
    private func watchedCalls(
        _ log: CallLog, accept: @escaping LoopbackServerCore.Accept
    ) -> LoopbackServerCore.ListenerCalls {
        let system = LoopbackServerCore.ListenerCalls.system
        return LoopbackServerCore.ListenerCalls(
            accept: { listener in
                log.entries.withLock { $0.append($0.contains("close") ? "accept on a closed descriptor" : "accept") }
                return accept(listener)
            },
            shutDown: { listener in
                log.entries.withLock { $0.append("shut down") }
                system.shutDown(listener)
            },
            close: { listener in
                log.entries.withLock { $0.append("close") }
                system.close(listener)
            },
            pause: system.pause)
    }
}

/// The calls made on the listening socket, in order.
private final class CallLog: Sendable {
    let entries = Mutex<[String]>([])
}
