import Foundation
import ImageHeaders

/// Reads `ImageDimensions` from a file's bytes as they stream past, chunk by chunk, holding
/// only the header fields it reads: a download or a cache read finds the size on the way,
/// without keeping the file or reading it twice.
///
/// PNG, GIF and WebP are settled by their first 30 bytes. A JPEG's segments are walked
/// (`JPEGMarkerWalk`), each skipped by its length, to its image data (SOS): the first frame
/// header (SOF0 to SOF15) gives the size, however large the EXIF, XMP or ICC blocks before
/// it, and the first EXIF block's orientation, read whole as the renditions read it, turns
/// the size when the picture is shown on its side. The scan ends at the image data, at the
/// end of the image, at a frame header too short to hold a size or at bytes that break the
/// walk's rules; once it has ended, `consume` returns at once.
public struct ImageDimensionsReader: Sendable {
    private enum Step: Sendable {
        /// Collecting the file's first bytes.
        case head
        /// Walking a JPEG's segments.
        case jpeg
        case finished
    }

    /// The part of a segment's payload being collected.
    private enum Field: Sendable {
        /// Precision, height and width of the frame header.
        case frame
        /// The start of an APP1 segment, which tells EXIF from the rest.
        case app1Start(payloadLength: Int)
        /// An APP1 segment that holds EXIF, whole.
        case exif
    }

    private var step = Step.head
    private var walk = JPEGMarkerWalk()
    /// The head's bytes so far, or those of `field`, until there are `wanted`.
    private var buffer: [UInt8] = []
    private var wanted = 2
    private var field: Field?
    private var frameRead = false
    /// The size as stored: the fixed header's, or the first frame header's.
    private var found: ImageDimensions?
    /// The first EXIF block's orientation, once it has been read.
    private var orientation: Orientation?

    public init() {}

    /// Whether the scan has ended: more bytes change nothing.
    public var isFinished: Bool {
        if case .finished = step { return true }
        return false
    }

    /// What the bytes so far say: found, or from a short PNG, GIF or WebP header at its end.
    public var dimensions: ImageDimensions? {
        if case .head = step { return ImageDimensions.fromFixedHeader(buffer) }
        guard let found, orientation?.swapsWidthAndHeight == true else { return found }
        return ImageDimensions(width: found.height, height: found.width)
    }

    /// The next bytes of the file.
    public mutating func consume<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch step {
            case .finished:
                return
            case .head:
                buffer.append(bytes[index])
                index = bytes.index(after: index)
                if buffer.count == wanted { readHead() }
            case .jpeg:
                let payload = walk.payloadRemaining
                if payload == 0 {
                    let event = walk.take(bytes[index])
                    index = bytes.index(after: index)
                    if let event { walked(event) }
                } else if field != nil {
                    buffer.append(bytes[index])
                    index = bytes.index(after: index)
                    walk.passPayload(1)
                    if buffer.count == wanted { collected() }
                } else {
                    let end = bytes.index(index, offsetBy: payload, limitedBy: bytes.endIndex) ?? bytes.endIndex
                    walk.passPayload(bytes.distance(from: index, to: end))
                    index = end
                }
            }
        }
    }

    private mutating func readHead() {
        if buffer == JPEGMarkerWalk.startOfImage {
            for byte in buffer { _ = walk.take(byte) }
            buffer = []
            step = .jpeg
        } else if buffer.count < ImageDimensions.fixedHeaderLength {
            wanted = ImageDimensions.fixedHeaderLength
        } else {
            found = ImageDimensions.fromFixedHeader(buffer)
            finish()
        }
    }

    private mutating func walked(_ event: JPEGMarkerWalk.Event) {
        switch event {
        case .end, .segment(0xDA, _):
            finish()
        case let .segment(marker, length) where JPEGMarkerWalk.isFrameHeader(marker) && !frameRead:
            frameRead = true
            length >= 5 ? collect(.frame, 5) : finish()
        case let .segment(marker, length) where marker == 0xE1 && orientation == nil && length > 0:
            collect(.app1Start(payloadLength: length), min(length, Orientation.exifSignature.count))
        case .segment:
            break  // the walk passes over the payload
        }
    }

    private mutating func collect(_ next: Field, _ count: Int) {
        field = next
        wanted = count
        buffer = []
    }

    /// Acts on the `wanted` bytes of `field` in `buffer`.
    private mutating func collected() {
        switch field {
        case .frame:
            found = try? Self.frameSize(buffer)
        case let .app1Start(length) where buffer == Orientation.exifSignature && length > buffer.count:
            // EXIF: the rest of the segment joins its signature.
            field = .exif
            wanted = length
            return
        case .app1Start, .exif:
            // The first EXIF block decides, as it does for the renditions; XMP says nothing.
            orientation = Orientation.read(fromAPP1: buffer[...])
        case nil:
            break
        }
        field = nil
        buffer = []
    }

    /// Precision, then height and width, big-endian; a height of 0 (set later by a DNL
    /// segment) leaves the size unknown.
    private static func frameSize(_ header: [UInt8]) throws(ByteReader.Truncated) -> ImageDimensions? {
        var reader = ByteReader(header)
        try reader.skip(1)
        let height = try reader.readUInt16(.bigEndian)
        let width = try reader.readUInt16(.bigEndian)
        return ImageDimensions(width: Int(width), height: Int(height))
    }

    private mutating func finish() {
        step = .finished
        field = nil
        buffer = []
    }
}
