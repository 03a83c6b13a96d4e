import Foundation

/// Reads `ImageDimensions` from a file's bytes as they stream past, chunk by chunk, holding
/// only the few bytes the current header field needs: a download or a cache read finds the
/// size on the way, without keeping the file or reading it twice.
///
/// PNG, GIF and WebP are settled by their first 30 bytes. A JPEG is walked marker by
/// marker, skipping each segment by its length, to the frame header (SOF0 to SOF15, not
/// DHT, JPG or DAC), however large the EXIF, XMP or ICC blocks before it; the EXIF block's
/// orientation (its first 4 KiB are read) turns the size when the picture is shown on its
/// side. The scan ends at the first frame header, at the image data (SOS) or at bytes that
/// are not a marker; once it has ended, `consume` returns at once.
public struct ImageDimensionsReader: Sendable {
    private enum Step {
        /// Collecting the file's first bytes.
        case head
        /// A marker's 0xFF.
        case markerStart
        /// The marker's code, after any 0xFF fill bytes.
        case markerCode
        /// The two-byte length of the segment that `marker` opens.
        case segmentLength(marker: UInt8)
        /// Precision, height and width of the frame header.
        case frame
        /// The start of the EXIF block; `rest` bytes of the segment follow it.
        case exif(rest: Int)
        case finished
    }

    /// The most of an APP1 segment read for its EXIF orientation: IFD0 sits at its start.
    static let exifBytesRead = 4_096

    private var step = Step.head
    /// Bytes of the current step so far, until there are `wanted`.
    private var buffer: [UInt8] = []
    private var wanted = 2
    /// Bytes to pass over before the next step.
    private var skipping = 0
    /// The EXIF orientation turns the picture by 90° (5 to 8).
    private var turned = false
    private var found: ImageDimensions?

    public init() {}

    /// Whether the scan has ended: more bytes change nothing.
    public var isFinished: Bool {
        if case .finished = step { return true }
        return false
    }

    /// What the bytes so far say: found, or from a short PNG, GIF or WebP header at its end.
    public var dimensions: ImageDimensions? {
        if case .head = step { return ImageDimensions.fromFixedHeader(buffer) }
        return found
    }

    /// The next bytes of the file.
    public mutating func consume<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if isFinished { return }
            if skipping > 0 {
                let passed = bytes.distance(from: index, to: bytes.index(index, offsetBy: skipping, limitedBy: bytes.endIndex) ?? bytes.endIndex)
                index = bytes.index(index, offsetBy: passed)
                skipping -= passed
                continue
            }
            buffer.append(bytes[index])
            index = bytes.index(after: index)
            if buffer.count == wanted { advance() }
        }
    }

    /// Acts on the `wanted` bytes in `buffer` and sets up the next step.
    private mutating func advance() {
        let bytes = buffer
        buffer.removeAll(keepingCapacity: true)
        switch step {
        case .head:
            if bytes.count == 2 && bytes == [0xFF, 0xD8] {
                expect(.markerStart, 1)
            } else if bytes.count < ImageDimensions.fixedHeaderLength {
                buffer = bytes
                wanted = ImageDimensions.fixedHeaderLength
            } else {
                finish(ImageDimensions.fromFixedHeader(bytes))
            }
        case .markerStart:
            bytes[0] == 0xFF ? expect(.markerCode, 1) : finish(nil)
        case .markerCode:
            marker(bytes[0])
        case let .segmentLength(marker):
            let length = Int(bytes[0]) << 8 | Int(bytes[1])
            guard length >= 2 else { return finish(nil) }
            segment(marker, payload: length - 2)
        case .frame:
            // Precision, then height and width, big-endian; a height of 0 (set later by a
            // DNL segment) leaves the size unknown.
            let height = Int(bytes[1]) << 8 | Int(bytes[2])
            let width = Int(bytes[3]) << 8 | Int(bytes[4])
            finish(turned ? ImageDimensions(width: height, height: width) : ImageDimensions(width: width, height: height))
        case let .exif(rest):
            turned = (5...8).contains(Self.exifOrientation(bytes) ?? 1)
            skipping = rest
            expect(.markerStart, 1)
        case .finished:
            break
        }
    }

    private mutating func marker(_ code: UInt8) {
        switch code {
        case 0xFF:
            expect(.markerCode, 1)  // fill byte
        case 0x01, 0xD0...0xD8:
            expect(.markerStart, 1)  // TEM, RSTn and SOI stand alone
        case 0x00, 0xD9, 0xDA:
            finish(nil)  // not a marker, the end of the image, or its data before any frame
        default:
            expect(.segmentLength(marker: code), 2)
        }
    }

    private mutating func segment(_ marker: UInt8, payload: Int) {
        switch marker {
        case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
            payload >= 5 ? expect(.frame, 5) : finish(nil)
        case 0xE1 where !turned && payload > 0:
            let read = min(payload, Self.exifBytesRead)
            expect(.exif(rest: payload - read), read)
        default:
            skipping = payload
            expect(.markerStart, 1)
        }
    }

    private mutating func expect(_ next: Step, _ count: Int) {
        step = next
        wanted = count
    }

    private mutating func finish(_ dimensions: ImageDimensions?) {
        found = dimensions
        step = .finished
        buffer = []
        skipping = 0
    }

    /// The orientation (1 to 8) in an APP1 segment's start, if it is EXIF and has one in IFD0.
    public static func exifOrientation(_ segment: [UInt8]) -> Int? {
        guard segment.starts(with: Array("Exif\0\0".utf8)) else { return nil }
        let tiff = Array(segment.dropFirst(6))
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(at offset: Int, bytes: Int) -> Int? {
            guard offset >= 0, offset + bytes <= tiff.count else { return nil }
            let field = tiff[offset..<offset + bytes]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(at: 2, bytes: 2) == 42, let directory = number(at: 4, bytes: 4), let entries = number(at: directory, bytes: 2) else { return nil }
        for entry in 0..<entries {
            let start = directory + 2 + entry * 12
            guard let tag = number(at: start, bytes: 2) else { return nil }
            // Orientation (0x0112), a SHORT (type 3) held in the entry's value field.
            if tag == 0x0112 {
                guard number(at: start + 2, bytes: 2) == 3 else { return nil }
                return number(at: start + 8, bytes: 2)
            }
        }
        return nil
    }
}
