import Foundation

/// Tells an image's format and size from its bytes as they stream past, chunk by chunk: a
/// file read for its digest is read once, and what it holds is told on the way.
public struct ImageSniffer: Sendable {
    /// The first bytes, up to `ImageFormat.signatureLength`.
    public private(set) var head: [UInt8] = []
    private var dimensionsReader = ImageDimensionsReader()

    public init() {}

    /// Takes the next bytes of the file.
    public mutating func consume<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if head.count < ImageFormat.signatureLength { head.append(contentsOf: bytes.prefix(ImageFormat.signatureLength - head.count)) }
        dimensionsReader.consume(bytes)
    }

    /// The format the first bytes tell.
    public var format: ImageFormat { ImageFormat.detect(head) }

    /// The size the image's header gives, if it is an image with a header `ImageDimensionsReader` knows.
    public var dimensions: ImageDimensions? { dimensionsReader.dimensions }
}
