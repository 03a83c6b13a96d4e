/// Pictures made smaller (or larger) with a Lanczos-3 filter in linear light.
///
/// Samples are decoded from sRGB to linear light, colour is multiplied by alpha, the filter
/// runs along each row and then down each column, and the result is divided by its alpha and
/// encoded back to sRGB. Averaging light rather than sRGB numbers keeps fine detail's
/// brightness (a black and white checkerboard halves to 188, not 128); weighting colour by
/// alpha keeps a transparent neighbour's colour, which is invisible, out of an opaque pixel.
public enum Resampler {
    /// `bitmap` resized to `width × height`, in the same layout.
    ///
    /// The same size gives back the same samples. A side of 0 gives an empty bitmap; an empty
    /// `bitmap` gives a black (and transparent) one of the size asked. A pixel that comes out
    /// fully transparent has colour 0.
    public static func resize(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let width = max(0, width)
        let height = max(0, height)
        if width == bitmap.width && height == bitmap.height { return bitmap }
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            return Bitmap(width: width, height: height, layout: bitmap.layout)
        }
        var output = [UInt8](repeating: 0, count: width * height * bitmap.layout.channels)
        output.withUnsafeMutableBufferPointer { target in
            bitmap.samples.withUnsafeBufferPointer { source in
                ResamplingPass(source: source, width: bitmap.width, height: bitmap.height, layout: bitmap.layout, outputWidth: width, outputHeight: height)
                    .run(into: target)
            }
        }
        return Bitmap(width: width, height: height, layout: bitmap.layout, samples: output)
    }
}
