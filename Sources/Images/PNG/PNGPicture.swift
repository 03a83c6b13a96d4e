/// A decoded PNG: its pixels, and the metadata a rendition keeps or reads.
public struct PNGPicture: Equatable, Sendable {
    public let bitmap: Bitmap
    /// The colour profile of the `iCCP` chunk, inflated.
    public let iccProfile: [UInt8]?
    /// The `eXIf` chunk as it is: TIFF bytes, starting with their byte order.
    public let exif: [UInt8]?

    public init(bitmap: Bitmap, iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil) {
        self.bitmap = bitmap
        self.iccProfile = iccProfile
        self.exif = exif
    }
}
