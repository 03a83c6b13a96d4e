import Basics
import FeedCore
import Foundation
import HTTP
import TestSupport
import XCTest

/// The retry rules, decided without any waiting.
final class RetryPolicyTests: XCTestCase {
    func test_decide_acceptsAnAnswerWhoseStatusIsNotRetried() {
        for status in [200, 201, 204, 301, 304, 400, 401, 403, 404, 410, 501] {
            XCTAssertEqual(RetryPolicy().decide(answer(status), tries: 1, now: fixedNow(), random: 0.5), .accept, "status \(status)")
        }
    }

    func test_decide_retriesTheBusyStatusesWithBackOff() {
        for status in [408, 425, 429, 500, 502, 503, 504] {
            XCTAssertEqual(
                RetryPolicy().decide(answer(status), tries: 1, now: fixedNow(), random: 1), .retry(after: .milliseconds(500), pausesHost: false),
                "status \(status)"
            )
        }
    }

    func test_decide_acceptsABusyStatusOnceTheRetriesAreSpent() {
        let policy = RetryPolicy(retries: 3)

        XCTAssertNotEqual(policy.decide(answer(503), tries: 3, now: fixedNow(), random: 0.5), .accept)
        XCTAssertEqual(policy.decide(answer(503), tries: 4, now: fixedNow(), random: 0.5), .accept)
        XCTAssertEqual(RetryPolicy(retries: 0).decide(answer(503), tries: 1, now: fixedNow(), random: 0.5), .accept)
    }

    func test_decide_honoursRetryAfterInSecondsForTheWholeHost() {
        let decision = RetryPolicy().decide(answer(429, retryAfter: "7"), tries: 1, now: fixedNow(), random: 0.5)

        XCTAssertEqual(decision, .retry(after: .seconds(7), pausesHost: true))
    }

    func test_decide_honoursRetryAfterAsAnHTTPDate() {
        let now = fixedNow()  // 2024-05-20T11:24:59Z
        let decision = RetryPolicy().decide(answer(503, retryAfter: "Mon, 20 May 2024 11:25:29 GMT"), tries: 1, now: now, random: 0.5)

        XCTAssertEqual(decision, .retry(after: .seconds(30), pausesHost: true))
    }

    func test_decide_honoursRetryAfterUpToSixtySecondsAndRefusesALongerDemand() {
        XCTAssertEqual(
            RetryPolicy().decide(answer(429, retryAfter: "60"), tries: 1, now: fixedNow(), random: 0.5), .retry(after: .seconds(60), pausesHost: true))

        let refused = RetryPolicy().decide(answer(429, retryAfter: "61"), tries: 1, now: fixedNow(), random: 0.5)

        XCTAssertEqual(refused, .refuse(reason: "status 429 asking to retry after 61 s, longer than the 60 s feedsite waits"))
    }

    func test_decide_backsOffWhenRetryAfterIsUnreadable() {
        let decision = RetryPolicy().decide(answer(503, retryAfter: "soon"), tries: 1, now: fixedNow(), random: 1)

        XCTAssertEqual(decision, .retry(after: .milliseconds(500), pausesHost: false))
    }

    func test_backoff_doublesFromHalfASecondWithFullJitterUpToThirtySeconds() {
        let policy = RetryPolicy()

        XCTAssertEqual(policy.backoff(afterTries: 1, random: 1), .milliseconds(500))
        XCTAssertEqual(policy.backoff(afterTries: 2, random: 1), .seconds(1))
        XCTAssertEqual(policy.backoff(afterTries: 3, random: 1), .seconds(2))
        XCTAssertEqual(policy.backoff(afterTries: 7, random: 1), .seconds(30), "2^6 × 0.5 s = 32 s, capped")
        XCTAssertEqual(policy.backoff(afterTries: 60, random: 1), .seconds(30))
        XCTAssertEqual(policy.backoff(afterTries: 3, random: 0), .zero)
        XCTAssertEqual(policy.backoff(afterTries: 3, random: 0.25), .milliseconds(500))
    }

    func test_retries_failuresThatAnotherTryMayNotMeetWhileTriesRemain() {
        for kind in [TransportFailure.Kind.refused, .unreachable, .timeout, .closedEarly, .reset, .connectionLost, .streamFailed] {
            let failure = TransportFailure(kind, "a reason")

            XCTAssertTrue(RetryPolicy(retries: 3).retries(failure, tries: 3), "\(kind)")
            XCTAssertFalse(RetryPolicy(retries: 3).retries(failure, tries: 4), "\(kind): the tries are spent")
        }
    }

    func test_retries_neverFailuresThatWouldComeAgain() {
        for kind in [TransportFailure.Kind.unknownHost, .proxy, .tls, .badRedirect, .badAnswer, .other] {
            XCTAssertFalse(RetryPolicy(retries: 3).retries(TransportFailure(kind, "a reason"), tries: 1), "\(kind)")
        }
    }

    func test_error_isAnUnusableAnswerForABadRedirectOrAnswerAndNoConnectivityOtherwise() {
        for kind in TransportFailure.Kind.allCases {
            let expected: HTTPClientError.Kind = [.badRedirect, .badAnswer].contains(kind) ? .invalidAnswer : .connectivity

            XCTAssertEqual(TransportFailure(kind, "a reason").error, HTTPClientError(expected, "a reason"), "\(kind)")
        }
    }

    // MARK: - Helpers

    private func answer(_ status: Int, retryAfter: String? = nil) -> HTTPAnswer {
        HTTPAnswer(status: status, url: anyURL(), retryAfter: retryAfter)
    }
}

final class RetryAfterTests: XCTestCase {
    func test_delay_readsWholeSeconds() {
        XCTAssertEqual(RetryAfter.delay("120", now: fixedNow()), .seconds(120))
        XCTAssertEqual(RetryAfter.delay(" 0 ", now: fixedNow()), .zero)
    }

    func test_delay_readsTheThreeFormsOfHTTPDate() {
        let now = ISO8601Date.parse("1994-11-06T08:49:00Z")!

        XCTAssertEqual(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: now), .seconds(37))
        XCTAssertEqual(RetryAfter.delay("Sunday, 06-Nov-94 08:49:37 GMT", now: now), .seconds(37))
        XCTAssertEqual(RetryAfter.delay("Sun Nov  6 08:49:37 1994", now: now), .seconds(37))
    }

    func test_delay_isZeroForADateInThePast() {
        XCTAssertEqual(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: fixedNow()), .zero)
    }

    func test_delay_isNilForAnythingElse() {
        for value in ["", "soon", "-5", "1.5", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT"] {
            XCTAssertNil(RetryAfter.delay(value, now: fixedNow()), value)
        }
    }
}
