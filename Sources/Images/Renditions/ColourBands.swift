/// What a picture looks like from afar, for a page to show while the picture is on its way:
/// the average colour of its top, middle and bottom thirds, in that order. The averages are
/// taken in linear light, as a blur or a screen seen from afar mixes light, so a picture of
/// black and white stripes is the grey it looks like, not the darker one the samples' mean
/// gives.
public struct ColourBands: Equatable, Sendable {
    /// How many bands, from the top down.
    public static let count = 3

    /// Red, green and blue of each band, from the top down: `count × 3` bytes, sRGB.
    public let samples: [UInt8]

    /// The bands of an opaque `bitmap`, upright; `nil` for one with an alpha channel (what
    /// shows through a transparent picture is the page, which differs between a light and a
    /// dark page, so no colour stands for it) or one with no pixels.
    public init?(of bitmap: Bitmap) {
        guard !bitmap.layout.hasAlpha, bitmap.width > 0, bitmap.height > 0 else { return nil }
        let transfer = SRGBTransfer.shared
        let channels = bitmap.layout.channels
        let rowLength = bitmap.width * channels
        var samples: [UInt8] = []
        samples.reserveCapacity(Self.count * 3)
        for band in 0..<Self.count {
            // A picture fewer than three pixels tall lends its rows to more than one band.
            let top = min(band * bitmap.height / Self.count, bitmap.height - 1)
            let bottom = max(top + 1, (band + 1) * bitmap.height / Self.count)
            var sums = [Double](repeating: 0, count: channels)
            bitmap.samples.withUnsafeBufferPointer { pixels in
                transfer.linear.withUnsafeBufferPointer { linear in
                    for row in top..<bottom {
                        let start = row * rowLength
                        for channel in 0..<channels {
                            var sum: Float = 0
                            for index in stride(from: start + channel, to: start + rowLength, by: channels) { sum += linear[Int(pixels[index])] }
                            sums[channel] += Double(sum)
                        }
                    }
                }
            }
            let pixels = Double((bottom - top) * bitmap.width)
            let colour = sums.map { transfer.byte(fromLinear: Float($0 / pixels)) }
            samples += channels == 1 ? [colour[0], colour[0], colour[0]] : colour
        }
        self.samples = samples
    }

    public init?(samples: [UInt8]) {
        guard samples.count == Self.count * 3 else { return nil }
        self.samples = samples
    }
}

extension SRGBTransfer {
    /// The byte nearest to the sRGB encoding of `value` (linear light, clamped to 0…1).
    func byte(fromLinear value: Float) -> UInt8 {
        coarse.withUnsafeBufferPointer { coarse in
            threshold.withUnsafeBufferPointer { threshold in Self.byte(fromLinear: value, coarse: coarse, threshold: threshold) }
        }
    }
}
