import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

/// What the engine tells a recorder of the exchanges (for `--warc`), through the real engine
/// and a loopback server.
final class CurlEngineRecordingTests: XCTestCase {
    func test_recording_seesEachHopsRequestAsSentAndAnswerAsReceived_thenTheBodyAndTheAddress() async throws {
        let server = try makeServer { request in
            request.path == "/start" ? HTTPResponse(status: 302, headers: ["Location": "/final"]) : HTTPResponse(status: 200, body: Data("hello".utf8))
        }
        let recorder = Recorder()
        let client = CurlHTTPClient(engine: try makeEngine(for: self, recorder: recorder), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)

        let (data, answer) = try await fetch(server.baseURL.appendingPathComponent("start"), with: client)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "hello")
        XCTAssertEqual(answer.status, 200)
        let events = recorder.events
        let sent = events.filter { $0.hasPrefix("sent ") }
        XCTAssertEqual(sent.count, 2, "\(events)")
        XCTAssertTrue(sent[0].hasPrefix("sent GET /start HTTP/1.1\r\nHost: 127.0.0.1:"), sent[0])
        XCTAssertTrue(sent[0].contains("\r\nUser-Agent: feedsite/test\r\n"), sent[0])
        XCTAssertTrue(sent[0].hasSuffix("\r\n\r\n"), sent[0])
        XCTAssertTrue(sent[1].hasPrefix("sent GET /final HTTP/1.1\r\n"), sent[1])
        let statusLines = events.filter { $0.hasPrefix("line HTTP/") }
        XCTAssertEqual(statusLines, ["line HTTP/1.1 302 Found", "line HTTP/1.1 200 OK"])
        XCTAssertTrue(events.contains("line Location: /final"), "\(events)")
        XCTAssertEqual(events.filter { $0.hasPrefix("body ") }.joined(), "body hello")
        XCTAssertEqual(events.last, "ended 127.0.0.1 HTTP/1.1 answered")
        let order = ["sent GET /start", "line HTTP/1.1 302", "sent GET /final", "line HTTP/1.1 200", "body", "ended"].map { prefix in
            events.firstIndex { $0.hasPrefix(prefix) } ?? -1
        }
        XCTAssertEqual(order, order.sorted(), "in the order they happened: \(events)")
    }

    func test_recording_keepsTheBodyOfAnErrorStatus_andEachTryIsItsOwnTransfer() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 503, body: Data("busy".utf8)), HTTPResponse(status: 404, body: Data("gone".utf8))])
        let server = try makeServer(script.next)
        let recorder = Recorder()
        let client = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: recorder), policy: RetryPolicy(retries: 1), clock: InstantRetryClock(randoms: [0]).clock)

        let (_, answer) = try await fetch(server.baseURL, with: client)

        XCTAssertEqual(answer.status, 404)
        XCTAssertEqual(recorder.transfers, 2)
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("body ") }, ["body busy", "body gone"])
    }

    func test_recording_saysWhyAnAnswerIsNotWhole_aLimitOrABrokenConnection() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 100_000)
        let server = try makeServer { request in
            request.path == "/large" ? HTTPResponse(status: 200, body: body) : HTTPResponse(status: 200, body: body, delivery: .truncated(afterBytes: 1000))
        }
        let recorder = Recorder()
        let client = CurlHTTPClient(engine: try makeEngine(for: self, recorder: recorder), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)

        _ = try? await fetch(server.baseURL.appendingPathComponent("large"), with: client, limit: 10_000)
        _ = try? await fetch(server.baseURL.appendingPathComponent("truncated"), with: client)

        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("ended ") }, ["ended 127.0.0.1 HTTP/1.1 cut length", "ended 127.0.0.1 HTTP/1.1 cut disconnect"])
    }

    func test_recording_ofATransferStillRunning_isEndedWhenTheEngineStops() async throws {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let server = try makeServer { _ in
            arrival.yield()
            return HTTPResponse(status: 200, delivery: .hang)
        }
        let recorder = Recorder()
        let engine = try makeEngine(for: self, recorder: recorder)
        let client = CurlHTTPClient(engine: engine, policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)
        let request = Task { try await fetch(server.baseURL, with: client) }

        for await _ in arrived { break }
        await engine.shutdown()
        _ = try? await request.value

        XCTAssertEqual(recorder.events.last, "ended 127.0.0.1 - cut unspecified", "\(recorder.events)")
    }

    func test_engine_holdsNewTransfersBackWhileTheRecorderIsBehind_andStartsThemOnceItCaughtUp() async throws {
        let held = try HeldBack(for: self, answering: Data("late".utf8))

        let fetched = Task { try await fetch(held.server.baseURL, with: held.client) }
        var turns = held.asked.makeAsyncIterator()
        // Asked only while a request is held: twice means it was held over a whole turn.
        _ = await turns.next()
        _ = await turns.next()
        XCTAssertEqual(held.recorder.transfers, 0, "no transfer begun while the recorder is behind")
        XCTAssertEqual(held.requests, 0)
        held.recorder.behind.store(false, ordering: .relaxed)
        let (data, _) = try await fetched.value

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "late")
        XCTAssertEqual(held.recorder.transfers, 1)
    }

    func test_engine_answersARequestCancelledWhileHeldBack() async throws {
        let held = try HeldBack(for: self, answering: Data())

        let fetched = Task { try await fetch(held.server.baseURL, with: held.client) }
        var turns = held.asked.makeAsyncIterator()
        _ = await turns.next()
        fetched.cancel()

        do {
            _ = try await fetched.value
            XCTFail("a cancelled request is not answered")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(held.recorder.transfers, 0)
        XCTAssertEqual(held.requests, 0)
    }

    /// A client whose engine's recorder is behind, a server that counts the requests it
    /// sees, and the news of each time the engine asks the recorder.
    private final class HeldBack: Sendable {
        let server: LoopbackHTTPServer
        let recorder: Recorder
        let client: CurlHTTPClient
        let asked: AsyncStream<Void>
        private let seen = Count()

        var requests: Int { seen.value.load(ordering: .relaxed) }

        init(for test: XCTestCase, answering body: Data) throws {
            let (asked, askedContinuation) = AsyncStream.makeStream(of: Void.self)
            self.asked = asked
            recorder = Recorder(asked: askedContinuation)
            recorder.behind.store(true, ordering: .relaxed)
            client = CurlHTTPClient(engine: try makeEngine(for: test, recorder: recorder), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)
            let seen = self.seen
            let server = try LoopbackHTTPServer { _ in
                seen.value.add(1, ordering: .relaxed)
                return HTTPResponse(status: 200, body: body)
            }
            self.server = server
            test.addTeardownBlock { server.stop() }
        }

        private final class Count: Sendable {
            let value = Atomic<Int>(0)
        }
    }

    // MARK: - Helpers

    /// Every event of every transfer, a line each, in the order they came.
    private final class Recorder: HTTPExchangeRecorder {
        private let state = Mutex((events: [String](), transfers: 0))
        let behind = Atomic<Bool>(false)
        /// Told each time the engine asks whether the recorder is behind.
        let asked: AsyncStream<Void>.Continuation?

        init(asked: AsyncStream<Void>.Continuation? = nil) {
            self.asked = asked
        }

        var isBehind: Bool {
            asked?.yield()
            return behind.load(ordering: .relaxed)
        }

        var events: [String] { state.withLock { $0.events } }
        var transfers: Int { state.withLock { $0.transfers } }

        func begin(_ url: URL) -> any HTTPExchangeRecording {
            state.withLock { $0.transfers += 1 }
            return Recording(self)
        }

        func add(_ event: String) {
            state.withLock { $0.events.append(event) }
        }
    }

    private final class Recording: HTTPExchangeRecording {
        private let recorder: Recorder

        init(_ recorder: Recorder) {
            self.recorder = recorder
        }

        func sent(requestHead: UnsafeRawBufferPointer) {
            recorder.add("sent " + String(decoding: requestHead, as: UTF8.self))
        }

        func received(headerLine: String) {
            if !headerLine.isEmpty { recorder.add("line " + headerLine) }
        }

        func received(body: UnsafeRawBufferPointer) {
            recorder.add("body " + String(decoding: body, as: UTF8.self))
        }

        func ended(address: String?, protocolName: String?, cut: HTTPExchangeCut?) {
            recorder.add("ended \(address ?? "-") \(protocolName ?? "-") \(cut.map { "cut \($0.rawValue)" } ?? "answered")")
        }
    }

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }
}
