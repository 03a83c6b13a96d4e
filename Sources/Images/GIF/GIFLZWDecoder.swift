/// GIF's variable-length LZW, decoded a row at a time so that memory never depends on how much
/// the data would expand to.
///
/// Codes are read least significant bit first, starting one bit wider than the minimum code size
/// and growing by one bit each time the table reaches the next power of two, up to 12 bits. A full
/// table (4,096 entries) stops growing until the next clear code; codes keep their 12 bits. A
/// string longer than the space left in a row waits in `pending` for the next call.
///
/// A class because it owns two fixed buffers it frees on deinit; one decode uses it on one
/// thread, so it is not `Sendable`.
final class GIFLZWDecoder {
    private static let tableSize = 4096
    private static let maximumCodeSize = 12

    private let data: [UInt8]
    private let minimumCodeSize: Int
    /// Each entry: bits 0–15 the prefix code, 16–23 the last byte, 24–31 the first byte, 32–47 the
    /// string's length.
    private let table: UnsafeMutablePointer<UInt64>
    /// The tail of a string that did not fit in the caller's buffer, written from `pendingStart`.
    private let pending: UnsafeMutablePointer<UInt8>
    private var pendingStart = 0
    private var pendingEnd = 0

    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var codeSize: Int
    private var nextCode: Int
    private var previousCode = -1
    /// The end code was read, or the data ran out.
    private var finished = false

    /// `minimumCodeSize` must be 1…8: literals are palette indices.
    init(data: [UInt8], minimumCodeSize: Int) {
        self.data = data
        self.minimumCodeSize = minimumCodeSize
        table = .allocate(capacity: Self.tableSize)
        pending = .allocate(capacity: Self.tableSize)
        let clear = 1 << minimumCodeSize
        for literal in 0..<Self.tableSize {
            // Literals are strings of one byte; other entries are written before they are read.
            let byte = UInt64(literal < clear ? literal : 0)
            table[literal] = byte << 16 | byte << 24 | 1 << 32
        }
        codeSize = minimumCodeSize + 1
        nextCode = clear + 2
    }

    deinit {
        table.deallocate()
        pending.deallocate()
    }

    /// Fills `output` with the next indices and returns how many it wrote: fewer than
    /// `output.count` only when the stream ended (the end code, or no more data).
    func fill(_ output: UnsafeMutableBufferPointer<UInt8>) throws(ImageDecodingError) -> Int {
        guard let out = output.baseAddress else { return 0 }
        let capacity = output.count
        var written = 0

        let waiting = min(pendingEnd - pendingStart, capacity)
        if waiting > 0 {
            out.update(from: pending + pendingStart, count: waiting)
            pendingStart += waiting
            written = waiting
        }
        if written == capacity || finished { return written }

        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var position = self.position
        var bitBuffer = self.bitBuffer
        var bitCount = self.bitCount
        var codeSize = self.codeSize
        var nextCode = self.nextCode
        var previousCode = self.previousCode
        defer {
            self.position = position
            self.bitBuffer = bitBuffer
            self.bitCount = bitCount
            self.codeSize = codeSize
            self.nextCode = nextCode
            self.previousCode = previousCode
        }

        return try data.withUnsafeBufferPointer { (bytes) throws(ImageDecodingError) -> Int in
            let count = bytes.count
            while written < capacity {
                while bitCount < codeSize && position < count {
                    bitBuffer |= UInt64(bytes[position]) << UInt64(bitCount)
                    position += 1
                    bitCount += 8
                }
                if bitCount < codeSize {
                    finished = true
                    return written
                }
                let code = Int(bitBuffer & ((1 << UInt64(codeSize)) - 1))
                bitBuffer >>= UInt64(codeSize)
                bitCount -= codeSize

                if code == clear {
                    codeSize = minimumCodeSize + 1
                    nextCode = clear + 2
                    previousCode = -1
                    continue
                }
                if code == end {
                    finished = true
                    return written
                }

                if previousCode < 0 {
                    // The first code after a clear adds nothing and must be a literal.
                    guard code < clear else { throw .malformed("an LZW code refers to no string") }
                    out[written] = UInt8(truncatingIfNeeded: code)
                    written += 1
                    previousCode = code
                    continue
                }

                guard code <= nextCode, code != nextCode || nextCode < Self.tableSize else {
                    throw .malformed("an LZW code refers to no string")
                }
                if nextCode < Self.tableSize {
                    // The new entry is the previous string followed by the first byte of this
                    // one; when this code is the entry being made, that first byte is the
                    // previous string's own.
                    let previous = table[previousCode]
                    let firstOfThis = code == nextCode ? previous >> 24 & 0xFF : table[code] >> 24 & 0xFF
                    let length = (previous >> 32 & 0xFFFF) + 1
                    table[nextCode] = UInt64(previousCode) | firstOfThis << 16 | (previous & 0xFF00_0000) | length << 32
                    nextCode += 1
                    if nextCode == 1 << codeSize && codeSize < Self.maximumCodeSize { codeSize += 1 }
                }
                previousCode = code

                let length = Int(table[code] >> 32 & 0xFFFF)
                let room = capacity - written
                if length <= room {
                    var entry = table[code]
                    var index = written + length - 1
                    while index >= written {
                        out[index] = UInt8(truncatingIfNeeded: entry >> 16)
                        entry = table[Int(entry & 0xFFFF)]
                        index -= 1
                    }
                    written += length
                } else {
                    var entry = table[code]
                    var index = length - 1
                    while index >= 0 {
                        pending[index] = UInt8(truncatingIfNeeded: entry >> 16)
                        entry = table[Int(entry & 0xFFFF)]
                        index -= 1
                    }
                    (out + written).update(from: pending, count: room)
                    written = capacity
                    pendingStart = room
                    pendingEnd = length
                }
            }
            return written
        }
    }
}
