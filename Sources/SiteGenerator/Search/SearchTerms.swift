import Foundation
import Synchronization

/// The search's one rule for turning text into terms, which the index is built with and the
/// page's script (`Templates/search.js`) applies to a query:
///
/// 1. the text is NFKD-normalized, lowercased and NFKD-normalized again;
/// 2. every combining mark is dropped ("São" → "sao", "Αθήνα" → "αθηνα");
/// 3. the Greek final sigma "ς" becomes "σ", so a word typed in capitals or cut short still
///    matches;
/// 4. the terms are the runs of letters and digits, in order.
///
/// `Tests/FeedSiteTests/Site/Search/search-terms.json` holds the rule's vectors (text →
/// terms), which the Swift tests and `.ci/check-search`, in the page, both check.
///
/// Each Unicode scalar folds on its own, so the fold of every scalar the text holds is
/// worked out once per process and kept: ASCII by a table, the rest through Foundation's
/// normalization, whose cost per call would otherwise dominate a large feed's index.
public enum SearchTerms {
    /// The terms of `text`, in order, repeats kept.
    public static func terms(of text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    /// Calls `body` with each term of `text`, in order, repeats included.
    public static func forEachTerm(in text: String, _ body: (String) -> Void) {
        var term: [UInt8] = []
        func end() {
            guard !term.isEmpty else { return }
            body(String(decoding: term, as: UTF8.self))
            term.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let folded = asciiFold[Int(value)]
                if folded == 0 { end() } else { term.append(folded) }
                continue
            }
            for piece in fold(scalar) {
                if let piece {
                    term.append(contentsOf: piece.utf8)
                } else {
                    end()
                }
            }
        }
        end()
    }

    /// For each ASCII byte: its lowercase when it is a letter or a digit, else 0 (a break).
    static let asciiFold: [UInt8] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) + 32
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
        default: 0
        }
    }

    /// What a scalar folds to: letters and digits as text, `nil` for each scalar that breaks
    /// a term; marks are gone.
    typealias Folded = [Unicode.Scalar?]

    private static let known = Mutex<[UInt32: Folded]>([:])

    static func fold(_ scalar: Unicode.Scalar) -> Folded {
        if let folded = known.withLock({ $0[scalar.value] }) { return folded }
        let folded = foldUncached(scalar)
        known.withLock { $0[scalar.value] = folded }
        return folded
    }

    private static func foldUncached(_ scalar: Unicode.Scalar) -> Folded {
        let text = String(scalar).decomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCompatibilityMapping
        var folded: Folded = []
        for piece in text.unicodeScalars {
            switch piece.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber:
                folded.append(piece == "ς" ? "σ" : piece)
            default:
                folded.append(nil)
            }
        }
        return folded
    }
}
