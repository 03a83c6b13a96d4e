import ImageHeaders

/// Turns a bitmap's pixels into quantized DCT coefficients: colour as luma and two chroma
/// components, chroma averaged over 2×2 pixels; gray as one component.
///
/// Works one row of MCUs at a time, so beyond the coefficients it holds only a strip of
/// samples. Pixels past the right and bottom edges repeat the last column and row, which
/// costs the fewest bits in the blocks that straddle an edge.
struct BlockTransformer {
    let luminance: QuantizationTable
    let chrominance: QuantizationTable

    /// The planes of `bitmap` (rgb or gray): Y, Cb, Cr sampled 2×2, 1×1, 1×1, or one gray plane.
    func planes(of bitmap: Bitmap) -> [CoefficientPlane] {
        let colour = bitmap.layout == .rgb
        let mcuSide = colour ? 16 : 8
        let mcusWide = (bitmap.width + mcuSide - 1) / mcuSide
        let mcusHigh = (bitmap.height + mcuSide - 1) / mcuSide
        let sampling = colour ? 2 : 1
        var planes = [
            CoefficientPlane(
                usedBlocksWide: (bitmap.width + 7) / 8, usedBlocksHigh: (bitmap.height + 7) / 8, mcusWide: mcusWide, mcusHigh: mcusHigh,
                horizontalSampling: sampling, verticalSampling: sampling)
        ]
        if colour {
            let chroma = CoefficientPlane(
                usedBlocksWide: ((bitmap.width + 1) / 2 + 7) / 8, usedBlocksHigh: ((bitmap.height + 1) / 2 + 7) / 8, mcusWide: mcusWide,
                mcusHigh: mcusHigh, horizontalSampling: 1, verticalSampling: 1)
            planes += [chroma, chroma]
        }
        let stripWidth = mcusWide * mcuSide
        // Each strip column's first sample in a bitmap row: the edge column repeats past the edge.
        let columnOffsets = (0..<stripWidth).map { min($0, bitmap.width - 1) * bitmap.layout.channels }
        var lumaStrip = [Float](repeating: 0, count: stripWidth * mcuSide)
        var chromaStrips = [Float](repeating: 0, count: colour ? 2 * (stripWidth / 2) * 8 : 0)
        let kernel = Kernel()
        let lumaScale = luminance.values.map { 1 / Float($0) }
        let chromaScale = chrominance.values.map { 1 / Float($0) }

        bitmap.samples.withUnsafeBufferPointer { samples in
            for mcuRow in 0..<mcusHigh {
                let firstRow = mcuRow * mcuSide
                lumaStrip.withUnsafeMutableBufferPointer { strip in
                    for row in 0..<mcuSide {
                        let source = samples.baseAddress! + min(firstRow + row, bitmap.height - 1) * bitmap.width * bitmap.layout.channels
                        let target = strip.baseAddress! + row * stripWidth
                        if colour {
                            for x in 0..<stripWidth {
                                let pixel = source + columnOffsets[x]
                                target[x] = 0.299 * Float(pixel[0]) + 0.587 * Float(pixel[1]) + 0.114 * Float(pixel[2]) - 128
                            }
                        } else {
                            for x in 0..<stripWidth { target[x] = Float(source[columnOffsets[x]]) - 128 }
                        }
                    }
                }
                if colour {
                    chromaStrips.withUnsafeMutableBufferPointer { strips in
                        let half = stripWidth / 2
                        for row in 0..<8 {
                            let upper = samples.baseAddress! + min(firstRow + 2 * row, bitmap.height - 1) * bitmap.width * 3
                            let lower = samples.baseAddress! + min(firstRow + 2 * row + 1, bitmap.height - 1) * bitmap.width * 3
                            let blue = strips.baseAddress! + row * half
                            let red = strips.baseAddress! + (8 + row) * half
                            for x in 0..<half {
                                let left = columnOffsets[2 * x]
                                let right = columnOffsets[2 * x + 1]
                                // The average of four pixels' chroma is the chroma of their average colour.
                                let r = Float(Int(upper[left]) + Int(upper[right]) + Int(lower[left]) + Int(lower[right])) * 0.25
                                let g = Float(Int(upper[left + 1]) + Int(upper[right + 1]) + Int(lower[left + 1]) + Int(lower[right + 1])) * 0.25
                                let b = Float(Int(upper[left + 2]) + Int(upper[right + 2]) + Int(lower[left + 2]) + Int(lower[right + 2])) * 0.25
                                blue[x] = -0.168_736 * r - 0.331_264 * g + 0.5 * b
                                red[x] = 0.5 * r - 0.418_688 * g - 0.081_312 * b
                            }
                        }
                    }
                }
                for blockRow in 0..<(mcuSide / 8) {
                    for blockColumn in 0..<(stripWidth / 8) {
                        let block = (mcuRow * mcuSide / 8 + blockRow) * planes[0].blocksWide + blockColumn
                        planes[0].coefficients.withUnsafeMutableBufferPointer { coefficients in
                            lumaStrip.withUnsafeBufferPointer { strip in
                                kernel.transform(
                                    strip.baseAddress! + blockRow * 8 * stripWidth + blockColumn * 8, stripWidth: stripWidth,
                                    into: coefficients.baseAddress! + block * 64, scale: lumaScale)
                            }
                        }
                    }
                }
                if colour {
                    for component in 1...2 {
                        for blockColumn in 0..<mcusWide {
                            let block = mcuRow * planes[component].blocksWide + blockColumn
                            planes[component].coefficients.withUnsafeMutableBufferPointer { coefficients in
                                chromaStrips.withUnsafeBufferPointer { strip in
                                    kernel.transform(
                                        strip.baseAddress! + (component - 1) * 8 * (stripWidth / 2) + blockColumn * 8, stripWidth: stripWidth / 2,
                                        into: coefficients.baseAddress! + block * 64, scale: chromaScale)
                                }
                            }
                        }
                    }
                }
            }
        }
        return planes
    }

