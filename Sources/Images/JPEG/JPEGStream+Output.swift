extension JPEGStream {
    /// The colour model the components are coded in, from the Adobe segment's transform flag
    /// and the component count.
    enum ColorModel {
        case gray
        case yCbCr
        case rgb
        case cmyk
        case ycck
    }

    var colorModel: ColorModel {
        switch (components.count, adobeTransform) {
        case (1, _): .gray
        case (3, 0?): .rgb
        case (3, nil) where components.map(\.id) == Array("RGB".utf8): .rgb
        case (3, _): .yCbCr
        case (4, 2?): .ycck
        default: .cmyk
        }
    }

    /// The picture: each component stretched to the output's size, then turned into RGB (or
    /// kept gray).
    func bitmap() throws(ImageDecodingError) -> Bitmap {
        guard components.allSatisfy(\.wasScanned) else { throw .malformed("the scans do not cover every component") }
        let model = colorModel
        let layout: Bitmap.Layout = model == .gray ? .gray : .rgb
        let width = outputWidth
        let height = outputHeight
        var samples = [UInt8](repeating: 0, count: width * height * layout.channels)
        // Samples 1 to 1 in size are read in place; the others are stretched into a row here.
        let rowCapacity = components.map { $0.stride * $0.horizontalRatio }.max() ?? 0
        var rowBuffers = [UInt8](repeating: 0, count: (rowCapacity + 16) * components.count)
        var sums = [Int32](repeating: 0, count: rowCapacity + 16)
        // Smooth stretching (each new sample a weighted mean of its neighbours) for twice the
        // size; plain repetition for other ratios and for 1/8 scale, where a block is one sample.
        let smooth = baseBlockSize > 1
        let table = JPEGColorTable.shared
        samples.withUnsafeMutableBufferPointer { output in
            rowBuffers.withUnsafeMutableBufferPointer { buffers in
                sums.withUnsafeMutableBufferPointer { sums in
                    var rows = [UnsafePointer<UInt8>](repeating: UnsafePointer(buffers.baseAddress!), count: 4)
                    for y in 0..<height {
                        for (index, component) in components.enumerated() {
                            let buffer = buffers.baseAddress! + index * (rowCapacity + 16)
                            rows[index] = Self.stretchedRow(component, y, into: buffer, sums: sums.baseAddress!, width: width, smooth: smooth)
                        }
                        table.convert(rows, model, into: output.baseAddress! + y * width * layout.channels, count: width)
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, layout: layout, samples: samples)
    }

    /// Output row `y` of `component`: its own row when it needs no stretching, else the row
    /// stretched into `buffer`.
    private static func stretchedRow(
        _ component: JPEGComponent, _ y: Int, into buffer: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<Int32>, width: Int, smooth: Bool
    ) -> UnsafePointer<UInt8> {
        let samples = UnsafePointer(component.samples.baseAddress!)
        let stride = component.stride
        let across = component.horizontalRatio
        let down = component.verticalRatio
        let columns = component.width
        let last = component.height - 1
        let near = min(y / down, last)
        if across == 1 && down == 1 { return samples + near * stride }
        let nearRow = samples + near * stride
        if smooth && down == 2 && (across == 1 || across == 2) {
            // The row above (for the upper output row) or below (for the lower) weighs 1,
            // the nearer one 3; at the picture's top and bottom the edge row stands in.
            let far = samples + max(0, min(y & 1 == 0 ? near - 1 : near + 1, last)) * stride
            for x in 0..<columns { sums[x] = 3 * Int32(nearRow[x]) + Int32(far[x]) }
            if across == 1 {
                let bias: Int32 = y & 1 == 0 ? 1 : 2
                for x in 0..<columns { buffer[x] = UInt8(truncatingIfNeeded: (sums[x] + bias) >> 2) }
                return UnsafePointer(buffer)
            }
            if columns == 1 {
                buffer[0] = UInt8(truncatingIfNeeded: (4 * sums[0] + 8) >> 4)
                buffer[1] = UInt8(truncatingIfNeeded: (4 * sums[0] + 7) >> 4)
                return UnsafePointer(buffer)
            }
            buffer[0] = UInt8(truncatingIfNeeded: (4 * sums[0] + 8) >> 4)
            buffer[1] = UInt8(truncatingIfNeeded: (3 * sums[0] + sums[1] + 7) >> 4)
            for x in 1..<(columns - 1) {
                buffer[2 * x] = UInt8(truncatingIfNeeded: (3 * sums[x] + sums[x - 1] + 8) >> 4)
                buffer[2 * x + 1] = UInt8(truncatingIfNeeded: (3 * sums[x] + sums[x + 1] + 7) >> 4)
            }
            let end = columns - 1
            buffer[2 * end] = UInt8(truncatingIfNeeded: (3 * sums[end] + sums[end - 1] + 8) >> 4)
            buffer[2 * end + 1] = UInt8(truncatingIfNeeded: (4 * sums[end] + 7) >> 4)
            return UnsafePointer(buffer)
        }
        if smooth && down == 1 && across == 2 {
            // Each new sample: 3 parts the nearer old one, 1 part the other neighbour.
            buffer[0] = nearRow[0]
            buffer[1] = columns > 1 ? UInt8(truncatingIfNeeded: (3 * Int32(nearRow[0]) + Int32(nearRow[1]) + 2) >> 2) : nearRow[0]
            if columns > 1 {
                for x in 1..<(columns - 1) {
                    let here = 3 * Int32(nearRow[x])
                    buffer[2 * x] = UInt8(truncatingIfNeeded: (here + Int32(nearRow[x - 1]) + 1) >> 2)
                    buffer[2 * x + 1] = UInt8(truncatingIfNeeded: (here + Int32(nearRow[x + 1]) + 2) >> 2)
                }
                let end = columns - 1
                buffer[2 * end] = UInt8(truncatingIfNeeded: (3 * Int32(nearRow[end]) + Int32(nearRow[end - 1]) + 1) >> 2)
                buffer[2 * end + 1] = nearRow[end]
            }
            return UnsafePointer(buffer)
        }
        for x in 0..<width { buffer[x] = nearRow[x / across] }
        return UnsafePointer(buffer)
    }
}
