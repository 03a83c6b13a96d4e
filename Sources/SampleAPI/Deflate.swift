/// One fixed-Huffman deflate block (RFC 1951 §3.2.6) with greedy LZ77 over a 32 KiB window.
enum Deflate {
    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
        24577,
    ]
    private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func compress(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var head = [Int](repeating: -1, count: 1 << 15)
        var position = 0
        while position < data.count {
            var matchLength = 0
            var matchDistance = 0
            if position + 2 < data.count {
                let key = (Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])) & 0x7FFF
                let candidate = head[key]
                head[key] = position
                if candidate >= 0, position - candidate <= 32768 {
                    let limit = min(258, data.count - position)
                    var length = 0
                    while length < limit, data[candidate + length] == data[position + length] { length += 1 }
                    if length >= 3 {
                        matchLength = length
                        matchDistance = position - candidate
                    }
                }
            }
            if matchLength > 0 {
                writeLength(matchLength, to: &bits)
                writeDistance(matchDistance, to: &bits)
                for skipped in position + 1..<position + matchLength where skipped + 2 < data.count {
                    head[(Int(data[skipped]) << 10 ^ Int(data[skipped + 1]) << 5 ^ Int(data[skipped + 2])) & 0x7FFF] = skipped
                }
                position += matchLength
            } else {
                writeLiteral(Int(data[position]), to: &bits)
                position += 1
            }
        }
        writeLiteral(256, to: &bits)  // end of block
        return bits.finish()
    }

    private static func writeLiteral(_ symbol: Int, to bits: inout BitWriter) {
        switch symbol {
        case 0...143: bits.writeHuffman(0x30 + symbol, count: 8)
        case 144...255: bits.writeHuffman(0x190 + symbol - 144, count: 9)
        case 256...279: bits.writeHuffman(symbol - 256, count: 7)
        default: bits.writeHuffman(0xC0 + symbol - 280, count: 8)
        }
    }

    private static func writeLength(_ length: Int, to bits: inout BitWriter) {
        let index = lengthBases.lastIndex(where: { $0 <= length })!
        writeLiteral(257 + index, to: &bits)
        bits.write(length - lengthBases[index], count: lengthExtraBits[index])
    }

    private static func writeDistance(_ distance: Int, to bits: inout BitWriter) {
        let index = distanceBases.lastIndex(where: { $0 <= distance })!
        bits.writeHuffman(index, count: 5)
        bits.write(distance - distanceBases[index], count: distanceExtraBits[index])
    }
}
