import Foundation
import History
import XCTest

final class SnapshotNameTests: XCTestCase {
    private let noon = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_name_isTheUTCSecondOfTheClock() {
        XCTAssertEqual(SnapshotName(time: noon.addingTimeInterval(0.75)).text, "20261126T120000Z")
    }

    func test_name_ofALaterSerialInTheSameSecondEndsWithIt() {
        XCTAssertEqual(SnapshotName(time: noon, serial: 3).text, "20261126T120000Z-3")
    }

    func test_parse_readsBackWhatItWrote() {
        let name = SnapshotName(time: noon, serial: 2)

        XCTAssertEqual(SnapshotName(name.text), name)
        XCTAssertEqual(SnapshotName(name.text)?.serial, 2)
        XCTAssertEqual(SnapshotName("20240229T235959Z")?.time, ISO8601DateFormatter().date(from: "2024-02-29T23:59:59Z"))
    }

    func test_parse_refusesWhatIsNotASnapshotsName() {
        for text in [
            "el", "pt-BR", ".partial-20261126T120000Z", "20261126T120000", "20261126t120000Z", "20261126T120000Z-1", "20261126T120000Z-02",
            "20261126T120000Z-", "20230229T120000Z", "20261131T120000Z", "20261126T250000Z", "2026112xT120000Z", "20261126T120000Zx",
        ] {
            XCTAssertNil(SnapshotName(text), text)
        }
    }

    func test_order_followsTimeThenSerial() {
        let names = ["20261126T120001Z", "20261126T120000Z-10", "20261126T120000Z", "20261126T120000Z-2"].compactMap(SnapshotName.init)

        XCTAssertEqual(names.sorted().map(\.text), ["20261126T120000Z", "20261126T120000Z-2", "20261126T120000Z-10", "20261126T120001Z"])
    }

    func test_next_isTheClocksSecondAfterTheLatest() {
        XCTAssertEqual(SnapshotName.next(at: noon, after: nil)?.text, "20261126T120000Z")
        XCTAssertEqual(SnapshotName.next(at: noon.addingTimeInterval(60), after: SnapshotName(time: noon))?.text, "20261126T120100Z")
    }

    func test_next_inTheSameSecondTakesTheNextSerial() {
        XCTAssertEqual(SnapshotName.next(at: noon, after: SnapshotName(time: noon, serial: 2))?.text, "20261126T120000Z-3")
    }

    func test_next_refusesAClockBeforeTheLatest() {
        XCTAssertNil(SnapshotName.next(at: noon.addingTimeInterval(-1), after: SnapshotName(time: noon)))
    }

    func test_names_areTheCalendarsUTCSecond_overFourCenturiesOfTimes_andReadBackAsTheSameTime() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var seconds = -2_208_988_800  // 1900-01-01
        while seconds < 7_258_118_400 {  // 2200-01-01
            let time = Date(timeIntervalSince1970: TimeInterval(seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
            let expected = String(
                format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)

            let name = SnapshotName(time: time)

            XCTAssertEqual(name.text, expected)
            XCTAssertEqual(SnapshotName(expected)?.time, time, expected)
            seconds += 3_123_457  // about 36 days and a few hours, so every month and hour comes round
        }
    }

    func test_init_refusesADayTheMonthDoesNotHave() {
        XCTAssertNil(SnapshotName("20260230T120000Z"))
        XCTAssertNil(SnapshotName("21000229T120000Z"))
        XCTAssertNotNil(SnapshotName("20000229T120000Z"))
        XCTAssertNil(SnapshotName("20261131T120000Z"))
        XCTAssertNil(SnapshotName("20261130T240000Z"))
        XCTAssertNil(SnapshotName("20261130T236000Z"))
    }
}
