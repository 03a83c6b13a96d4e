/// What a JPEG's frame header says, read without decoding any pixels.
public struct JPEGHeader: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// 1 (grayscale), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    public let componentCount: Int
    /// Whether the picture arrives in successive scans of growing detail.
    public let isProgressive: Bool

    public init(width: Int, height: Int, componentCount: Int, isProgressive: Bool) {
        self.width = width
        self.height = height
        self.componentCount = componentCount
        self.isProgressive = isProgressive
    }
}
