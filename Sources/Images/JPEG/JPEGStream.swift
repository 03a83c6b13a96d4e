import ImageHeaders

/// A JPEG file read marker by marker: the tables, the frame, then each scan's entropy-coded data.
struct JPEGStream {
    /// The most scans a file may have; encoders write about ten for a progressive colour picture.
    static let maxScans = 100

    /// How the frame was coded, from its start-of-frame marker.
    enum Coding {
        case sequential
        case progressive
    }

    /// What a scan's header says.
    struct Scan {
        var components: [Int]
        var spectralStart, spectralEnd, approximationHigh, approximationLow: Int
    }

    let bytes: [UInt8]
    var position = 2
    var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    /// Quantization tables in natural order, one row of 8 per element.
    var quantizationTables = [[SIMD8<Float>]?](repeating: nil, count: 4)
    var restartInterval = 0
    /// The colour transform an Adobe APP14 segment names: 0 none, 1 YCbCr, 2 YCCK.
    var adobeTransform: Int?
    var header: JPEGHeader?
    var coding = Coding.sequential
    var components: [JPEGComponent] = []
    var maxHorizontalSampling = 1
    var maxVerticalSampling = 1
    var mcusPerLine = 0
    var mcusPerColumn = 0
    /// The side of the square a block of the finest-sampled components is decoded into.
    var baseBlockSize = 8
    var outputWidth = 0
    var outputHeight = 0
    var scansDecoded = 0
    /// The EOB run a progressive AC scan carries from block to block.
    var endOfBandRun = 0

    /// A stream over `bytes`, which must start with a JPEG's start-of-image marker.
    init(_ bytes: [UInt8]) throws(ImageDecodingError) {
        guard bytes.starts(with: JPEGMarkerWalk.startOfImage) else { throw .malformed("not a JPEG file") }
        self.bytes = bytes
    }

    /// A segment's marker and its content's range; nil at end of image or when the file ends
    /// after a whole scan. Bytes between segments that are no marker are passed over, as
    /// libjpeg passes over them.
    mutating func nextSegment() throws(ImageDecodingError) -> (marker: UInt8, content: Range<Int>)? {
        var walk = JPEGMarkerWalk(from: .betweenSegments, strayBytes: .skip)
        var reader = ByteReader(bytes[min(position, bytes.count)...])
        let event = walk.next(from: &reader)
        position = reader.index
        switch event {
        case nil where walk.isReadingLength:
            throw .malformed("the file ends inside a segment")
        case nil:
            if scansDecoded > 0 { return nil }
            throw .malformed("the file ends before its image data")
        case .end(.endOfImage):
            return nil
        case .end:
            // A length below 2: passing over stray bytes, the walk ends no other way here.
            throw .malformed("a segment runs past the end of the file")
        case let .segment(marker, length):
            guard length <= reader.remaining else { throw .malformed("a segment runs past the end of the file") }
            let content = position..<(position + length)
            position = content.upperBound
            return (marker, content)
        }
    }

    func word(at index: Int) -> Int { Int(bytes[index]) << 8 | Int(bytes[index + 1]) }

    /// Reads segments up to and including the frame header.
    mutating func readHeader() throws(ImageDecodingError) -> JPEGHeader {
        while let (marker, content) = try nextSegment() {
            if try apply(marker, content, maxPixels: nil, scale: 1) { break }
            if let header { return header }
        }
        throw .malformed("no frame header")
    }

    /// Applies one segment; true when it was a scan, which needs the frame's storage.
    mutating func apply(_ marker: UInt8, _ content: Range<Int>, maxPixels: Int?, scale: Int) throws(ImageDecodingError) -> Bool {
        switch marker {
        case 0xC0, 0xC1, 0xC2:
            try readFrame(content, progressive: marker == 0xC2, maxPixels: maxPixels, scale: scale)
        case 0xC3, 0xC7, 0xCB, 0xCF:
            try readFrameSize(content)
            if maxPixels != nil { throw .unsupported("lossless JPEG") }
        case 0xC5, 0xC6, 0xCD, 0xCE:
            try readFrameSize(content)
            if maxPixels != nil { throw .unsupported("hierarchical JPEG") }
        case 0xC9, 0xCA:
            try readFrameSize(content)
            if maxPixels != nil { throw .unsupported("arithmetic-coded JPEG") }
        case 0xC4: try readHuffmanTables(content)
        case 0xDB: try readQuantizationTables(content)
        case 0xDD:
            guard content.count >= 2 else { throw .malformed("a restart interval segment too short") }
            restartInterval = word(at: content.lowerBound)
        case 0xEE:
            let adobe: [UInt8] = Array("Adobe".utf8)
            if content.count >= 12 && Array(bytes[content.lowerBound..<(content.lowerBound + 5)]) == adobe {
                adobeTransform = Int(bytes[content.lowerBound + 11])
            }
        case 0xDA: return true
        default: break
        }
        return false
    }

    private mutating func readFrameSize(_ content: Range<Int>) throws(ImageDecodingError) {
        guard header == nil else { throw .malformed("a second frame header") }
        guard content.count >= 6 else { throw .malformed("a frame header too short") }
        header = JPEGHeader(
            width: word(at: content.lowerBound + 3), height: word(at: content.lowerBound + 1), componentCount: Int(bytes[content.lowerBound + 5]),
            isProgressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(bytes[content.lowerBound - 3]))
    }

