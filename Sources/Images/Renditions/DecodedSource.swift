import ImageHeaders

/// A picture's file, its kind known from its first bytes and its size from its header,
/// ready to be decoded.
struct DecodedSource {
    enum Kind {
        case jpeg
        case png
        case gif
    }

    let kind: Kind
    let bytes: [UInt8]
    let width: Int
    let height: Int
    let maxPixels: Int
    var orientation: Orientation
    var iccProfile: [UInt8]?
    /// A PNG's or GIF's pixels, once `decodeWhole` has them.
    var whole: Bitmap?

    /// Reads `bytes`' header: a kind our codecs do not read is `.unsupported`. More than
    /// `maxPixels` is the decoders' to refuse, from the same header, before they allocate.
    static func open(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> DecodedSource {
        let kind: Kind
        let size: (width: Int, height: Int)
        var orientation = Orientation.up
        var iccProfile: [UInt8]?
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = .jpeg
            let header = try JPEGDecoder.header(bytes)
            size = (header.width, header.height)
            orientation = Orientation.read(fromJPEG: bytes)
            iccProfile = ICCProfile.read(fromJPEG: bytes)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            kind = .png
            let header = try PNGDecoder.header(bytes)
            size = (header.width, header.height)
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            kind = .gif
            size = try GIFDecoder.header(bytes)
        } else {
            throw .unsupported("neither JPEG, PNG nor GIF")
        }
        return DecodedSource(
            kind: kind, bytes: bytes, width: size.width, height: size.height, maxPixels: maxPixels, orientation: orientation, iccProfile: iccProfile,
            whole: nil)
    }

    /// Decodes a PNG or a GIF whole (neither can be reduced while it is decoded): a PNG's
    /// orientation (eXIf) and ICC profile come with its pixels.
    mutating func decodeWhole() throws(ImageDecodingError) {
        switch kind {
        case .jpeg: return
        case .png:
            let picture = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
            orientation = picture.exif.map(Orientation.read(fromTIFF:)) ?? .up
            iccProfile = picture.iccProfile
            whole = picture.bitmap
        case .gif:
            whole = try GIFDecoder.decode(bytes, maxPixels: maxPixels)
        }
    }

    /// The pixels, not yet upright: a PNG's or GIF's as `decodeWhole` found them, a JPEG's
    /// reduced in the DCT domain as far as its renditions allow
    /// (`Renditions.decodedWidthOverWidest`); `uprightWidth` is its width once upright.
    func pixels(forWidth widest: Int, upright uprightWidth: Int) throws(ImageDecodingError) -> Bitmap {
        if let whole { return whole }
        return try JPEGDecoder.decode(bytes, scale: Renditions.decodeScale(uprightWidth: uprightWidth, widest: widest), maxPixels: maxPixels)
    }

    /// The pixels as small as they come, not yet upright: a PNG's or GIF's whole, a JPEG's
    /// reduced as far as the DCT domain goes (1/8), enough for its colours from afar.
    func smallestPixels() throws(ImageDecodingError) -> Bitmap {
        if let whole { return whole }
        return try JPEGDecoder.decode(bytes, scale: 8, maxPixels: maxPixels)
    }
}
