import Basics
import Foundation
import XCTest

final class JSONTextTests: XCTestCase {
    func test_quoted_escapesQuotesBackslashesAndControlCharactersAndNothingElse() {
        XCTAssertEqual(JSONText.quoted(""), #""""#)
        XCTAssertEqual(JSONText.quoted("plain / text <b>&</b>"), #""plain / text <b>&</b>""#)
        XCTAssertEqual(JSONText.quoted("say \"hi\" \\ bye"), #""say \"hi\" \\ bye""#)
        XCTAssertEqual(JSONText.quoted("only \"quotes\""), #""only \"quotes\"""#)
        XCTAssertEqual(JSONText.quoted("only \\ a backslash"), #""only \\ a backslash""#)
        XCTAssertEqual(JSONText.quoted("only\u{1}"), #""only\u0001""#)
        XCTAssertEqual(JSONText.quoted("a\nb\rc\td\u{0}e\u{1F}f\u{7F}"), #""a\nb\rc\td\u0000e\u001ff"# + "\u{7F}\"")
        XCTAssertEqual(JSONText.quoted("Ελληνικά 😀 \"ação\"\n"), #""Ελληνικά 😀 \"ação\"\n""#)
    }
}
