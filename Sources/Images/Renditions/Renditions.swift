/// Renditions of a picture, from its bytes: decoded once (a JPEG reduced in the DCT domain
/// first), turned upright, then resampled to each width and encoded.
public enum Renditions {
    /// How far a JPEG is reduced while it is decoded: to no less than this many times the
    /// widest rendition. Reducing in the DCT domain averages blocks of 2 × 2 (or 4 × 4, 8 × 8)
    /// pixels; at twice the width the resampler then shrinks, that average takes at most
    /// 0.7 dB off the highest frequency a rendition keeps (cos(π / 8)). An 8000-pixel photo's
    /// 1600-pixel rendition is decoded at half size; a 5120-pixel one whole (what 1.5 times
    /// the width would trade: BENCHMARKS.md, "Renditions").
    static let decodedWidthOverWidest = 2.0

    /// How much a JPEG `uprightWidth` wide is reduced while it is decoded (1, 2, 4 or 8) for
    /// renditions at most `widest` wide: as far as keeps it `decodedWidthOverWidest` times
    /// that wide.
    static func decodeScale(uprightWidth: Int, widest: Int) -> Int {
        let least = Double(widest) * decodedWidthOverWidest
        return [8, 4, 2].first { Double((uprightWidth + $0 - 1) / $0) >= least } ?? 1
    }

    /// The renditions of `bytes` (a JPEG, PNG or GIF) at each of `recipe`'s widths narrower
    /// than the upright picture, narrowest first, with its ICC profile and nothing else of its
    /// metadata. None when the picture is no wider than the narrowest width: the original
    /// serves. Throws for a picture our codecs do not read, a damaged one, or one of more than
    /// `recipe.maxPixels` pixels (known from its header, before anything is decoded).
    public static func make(from bytes: [UInt8], recipe: RenditionRecipe) throws(ImageDecodingError) -> [Rendition] {
        var source = try DecodedSource.open(bytes, maxPixels: recipe.maxPixels)
        // Upright or not, a picture no wider and no taller than the narrowest width has none.
        guard let narrowest = recipe.widths.first, max(source.width, source.height) > narrowest else { return [] }
        if source.kind != .jpeg { try source.decodeWhole() }
        let upright = source.orientation.orientedSize(width: source.width, height: source.height)
        let widths = recipe.widths.filter { $0 < upright.width }
        guard let widest = widths.last else { return [] }
        let picture = source.orientation.apply(to: try source.pixels(forWidth: widest, upright: upright.width))
        let opaque = picture.droppingOpaqueAlpha()
        // The widest from the decoded picture, each narrower one from the widest: it holds all
        // the detail they can show, in a fraction of the pixels (BENCHMARKS.md, "What each
        // trick buys", "the narrower renditions from the widest").
        var widestPicture: Bitmap?
        return widths.reversed().map { width in
            let height = max(1, Int((Double(width) * Double(upright.height) / Double(upright.width)).rounded()))
            let resized = Resampler.resize(widestPicture ?? opaque, width: width, height: height)
            if widestPicture == nil { widestPicture = resized }
            if resized.layout.hasAlpha {
                return Rendition(width: width, height: height, format: .png, bytes: PNGWriter.encode(resized, iccProfile: source.iccProfile))
            }
            return Rendition(
                width: width, height: height, format: .jpeg, bytes: JPEGEncoder.encode(resized, quality: recipe.quality, iccProfile: source.iccProfile))
        }.reversed()
    }
}
