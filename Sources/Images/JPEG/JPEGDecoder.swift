/// Decodes JPEG files: baseline, extended sequential and progressive Huffman-coded frames of
/// 8-bit samples; grayscale, YCbCr, RGB, CMYK and YCCK; any sampling factors; at full size or
/// at 1/2, 1/4 or 1/8 of it, reduced while the blocks are transformed.
///
/// Lossless, hierarchical and arithmetic-coded frames and 12-bit samples are `.unsupported`.
/// A scan whose data ends early or does not decode is `.malformed`: no partial picture.
public enum JPEGDecoder {
    /// The frame header's facts, reading no further than it. Any kind of frame is described,
    /// even one `decode` does not read.
    public static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> JPEGHeader {
        var stream = try JPEGStream(bytes)
        return try stream.readHeader()
    }

    /// The picture at 1/`scale` of its size (1, 2, 4 or 8), each side rounded up: gray for one
    /// component, RGB otherwise. A frame of more than `maxPixels` pixels is refused before
    /// anything is decoded.
    public static func decode(_ bytes: [UInt8], scale: Int = 1, maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
        guard [1, 2, 4, 8].contains(scale) else { throw .unsupported("JPEG scaled to 1/\(scale)") }
        var stream = try JPEGStream(bytes)
        while let (marker, content) = try stream.nextSegment() {
            if try stream.apply(marker, content, maxPixels: maxPixels, scale: scale) {
                try stream.decodeScan(content)
            }
        }
        guard stream.scansDecoded > 0 else { throw .malformed("no image data") }
        if stream.coding == .progressive { try stream.transformCoefficients() }
        return try stream.bitmap()
    }
}
