import FeedCore
import Foundation
import HTTP
import Synchronization
import TestSupport
import XCTest

/// A retry clock that never waits: each sleep is recorded and moves its own "now" forward
/// by the time slept, so back-offs and `Retry-After` pauses take no wall time.
///
/// Sleeps that overlap in real time add up on this clock; a test of concurrent waits can
/// keep "now" where it is (`advancesOnSleep: false`) and look at the sleeps alone.
final class InstantRetryClock: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Duration], randoms: [Double])>
    private let advancesOnSleep: Bool

    /// `randoms` are handed out in turn as the jitter (the last one repeats).
    init(now: Date = fixedNow(), randoms: [Double] = [0.5], advancesOnSleep: Bool = true) {
        state = Mutex((now, [], randoms))
        self.advancesOnSleep = advancesOnSleep
    }

    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    var now: Date { state.withLock { $0.now } }

    var clock: RetryClock {
        RetryClock(
            now: { [self] in now },
            sleep: { [self] duration in
                try Task.checkCancellation()
                state.withLock {
                    $0.sleeps.append(duration)
                    guard advancesOnSleep else { return }
                    $0.now = $0.now.addingTimeInterval(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                }
            },
            random: { [self] in
                state.withLock { state in
                    state.randoms.count > 1 ? state.randoms.removeFirst() : state.randoms[0]
                }
            }
        )
    }
}

/// An engine with test-sized limits; shut down when the test ends.
func makeEngine(
    for test: XCTestCase, timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(10), lowSpeed: (bytes: Int, seconds: Int) = (1024, 10),
    maxConnections: Int = 4, certificateAuthorities: CertificateAuthorities? = nil
) throws -> CurlEngine {
    var configuration = CurlEngine.Configuration(userAgent: "feedsite/test")
    configuration.requestTimeout = timeout
    configuration.connectTimeout = connectTimeout
    configuration.lowSpeedLimit = lowSpeed.bytes
    configuration.lowSpeedTime = lowSpeed.seconds
    configuration.maxConnections = maxConnections
    configuration.certificateAuthorities = certificateAuthorities
    let engine = try CurlEngine(configuration)
    test.addTeardownBlock { await engine.shutdown() }
    return engine
}

/// The real client over a real engine, with a clock that never waits.
func makeHTTPClient(for test: XCTestCase, retries: Int = 0, clock: InstantRetryClock = InstantRetryClock(), timeout: Duration = .seconds(10)) throws
    -> CurlHTTPClient
{
    CurlHTTPClient(engine: try makeEngine(for: test, timeout: timeout), policy: RetryPolicy(retries: retries), clock: clock.clock)
}

/// GETs `url` into memory.
func fetch(_ url: URL, with client: HTTPClient, headers: [String] = [], limit: Int = HTTPGet.apiAnswerLimit) async throws -> (Data, HTTPAnswer) {
    let body = HTTPBodyBuffer()
    let answer = try await client.get(HTTPGet(url: url, headers: headers, maxBodyBytes: limit, limitName: "for tests"), into: body)
    return (body.data, answer)
}
