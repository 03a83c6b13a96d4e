import Foundation
import TestSupport
import XCTest

@testable import HTTP

/// The pace on a monotonic clock: instants taken once and moved by hand, never waited for.
final class HostPaceTests: XCTestCase {
    private let start = ContinuousClock.now

    func test_reserve_letsTheFirstRequestToAHostGoAtOnce() {
        let sut = HostPace(perSecond: 2)

        XCTAssertEqual(sut.reserve("a", now: start), .zero)
    }

    func test_reserve_spacesRequestsThatComeTogetherOneIntervalApart() {
        let sut = HostPace(perSecond: 4)

        let waits = (0..<5).map { _ in sut.reserve("a", now: start) }

        XCTAssertEqual(waits, [0, 250, 500, 750, 1000].map(Duration.milliseconds))
    }

    func test_reserve_pacesEachHostOnItsOwn() {
        let sut = HostPace(perSecond: 1)

        XCTAssertEqual(sut.reserve("a", now: start), .zero)
        XCTAssertEqual(sut.reserve("b", now: start), .zero)
        XCTAssertEqual(sut.reserve("a", now: start), .seconds(1))
        XCTAssertEqual(sut.reserve("b:8080", now: start), .zero)
    }

    func test_reserve_letsARequestGoAtOnceWhenItsHostWasIdleLongerThanAnInterval() {
        let sut = HostPace(perSecond: 2)

        _ = sut.reserve("a", now: start)
        let later = sut.reserve("a", now: start + .seconds(10))
        let next = sut.reserve("a", now: start + .seconds(10))

        XCTAssertEqual(later, .zero)
        XCTAssertEqual(next, .milliseconds(500), "an idle host saves up no starts for a burst")
    }

    func test_reserve_waitsOnlyWhatIsLeftOfTheIntervalSinceTheLastStart() {
        let sut = HostPace(perSecond: 1)

        _ = sut.reserve("a", now: start)

        XCTAssertEqual(sut.reserve("a", now: start + .milliseconds(750)), .milliseconds(250))
    }

    func test_heldBack_countsOverlappingWaitsOnceAndLeavesOutRequestsThatWentAtOnce() {
        let sut = HostPace(perSecond: 1)

        _ = sut.reserve("a", now: start)  // goes at once
        _ = sut.reserve("a", now: start)  // waits 1 s
        _ = sut.reserve("a", now: start)  // waits 2 s, over the first wait
        sut.finishedWaiting(now: start + .seconds(1))
        sut.finishedWaiting(now: start + .seconds(2))
        _ = sut.reserve("b", now: start + .seconds(10))  // goes at once
        _ = sut.reserve("b", now: start + .seconds(10))  // waits 1 s
        sut.finishedWaiting(now: start + .seconds(11))

        XCTAssertEqual(sut.heldBack, .seconds(3))
    }
}
