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
}
