import Foundation
import TestSupport
import XCTest

@testable import HTTP

final class HostPaceTests: XCTestCase {
    func test_reserve_letsTheFirstRequestToAHostGoAtOnce() {
        let sut = HostPace(perSecond: 2)

        XCTAssertEqual(sut.reserve("a", now: fixedNow()), 0)
    }

    func test_reserve_spacesRequestsThatComeTogetherOneIntervalApart() {
        let sut = HostPace(perSecond: 4)

        let waits = (0..<5).map { _ in sut.reserve("a", now: fixedNow()) }

        XCTAssertEqual(waits, [0, 0.25, 0.5, 0.75, 1.0])
    }

    func test_reserve_pacesEachHostOnItsOwn() {
        let sut = HostPace(perSecond: 1)

        XCTAssertEqual(sut.reserve("a", now: fixedNow()), 0)
        XCTAssertEqual(sut.reserve("b", now: fixedNow()), 0)
        XCTAssertEqual(sut.reserve("a", now: fixedNow()), 1)
        XCTAssertEqual(sut.reserve("b:8080", now: fixedNow()), 0)
    }

    func test_reserve_letsARequestGoAtOnceWhenItsHostWasIdleLongerThanAnInterval() {
        let sut = HostPace(perSecond: 2)

        _ = sut.reserve("a", now: fixedNow())
        let later = sut.reserve("a", now: fixedNow().addingTimeInterval(10))
        let next = sut.reserve("a", now: fixedNow().addingTimeInterval(10))

        XCTAssertEqual(later, 0)
        XCTAssertEqual(next, 0.5, "an idle host saves up no starts for a burst")
    }

    func test_reserve_waitsOnlyWhatIsLeftOfTheIntervalSinceTheLastStart() {
        let sut = HostPace(perSecond: 1)

        _ = sut.reserve("a", now: fixedNow())

        XCTAssertEqual(sut.reserve("a", now: fixedNow().addingTimeInterval(0.75)), 0.25, accuracy: 1e-9)
    }

    func test_heldBack_countsOverlappingWaitsOnceAndLeavesOutRequestsThatWentAtOnce() {
        let sut = HostPace(perSecond: 1)
        let start = fixedNow()

        _ = sut.reserve("a", now: start)  // goes at once
        _ = sut.reserve("a", now: start)  // waits 1 s
        _ = sut.reserve("a", now: start)  // waits 2 s, over the first wait
        sut.finishedWaiting(now: start.addingTimeInterval(1))
        sut.finishedWaiting(now: start.addingTimeInterval(2))
        _ = sut.reserve("b", now: start.addingTimeInterval(10))  // goes at once
        _ = sut.reserve("b", now: start.addingTimeInterval(10))  // waits 1 s
        sut.finishedWaiting(now: start.addingTimeInterval(11))

        XCTAssertEqual(sut.heldBack, 3, accuracy: 1e-9)
    }
}
