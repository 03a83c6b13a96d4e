import Foundation
import TestSupport
import XCTest

@testable import HTTP

final class HeaderLineTests: XCTestCase {
    func test_parse_readsTheStatusOfHTTP1AndHTTP2StatusLines() {
        XCTAssertEqual(parse("HTTP/1.1 200 OK\r\n"), .status(200))
        XCTAssertEqual(parse("HTTP/2 304\r\n"), .status(304))
        XCTAssertEqual(parse("HTTP/1.0 503 Service Unavailable\r\n"), .status(503))
    }

    func test_parse_readsAFieldWithItsNameLowerCasedAndValueTrimmed() {
        XCTAssertEqual(parse("Content-Type:  text/html; charset=utf-8 \r\n"), .field(name: "content-type", value: "text/html; charset=utf-8"))
        XCTAssertEqual(parse("etag: \"abc:def\"\r\n"), .field(name: "etag", value: "\"abc:def\""))
        XCTAssertEqual(parse("Retry-After:\t120\n"), .field(name: "retry-after", value: "120"))
    }

    func test_parse_readsTheEmptyLineAsTheEndOfTheHead() {
        XCTAssertEqual(parse("\r\n"), .end)
        XCTAssertEqual(parse("\n"), .end)
    }

    func test_parse_ignoresFoldedLinesAndGarbage() {
        XCTAssertNil(parse(" continued value\r\n"))
        XCTAssertNil(parse("no colon here\r\n"))
        XCTAssertNil(parse("HTTP/1.1 2x0 OK\r\n"))
        XCTAssertNil(parse("HTTP/1.1\r\n"))
    }

    private func parse(_ text: String) -> HeaderLine? {
        Array(text.utf8).withUnsafeBytes { HeaderLine($0) }
    }
}

final class HostHealthTests: XCTestCase {
    func test_turn_goesForAnUnknownHost() async {
        let turn = await HostHealth(downThreshold: 8).turn(for: "a.example", now: fixedNow())

        XCTAssertEqual(turn, .go)
    }

    func test_turn_waitsUntilAPauseEndsForThatHostOnly() async {
        let sut = HostHealth(downThreshold: 8)
        let until = fixedNow().addingTimeInterval(5)
        await sut.pause("a.example", until: until)

        let paused = await sut.turn(for: "a.example", now: fixedNow())
        let other = await sut.turn(for: "b.example", now: fixedNow())
        let later = await sut.turn(for: "a.example", now: until)

        XCTAssertEqual(paused, .wait(until: until))
        XCTAssertEqual(other, .go)
        XCTAssertEqual(later, .go)
    }

    func test_unreachable_takesTheHostAsDownAfterEightFailuresInARowAndCountsWhatIsNotSent() async {
        let sut = HostHealth(downThreshold: 8)
        for _ in 1...7 { await sut.unreachable("a.example") }
        let beforeTheEighth = await sut.turn(for: "a.example", now: fixedNow())

        await sut.unreachable("a.example")
        let first = await sut.turn(for: "a.example", now: fixedNow())
        let second = await sut.turn(for: "a.example", now: fixedNow())

        XCTAssertEqual(beforeTheEighth, .go)
        XCTAssertEqual([first, second], [.down, .down])
        let down = await sut.down
        XCTAssertEqual(down, [HostHealth.Down(host: "a.example", notSent: 2)])
    }

    func test_answered_startsTheCountOver() async {
        let sut = HostHealth(downThreshold: 3)
        await sut.unreachable("a.example")
        await sut.unreachable("a.example")

        await sut.answered("a.example")
        await sut.unreachable("a.example")
        await sut.unreachable("a.example")

        let turn = await sut.turn(for: "a.example", now: fixedNow())
        XCTAssertEqual(turn, .go, "two in a row since the answer")
        let down = await sut.down
        XCTAssertEqual(down, [])
    }
}
