/// YCbCr to RGB in fixed point (16 fraction bits, rounded), and CMYK to RGB.
struct JPEGColorTable: Sendable {
    static let shared = JPEGColorTable()

    /// What each Cr adds to red, each Cb to blue, and each pair to green (still scaled).
    private let redFromCr: [Int32]
    private let blueFromCb: [Int32]
    private let greenFromCb: [Int32]
    private let greenFromCr: [Int32]

    private init() {
        let one = 1 << 16
        let half = Int32(one / 2)
        func fixed(_ x: Double) -> Int32 { Int32(x * Double(one) + 0.5) }
        redFromCr = (0..<256).map { (fixed(1.402) * Int32($0 - 128) + half) >> 16 }
        blueFromCb = (0..<256).map { (fixed(1.772) * Int32($0 - 128) + half) >> 16 }
        greenFromCb = (0..<256).map { -fixed(0.34414) * Int32($0 - 128) + half }
        greenFromCr = (0..<256).map { -fixed(0.71414) * Int32($0 - 128) }
    }

    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 { value <= 0 ? 0 : value >= 255 ? 255 : UInt8(truncatingIfNeeded: value) }

    @inline(__always)
    private func rgb(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) -> (Int32, Int32, Int32) {
        let luma = Int32(y)
        return (
            luma + redFromCr[Int(cr)], luma + ((greenFromCb[Int(cb)] + greenFromCr[Int(cr)]) >> 16), luma + blueFromCb[Int(cb)]
        )
    }

    func convert(_ y: UnsafePointer<UInt8>, _ cb: UnsafePointer<UInt8>, _ cr: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count {
            let (r, g, b) = rgb(y[x], cb[x], cr[x])
            line[3 * x] = Self.clamp(r)
            line[3 * x + 1] = Self.clamp(g)
            line[3 * x + 2] = Self.clamp(b)
        }
    }

    /// CMYK as Adobe writes it, each ink inverted (255 is no ink), to RGB: each colour is its
    /// ink's complement times black's complement. YCCK first turns its YCbCr back into the
    /// complements of C, M and Y.
    func convertCMYK(
        _ c: UnsafePointer<UInt8>, _ m: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, _ k: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>,
        count: Int, fromYCC: Bool
    ) {
        for x in 0..<count {
            var (cyan, magenta, yellow) = (Int32(c[x]), Int32(m[x]), Int32(y[x]))
            if fromYCC {
                let (r, g, b) = rgb(c[x], m[x], y[x])
                (cyan, magenta, yellow) = (255 - Int32(Self.clamp(r)), 255 - Int32(Self.clamp(g)), 255 - Int32(Self.clamp(b)))
            }
            let black = Int32(k[x])
            line[3 * x] = UInt8(truncatingIfNeeded: (cyan * black + 127) / 255)
            line[3 * x + 1] = UInt8(truncatingIfNeeded: (magenta * black + 127) / 255)
            line[3 * x + 2] = UInt8(truncatingIfNeeded: (yellow * black + 127) / 255)
        }
    }
}
