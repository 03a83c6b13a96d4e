/// What a picture's renditions are made to: their widths, their JPEG quality, and the most
/// pixels an original may have to be decoded at all.
public struct RenditionRecipe: Equatable, Sendable {
    /// Distinct, ascending, each at least 1.
    public let widths: [Int]
    /// JPEG quality, 1 to 100.
    public let quality: Int
    public let maxPixels: Int

    /// The version of what the codecs make: a change that alters what is made of a picture
    /// (a rendition's bytes, which widths a picture gets, its colour bands) raises it, so
    /// what was cached before is made again.
    public static let codecsVersion = 3

    public init(widths: [Int], quality: Int, maxPixels: Int) {
        self.widths = Array(Set(widths.filter { $0 > 0 })).sorted()
        self.quality = max(1, min(100, quality))
        self.maxPixels = maxPixels
    }

    /// The recipe's name in the cache: a change of widths, quality or codecs names another.
    public var key: String {
        "v\(Self.codecsVersion) q\(quality) w" + widths.map(String.init).joined(separator: ",")
    }
}
