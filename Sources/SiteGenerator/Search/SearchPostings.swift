/// A set of item numbers as the search index writes it: a short text of 64 characters that
/// need no escaping in a JavaScript string, read by `Templates/search.js`.
///
/// - As a list: the gap before each item (the first item's number, then one less than the
///   distance from the item before), each gap in base 32, most significant digit first,
///   every digit but the last taken from the alphabet's second half. Items `[0, 1, 5]` are
///   the gaps `0 0 3`, written `003`; the gap 40 is `x8`.
/// - As a bitmap: `~`, then one character for each six items, bit `j` of character `k`
///   standing for item `6k + j`; characters at the end that hold no item are left out.
///   Items `[0, 1, 5]` are `~z`.
///
/// Whichever is shorter is written (the list on a tie): a term in most items of a 100,000-item
/// feed is at most 16,668 characters, not five times that as a list.
public enum SearchPostings {
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

    /// `items`, ascending and distinct.
    public static func encode(_ items: [UInt32]) -> String {
        var list: [UInt8] = []
        list.reserveCapacity(items.count * 2)
        var previous: Int64 = -1
        for item in items {
            appendGap(UInt32(Int64(item) - previous - 1), to: &list)
            previous = Int64(item)
        }
        guard bitmapLength(items) < list.count else { return String(decoding: list, as: UTF8.self) }
        var bits = [UInt8](repeating: 0, count: bitmapLength(items) - 1)
        for item in items {
            bits[Int(item / 6)] |= 1 << (item % 6)
        }
        return "~" + String(decoding: bits.map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// The length of `encode(items)`, without making it.
    public static func encodedLength(_ items: [UInt32]) -> Int {
        var list = 0
        var previous: Int64 = -1
        for item in items {
            list += digitCount(UInt32(Int64(item) - previous - 1))
            previous = Int64(item)
        }
        return min(list, bitmapLength(items))
    }

    private static func bitmapLength(_ items: [UInt32]) -> Int {
        1 + Int(items.last.map { $0 / 6 + 1 } ?? 0)
    }

    private static func digitCount(_ gap: UInt32) -> Int {
        var digits = 1
        while gap >> (5 * digits) != 0 { digits += 1 }
        return digits
    }

    private static func appendGap(_ gap: UInt32, to text: inout [UInt8]) {
        for place in stride(from: digitCount(gap) - 1, through: 0, by: -1) {
            let digit = Int((gap >> (5 * place)) & 31)
            text.append(alphabet[place == 0 ? digit : 32 + digit])
        }
    }

    /// The items of `text` (`encode`'s inverse), `nil` when it is not a postings text.
    public static func decode(_ text: String) -> [UInt32]? {
        var values: [UInt8: UInt32] = [:]
        for (value, character) in alphabet.enumerated() { values[character] = UInt32(value) }
        var bytes = text.utf8[...]
        var items: [UInt32] = []
        if bytes.first == UInt8(ascii: "~") {
            for (index, character) in bytes.dropFirst().enumerated() {
                guard let value = values[character] else { return nil }
                for bit in 0..<6 where value & (1 << bit) != 0 { items.append(UInt32(index * 6 + bit)) }
            }
            return items
        }
        var next: Int64 = 0
        var gap: Int64 = 0
        var unfinished = false
        while let character = bytes.popFirst() {
            guard let value = values[character], gap < 1 << 32 else { return nil }
            gap = gap << 5 | Int64(value & 31)
            unfinished = value >= 32
            guard !unfinished else { continue }
            next += gap
            guard next < 1 << 32 else { return nil }
            items.append(UInt32(next))
            next += 1
            gap = 0
        }
        return unfinished ? nil : items
    }
}
