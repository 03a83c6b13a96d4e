import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import TestSupport
import XCTest

/// The client's network manners through the real engine: what is tried again and after how long,
/// `Retry-After` for the whole host, and a host taken as down. The retry clock never
/// waits, so no test here takes wall time for its back-offs.
final class CurlHTTPClientTests: XCTestCase {
    func test_get_triesABusyStatusAgainAfterJitteredBackOffAndSaysHowManyTries() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 503), HTTPResponse(status: 502), .json("{}")])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock(randoms: [0.5])

        let (data, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "{}")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.tries, 3)
        XCTAssertEqual(clock.sleeps, [.milliseconds(250), .milliseconds(500)], "half of 0.5 s, then half of 1 s")
    }

    func test_get_deliversTheLastBusyStatusOnceTheRetriesAreSpent() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 503)])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock(randoms: [1])

        let (_, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock))

        XCTAssertEqual(answer.status, 503)
        XCTAssertEqual(answer.tries, 4)
        XCTAssertEqual(script.count, 4)
        XCTAssertEqual(clock.sleeps, [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    func test_get_doesNotTryOtherStatusesAgain() async throws {
        for status in [400, 401, 403, 404, 410] {
            let script = HTTPResponseScript([HTTPResponse(status: status)])
            let server = try makeServer(script.next)
            let clock = InstantRetryClock()

            let (_, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock))

            XCTAssertEqual(answer.status, status)
            XCTAssertEqual(script.count, 1, "status \(status)")
            XCTAssertEqual(clock.sleeps, [])
        }
    }

    func test_get_triesAResetAndACutShortBodyAgain() async throws {
        let script = HTTPResponseScript([
            HTTPResponse(status: 200, delivery: .reset),
            HTTPResponse(status: 200, body: Data(count: 100), delivery: .truncated(afterBytes: 10)),
            HTTPResponse(status: 200, body: Data("whole".utf8)),
        ])
        let server = try makeServer(script.next)

        let (data, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "whole", "the cut-short try's bytes are forgotten")
        XCTAssertEqual(answer.tries, 3)
    }

    func test_get_failsWithTheReasonAndTheTriesWhenEveryTryFailsToConnect() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }
        await server.stop()
        let clock = InstantRetryClock()

        let error = await errorOf { try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock)) }

        XCTAssertEqual(error as? HTTPClientError, .connectivity("connection refused (after 4 tries)"))
        XCTAssertEqual(clock.sleeps.count, 3)
    }

    func test_get_doesNotTryATLSFailureAgain() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }
        let clock = InstantRetryClock()

        let error = await errorOf {
            try await fetch(URL(string: "https://127.0.0.1:\(server.port)/")!, with: makeHTTPClient(for: self, retries: 3, clock: clock))
        }

        let reason = (error as? HTTPClientError)?.reason ?? "\(String(describing: error))"
        XCTAssertTrue(reason.hasPrefix("TLS: handshake with 127.0.0.1 failed ("), reason)
        XCTAssertFalse(reason.contains("tries"), reason)
        XCTAssertEqual(clock.sleeps, [])
    }

    func test_get_cancelsARequestWaitingForASlotWithoutSendingIt() async throws {
        let entered = DispatchSemaphore(value: 0)
        let script = HTTPResponseScript([HTTPResponse(status: 200, delivery: .hang)])
        let server = try makeServer { request in
            let response = script.next(request)
            entered.signal()
            return response
        }
        let client = CurlHTTPClient(engine: try makeEngine(for: self, maxConnections: 1), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)
        let base = server.baseURL

        let first = Task { try await fetch(base.appendingPathComponent("first"), with: client) }
        let reached = await signal(of: entered, within: 10)
        XCTAssertEqual(reached, .success, "the first request never reached the server")
        let second = Task { try await fetch(base.appendingPathComponent("second"), with: client) }
        second.cancel()
        let secondError = await errorOf { try await second.value }
        first.cancel()
        _ = await errorOf { try await first.value }

        XCTAssertTrue(secondError is CancellationError, "got \(String(describing: secondError))")
        XCTAssertEqual(script.requests.map(\.path), ["/first"], "the second request waited for the one slot and never went out")
    }

    // MARK: - Retry-After

    func test_get_waitsWhatRetryAfterSaysInSeconds() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "1"]), .json("{}")])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock()

        let (_, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock))

        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(1)])
    }

    func test_get_waitsUntilARetryAfterDate() async throws {
        // fixedNow() is 2024-05-20T11:24:59Z.
        let script = HTTPResponseScript([HTTPResponse(status: 503, headers: ["Retry-After": "Mon, 20 May 2024 11:25:09 GMT"]), .json("{}")])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock()

        let (_, answer) = try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock))

        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(10)])
    }

    func test_get_pausesEveryRequestToTheHostNotJustTheOneThatWasAskedToWait() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "5"]), .json("{}")])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock()
        let client = try makeHTTPClient(for: self, retries: 0, clock: clock)

        let (_, first) = try await fetch(server.baseURL.appendingPathComponent("a"), with: client)
        XCTAssertEqual(clock.sleeps, [], "the first request has no retries left and ends at once")
        let (_, second) = try await fetch(server.baseURL.appendingPathComponent("b"), with: client)

        XCTAssertEqual(first.status, 429)
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(5)], "the next request to the host waited out the pause")
    }

    func test_get_waitsOutAHostsPauseWhateverTheWallClockDoesMeanwhile() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "5"]), .json("{}")])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock()
        let client = try makeHTTPClient(for: self, retries: 0, clock: clock)

        _ = try await fetch(server.baseURL.appendingPathComponent("a"), with: client)
        clock.stepWallClock(by: -3600)
        let (_, second) = try await fetch(server.baseURL.appendingPathComponent("b"), with: client)

        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(5)], "the pause, not the hour the wall clock stepped back")
    }

    func test_get_refusesARetryAfterLongerThanSixtySeconds() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "120"])])
        let server = try makeServer(script.next)
        let clock = InstantRetryClock()

        let error = await errorOf { try await fetch(server.baseURL, with: makeHTTPClient(for: self, retries: 3, clock: clock)) }

        XCTAssertEqual(
            error as? HTTPClientError, HTTPClientError(.invalidAnswer, "status 429 asking to retry after 120 s, longer than the 60 s feedsite waits"))
        XCTAssertEqual(script.count, 1)
        XCTAssertEqual(clock.sleeps, [])
    }

    // MARK: - A host that is down

    func test_get_takesAHostAsDownAfterEightFailuresInARowAndSendsNothingMoreToIt() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200, delivery: .reset)])
        let server = try makeServer(script.next)
        let client = try makeHTTPClient(for: self, retries: 0)

        var reasons: [String] = []
        for number in 1...11 {
            let error = await errorOf { try await fetch(server.baseURL.appendingPathComponent("\(number)"), with: client) }
            reasons.append((error as? HTTPClientError)?.reason ?? "\(String(describing: error))")
        }

        XCTAssertEqual(script.count, 8, "requests 9, 10 and 11 were not sent")
        XCTAssertEqual(reasons.suffix(3), Array(repeating: "not sent: 127.0.0.1:\(server.port) failed 8 requests in a row and is taken as down", count: 3))
        let down = await client.statistics.hostsDown
        XCTAssertEqual(down, [NetworkStatistics.HostDown(host: "127.0.0.1:\(server.port)", notSent: 3)])
    }

    func test_get_countsOnlyFailuresInARow() async throws {
        let failing = HTTPResponse(status: 200, delivery: .hangUp)
        let script = HTTPResponseScript(Array(repeating: failing, count: 7) + [HTTPResponse(status: 404)] + Array(repeating: failing, count: 7) + [.json("{}")])
        let server = try makeServer(script.next)
        let client = try makeHTTPClient(for: self, retries: 0)

        for number in 1...15 {
            _ = try? await fetch(server.baseURL.appendingPathComponent("\(number)"), with: client)
        }
        let (_, last) = try await fetch(server.baseURL.appendingPathComponent("16"), with: client)

        XCTAssertEqual(last.status, 200, "a 404 is an answer: the count started over, and the 16th request was sent")
        let down = await client.statistics.hostsDown
        XCTAssertEqual(down, [])
    }

    func test_statistics_countsTheHeadersAndBodiesOfEveryTry() async throws {
        let busy = HTTPResponse(status: 503, body: Data(repeating: 0x20, count: 100))
        let script = HTTPResponseScript([busy, .json(String(repeating: " ", count: 1_000))])
        let client = try makeHTTPClient(for: self, retries: 1, clock: InstantRetryClock(randoms: [0]))

        let (data, _) = try await fetch(try makeServer(script.next).baseURL, with: client)

        XCTAssertEqual(data.count, 1_000)
        let traffic = await client.statistics
        XCTAssertEqual(traffic.requests, 1)
        XCTAssertEqual(traffic.retries, 1)
        let heads = [
            "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 100\r\nConnection: keep-alive\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: keep-alive\r\n\r\n",
        ]
        XCTAssertEqual(traffic.receivedBytes, 1_100 + heads.map(\.utf8.count).reduce(0, +), "both heads and both bodies, the busy one's too")
    }

    func test_statistics_countsACompressedAnswerAsItCameNotAsDecoded() async throws {
        // gzip of {"items":[{},{},…]} with 2,000 empty objects: 6,011 bytes decoded.
        let gzipped = Data([
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xed, 0xc2, 0xa1, 0x0d, 0x00, 0x20, 0x0c, 0x00, 0xb0, 0x5f, 0xd0, 0x5c, 0xc0,
            0x2b, 0x04, 0x89, 0x40, 0xa0, 0xc0, 0x2d, 0xfb, 0x9d, 0x23, 0xb0, 0x6d, 0x1a, 0x65, 0xdd, 0xb9, 0x4f, 0x69, 0x3d, 0xb2, 0xaa, 0xaa, 0xaa,
            0xaa, 0xaa, 0xaa, 0x7f, 0x47, 0x3e, 0x6e, 0xcf, 0xcd, 0x42, 0x7b, 0x17, 0x00, 0x00,
        ])
        let server = try makeServer { _ in HTTPResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped) }
        let client = try makeHTTPClient(for: self)
        let body = HTTPBodyBuffer()

        _ = try await client.get(.api(server.baseURL), into: body)

        XCTAssertEqual(body.data.count, 6_011)
        let received = await client.statistics.receivedBytes
        XCTAssertGreaterThan(received, gzipped.count)
        XCTAssertLessThan(received, gzipped.count + 300)
    }

    // MARK: - Helpers

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }
}

