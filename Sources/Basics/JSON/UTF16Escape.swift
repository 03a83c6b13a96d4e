/// Turns the UTF-16 code units of `\uXXXX` escapes (in JSON and in `.strings` files) into
/// Unicode scalars: one escape, or two in a row for a surrogate pair.
public enum UTF16Escape {
    /// What an escape stands for.
    public enum Decoded: Equatable, Sendable {
        case scalar(Unicode.Scalar)
        /// A high surrogate that no escaped low surrogate follows.
        case unpairedHighSurrogate
        /// A low surrogate with no high surrogate before it.
        case unpairedLowSurrogate
    }

    /// Decodes the code unit `unit`; when it is a high surrogate, `nextUnit` reads the code unit
    /// of the escape right after it, or returns `nil` when no escape follows. A reader that
    /// goes on after an unpaired high surrogate leaves that escape unread when it is not a low
    /// surrogate: it is a character of its own.
    public static func decode<Failure: Error>(
        _ unit: UInt16,
        nextUnit: () throws(Failure) -> UInt16?
    ) throws(Failure) -> Decoded {
        guard UTF16.isLeadSurrogate(unit) else {
            return Unicode.Scalar(unit).map(Decoded.scalar) ?? .unpairedLowSurrogate
        }
        guard let low = try nextUnit(), UTF16.isTrailSurrogate(low) else { return .unpairedHighSurrogate }
        return .scalar(Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00))!)
    }
}
