/// A smaller copy of a picture, made for the page: a JPEG, or a PNG when the picture has
/// transparency.
public struct Rendition: Equatable, Sendable {
    public enum Format: Equatable, Sendable {
        case jpeg
        case png
    }

    public let width: Int
    public let height: Int
    public let format: Format
    public let bytes: [UInt8]
}
