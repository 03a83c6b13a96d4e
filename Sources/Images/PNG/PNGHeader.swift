/// The IHDR chunk's facts, checked against each other.
struct PNGHeader: Equatable {
    enum ColourType: UInt8 {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths a picture of this colour type may have.
        var bitDepths: [Int] {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: [8, 16]
            }
        }
    }

    /// One of the seven passes of Adam7 interlacing: the pixels at `xStart + i × xStep`,
    /// `yStart + j × yStep`; a picture that is not interlaced is one pass of every pixel.
    struct Pass {
        let xStart: Int
        let yStart: Int
        let xStep: Int
        let yStep: Int

        func width(of header: PNGHeader) -> Int { header.width > xStart ? (header.width - xStart + xStep - 1) / xStep : 0 }
        func height(of header: PNGHeader) -> Int { header.height > yStart ? (header.height - yStart + yStep - 1) / yStep : 0 }
    }

    static let adam7 = [
        Pass(xStart: 0, yStart: 0, xStep: 8, yStep: 8), Pass(xStart: 4, yStart: 0, xStep: 8, yStep: 8),
        Pass(xStart: 0, yStart: 4, xStep: 4, yStep: 8), Pass(xStart: 2, yStart: 0, xStep: 4, yStep: 4),
        Pass(xStart: 0, yStart: 2, xStep: 2, yStep: 4), Pass(xStart: 1, yStart: 0, xStep: 2, yStep: 2),
        Pass(xStart: 0, yStart: 1, xStep: 1, yStep: 2),
    ]

    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: ColourType
    let interlaced: Bool

    /// The header in an IHDR chunk's 13 bytes.
    init(_ data: ArraySlice<UInt8>) throws(ImageDecodingError) {
        guard data.count == 13 else { throw .malformed("an IHDR chunk of \(data.count) bytes, not 13") }
        let bytes = Array(data)
        let width = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let height = Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .malformed("a size of \(width) × \(height) pixels")
        }
        guard let colourType = ColourType(rawValue: bytes[9]) else { throw .malformed("colour type \(bytes[9])") }
        let bitDepth = Int(bytes[8])
        guard colourType.bitDepths.contains(bitDepth) else { throw .malformed("bit depth \(bitDepth) with colour type \(bytes[9])") }
        guard bytes[10] == 0 else { throw .malformed("compression method \(bytes[10])") }
        guard bytes[11] == 0 else { throw .malformed("filter method \(bytes[11])") }
        guard bytes[12] <= 1 else { throw .malformed("interlace method \(bytes[12])") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
        self.interlaced = bytes[12] == 1
    }

    var passes: [Pass] { interlaced ? Self.adam7 : [Pass(xStart: 0, yStart: 0, xStep: 1, yStep: 1)] }

    var bitsPerPixel: Int { colourType.channels * bitDepth }

    /// The bytes of a row of `pixels` pixels, without its filter byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// The bytes the image data inflates to: every pass's rows, each with its filter byte. A
    /// pass without pixels has no rows at all.
    var imageDataBytes: Int {
        passes.reduce(0) { total, pass in
            let width = pass.width(of: self)
            let height = pass.height(of: self)
            return width == 0 || height == 0 ? total : total + height * (1 + rowBytes(pixels: width))
        }
    }
}
