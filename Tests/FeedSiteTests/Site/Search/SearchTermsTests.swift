import Foundation
import TestSupport
import XCTest

@testable import SiteGenerator

/// The search's rule, text → terms, as the index applies it: the shared vectors the page's
/// script is checked against too, the ASCII shortcut, normalization forms, many tasks at once.
final class SearchTermsTests: XCTestCase {
    func test_terms_giveEveryVectorsTermsExactly() throws {
        let vectors = try Self.vectors()

        XCTAssertGreaterThan(vectors.count, 30)
        for vector in vectors {
            XCTAssertEqual(SearchTerms.terms(of: vector.input), vector.terms, "input \(vector.input.debugDescription)")
        }
    }

    func test_asciiTable_foldsEveryASCIIScalarAsTheRuleDoes() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let table = SearchTerms.asciiFold[Int(value)]
            let rule: SearchTerms.Folded = table == 0 ? [nil] : [Unicode.Scalar(table)]
            XCTAssertEqual(rule, SearchTerms.fold(scalar), "U+\(String(value, radix: 16, uppercase: true)) \(String(scalar).debugDescription)")
        }
    }

    func test_terms_ofDecomposedTextAreThoseOfComposedText() throws {
        let texts = try Self.vectors().map(\.input) + ["Ελληνικά: Ἀθῆναι, ᾠδή", "한국어 텍스트", "Ñandú, Łódź, Ærøskøbing"]

        for text in texts {
            let composed = SearchTerms.terms(of: text.precomposedStringWithCanonicalMapping)
            XCTAssertEqual(SearchTerms.terms(of: text.decomposedStringWithCanonicalMapping), composed, text.debugDescription)
            XCTAssertEqual(SearchTerms.terms(of: text), composed, text.debugDescription)
        }
    }

    func test_terms_fromManyTasksAtOnceAreThoseOfOne() async {
        // Thousands of scalars no other test folds, so the tasks fill the cache of folds
        // together, reading it while it grows.
        let blocks: [ClosedRange<UInt32>] = [
            0x0100...0x024F, 0x0400...0x04FF, 0x1E00...0x1FFF, 0x3040...0x30FF, 0x4E00...0x5FFF, 0xAC00...0xB7FF, 0xFF01...0xFF5E,
        ]
        let scalars = blocks.flatMap { $0 }.compactMap(Unicode.Scalar.init)
        var generator = SeededGenerator(seed: 21)
        let texts = (0..<64).map { _ in
            String(String.UnicodeScalarView((0..<400).map { _ in Bool.random(using: &generator) ? " " : scalars.randomElement(using: &generator)! }))
        }

        let together = await withTaskGroup(of: (Int, [String]).self) { group in
            for (number, text) in texts.enumerated() {
                group.addTask { (number, SearchTerms.terms(of: text)) }
            }
            var terms = [[String]](repeating: [], count: texts.count)
            for await (number, found) in group { terms[number] = found }
            return terms
        }

        XCTAssertEqual(together, texts.map(Self.termsByTheRule))
        XCTAssertEqual(together, texts.map { SearchTerms.terms(of: $0) })
    }

    // MARK: - Helpers

    private struct Vector: Decodable {
        let input: String
        let terms: [String]
    }

    /// The rule's vectors, shared with the page's script.
    private static func vectors() throws -> [Vector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("search-terms.json")
        return try JSONDecoder().decode([Vector].self, from: Data(contentsOf: url))
    }

    /// The rule's five steps applied to the whole text at once, as the page's script does,
    /// not a scalar at a time.
    private static func termsByTheRule(_ text: String) -> [String] {
        let marks: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]
        let lettersAndDigits: Set<Unicode.GeneralCategory> = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
        ]
        let folded = text.decomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !marks.contains($0.properties.generalCategory) }
            .map { $0 == "ς" ? "σ" : $0 }
        return folded.split { !lettersAndDigits.contains($0.properties.generalCategory) }.map {
            String(String.UnicodeScalarView($0.prefix(SearchTerms.maximumLength)))
        }
    }
}
