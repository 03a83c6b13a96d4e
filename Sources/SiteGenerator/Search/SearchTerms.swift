import Foundation
import Synchronization

/// The search's one rule for turning text into terms, which the index is built with and the
/// page's script (`Templates/search.js`) applies to a query:
///
/// 1. the text is NFKD-normalized, lowercased and NFKD-normalized again;
/// 2. every combining mark is dropped ("São" → "sao", "Αθήνα" → "αθηνα");
/// 3. the Greek final sigma "ς" becomes "σ", so a word typed in capitals or cut short still
///    matches;
/// 4. the terms are the runs of letters and digits, in order;
/// 5. a term is at most `maximumLength` scalars: a longer run keeps its first ones. No word
///    is that long, and a run that is (a spam comment's 45,000 letters) must cost the index
///    no more than a word does.
///
/// `Tests/FeedSiteTests/Site/Search/search-terms.json` holds the rule's vectors (text →
/// terms), which the Swift tests and `.ci/check-search`, in the page, both check.
///
/// Each Unicode scalar folds on its own, so the fold of every scalar the text holds is
/// worked out once per process and kept: ASCII by a table, the rest through Foundation's
/// normalization, whose cost per call would otherwise dominate a large feed's index.
public enum SearchTerms {
    /// The most scalars a term keeps (rule 5); `Templates/search.js` keeps as many.
    public static let maximumLength = 64

    /// What an index puts before a term of an item's own words (its location and
    /// description), which it holds besides the term itself: no term has it, since terms are
    /// letters and digits alone, so a query word cannot match one by chance. `search.js`
    /// ranks an item whose own words hold every query word first.
    public static let ownMarker = "="

    /// The terms of `text`, in order, repeats kept.
    public static func terms(of text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    /// Calls `body` with each term of `text`, in order, repeats included.
    ///
    /// Reads the UTF-8 bytes, ASCII by table and the rest a scalar at a time, the term held
    /// as a value: 0.34 s for a 100,000-item feed's terms against 0.58 s a scalar at a time
    /// through a closure (BENCHMARKS.md, "Search").
    public static func forEachTerm(in text: String, _ body: (String) -> Void) {
        var text = text
        // A value, not a closure over a variable: a captured variable is boxed, and every
        // access to it checked for exclusivity at run time.
        var term = Term()
        let table = asciiFold
        text.withUTF8 { bytes in
            var at = 0
            while at < bytes.count {
                let byte = bytes[at]
                if byte < 0x80 {
                    let folded = table[Int(byte)]
                    if folded == 0 { term.end(body) } else { term.append(folded) }
                    at += 1
                    continue
                }
                // The text is valid UTF-8: the lead byte says how many follow.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (0xFF >> (length + 1))
                for next in bytes[(at + 1)..<(at + length)] { value = value << 6 | UInt32(next & 0x3F) }
                at += length
                for piece in fold(Unicode.Scalar(value)!) {
                    if let piece {
                        term.append(piece)
                    } else {
                        term.end(body)
                    }
                }
            }
        }
        term.end(body)
    }

    /// The bytes of the term being read, and how many scalars they are.
    private struct Term {
        var bytes: [UInt8] = []
        var scalars = 0

        /// An ASCII letter or digit, unless the term is already as long as a term gets.
        mutating func append(_ byte: UInt8) {
            guard scalars < maximumLength else { return }
            bytes.append(byte)
            scalars += 1
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            guard scalars < maximumLength else { return }
            bytes.append(contentsOf: scalar.utf8)
            scalars += 1
        }

        /// Hands the term over, if there is one, and starts the next.
        mutating func end(_ body: (String) -> Void) {
            guard !bytes.isEmpty else { return }
            body(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll(keepingCapacity: true)
            scalars = 0
        }
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

    /// The folds of the scalars after ASCII up to the end of Cyrillic (Latin with accents,
    /// Greek, Cyrillic), made on first use; any other scalar's are kept in `known` as met.
    private static let nearASCII: [Folded] = nearASCIIScalars.map { foldUncached(Unicode.Scalar($0)!) }
    private static let nearASCIIScalars: Range<UInt32> = 0x80..<0x530

    private static let known = Mutex<[UInt32: Folded]>([:])

    static func fold(_ scalar: Unicode.Scalar) -> Folded {
        if nearASCIIScalars.contains(scalar.value) { return nearASCII[Int(scalar.value - nearASCIIScalars.lowerBound)] }
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
