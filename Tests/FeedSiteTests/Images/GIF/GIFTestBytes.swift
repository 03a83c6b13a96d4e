import Foundation

/// Small GIFs written by the tests themselves, for cases no encoder at hand makes: an unused
/// transparent index, a table that fills without a clear code, hostile sizes and codes.
enum GIFTestBytes {
    struct Frame {
        var left = 0
        var top = 0
        var width: Int
        var height: Int
        var indices: [UInt8]
        var interlaced = false
        var localTable: [UInt8]?
    }

    /// A GIF89a whose image data holds only literal codes after one clear code: the decoder's
    /// table grows with every code and, for more than about 4,000 pixels, fills up.
    static func gif(
        screen: (width: Int, height: Int), globalTable: [UInt8]?, transparentIndex: UInt8? = nil, frame: Frame, minimumCodeSize: Int = 8
    ) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(screen.width) + le16(screen.height)
        out += [globalTable.map { 0x80 | tableSizeBits($0) } ?? 0, 0, 0]
        out += globalTable ?? []
        if let transparentIndex { out += [0x21, 0xF9, 4, 1, 0, 0, transparentIndex, 0] }
        out += [0x21, 0xFE, 3] + Array("hi!".utf8) + [0]  // a comment, to be skipped
        out.append(0x2C)
        out += le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height)
        out.append((frame.localTable.map { 0x80 | tableSizeBits($0) } ?? 0) | (frame.interlaced ? 0x40 : 0))
        out += frame.localTable ?? []
        out.append(UInt8(minimumCodeSize))
        out += subBlocks(literalCodes(frame.indices, minimumCodeSize: minimumCodeSize))
        out.append(0x3B)
        return out
    }

    /// `codes`, each `size` bits wide, packed least significant bit first.
    static func pack(_ codes: [(code: Int, size: Int)]) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = 0
        var count = 0
        for (code, size) in codes {
            buffer |= code << count
            count += size
            while count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        if count > 0 { out.append(UInt8(buffer)) }
        return out
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        return out + [0]
    }

    private static func literalCodes(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var size = minimumCodeSize + 1
        var next = clear + 2
        var codes = [(code: clear, size: size)]
        for (position, index) in indices.enumerated() {
            codes.append((Int(index), size))
            // The decoder adds an entry for every code but the first after a clear.
            if position > 0 && next < 4096 {
                next += 1
                if next == 1 << size && size < 12 { size += 1 }
            }
        }
        codes.append((clear + 1, size))
        return pack(codes)
    }

    private static func tableSizeBits(_ table: [UInt8]) -> UInt8 {
        var bits = 0
        while 3 << (bits + 1) < table.count { bits += 1 }
        return UInt8(bits)
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
