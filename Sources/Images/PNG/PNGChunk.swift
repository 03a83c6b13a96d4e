import Hashing

/// What every PNG shares: the signature, the chunk types we read or write, and the chunks'
/// CRC.
enum PNGChunk {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let IHDR = type("IHDR")
    static let PLTE = type("PLTE")
    static let tRNS = type("tRNS")
    static let IDAT = type("IDAT")
    static let IEND = type("IEND")
    static let iCCP = type("iCCP")
    static let eXIf = type("eXIf")

    /// A chunk type's four ASCII letters as the big-endian number they are in the file.
    static func type(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// A chunk type's letters, for messages.
    static func name(_ type: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }, as: UTF8.self)
    }

    /// Chunks whose first letter is upper case are critical: a decoder that does not know one
    /// cannot show the picture.
    static func isCritical(_ type: UInt32) -> Bool { type & 0x2000_0000 == 0 }

    /// The CRC-32 of `bytes[range]`: a chunk's type and data.
    static func crc(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
        bytes.withUnsafeBytes { CRC32.update(0, UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// `bytes` with a chunk of `type` holding `data` appended: length, type, data, CRC.
    static func append(_ type: UInt32, _ data: [UInt8], to bytes: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &bytes)
        let start = bytes.count
        appendBigEndian(type, to: &bytes)
        bytes += data
        appendBigEndian(crc(bytes, start..<bytes.count), to: &bytes)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