    private mutating func readFrame(_ content: Range<Int>, progressive: Bool, maxPixels: Int?, scale: Int) throws(ImageDecodingError) {
        try readFrameSize(content)
        guard let header, let maxPixels else { return }
        let start = content.lowerBound
        switch bytes[start] {
        case 8: break
        case 12, 16: throw .unsupported("\(bytes[start])-bit JPEG")
        default: throw .malformed("a sample precision of \(bytes[start]) bits")
        }
        guard header.height > 0 else { throw .unsupported("JPEG whose height comes after its image data") }
        guard header.width > 0 else { throw .malformed("a frame of width 0") }
        guard [1, 3, 4].contains(header.componentCount) else { throw .unsupported("JPEG of \(header.componentCount) components") }
        guard content.count == 6 + 3 * header.componentCount else { throw .malformed("a frame header of the wrong length") }
        guard header.width * header.height <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        coding = progressive ? .progressive : .sequential
        var sampling: [(id: UInt8, h: Int, v: Int, table: Int)] = []
        for index in 0..<header.componentCount {
            let at = start + 6 + 3 * index
            let h = Int(bytes[at + 1] >> 4)
            let v = Int(bytes[at + 1] & 15)
            let table = Int(bytes[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), table < 4 else { throw .malformed("a component's sampling or table is out of range") }
            guard !sampling.contains(where: { $0.id == bytes[at] }) else { throw .malformed("two components with one id") }
            sampling.append((bytes[at], h, v, table))
        }
        maxHorizontalSampling = sampling.map(\.h).max() ?? 1
        maxVerticalSampling = sampling.map(\.v).max() ?? 1
        let (maxH, maxV) = (maxHorizontalSampling, maxVerticalSampling)
        mcusPerLine = (header.width + 8 * maxH - 1) / (8 * maxH)
        mcusPerColumn = (header.height + 8 * maxV - 1) / (8 * maxV)
        let base = 8 / scale
        baseBlockSize = base
        outputWidth = (header.width * base + 7) / 8
        outputHeight = (header.height * base + 7) / 8
        // Every block of every component is coded at least once, in at least one bit: a file
        // too short to hold that many bits cannot be the frame it claims, and is refused before
        // its storage is allocated.
        let blocks = sampling.reduce(0) { total, component in
            let across = (header.width * component.h + maxH - 1) / maxH
            let down = (header.height * component.v + maxV - 1) / maxV
            return total + ((across + 7) / 8) * ((down + 7) / 8)
        }
        guard (bytes.count - position) * 8 >= blocks else { throw .malformed("the file is too short for a frame of \(header.width) × \(header.height)") }
        for (id, h, v, table) in sampling {
            // A component sampled more coarsely than the finest is decoded into bigger squares
            // when that spares stretching it afterwards.
            var size = base
            while size < 8 && (maxH * base) % (h * size * 2) == 0 && (maxV * base) % (v * size * 2) == 0 { size *= 2 }
            guard (maxH * base) % (h * size) == 0, (maxV * base) % (v * size) == 0 else {
                throw .unsupported("JPEG whose sampling factors do not divide each other")
            }
            let fullWidth = (header.width * h + maxH - 1) / maxH
            let fullHeight = (header.height * v + maxV - 1) / maxV
            let layout = JPEGComponent.Layout(
                blocksPerLine: mcusPerLine * h, blocksPerColumn: mcusPerColumn * v,
                blocksWide: (fullWidth + 7) / 8, blocksHigh: (fullHeight + 7) / 8, blockSize: size,
                width: (header.width * h * size + maxH * 8 - 1) / (maxH * 8), height: (header.height * v * size + maxV * 8 - 1) / (maxV * 8),
                horizontalRatio: maxH * base / (h * size), verticalRatio: maxV * base / (v * size))
            components.append(
                JPEGComponent(id: id, horizontalSampling: h, verticalSampling: v, quantizationTable: table, layout: layout, keepsCoefficients: progressive))
        }
    }

    private mutating func readHuffmanTables(_ content: Range<Int>) throws(ImageDecodingError) {
        var at = content.lowerBound
        while at < content.upperBound {
            guard at + 17 <= content.upperBound else { throw .malformed("a Huffman table segment too short") }
            let kind = bytes[at] >> 4
            let slot = Int(bytes[at] & 15)
            guard kind <= 1, slot < 4 else { throw .malformed("a Huffman table of an unknown kind") }
            let counts = (1...16).map { Int(bytes[at + $0]) }
            let total = counts.reduce(0, +)
            guard at + 17 + total <= content.upperBound else { throw .malformed("a Huffman table segment too short") }
            guard let table = JPEGHuffmanTable(counts: counts, symbols: Array(bytes[(at + 17)..<(at + 17 + total)])) else {
                throw .malformed("a Huffman table with more codes than fit")
            }
            if kind == 0 { dcTables[slot] = table } else { acTables[slot] = table }
            at += 17 + total
        }
    }

    private mutating func readQuantizationTables(_ content: Range<Int>) throws(ImageDecodingError) {
        var at = content.lowerBound
        while at < content.upperBound {
            let wide = bytes[at] >> 4
            let slot = Int(bytes[at] & 15)
            guard wide <= 1, slot < 4 else { throw .malformed("a quantization table of an unknown kind") }
            let size = wide == 1 ? 128 : 64
            guard at + 1 + size <= content.upperBound else { throw .malformed("a quantization table segment too short") }
            var natural = [Float](repeating: 0, count: 64)
            let order = ZigZag.naturalIndex
            for k in 0..<64 {
                natural[order[k]] = Float(wide == 1 ? word(at: at + 1 + 2 * k) : Int(bytes[at + 1 + k]))
            }
            quantizationTables[slot] = (0..<8).map { row in SIMD8<Float>(natural[(row * 8)..<(row * 8 + 8)]) }
            at += 1 + size
        }
    }
}
