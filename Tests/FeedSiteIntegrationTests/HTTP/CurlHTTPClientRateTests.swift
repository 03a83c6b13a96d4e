import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

/// `--rate` through the real engine: requests to a host spread one interval apart, on the
/// retry clock's monotonic time, which never waits.
final class CurlHTTPClientRateTests: XCTestCase {
    func test_get_withARateSendsRequestsThatComeTogetherOneIntervalApart() async throws {
        let clock = InstantRetryClock()
        let arrivals = ArrivalTimes(clock: clock)
        let server = try makeServer(arrivals.record)
        let client = CurlHTTPClient(engine: try makeEngine(for: self, maxConnections: 1), policy: RetryPolicy(retries: 0), clock: clock.clock, rate: 2)

        try await fetchTogether(6, from: server, with: client)

        XCTAssertEqual(arrivals.offsets, [0, 0.5, 1, 1.5, 2, 2.5])
        XCTAssertEqual(clock.sleeps, Array(repeating: .milliseconds(500), count: 5))
        let statistics = await client.statistics
        XCTAssertEqual(statistics.rate, 2)
        XCTAssertEqual(statistics.rateWait, 2.5, accuracy: 1e-9)
    }

    func test_get_withARateGivesRequestsInFlightTogetherStartsOneIntervalApart() async throws {
        // "Now" stays put, so every start is taken at the same moment, whatever the order.
        let clock = InstantRetryClock(advancesOnSleep: false)
        let script = HTTPResponseScript([.json("{}")])
        let server = try makeServer(script.next)
        let client = CurlHTTPClient(engine: try makeEngine(for: self, maxConnections: 4), policy: RetryPolicy(retries: 0), clock: clock.clock, rate: 4)

        try await fetchTogether(12, from: server, with: client)

        XCTAssertEqual(script.count, 12)
        XCTAssertEqual(
            clock.sleeps.sorted(), (1..<12).map { .milliseconds(250 * $0) }, "one request went at once, each other one interval after the one before")
    }

    func test_get_withARatePacesEachHostOnItsOwn() async throws {
        let clock = InstantRetryClock()
        let first = ArrivalTimes(clock: clock)
        let second = ArrivalTimes(clock: clock)
        let api = try makeServer(first.record)
        let images = try makeServer(second.record)
        let client = CurlHTTPClient(engine: try makeEngine(for: self, maxConnections: 1), policy: RetryPolicy(retries: 0), clock: clock.clock, rate: 1)

        for _ in 0..<2 {
            _ = try await fetch(api.baseURL, with: client)
            _ = try await fetch(images.baseURL, with: client)
        }

        XCTAssertEqual(first.offsets, [0, 1])
        XCTAssertEqual(second.offsets, [0, 1], "the second host's first request did not wait for the first host's pace")
    }

    func test_get_withARateKeepsItsPaceWhenTheWallClockStepsBackOrForward() async throws {
        let clock = InstantRetryClock()
        let server = try makeServer { _ in .json("{}") }
        let client = CurlHTTPClient(engine: try makeEngine(for: self, maxConnections: 1), policy: RetryPolicy(retries: 0), clock: clock.clock, rate: 1)

        _ = try await fetch(server.baseURL, with: client)
        clock.stepWallClock(by: -3600)
        _ = try await fetch(server.baseURL, with: client)
        clock.stepWallClock(by: 7200)
        _ = try await fetch(server.baseURL, with: client)

        XCTAssertEqual(clock.sleeps, [.seconds(1), .seconds(1)], "one interval each time, whatever the wall clock did")
    }

    func test_get_withARateStillWaitsOutARetryAfterLongerThanTheInterval() async throws {
        let clock = InstantRetryClock()
        let arrivals = ArrivalTimes(clock: clock)
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "3"]), .json("{}")])
        let server = try makeServer { request in
            _ = arrivals.record(request)
            return script.next(request)
        }
        let client = CurlHTTPClient(engine: try makeEngine(for: self), policy: RetryPolicy(retries: 1), clock: clock.clock, rate: 2)

        let (_, answer) = try await fetch(server.baseURL, with: client)

        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(arrivals.offsets, [0, 3])
        XCTAssertEqual(clock.sleeps, [.seconds(3)], "the pause, not the pace")
    }

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }
}

/// When each request reached a server, on the test's retry clock, as seconds after the first.
private final class ArrivalTimes: Sendable {
    private let clock: InstantRetryClock
    private let times = Mutex<[Date]>([])

    init(clock: InstantRetryClock) {
        self.clock = clock
    }

    @Sendable func record(_ request: HTTPRequest) -> HTTPResponse {
        times.withLock { $0.append(clock.now) }
        return .json("{}")
    }

    var offsets: [TimeInterval] {
        let sorted = times.withLock { $0 }.sorted()
        return sorted.map { $0.timeIntervalSince(sorted[0]) }
    }
}

/// Sends `count` requests to `server` at once and waits for all of them.
private func fetchTogether(_ count: Int, from server: LoopbackHTTPServer, with client: CurlHTTPClient) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<count {
            group.addTask { _ = try await fetch(server.baseURL.appendingPathComponent("\(index)"), with: client) }
        }
        try await group.waitForAll()
    }
}
