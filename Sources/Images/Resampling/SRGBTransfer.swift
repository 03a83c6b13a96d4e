import Foundation

/// The sRGB transfer function between 8-bit samples and linear light, as tables.
///
/// Decoding is a 256-entry table. Encoding rounds the exact inverse to the nearest byte: a
/// coarse table over linear light gives the byte at the start of each of its steps, and the
/// linear values where each byte begins (the midpoints between bytes, decoded) say whether
/// the value is past the next one. The steps are finer than the closest two bytes (near
/// black, 1 / (255 × 12.92) of linear light apart), so one comparison always finishes, with
/// no branch: `byte(fromLinear: linear[v]) == v` for every byte `v` (BENCHMARKS.md, "What
/// each trick buys", "sRGB encoding in one comparison").
struct SRGBTransfer: Sendable {
    static let shared = SRGBTransfer()

    /// Linear light, 0…1, of each 8-bit sRGB sample.
    let linear: [Float]
    /// `threshold[v]`: the least linear value that rounds to byte `v` (index 0 holds 0, index
    /// 256 infinity, so that the byte after 255 is never reached).
    let threshold: [Float]
    /// `coarse[i]`: the byte linear light `i / coarseSteps` rounds to.
    let coarse: [UInt8]
    static let coarseSteps = 4096

    private init() {
        linear = (0..<256).map { Float(Self.decode(Double($0) / 255)) }
        let threshold = [0] + (1..<256).map { Float(Self.decode((Double($0) - 0.5) / 255)) } + [.infinity]
        self.threshold = threshold
        var coarse = [UInt8](repeating: 0, count: Self.coarseSteps + 1)
        var byte = 0
        for step in 0...Self.coarseSteps {
            let value = Float(Double(step) / Double(Self.coarseSteps))
            while byte < 255 && value >= threshold[byte + 1] { byte += 1 }
            coarse[step] = UInt8(byte)
        }
        self.coarse = coarse
    }

    /// Linear light of an sRGB-encoded value, both 0…1.
    static func decode(_ encoded: Double) -> Double {
        encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
}

extension SRGBTransfer {
    /// The byte nearest to the sRGB encoding of `value` (linear light, clamped to 0…1), from
    /// the tables as pointers, which hot loops take once.
    @inline(__always)
    static func byte(fromLinear value: Float, coarse: UnsafeBufferPointer<UInt8>, threshold: UnsafeBufferPointer<Float>) -> UInt8 {
        let clamped = value > 0 ? min(value, 1) : 0  // a NaN is 0 too
        let byte = coarse[Int(clamped * Float(coarseSteps))]
        return clamped >= threshold[Int(byte) &+ 1] ? byte &+ 1 : byte
    }
}
