import TestSupport
import XCTest

@testable import SiteGenerator

/// U+FDD0, a noncharacter, which a Swift string literal cannot spell.
private let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)

/// The rule for text from the API in the pages and feeds: which characters are dropped.
final class DocumentTextTests: XCTestCase {
    func test_isDropped_dropsEveryC0ControlButTabLineFeedAndCarriageReturn() {
        let dropped = (0..<0x20).compactMap(Unicode.Scalar.init).filter(DocumentText.isDropped)

        XCTAssertEqual(dropped.map(\.value), (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map(UInt32.init))
        XCTAssertTrue(DocumentText.isDropped("\u{0C}"), "form feed, which XML cannot hold")
        XCTAssertTrue(DocumentText.isDropped("\u{1B}"), "escape")
    }

    func test_isDropped_dropsDeleteAndTheC1Controls() {
        for value in UInt32(0x7F)...0x9F {
            XCTAssertTrue(DocumentText.isDropped(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        XCTAssertFalse(DocumentText.isDropped("\u{7E}"))
        XCTAssertFalse(DocumentText.isDropped("\u{A0}"), "no-break space")
    }

    func test_isDropped_dropsEveryNoncharacter() {
        let planes = (UInt32(0)...16).flatMap { [$0 << 16 | 0xFFFE, $0 << 16 | 0xFFFF] }
        let noncharacters = Array(UInt32(0xFDD0)...0xFDEF) + planes

        XCTAssertEqual(noncharacters.count, 66)
        for value in noncharacters {
            XCTAssertTrue(DocumentText.isDropped(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for kept in ["\u{FDCF}", "\u{FDF0}", "\u{FEFF}", "\u{FFFD}", "\u{1FFFD}", "\u{10FFFD}", "😀"] as [Unicode.Scalar] {
            XCTAssertFalse(DocumentText.isDropped(kept), "U+\(String(kept.value, radix: 16))")
        }
    }

    func test_needsWork_findsInTheBytesExactlyTheScalarsTheRuleDrops() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var bytes: [UInt8] = [UInt8(ascii: "a")]
            UTF8.encode(scalar) { bytes.append($0) }
            bytes.append(UInt8(ascii: "z"))
            let found = bytes.withUnsafeBufferPointer { DocumentText.needsWork($0, markup: false) }
            if found != DocumentText.isDropped(scalar) { mismatches.append(value) }
        }
        XCTAssertEqual(mismatches, [])
    }

    func test_needsWork_withMarkupFindsEachCharacterHTMLAndXMLEscapeAndNoOtherASCII() {
        for byte in UInt8(0x20)..<0x7F {
            let bytes = [UInt8(ascii: "a"), byte, UInt8(ascii: "z")]
            let isMarkup = "&<>\"'".utf8.contains(byte)

            XCTAssertEqual(bytes.withUnsafeBufferPointer { DocumentText.needsWork($0, markup: true) }, isMarkup, "\(Unicode.Scalar(byte))")
            XCTAssertFalse(bytes.withUnsafeBufferPointer { DocumentText.needsWork($0, markup: false) }, "\(Unicode.Scalar(byte))")
        }
    }

    func test_cleaned_dropsOnlyWhatTheRuleDrops() {
        XCTAssertEqual(
            DocumentText.cleaned("a\u{0}b\u{1B}[31mc\u{0B}d\u{0C}e\u{7F}f\u{85}g\u{FFFE}h\(fdd0)i\u{10FFFF}j\t\n\r k"),
            "ab[31mcdefghij\t\n\r k")
        XCTAssertEqual(DocumentText.cleaned("\u{1}\u{2}\u{FFFF}"), "")
    }

    func test_cleaned_leavesTextWithNothingToDropAsItIs() {
        for text in ["", "plain", "<b> & \"q\" 'a'", "Το Feed μου · 日本語 · 😀👩‍👩‍👧 · e\u{301} · ，！ · ❤️ · \u{FEFF}\u{FFFD}", "line\nbreak\ttab\r"] {
            XCTAssertEqual(Array(DocumentText.cleaned(text).unicodeScalars), Array(text.unicodeScalars), text)
        }
    }
}
