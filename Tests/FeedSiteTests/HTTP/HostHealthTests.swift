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

    func test_unreachable_countsAPIAndImageRequestsApartSoAnsweredImagesLeaveTheAPIsFailuresInARow() async {
        let sut = HostHealth(downThreshold: 3)
        for _ in 1...3 {
            sut.unreachable("a.example", .api)
            sut.answered("a.example", .image)
        }

        let api = sut.turn(for: "a.example", .api, now: now)
        let image = sut.turn(for: "a.example", .image, now: now)

        XCTAssertEqual(api, .down)
        XCTAssertEqual(image, .go, "its images still load")
        let down = sut.down
        XCTAssertEqual(down, [NetworkStatistics.HostDown(host: "a.example", notSent: 1)])
    }

    func test_down_namesAHostDownForBothKindsOnceWithEveryRequestNotSent() async {
        let sut = HostHealth(downThreshold: 2)
        for kind in HTTPGet.Kind.allCases {
            sut.unreachable("a.example", kind)
            sut.unreachable("a.example", kind)
            _ = sut.turn(for: "a.example", kind, now: now)
        }

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