final class CurlHTTPClientBusyHostTests: XCTestCase {
    func test_get_takesAHostThatStaysBusyAsDownToo() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 503)])
        let server = try LoopbackHTTPServer(handler: script.next)
        addTeardownBlock { server.stop() }
        let client = try makeHTTPClient(for: self, retries: 1)

        for number in 1...10 {
            _ = try? await fetch(server.baseURL.appendingPathComponent("\(number)"), with: client)
        }

        XCTAssertEqual(script.count, 16, "8 requests tried twice, then nothing more")
        let down = await client.statistics.hostsDown
        XCTAssertEqual(down, [NetworkStatistics.HostDown(host: "127.0.0.1:\(server.port)", notSent: 2)])
    }

    func test_get_countsARefusedRetryAfterAsAFailure() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 429, headers: ["Retry-After": "3600"])])
        let server = try LoopbackHTTPServer(handler: script.next)
        addTeardownBlock { server.stop() }
        let client = try makeHTTPClient(for: self, retries: 3)

        for number in 1...9 {
            _ = try? await fetch(server.baseURL.appendingPathComponent("\(number)"), with: client)
        }

        XCTAssertEqual(script.count, 8)
        let down = await client.statistics.hostsDown
        XCTAssertEqual(down.map(\.notSent), [1])
    }
}
