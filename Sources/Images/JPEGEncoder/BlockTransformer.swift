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
        var scratch = [Float](repeating: 0, count: 128)
        let dct = ForwardDCT()
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
                        transform(
                            lumaStrip, stripWidth: stripWidth, originX: blockColumn * 8, originY: blockRow * 8, into: &planes[0],
                            block: (mcuRow * mcuSide / 8 + blockRow) * planes[0].blocksWide + blockColumn, scale: lumaScale, dct: dct,
                            scratch: &scratch)
                    }
                }
                if colour {
                    for component in 1...2 {
                        for blockColumn in 0..<mcusWide {
                            transform(
                                chromaStrips, stripWidth: stripWidth / 2, originX: blockColumn * 8, originY: (component - 1) * 8,
                                into: &planes[component], block: mcuRow * planes[component].blocksWide + blockColumn, scale: chromaScale, dct: dct,
                                scratch: &scratch)
                        }
                    }
                }
            }
        }
        return planes
    }

    /// Transforms the 8×8 block at `originX, originY` of `strip`, quantizes it with the
    /// reciprocals `scale` (rounding half away from zero) and stores it as block `block` of
    /// `plane`, in zigzag order.
    @inline(__always)
    private func transform(
        _ strip: [Float], stripWidth: Int, originX: Int, originY: Int, into plane: inout CoefficientPlane, block: Int, scale: [Float], dct: ForwardDCT,
        scratch: inout [Float]
    ) {
        scratch.withUnsafeMutableBufferPointer { scratch in
            let samples = scratch.baseAddress!
            strip.withUnsafeBufferPointer { strip in
                for y in 0..<8 {
                    let source = strip.baseAddress! + (originY + y) * stripWidth + originX
                    for x in 0..<8 { samples[y * 8 + x] = source[x] }
                }
            }
            dct.basis.withUnsafeBufferPointer { ForwardDCT.transform(samples, scratch: samples + 64, basis: $0.baseAddress!) }
            plane.coefficients.withUnsafeMutableBufferPointer { coefficients in
                let target = coefficients.baseAddress! + block * 64
                ZigZag.naturalIndex.withUnsafeBufferPointer { order in
                    scale.withUnsafeBufferPointer { scale in
                        for k in 0..<64 {
                            let value = samples[order[k]] * scale[order[k]]
                            target[k] = Int16(value < 0 ? value - 0.5 : value + 0.5)
                        }
                    }
                }
            }
        }
    }
}
