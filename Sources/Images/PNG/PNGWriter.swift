import Deflate
/// Writes bitmaps as PNG files: 8-bit samples in the bitmap's layout, each row with the
/// filter that suits it best, deflated by zlib.
public enum PNGWriter {
    /// The most image data one IDAT chunk holds; a reader takes the chunks as one stream.
    static let idatChunkBytes = 1 << 20
    /// zlib's default level: on photographs and screenshots, level 9 saved a few percent of
    /// the bytes for four to six times the time.
    static let compressionLevel = 6

    /// The PNG file of `bitmap`, with `iccProfile` in an iCCP chunk when given. A PNG holds
    /// at least one pixel: the bitmap must not be empty.
    public static func encode(_ bitmap: Bitmap, iccProfile: [UInt8]? = nil) -> [UInt8] {
        precondition(bitmap.width > 0 && bitmap.height > 0, "a PNG holds at least one pixel")
        var png = PNGChunk.signature
        var header: [UInt8] = []
        PNGChunk.appendBigEndian(UInt32(bitmap.width), to: &header)
        PNGChunk.appendBigEndian(UInt32(bitmap.height), to: &header)
        // Bit depth 8, the layout's colour type, deflate, adaptive filtering, no interlacing.
        header += [8, colourType(bitmap.layout), 0, 0, 0]
        PNGChunk.append(PNGChunk.IHDR, header, to: &png)
        if let iccProfile {
            PNGChunk.append(PNGChunk.iCCP, Array("ICC profile".utf8) + [0, 0] + Zlib.deflate(iccProfile, level: compressionLevel), to: &png)
        }
        let stream = Zlib.deflate(filtered(bitmap), level: compressionLevel)
        var start = 0
        repeat {
            let end = min(stream.count, start + idatChunkBytes)
            PNGChunk.append(PNGChunk.IDAT, Array(stream[start..<end]), to: &png)
            start = end
        } while start < stream.count
        PNGChunk.append(PNGChunk.IEND, [], to: &png)
        return png
    }

    private static func colourType(_ layout: Bitmap.Layout) -> UInt8 {
        switch layout {
        case .gray: PNGHeader.ColourType.gray.rawValue
        case .grayAlpha: PNGHeader.ColourType.grayAlpha.rawValue
        case .rgb: PNGHeader.ColourType.rgb.rawValue
        case .rgba: PNGHeader.ColourType.rgba.rawValue
        }
    }

    /// Every row behind its filter type byte, filtered.
    private static func filtered(_ bitmap: Bitmap) -> [UInt8] {
        let stride = bitmap.layout.channels
        let rowBytes = bitmap.width * stride
        var output = [UInt8](repeating: 0, count: bitmap.height * (rowBytes + 1))
        var scratch = [UInt8](repeating: 0, count: 5 * rowBytes)
        bitmap.samples.withUnsafeBufferPointer { samples in
            output.withUnsafeMutableBufferPointer { output in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    guard let source = samples.baseAddress, let target = output.baseAddress, let work = scratch.baseAddress else { return }
                    // The last fifth of the scratch stays zero: the row above the first.
                    let zeros = UnsafePointer(work + 4 * rowBytes)
                    for y in 0..<bitmap.height {
                        let row = source + y * rowBytes
                        PNGFilter.filterBest(
                            row: row, prior: y == 0 ? zeros : row - rowBytes, count: rowBytes, stride: stride,
                            scratch: work, output: target + y * (rowBytes + 1))
                    }
                }
            }
        }
        return output
    }
}
