/// A quantization table: 64 divisors in natural (row by row) order, 1 to 255 each.
struct QuantizationTable: Equatable, Sendable {
    let values: [UInt16]

    /// The example luminance table that JPEG's standard gives, the one quality 50 stands for.
    static let standardLuminance = QuantizationTable(values: [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ])

    /// The example chrominance table that JPEG's standard gives.
    static let standardChrominance = QuantizationTable(values: [
        17, 18, 24, 47, 99, 99, 99, 99,
        18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
    ])

    /// This table scaled for `quality` (1 to 100, clamped) the way the common JPEG libraries
    /// do, so a quality means the same file size and look as elsewhere: 50 is the table
    /// itself, lower divides by quality/50, higher shrinks towards 100's all ones; each
    /// divisor is rounded and kept within 1…255 so it fits a byte.
    func scaled(quality: Int) -> QuantizationTable {
        let quality = max(1, min(100, quality))
        let percent = quality < 50 ? 5000 / quality : 200 - 2 * quality
        return QuantizationTable(values: values.map { UInt16(max(1, min(255, (Int($0) * percent + 50) / 100))) })
    }
}
