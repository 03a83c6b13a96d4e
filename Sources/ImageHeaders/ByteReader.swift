/// Reads numbers and runs of bytes from the front of a buffer, never past its end: a read
/// that wants more bytes than are left throws `Truncated` and leaves the reader where it was.
public struct ByteReader: Sendable {
    /// A read that wanted more bytes than were left (or a negative number of them).
    public struct Truncated: Error, Equatable, Sendable {
        /// How far from the start the read began.
        public let offset: Int
        /// The bytes it wanted.
        public let wanted: Int
    }

    /// The bytes read, at the indexes of the array they come from.
    public let bytes: ArraySlice<UInt8>
    /// The index in `bytes` of the next byte to read.
    public private(set) var index: Int

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    public init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    /// The bytes read or passed over since the start.
    public var offset: Int { index - bytes.startIndex }

    /// The bytes left to read.
    public var remaining: Int { bytes.endIndex - index }

    public var isAtEnd: Bool { index == bytes.endIndex }

    /// Moves to `offset` bytes from the start; the end itself is a place to move to.
    public mutating func seek(toOffset offset: Int) throws(Truncated) {
        guard offset >= 0, offset <= bytes.count else { throw Truncated(offset: offset, wanted: 0) }
        index = bytes.startIndex + offset
    }

    public mutating func skip(_ count: Int) throws(Truncated) {
        _ = try take(count)
    }

    /// The next `count` bytes, a slice of `bytes` (no copy).
    public mutating func readBytes(_ count: Int) throws(Truncated) -> ArraySlice<UInt8> {
        let start = try take(count)
        return bytes[start..<start + count]
    }

    public mutating func readUInt8() throws(Truncated) -> UInt8 {
        bytes[try take(1)]
    }

    public mutating func readUInt16(_ order: ByteOrder) throws(Truncated) -> UInt16 {
        UInt16(truncatingIfNeeded: try readNumber(of: 2, order))
    }

    public mutating func readUInt32(_ order: ByteOrder) throws(Truncated) -> UInt32 {
        UInt32(truncatingIfNeeded: try readNumber(of: 4, order))
    }

    private mutating func readNumber(of count: Int, _ order: ByteOrder) throws(Truncated) -> UInt64 {
        let start = try take(count)
        var value: UInt64 = 0
        for step in 0..<count {
            let byte = bytes[order == .bigEndian ? start + step : start + count - 1 - step]
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Moves past `count` bytes, if there are that many left; the index they start at.
    private mutating func take(_ count: Int) throws(Truncated) -> Int {
        guard count >= 0, count <= remaining else { throw Truncated(offset: offset, wanted: count) }
        let start = index
        index += count
        return start
    }
}
