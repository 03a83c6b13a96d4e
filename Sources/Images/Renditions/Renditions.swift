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

    /// The widths of the renditions of a picture `uprightWidth` wide, upright: each of
    /// `widths` narrower than the picture, and the picture's own width when it is no wider
    /// than the widest of them, so a page offers the picture at its full width too (a
    /// 1080-pixel photo at 480, 960 and 1080, not at 960 at most). None for a picture no wider
    /// than the narrowest width: its original is the only size a page needs.
    ///
    /// The rendition at the picture's own width is made like the others, by encoding the
    /// decoded picture again rather than by offering the original in its place, even when the
    /// original is a JPEG: what the pages offer then never carries the original's metadata
    /// (GPS, serial numbers, thumbnails), is already upright, is progressive, and weighs what
    /// the recipe's quality makes, where a photo straight from a phone weighs several times
    /// that. The price is one more encode of a picture already decoded, and the loss of a
    /// second encoding, which at the recipe's quality does not show.
    static func widths(_ widths: [Int], uprightWidth: Int) -> [Int] {
        let narrower = widths.filter { $0 < uprightWidth }
        guard let widest = widths.last, !narrower.isEmpty else { return [] }
        return uprightWidth <= widest ? narrower + [uprightWidth] : narrower
    }

    /// The renditions of `bytes` (a JPEG, PNG or GIF) at `widths(_:uprightWidth:)`, narrowest
    /// first, with its ICC profile and nothing else of its metadata, and its colour bands
    /// (from the narrowest rendition, or, for a picture with none, from the picture decoded as
    /// small as a JPEG allows). Throws for a picture our codecs do not read, a damaged one, or
    /// one of more than `recipe.maxPixels` pixels (known from its header, before anything is
    /// decoded).
    public static func make(from bytes: [UInt8], recipe: RenditionRecipe) throws(ImageDecodingError) -> RenditionSet {
        var source = try DecodedSource.open(bytes, maxPixels: recipe.maxPixels)
        if source.kind != .jpeg { try source.decodeWhole() }
        let upright = source.orientation.orientedSize(width: source.width, height: source.height)
        let widths = widths(recipe.widths, uprightWidth: upright.width)
        guard let widest = widths.last else {
            let picture = source.orientation.apply(to: try source.smallestPixels())
            return RenditionSet(renditions: [], bands: ColourBands(of: picture.droppingOpaqueAlpha()))
        }
        let picture = source.orientation.apply(to: try source.pixels(forWidth: widest, upright: upright.width))
        let opaque = picture.droppingOpaqueAlpha()
        // The widest from the decoded picture, each narrower one from the widest: it holds all
        // the detail they can show, in a fraction of the pixels (BENCHMARKS.md, "What each
        // trick buys", "the narrower renditions from the widest").
        var widestPicture: Bitmap?
        var narrowestPicture = opaque
        let renditions = widths.reversed().map { width in
            let height = max(1, Int((Double(width) * Double(upright.height) / Double(upright.width)).rounded()))
            let resized = Resampler.resize(widestPicture ?? opaque, width: width, height: height)
            if widestPicture == nil { widestPicture = resized }
            narrowestPicture = resized
            if resized.layout.hasAlpha {
                return Rendition(width: width, height: height, format: .png, bytes: PNGWriter.encode(resized, iccProfile: source.iccProfile))
            }
            return Rendition(
                width: width, height: height, format: .jpeg, bytes: JPEGEncoder.encode(resized, quality: recipe.quality, iccProfile: source.iccProfile))
        }
        return RenditionSet(renditions: renditions.reversed(), bands: ColourBands(of: narrowestPicture))
    }
}
