/// One resize's work over the input's and the output's samples.
///
/// Rows are filtered into a ring of as many rows as a column's window holds, as the output's
/// rows come to need them: the whole picture is never held in floating point, only a window of
/// it. Pixels are `SIMD4<Float>` of premultiplied linear colour and alpha (gray in the first
/// lane; alpha 1 when the layout has none), so every layout shares one loop.
struct ResamplingPass {
    let source: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let layout: Bitmap.Layout
    let outputWidth: Int
    let outputHeight: Int

    /// The most input pixels the filter reaches across for one output pixel along a row, in
    /// output pixels: a row wider than that is first averaged in blocks of `block` pixels.
    /// The line and the row's weights grow with the width the filter sees, so a picture of
    /// 50 million by 1 pixels would otherwise take gigabytes within the pixel limit. No
    /// picture of 30,720 pixels or fewer (64 × the narrowest default width) is averaged
    /// first, and one that is still gets a filter 64 output pixels wide.
    static let widestReach = 64

    /// How many input pixels of a row are averaged into one before the filter runs.
    var block: Int { max(1, width / (outputWidth * Self.widestReach)) }

    func run(into target: UnsafeMutableBufferPointer<UInt8>) {
        let block = block
        let lineWidth = (width + block - 1) / block
        let columns = ResamplingWeights(input: lineWidth, output: outputWidth)
        let rows = ResamplingWeights(input: height, output: outputHeight)
        // Three pixels of 0 past the row's end, for the last window's zero weights to meet.
        let line = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: lineWidth + 3)
        defer { line.deallocate() }
        line.initialize(repeating: .zero)
        let blockPixels = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: block > 1 ? block : 0)
        defer { blockPixels.deallocate() }
        let ring = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: rows.taps * outputWidth)
        defer { ring.deallocate() }
        let sum = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: outputWidth)
        defer { sum.deallocate() }
        ring.initialize(repeating: .zero)
        // The rows of the ring an output row sums, and their weights, ready to multiply.
        let window = UnsafeMutableBufferPointer<UnsafePointer<SIMD4<Float>>>.allocate(capacity: rows.taps)
        defer { window.deallocate() }
        let windowWeights = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: rows.taps)
        defer { windowWeights.deallocate() }
        // The rows' weights each in all four lanes, ready to multiply a pixel (BENCHMARKS.md,
        // "What each trick buys", "resampling weights in all four lanes").
        let columnWeights = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: columns.weights.count)
        defer { columnWeights.deallocate() }
        for (index, weight) in columns.weights.enumerated() { columnWeights[index] = SIMD4(repeating: weight) }
        var nextRow = 0
        for y in 0..<outputHeight {
            let first = rows.starts[y]
            let count = rows.counts[y]
            nextRow = max(nextRow, first)
            while nextRow < first + count {
                if block == 1 {
                    decodeRow(nextRow, columns: 0..<width, into: line)
                } else {
                    averageRow(nextRow, in: block, into: line, using: blockPixels)
                }
                let slot = (nextRow % rows.taps) * outputWidth
                filter(
                    line, with: columns, weights: UnsafeBufferPointer(columnWeights),
                    into: UnsafeMutableBufferPointer(rebasing: ring[slot..<(slot + outputWidth)]))
                nextRow += 1
            }
            for k in 0..<count {
                windowWeights[k] = SIMD4(repeating: rows.weights[y * rows.stride + k])
                window[k] = UnsafePointer(ring.baseAddress! + ((first + k) % rows.taps) * outputWidth)
            }
            sumColumns(window: UnsafeBufferPointer(rebasing: window[0..<count]), weights: UnsafeBufferPointer(windowWeights), into: sum)
            let rowSamples = outputWidth * layout.channels
            encodeRow(sum, into: UnsafeMutableBufferPointer(rebasing: target[(y * rowSamples)..<((y + 1) * rowSamples)]))
        }
    }

    /// Input row `y`, in blocks of `block` pixels each averaged into one (the last block may
    /// be shorter), `pixels` holding a block at a time.
    private func averageRow(
        _ y: Int, in block: Int, into line: UnsafeMutableBufferPointer<SIMD4<Float>>, using pixels: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        var x = 0
        var index = 0
        while x < width {
            let count = min(block, width - x)
            decodeRow(y, columns: x..<(x + count), into: pixels)
            var sum = SIMD4<Float>.zero
            for k in 0..<count { sum += pixels[k] }
            line[index] = sum / Float(count)
            x += count
            index += 1
        }
    }

    /// The pixels `columns` of input row `y`, as premultiplied linear light, from `line[0]` on.
    private func decodeRow(_ y: Int, columns: Range<Int>, into line: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let start = (y * width + columns.lowerBound) * layout.channels
        let count = columns.count
        SRGBTransfer.shared.linear.withUnsafeBufferPointer { linear in
            switch layout {
            case .gray:
                for x in 0..<count { line[x] = SIMD4(linear[Int(source[start + x])], 0, 0, 1) }
            case .grayAlpha:
                for x in 0..<count {
                    let p = start + 2 * x
                    let alpha = Float(source[p + 1]) * (1 / 255)
                    line[x] = SIMD4(linear[Int(source[p])] * alpha, 0, 0, alpha)
                }
            case .rgb:
                for x in 0..<count {
                    let p = start + 3 * x
                    line[x] = SIMD4(linear[Int(source[p])], linear[Int(source[p + 1])], linear[Int(source[p + 2])], 1)
                }
            case .rgba:
                for x in 0..<count {
                    let p = start + 4 * x
                    let alpha = Float(source[p + 3]) * (1 / 255)
                    line[x] = SIMD4(linear[Int(source[p])], linear[Int(source[p + 1])], linear[Int(source[p + 2])], 1) * alpha
                }
            }
        }
    }

    /// One row filtered along its length.
    private func filter(
        _ line: UnsafeMutableBufferPointer<SIMD4<Float>>, with columns: ResamplingWeights, weights: UnsafeBufferPointer<SIMD4<Float>>,
        into row: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        let stride = columns.stride
        let (pixels, weights) = (UnsafePointer(line.baseAddress!), weights.baseAddress!)
        columns.starts.withUnsafeBufferPointer { starts in
            columns.counts.withUnsafeBufferPointer { counts in
                for x in 0..<outputWidth {
                    let taps = pixels + starts[x]
                    let tapWeights = weights + x &* stride
                    let count = counts[x]
                    // Four sums, so that each addition need not wait for the one before:
                    // this loop is most of a resize's time, and one sum made shrinking a
                    // 5120 × 2880 photo to 1600 × 900 take about a fifth longer.
                    var sum0 = SIMD4<Float>.zero
                    var sum1 = SIMD4<Float>.zero
                    var sum2 = SIMD4<Float>.zero
                    var sum3 = SIMD4<Float>.zero
                    var k = 0
                    while k < count {
                        sum0 += tapWeights[k] * taps[k]
                        sum1 += tapWeights[k &+ 1] * taps[k &+ 1]
                        sum2 += tapWeights[k &+ 2] * taps[k &+ 2]
                        sum3 += tapWeights[k &+ 3] * taps[k &+ 3]
                        k &+= 4
                    }
                    row[x] = (sum0 + sum1) + (sum2 + sum3)
                }
            }
        }
    }

    /// Each pixel of an output row: the pixels above one another in the window's rows, each
    /// row by its weight. Four pixels at a time, their sums held in registers until done (one
    /// pass per row, adding into the output row, was a fifth of a resize's time; BENCHMARKS.md,
    /// "What each trick buys", "column sums held in registers").
    private func sumColumns(
        window: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, weights: UnsafeBufferPointer<SIMD4<Float>>, into sum: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        var x = 0
        while x &+ 4 <= outputWidth {
            var sum0 = SIMD4<Float>.zero
            var sum1 = SIMD4<Float>.zero
            var sum2 = SIMD4<Float>.zero
            var sum3 = SIMD4<Float>.zero
            for k in 0..<window.count {
                let weight = weights[k]
                let pixels = window[k] + x
                sum0 += weight * pixels[0]
                sum1 += weight * pixels[1]
                sum2 += weight * pixels[2]
                sum3 += weight * pixels[3]
            }
            sum[x] = sum0
            sum[x &+ 1] = sum1
            sum[x &+ 2] = sum2
            sum[x &+ 3] = sum3
            x &+= 4
        }
        while x < outputWidth {
            var total = SIMD4<Float>.zero
            for k in 0..<window.count { total += weights[k] * window[k][x] }
            sum[x] = total
            x &+= 1
        }
    }

    /// A filtered row back to 8-bit samples: colour divided by alpha, then sRGB.
    private func encodeRow(_ sum: UnsafeMutableBufferPointer<SIMD4<Float>>, into samples: UnsafeMutableBufferPointer<UInt8>) {
        let transfer = SRGBTransfer.shared
        transfer.coarse.withUnsafeBufferPointer { coarse in
            transfer.threshold.withUnsafeBufferPointer { threshold in
                func byte(_ value: Float) -> UInt8 { SRGBTransfer.byte(fromLinear: value, coarse: coarse, threshold: threshold) }
                switch layout {
                case .gray:
                    for x in 0..<outputWidth { samples[x] = byte(sum[x].x) }
                case .grayAlpha:
                    for x in 0..<outputWidth {
                        let (colour, alpha) = Self.unpremultiplied(sum[x])
                        samples[2 * x] = byte(colour.x)
                        samples[2 * x + 1] = alpha
                    }
                case .rgb:
                    for x in 0..<outputWidth {
                        let pixel = sum[x]
                        samples[3 * x] = byte(pixel.x)
                        samples[3 * x + 1] = byte(pixel.y)
                        samples[3 * x + 2] = byte(pixel.z)
                    }
                case .rgba:
                    for x in 0..<outputWidth {
                        let (colour, alpha) = Self.unpremultiplied(sum[x])
                        samples[4 * x] = byte(colour.x)
                        samples[4 * x + 1] = byte(colour.y)
                        samples[4 * x + 2] = byte(colour.z)
                        samples[4 * x + 3] = alpha
                    }
                }
            }
        }
    }

    /// Colour as the average of the colours alpha weighed, and alpha as a byte. A pixel whose
    /// alpha rounds to 0 is transparent black: divided by next to nothing, its colour would be
    /// noise.
    @inline(__always)
    private static func unpremultiplied(_ pixel: SIMD4<Float>) -> (colour: SIMD4<Float>, alpha: UInt8) {
        let alpha = pixel.w * 255 + 0.5
        guard alpha >= 1 else { return (.zero, 0) }
        return (pixel / pixel.w, alpha >= 255 ? 255 : UInt8(alpha))
    }
}
