import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class StringsFileParserTests: XCTestCase {
    // MARK: - Entries

    func test_parse_readsQuotedKeysAndValues() throws {
        XCTAssertEqual(try parse(#""FEED_VIEW_TITLE" = "My Feed";"# + "\n" + #""EMPTY" = "";"#), ["FEED_VIEW_TITLE": "My Feed", "EMPTY": ""])
    }

    func test_parse_readsUnquotedKeysAndValues() throws {
        XCTAssertEqual(
            try parse(#"FEED_VIEW_TITLE = "My Feed"; key.with-dots_1 = "x"; KEY = value;"#),
            ["FEED_VIEW_TITLE": "My Feed", "key.with-dots_1": "x", "KEY": "value"])
    }

    func test_parse_ignoresWhitespaceAroundTokens() throws {
        XCTAssertEqual(try parse("\n\n  \"A\"\t=\n  \"1\"  ;\n\"B\"=\"2\";  \n"), ["A": "1", "B": "2"])
    }

    func test_parse_keepsNonASCIIValues() throws {
        XCTAssertEqual(try parse(#""T" = "Το Feed μου · Comentários 😀";"#), ["T": "Το Feed μου · Comentários 😀"])
    }

    func test_parse_ofEmptyOrCommentOnlyTextIsEmpty() throws {
        XCTAssertEqual(try parse(""), [:])
        XCTAssertEqual(try parse("  \n\t\n"), [:])
        XCTAssertEqual(try parse("/* nothing */\n// here"), [:])
    }

    func test_parse_keyAloneIsItsOwnValue() throws {
        XCTAssertEqual(try parse(#""OK"; "Cancel" ;"#), ["OK": "OK", "Cancel": "Cancel"])
    }

    func test_parse_lastDuplicateKeyWins() throws {
        XCTAssertEqual(try parse(#""A" = "first"; "B" = "b"; "A" = "second";"#), ["A": "second", "B": "b"])
    }

    // MARK: - Comments

    func test_parse_skipsBlockComments() throws {
        let text = """
            /* Title of the feed pages */
            "A" = "1";
            /* A comment
               over several lines */ "B" /* between */ = /* tokens */ "2" /* too */;
            """
        XCTAssertEqual(try parse(text), ["A": "1", "B": "2"])
    }

    func test_parse_skipsLineComments() throws {
        XCTAssertEqual(try parse("// first\n\"A\" = \"1\"; // after an entry\n// last, without a line break"), ["A": "1"])
    }

    func test_parse_keepsCommentMarkersInsideStrings() throws {
        XCTAssertEqual(try parse(#""URL" = "http://example.com/*x*/ // y";"#), ["URL": "http://example.com/*x*/ // y"])
    }

    // MARK: - Escapes

    func test_parse_readsEscapes() throws {
        XCTAssertEqual(
            try parse(#""E" = "say \"hi\", back\\slash, new\nline, tab\there, cr\r!";"#), ["E": "say \"hi\", back\\slash, new\nline, tab\there, cr\r!"])
    }

    func test_parse_readsUnicodeEscapes() throws {
        XCTAssertEqual(try parse(#""E" = "caf\U00E9 \u00e9 \U03A3";"#), ["E": "café é Σ"])
    }

    func test_parse_readsSurrogatePairEscapeAsOneCharacter() throws {
        let value = try parse(#""E" = "smile \UD83D\UDE00!";"#)["E"]

        XCTAssertEqual(value, "smile 😀!")
        XCTAssertEqual(value?.unicodeScalars.count, 8)
    }

    func test_parse_readsEscapesInKeys() throws {
        XCTAssertEqual(try parse(#""A \"quoted\" key" = "v";"#), ["A \"quoted\" key": "v"])
    }

    // MARK: - Encodings

    func test_parse_readsUTF8WithoutBOM() throws {
        XCTAssertEqual(try StringsFileParser.parse(Data(#""T" = "Σχόλια";"#.utf8)), ["T": "Σχόλια"])
    }

    func test_parse_readsUTF8WithBOM() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#""T" = "Comentários";"#.utf8)

        XCTAssertEqual(try StringsFileParser.parse(data), ["T": "Comentários"])
    }

    func test_parse_readsUTF16LittleEndianWithBOM() throws {
        let data = Data([0xFF, 0xFE]) + #"/* c */ "T" = "Το Feed μου 😀";"#.data(using: .utf16LittleEndian)!

        XCTAssertEqual(try StringsFileParser.parse(data), ["T": "Το Feed μου 😀"])
    }

    func test_parse_readsUTF16BigEndianWithBOM() throws {
        let data = Data([0xFE, 0xFF]) + #"/* c */ "T" = "Το Feed μου 😀";"#.data(using: .utf16BigEndian)!

        XCTAssertEqual(try StringsFileParser.parse(data), ["T": "Το Feed μου 😀"])
    }

    func test_parse_throwsForBytesThatAreNotText() {
        XCTAssertEqual(dataError(Data([0x22, 0x41, 0x22, 0x3D, 0xC3, 0x28, 0xFF]))?.line, 1)
    }

    // MARK: - Errors

    func test_parse_throwsForMissingEqualsSignWithLine() {
        let error = parseError("\"A\" = \"1\";\n\"B\" \"2\";\n")

        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("'='") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.message.contains("B") == true, "\(String(describing: error))")
    }

    func test_parse_throwsForMissingSemicolonWithLine() {
        let error = parseError("\"A\" = \"1\";\n\n\"B\" = \"2\" \"C\" = \"3\";\n")

        XCTAssertEqual(error?.line, 3)
        XCTAssertTrue(error?.message.contains("';'") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.message.contains("B") == true, "\(String(describing: error))")
    }

    func test_parse_throwsForMissingSemicolonAtEndOfFileOnTheLastLine() {
        XCTAssertEqual(parseError("\"A\" = \"1\";\n\"B\" = \"2\"")?.line, 2)
    }

    /// The usual slip: a `;` forgotten at the end of a line, the next entry below it.
    func test_parse_throwsForMissingSemicolonAtEndOfLineOnThatLine() {
        XCTAssertEqual(parseError("\"A\" = \"1\";\n\"B\" = \"2\"\n\"C\" = \"3\";\n")?.line, 2)
        XCTAssertEqual(parseError("\"A\" = \"1\";\n\"B\" = \"2\"\n")?.line, 2)
    }

    func test_parse_throwsForMissingValue() {
        XCTAssertEqual(parseError("\n\"A\" = ;")?.line, 2)
        XCTAssertEqual(parseError("\"A\" =")?.line, 1)
    }

    func test_parse_throwsForUnclosedStringOnTheLineItOpens() {
        let error = parseError("\"A\" = \"1\";\n\"B\" = \"never closed;\nmore text\n")

        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("never closed") == true, "\(String(describing: error))")
    }

    func test_parse_throwsForStringEndingInBackslash() {
        XCTAssertEqual(parseError("\"A\" = \"1\\")?.line, 1)
    }

    func test_parse_throwsForUnclosedCommentOnTheLineItOpens() {
        let error = parseError("\"A\" = \"1\";\n/* open\nstill open\n")

        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("comment") == true, "\(String(describing: error))")
    }

    func test_parse_throwsForUnknownEscapeWithLine() {
        let error = parseError("\"A\" = \"1\";\n/* a\n comment */\n\"B\" = \"bad \\q\";")

        XCTAssertEqual(error?.line, 4)
        XCTAssertTrue(error?.message.contains("\\q") == true, "\(String(describing: error))")
    }

    func test_parse_throwsForInvalidUnicodeEscapes() {
        XCTAssertNotNil(parseError(#""A" = "\U12G4";"#))
        XCTAssertNotNil(parseError(#""A" = "\U12";"#))
        XCTAssertNotNil(parseError(#""A" = "\UD83D alone";"#))
        XCTAssertNotNil(parseError(#""A" = "\UD83D\U0041";"#))
        XCTAssertNotNil(parseError(#""A" = "\UDE00";"#))
    }

    func test_parse_namesWhatIsWrongWithAUnicodeEscapeOnItsLine() {
        let cases: [(String, String)] = [
            (#""\U12G4""#, "\\U needs four hex digits"),
            (#""\U12""#, "\\U needs four hex digits"),
            (#""\UD83D\UDE0""#, "\\U needs four hex digits"),
            (#""\UD83D alone""#, "unpaired UTF-16 surrogate"),
            (#""\UD83D\U0041""#, "unpaired UTF-16 surrogate"),
            (#""\UD83D\UD83D""#, "unpaired UTF-16 surrogate"),
            (#""\UDE00""#, "invalid \\U escape"),
        ]
        for (value, message) in cases {
            let error = parseError("\"A\" = \"1\";\n\"B\" = \(value);")

            XCTAssertEqual(error?.message, message, value)
            XCTAssertEqual(error?.line, 2, value)
        }
    }

    func test_parse_readsASurrogatePairWrittenWithEitherEscapeLetter() throws {
        XCTAssertEqual(try parse(#""E" = "\uD83D\UDE00 \UD83D\ude00";"#), ["E": "😀 😀"])
    }

    func test_parse_throwsForGarbageInPlaceOfAKey() {
        XCTAssertEqual(parseError("\"A\" = \"1\";\n= \"2\";")?.line, 2)
    }

    func test_parseError_descriptionNamesTheLine() {
        XCTAssertEqual(parseError("\n\n\"A\" \"1\";")?.description.hasPrefix("line 3: "), true)
    }

    // MARK: - Helpers

    private func parse(_ text: String) throws -> [String: String] {
        try StringsFileParser.parse(text)
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> StringsFileParser.ParseError? {
        do {
            let table = try StringsFileParser.parse(text)
            XCTFail("Expected an error, parsed \(table)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func dataError(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> StringsFileParser.ParseError? {
        do {
            let table = try StringsFileParser.parse(data)
            XCTFail("Expected an error, parsed \(table)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