    /// `value` rounded away from zero once its fraction reaches `rounding`, toward it before.
    @inline(__always)
    static func rounded(_ value: Float, by rounding: Float) -> Float {
        value < 0 ? value - rounding : value + rounding
    }

    /// How far past a whole step an AC coefficient must reach to be rounded up: 0.45, not
    /// the half of rounding to nearest. A coefficient just past half a step costs the bits of
    /// a whole one for little of the picture: fewer bytes for the same likeness, measured on
    /// real photographs (BENCHMARKS.md, "What each trick buys", "AC rounding").
    static let acRounding: Float = 0.45

    /// The DCT's tables and a block's room, made once for a picture.
    private final class Kernel {
        let dct = ForwardDCT()
        let rows = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 16)
        let order = UnsafeMutablePointer<Int>.allocate(capacity: 64)

        init() { order.initialize(from: ZigZag.naturalIndex, count: 64) }

        deinit {
            rows.deallocate()
            order.deallocate()
        }

        /// Transforms the 8×8 samples at `origin` (rows `stripWidth` apart), quantizes them
        /// with the reciprocals `scale` (the DC rounded to nearest, half away from zero, the
        /// AC by `acRounding`) and stores them at `target` in zigzag order.
        @inline(__always)
        func transform(_ origin: UnsafePointer<Float>, stripWidth: Int, into target: UnsafeMutablePointer<Int16>, scale: [Float]) {
            for y in 0..<8 { rows[y] = SIMD8<Float>(UnsafeBufferPointer(start: origin + y * stripWidth, count: 8)) }
            dct.basis.withUnsafeBufferPointer { basis in
                dct.columns.withUnsafeBufferPointer { ForwardDCT.transform(rows, scratch: rows + 8, basis: basis.baseAddress!, columns: $0.baseAddress!) }
            }
            scale.withUnsafeBufferPointer { scale in
                UnsafeMutableRawPointer(rows).withMemoryRebound(to: Float.self, capacity: 64) { coefficients in
                    target[0] = Int16(BlockTransformer.rounded(coefficients[0] * scale[0], by: 0.5))
                    for k in 1..<64 {
                        let index = order[k]
                        target[k] = Int16(BlockTransformer.rounded(coefficients[index] * scale[index], by: BlockTransformer.acRounding))
                    }
                }
            }
        }
    }
}
