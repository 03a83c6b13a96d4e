/// Hexadecimal digits as ASCII bytes: read in either case, written in the case asked for.
///
/// The one place for this arithmetic: SHA-256 hex digests, UUID text and JSON `\uXXXX`
/// escapes all use it. `@inlinable` because UUID and JSON parsing are hot paths (a run reads
/// hundreds of thousands of ids) in another module.
public enum HexDigit {
    /// The value (0 to 15) of one hex digit, `0-9`, `a-f` or `A-F`; `nil` for any other byte.
    @inlinable
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `byte` is a hex digit as lower-case hex writes it: `0-9` or `a-f`.
    @inlinable
    public static func isLowercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// The byte two hex digits spell, high digit first; `nil` unless both are hex digits.
    @inlinable
    public static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = value(high), let low = value(low) else { return nil }
        return high << 4 | low
    }

    /// The lower-case digit for `value`, which must be below 16.
    @inlinable
    public static func lowercase(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The upper-case digit for `value`, which must be below 16.
    @inlinable
    public static func uppercase(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
