/// Two texts split into runs of words, each marked as shared by both or as only the one's,
/// so a page can show an edit with its changed words marked. Words are compared whole, the
/// spaces between them kept with the word before; the longest common run of words is found
/// as a longest common subsequence.
public enum WordDiff {
    /// A run of words, as the text has it, and whether the other text lacks it.
    public struct Part: Equatable, Sendable {
        public let text: String
        public let changed: Bool

        public init(text: String, changed: Bool) {
            self.text = text
            self.changed = changed
        }
    }

    /// Beyond this many words times words, the texts are too long to compare word by word:
    /// each is marked changed whole.
    static let largestTable = 250_000

    /// `before` and `after` in parts: the words `after` lacks marked in `before`, the words
    /// `before` lacks marked in `after`.
    public static func parts(_ before: String, _ after: String) -> (before: [Part], after: [Part]) {
        let old = words(before)
        let new = words(after)
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= largestTable else {
            return (whole(before, changed: before != after), whole(after, changed: before != after))
        }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    word(old[i]) == word(new[j]) ? lengths[(i + 1) * columns + j + 1] + 1 : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var (i, j) = (0, 0)
        var kept = [Bool](repeating: false, count: old.count)
        var added = [Bool](repeating: true, count: new.count)
        while i < old.count, j < new.count {
            if word(old[i]) == word(new[j]) {
                kept[i] = true
                added[j] = false
                i += 1
                j += 1
            } else if lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return (joined(old, changed: kept.map(!)), joined(new, changed: added))
    }

    /// The text's words, each with the spaces after it; spaces before the first word lead it.
    static func words(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var inWord = false
        while index < text.endIndex {
            let isSpace = text[index].isWhitespace
            if !isSpace, !inWord, index > start, !result.isEmpty || text[start..<index].contains(where: { !$0.isWhitespace }) {
                result.append(text[start..<index])
                start = index
            }
            inWord = !isSpace
            index = text.index(after: index)
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// A word without the spaces around it, as it is compared.
    private static func word(_ part: Substring) -> Substring {
        part.drop(while: \.isWhitespace).prefix { !$0.isWhitespace }
    }

    private static func whole(_ text: String, changed: Bool) -> [Part] {
        text.isEmpty ? [] : [Part(text: text, changed: changed)]
    }

    /// Neighbouring words of the same kind joined into one part.
    private static func joined(_ words: [Substring], changed: [Bool]) -> [Part] {
        var parts: [Part] = []
        for (word, isChanged) in zip(words, changed) {
            if let last = parts.last, last.changed == isChanged {
                parts[parts.count - 1] = Part(text: last.text + word, changed: isChanged)
            } else {
                parts.append(Part(text: String(word), changed: isChanged))
            }
        }
        return parts
    }
}
