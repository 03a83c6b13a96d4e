import FeedCore
import Foundation
import HTTP
import Synchronization
import TestSupport
import XCTest

/// A retry clock that never waits: each sleep is recorded and moves its own wall clock
/// ("now") and monotonic clock forward by the time slept, so back-offs, `Retry-After`
/// pauses and `--rate` take no wall time.
///
/// Sleeps that overlap in real time add up on this clock; a test of concurrent waits can
/// keep both clocks where they are (`advancesOnSleep: false`) and look at the sleeps alone.
final class InstantRetryClock: Sendable {
    private let state: Mutex<(now: Date, elapsed: Duration, sleeps: [Duration], randoms: [Double])>
    private let advancesOnSleep: Bool
    /// Where the monotonic clock starts; only differences from it matter.
    private let origin = ContinuousClock.now

    /// `randoms` are handed out in turn as the jitter (the last one repeats).
    init(now: Date = fixedNow(), randoms: [Double] = [0.5], advancesOnSleep: Bool = true) {
        state = Mutex((now, .zero, [], randoms))
        self.advancesOnSleep = advancesOnSleep
    }

    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Sets the wall clock `seconds` forward or back, as NTP may while a run goes on; the
    /// monotonic clock does not move.
    func stepWallClock(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }
    var now: Date { state.withLock { $0.now } }

    var clock: RetryClock {
        RetryClock(
            now: { [self] in now },
            instant: { [self] in origin + state.withLock { $0.elapsed } },
            sleep: { [self] duration in
                try Task.checkCancellation()
                state.withLock {
                    $0.sleeps.append(duration)
                    guard advancesOnSleep else { return }
                    $0.now = $0.now.addingTimeInterval(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                    $0.elapsed += duration
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
    maxConnections: Int = 4, certificateAuthorities: CertificateAuthorities? = nil, recorder: (any HTTPExchangeRecorder)? = nil
) throws -> CurlEngine {
    var configuration = CurlEngine.Configuration(userAgent: "feedsite/test")
    configuration.requestTimeout = timeout
    configuration.connectTimeout = connectTimeout
    configuration.lowSpeedLimit = lowSpeed.bytes
    configuration.lowSpeedTime = lowSpeed.seconds
    configuration.maxConnections = maxConnections
    configuration.certificateAuthorities = certificateAuthorities
    configuration.recorder = recorder
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
    do {
        let answer = try await client.get(HTTPGet(url: url, headers: headers, maxBodyBytes: limit, limitName: "for tests"), into: body)
        return (body.data, answer)
    } catch {
        // The error itself, which the tests look for by its type.
        throw error.error
    }
}

/// A GET with the tests' limit name.
func testRequest(_ url: String, headers: [String] = [], limit: Int = 16 * 1024 * 1024) -> HTTPGet {
    HTTPGet(url: URL(string: url)!, headers: headers, maxBodyBytes: limit, limitName: "for tests")
}

/// Records what the client hands it.
final class RecordingSink: HTTPBodySink {
    private let state = Mutex<(events: [String], bytes: Int)>(([], 0))

    var events: [String] { state.withLock { $0.events } }
    var bytes: Int { state.withLock { $0.bytes } }

    func begin(_ answer: HTTPAnswer) {
        state.withLock {
            $0.events.append("begin \(answer.status)")
            $0.bytes = 0
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { $0.bytes += bytes.count }
    }
}

/// Fails as soon as the body begins.
final class FailingSink: HTTPBodySink {
    private let error: any Error & Sendable

    init(_ error: any Error & Sendable) {
        self.error = error
    }

    func begin(_ answer: HTTPAnswer) throws { throw error }
    func write(_ bytes: UnsafeRawBufferPointer) throws { throw error }
}
