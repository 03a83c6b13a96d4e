import FeedCore
import Foundation
import TestSupport
import XCTest

final class UUIDTextTests: XCTestCase {
    func test_text_isFoundationsUpperCaseForm() {
        for _ in 0..<500 {
            let id = UUID()
            XCTAssertEqual(id.text, id.uuidString)
        }
    }

    func test_initText_parsesWhatFoundationParses() {
        for _ in 0..<500 {
            let id = UUID()
            XCTAssertEqual(UUID(text: id.uuidString), id)
            XCTAssertEqual(UUID(text: id.uuidString.lowercased()), id)
        }
        XCTAssertEqual(UUID(text: "2239cba2-CB35-4392-adc3-24A37D38E010"), UUID(uuidString: "2239CBA2-CB35-4392-ADC3-24A37D38E010"))
    }

    func test_initText_rejectsWhatFoundationRejects() {
        let malformed = [
            "", "not-a-uuid", "2239CBA2CB354392ADC324A37D38E010", "2239CBA2-CB35-4392-ADC3-24A37D38E01", "2239CBA2-CB35-4392-ADC3-24A37D38E0100",
            "2239CBA2-CB35-4392-ADC3_24A37D38E010", "G239CBA2-CB35-4392-ADC3-24A37D38E010", "2239CBA2-CB35-4392-ADC3-24A37D38E01é",
        ]
        for text in malformed {
            XCTAssertNil(UUID(text: text), text)
            XCTAssertNil(UUID(uuidString: text), "Foundation agrees: \(text)")
        }
    }

    func test_initText_rejectsPaddingThatFoundationsScanfOnLinuxLetsThrough() {
        XCTAssertNil(UUID(text: " 239CBA2-CB35-4392-ADC3-24A37D38E010"), "a malformed id is invalid data")
    }
}
