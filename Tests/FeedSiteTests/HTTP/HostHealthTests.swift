import FeedCore
import Foundation
import XCTest

@testable import HTTP

/// A host's pauses and failures; pauses end at instants of a monotonic clock, taken once and
/// moved by hand.
final class HostHealthTests: XCTestCase {
    private let now = ContinuousClock.now

    func test_turn_goesForAnUnknownHost() async {
        let turn = HostHealth(downThreshold: 8).turn(for: "a.example", now: now)

        XCTAssertEqual(turn, .go)
    }

    func test_turn_waitsUntilAPauseEndsForThatHostOnly() async {
        let sut = HostHealth(downThreshold: 8)
        let until = now + .seconds(5)
        sut.pause("a.example", until: until)

        let paused = sut.turn(for: "a.example", now: now)
        let other = sut.turn(for: "b.example", now: now)
        let later = sut.turn(for: "a.example", now: until)

        XCTAssertEqual(paused, .wait(until: until))
        XCTAssertEqual(other, .go)
        XCTAssertEqual(later, .go)
    }

    func test_unreachable_takesTheHostAsDownAfterEightFailuresInARowAndCountsWhatIsNotSent() async {
        let sut = HostHealth(downThreshold: 8)
        for _ in 1...7 { sut.unreachable("a.example") }
        let beforeTheEighth = sut.turn(for: "a.example", now: now)

        sut.unreachable("a.example")
        let first = sut.turn(for: "a.example", now: now)
        let second = sut.turn(for: "a.example", now: now)

        XCTAssertEqual(beforeTheEighth, .go)
        XCTAssertEqual([first, second], [.down, .down])
        let down = sut.down
        XCTAssertEqual(down, [NetworkStatistics.HostDown(host: "a.example", notSent: 2)])
    }

    func test_answered_startsTheCountOver() async {
        let sut = HostHealth(downThreshold: 3)
        sut.unreachable("a.example")
        sut.unreachable("a.example")

        sut.answered("a.example")
        sut.unreachable("a.example")
        sut.unreachable("a.example")

        let turn = sut.turn(for: "a.example", now: now)
        XCTAssertEqual(turn, .go, "two in a row since the answer")
        let down = sut.down
        XCTAssertEqual(down, [])
    }
}
