import Foundation
import SiteGenerator
import TestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// U+FDD0, a noncharacter, which a Swift string literal cannot spell.
private let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)

final class XMLTextTests: XCTestCase {
    // MARK: - Escapes

    func test_escaped_replacesEachMarkupCharacterWithAnEntity() {
        XCTAssertEqual(XMLText.escaped("&"), "&amp;")
        XCTAssertEqual(XMLText.escaped("<"), "&lt;")
        XCTAssertEqual(XMLText.escaped(">"), "&gt;")
        XCTAssertEqual(XMLText.escaped("\""), "&quot;")
        XCTAssertEqual(XMLText.escaped("'"), "&apos;")
    }

    func test_escaped_escapesMarkupAndTheEndOfACDATASectionInsideText() {
        XCTAssertEqual(XMLText.escaped(#"<a href="x">Tom & Jerry's</a> ]]>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt; ]]&gt;")
    }

    func test_escaped_escapesTheAmpersandOfAnExistingEntityAgain() {
        XCTAssertEqual(XMLText.escaped("&amp; &#1;"), "&amp;amp; &amp;#1;")
    }

    // MARK: - Dropped characters

    func test_escaped_dropsEveryC0ControlCharacterButTabLineFeedAndCarriageReturn() {
        let dropped = (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.compactMap(Unicode.Scalar.init)
        XCTAssertEqual(dropped.count, 29)

        for scalar in dropped {
            XCTAssertEqual(XMLText.escaped("a\(Character(scalar))b"), "ab", "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertEqual(XMLText.escaped(String(String.UnicodeScalarView(dropped))), "")
    }

    func test_escaped_dropsUFFFEAndUFFFF() {
        XCTAssertEqual(XMLText.escaped("a\u{FFFE}b\u{FFFF}c"), "abc")
    }

    func test_escaped_dropsDeleteTheC1ControlsAndEveryNoncharacterAsThePagesDo() {
        XCTAssertEqual(XMLText.escaped("a\u{7F}b\u{85}c\u{9F}d\(fdd0)e\u{1FFFE}f\u{10FFFF}g"), "abcdefg")
    }

    func test_escaped_dropsAndEscapesInTheSameText() {
        XCTAssertEqual(XMLText.escaped("\u{1}<\u{0}&\u{FFFF}>"), "&lt;&amp;&gt;")
    }

    // MARK: - Kept characters

    func test_escaped_keepsTabLineFeedAndCarriageReturn() {
        XCTAssertEqual(XMLText.escaped("a\tb\nc\rd\r\ne"), "a\tb\nc\rd\r\ne")
    }

    func test_escaped_keepsNonASCIIAndEmojiUnchanged() {
        let text = "Το Feed μου · Comentários · 日本語 · 😀👩‍👩‍👧 · e\u{301} · \u{2028}\u{2029} · \u{FEFF}\u{FFFD}\u{FF21}\u{F000}"

        XCTAssertEqual(Array(XMLText.escaped(text).unicodeScalars), Array(text.unicodeScalars))
    }

    func test_escaped_leavesTextWithNothingToChangeAsItIs() {
        let text = "Plain text, numbers 123, slashes / \\ = ; : # % and https://site.example/a?b=c"
        XCTAssertEqual(XMLText.escaped(text), text)
        XCTAssertEqual(XMLText.escaped(""), "")
    }

    // MARK: - Read back

    func test_escaped_readsBackAsTheSameTextInAnElementAndAnAttribute() throws {
        let text = "<b>\"Tom\" & 'Jerry'</b> ]]> 😀 e\u{301} \u{1}end"
        let document = "<root value=\"\(XMLText.escaped(text))\">\(XMLText.escaped(text))</root>"

        let root = try XMLTestTreeBuilder.parse(document)

        XCTAssertEqual(root.text, "<b>\"Tom\" & 'Jerry'</b> ]]> 😀 e\u{301} end")
        XCTAssertEqual(root.attributes, ["value": "<b>\"Tom\" & 'Jerry'</b> ]]> 😀 e\u{301} end"])
    }

    func test_escaped_makesADocumentThatWouldNotParseWithTheRawTextWellFormed() {
        let text = "a \u{1} & b"

        XCTAssertThrowsError(try XMLTestTreeBuilder.parse("<root>\(text)</root>"))
        XCTAssertNoThrow(try XMLTestTreeBuilder.parse("<root>\(XMLText.escaped(text))</root>"))
    }
}
