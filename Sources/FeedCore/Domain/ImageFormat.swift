import Foundation

/// An image's real type, told by its first bytes (never by the URL), which decides whether a
/// download is an image at all and the file extension in the site.
public enum ImageFormat: String, Codable, Sendable, CaseIterable {
    case png, jpeg, gif, webp, avif, heif, bmp, ico, tiff, svg, unknown

    /// How many leading bytes `detect` looks at.
    public static let signatureLength = 32

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heif: "heic"
        case .unknown: "bin"
        default: rawValue
        }
    }

    /// The IANA media type to announce the image as, e.g. in a feed's enclosure: HEIF files
    /// (`.heic`) as `image/heic`, an unknown format as plain bytes.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heif: "image/heic"
        case .bmp: "image/bmp"
        case .ico: "image/vnd.microsoft.icon"
        case .tiff: "image/tiff"
        case .svg: "image/svg+xml"
        case .unknown: "application/octet-stream"
        }
    }

    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat {
        let head = Array(bytes.prefix(signatureLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            starts(Array(text.utf8), at: offset)
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if starts("RIFF") && starts("WEBP", at: 8) { return .webp }
        if starts("ftyp", at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"].contains(brand) { return .heif }
            return .unknown
        }
        if starts("BM") { return .bmp }
        if starts([0x00, 0x00, 0x01, 0x00]) { return .ico }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if isSVGStart(head) { return .svg }
        return .unknown
    }

    /// An image by its first bytes and the answer's media type: any signature above, and SVG
    /// (XML text) only when served as `image/svg+xml`, so an XHTML page never passes as one.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes, mediaType: String?) -> ImageFormat {
        let format = detect(bytes)
        return format == .svg && mediaType != "image/svg+xml" ? .unknown : format
    }

    /// Text that opens an SVG document: after an optional byte order mark and white space,
    /// `<svg`, `<?xml` or `<!DOCTYPE svg`.
    private static func isSVGStart(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let text = String(decoding: rest.prefix(13), as: UTF8.self).lowercased()
        return text.hasPrefix("<svg") || text.hasPrefix("<?xml") || text.hasPrefix("<!doctype svg")
    }
}
