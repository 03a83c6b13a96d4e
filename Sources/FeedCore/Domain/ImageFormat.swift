import Foundation

/// An image's real type, told by its first bytes (never by the URL or a header), which
/// decides the file extension in the site.
public enum ImageFormat: String, Codable, Sendable, CaseIterable {
    case png, jpeg, gif, webp, avif, bmp, unknown

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .unknown: "bin"
        default: rawValue
        }
    }

    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) { return .avif }
        if starts(Array("BM".utf8)) { return .bmp }
        return .unknown
    }
}
