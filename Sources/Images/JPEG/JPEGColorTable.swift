/// YCbCr to RGB in fixed point (16 fraction bits, rounded), and CMYK to RGB.
struct JPEGColorTable: Sendable {
    static let shared = JPEGColorTable()

    /// Four tables of 256, by Cr or Cb: what Cr adds to red, Cb to blue, and Cb and Cr to green
    /// (still scaled by 2^16).
    let entries: [Int32]

    private init() {
        let one = 1 << 16
        let half = Int32(one / 2)
        func fixed(_ x: Double) -> Int32 { Int32(x * Double(one) + 0.5) }
        let redFromCr = (0..<256).map { (fixed(1.402) * Int32($0 - 128) + half) >> 16 }
        let blueFromCb = (0..<256).map { (fixed(1.772) * Int32($0 - 128) + half) >> 16 }
        let greenFromCb = (0..<256).map { -fixed(0.34414) * Int32($0 - 128) + half }
        let greenFromCr = (0..<256).map { -fixed(0.71414) * Int32($0 - 128) }
        entries = redFromCr + blueFromCb + greenFromCb + greenFromCr
    }

    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 { value <= 0 ? 0 : value >= 255 ? 255 : UInt8(truncatingIfNeeded: value) }

    @inline(__always)
    private static func rgb(_ y: UInt8, _ cb: UInt8, _ cr: UInt8, _ table: UnsafePointer<Int32>) -> (UInt8, UInt8, UInt8) {
        let luma = Int32(y)
        return (
            clamp(luma + table[Int(cr)]), clamp(luma + ((table[512 + Int(cb)] + table[768 + Int(cr)]) >> 16)), clamp(luma + table[256 + Int(cb)])
        )
    }

    /// Eight pixels at once, in the tables' fixed point: the same bytes as `rgb`
    /// (BENCHMARKS.md, "What each trick buys", "YCbCr to RGB eight pixels at a time").
    @inline(__always)
    private static func rgb8(_ y: UnsafePointer<UInt8>, _ cb: UnsafePointer<UInt8>, _ cr: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>) {
        func load(_ row: UnsafePointer<UInt8>) -> SIMD8<Int32> {
            SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(row).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        let luma = load(y)
        let blue = load(cb) &- 128
        let red = load(cr) &- 128
        let half = SIMD8<Int32>(repeating: 1 << 15)
        var r = luma &+ ((red &* 91881 &+ half) &>> 16)
        var g = luma &+ ((blue &* -22554 &+ half &+ red &* -46802) &>> 16)
        var b = luma &+ ((blue &* 116_130 &+ half) &>> 16)
        let (zero, top) = (SIMD8<Int32>(repeating: 0), SIMD8<Int32>(repeating: 255))
        r = r.clamped(lowerBound: zero, upperBound: top)
        g = g.clamped(lowerBound: zero, upperBound: top)
        b = b.clamped(lowerBound: zero, upperBound: top)
        for lane in 0..<8 {
            line[3 * lane] = UInt8(truncatingIfNeeded: r[lane])
            line[3 * lane + 1] = UInt8(truncatingIfNeeded: g[lane])
            line[3 * lane + 2] = UInt8(truncatingIfNeeded: b[lane])
        }
    }

    /// Rows of each component, `count` samples each, into `count` RGB pixels at `line`.
    func convert(_ rows: [UnsafePointer<UInt8>], _ model: JPEGStream.ColorModel, into line: UnsafeMutablePointer<UInt8>, count: Int) {
        entries.withUnsafeBufferPointer { entries in
            let table = entries.baseAddress!
            switch model {
            case .gray: line.update(from: rows[0], count: count)
            case .rgb:
                let (r, g, b) = (rows[0], rows[1], rows[2])
                for x in 0..<count { (line[3 * x], line[3 * x + 1], line[3 * x + 2]) = (r[x], g[x], b[x]) }
            case .yCbCr:
                let (y, cb, cr) = (rows[0], rows[1], rows[2])
                var x = 0
                while x + 8 <= count {
                    Self.rgb8(y + x, cb + x, cr + x, into: line + 3 * x)
                    x += 8
                }
                while x < count {
                    (line[3 * x], line[3 * x + 1], line[3 * x + 2]) = Self.rgb(y[x], cb[x], cr[x], table)
                    x += 1
                }
            case .cmyk, .ycck:
                // CMYK as Adobe writes it, each ink inverted (255 is no ink): each colour is its
                // ink's complement times black's. YCCK's YCbCr turns back into those complements'
                // complements first.
                let (c, m, y, k) = (rows[0], rows[1], rows[2], rows[3])
                for x in 0..<count {
                    var (cyan, magenta, yellow) = (Int32(c[x]), Int32(m[x]), Int32(y[x]))
                    if model == .ycck {
                        let (r, g, b) = Self.rgb(c[x], m[x], y[x], table)
                        (cyan, magenta, yellow) = (255 - Int32(r), 255 - Int32(g), 255 - Int32(b))
                    }
                    let black = Int32(k[x])
                    line[3 * x] = UInt8(truncatingIfNeeded: (cyan * black + 127) / 255)
                    line[3 * x + 1] = UInt8(truncatingIfNeeded: (magenta * black + 127) / 255)
                    line[3 * x + 2] = UInt8(truncatingIfNeeded: (yellow * black + 127) / 255)
                }
            }
        }
    }
}
