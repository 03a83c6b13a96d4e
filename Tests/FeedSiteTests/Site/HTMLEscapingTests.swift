import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// U+FDD0, a noncharacter, which a Swift string literal cannot spell.
private let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)

final class HTMLEscapingTests: XCTestCase {
    func test_escape_replacesAmpersandLessThanGreaterThanAndQuotesWithEntities() {
        XCTAssertEqual(HTML.escape("&"), "&amp;")
        XCTAssertEqual(HTML.escape("<"), "&lt;")
        XCTAssertEqual(HTML.escape(">"), "&gt;")
        XCTAssertEqual(HTML.escape("\""), "&quot;")
        XCTAssertEqual(HTML.escape("'"), "&#39;")
    }

    func test_escape_escapesMarkupInsideText() {
        XCTAssertEqual(
            HTML.escape(#"<script>alert("x")</script> Tom & Jerry's"#),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s"
        )
    }

    func test_escapeInto_appendsToWhatIsAlreadyThere() {
        var output = "<p>"
        HTML.escape("plain", into: &output)
        HTML.escape(" & <b>", into: &output)
        XCTAssertEqual(output, "<p>plain &amp; &lt;b&gt;")
    }

    func test_escape_escapesTheAmpersandOfAnExistingEntityAgain() {
        XCTAssertEqual(HTML.escape("&amp; &#39;"), "&amp;amp; &amp;#39;")
    }

    func test_escape_leavesOtherTextUnchanged() {
        let text = "Plain text, numbers 123, slashes / \\ = ; : and new\nlines\tand tabs"
        XCTAssertEqual(HTML.escape(text), text)
    }

    func test_escape_leavesNonASCIIAndEmojiUnchanged() {
        let text = "Το Feed μου · Comentários · 日本語 · 😀👩‍👩‍👧 · e\u{301}"
        XCTAssertEqual(HTML.escape(text), text)
        XCTAssertEqual(Array(HTML.escape(text).unicodeScalars), Array(text.unicodeScalars))
    }

    func test_escape_keepsNonASCIIAndEmojiNextToEscapedCharacters() {
        XCTAssertEqual(HTML.escape("😀<é>e\u{301}&Σ"), "😀&lt;é&gt;e\u{301}&amp;Σ")
        XCTAssertEqual(Array(HTML.escape("e\u{301}<").unicodeScalars), Array("e\u{301}&lt;".unicodeScalars))
    }

    func test_escape_dropsTheCharactersNoPageMayHold() {
        XCTAssertEqual(HTML.escape("a\u{0}b\u{1B}[31mc\u{0B}d\u{0C}e\u{7F}f\u{85}g\u{FFFE}h\(fdd0)i\u{10FFFF}j"), "ab[31mcdefghij")
        XCTAssertEqual(HTML.escape("\u{1}\u{1F}"), "")
    }

    func test_escape_dropsAndEscapesInTheSameText() {
        XCTAssertEqual(HTML.escape("\u{1}<\u{0}&\u{FFFF}>\u{9F}'😀"), "&lt;&amp;&gt;&#39;😀")
    }

    func test_escape_keepsTabLineFeedAndCarriageReturn() {
        XCTAssertEqual(HTML.escape("a\tb\nc\rd\r\ne"), "a\tb\nc\rd\r\ne")
        XCTAssertEqual(HTML.escape("<\t\n\r>"), "&lt;\t\n\r&gt;")
    }

    func test_escape_ofEmptyTextIsEmpty() {
        XCTAssertEqual(HTML.escape(""), "")
    }
}
