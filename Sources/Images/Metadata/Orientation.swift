/// How a camera says its picture must be turned to stand upright: EXIF's orientation, 1…8.
///
/// Each case names where the picture's first row ended up (`right`: the stored rows are the
/// picture's right-hand column, so it is shown turned a quarter clockwise); `Mirrored` cases
/// are also flipped.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// Whether the picture shown is the stored one turned a quarter: its width and height swap.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The size of the picture as shown.
    public func orientedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsWidthAndHeight ? (height, width) : (width, height)
    }

    /// The orientation in a JPEG's first "Exif" APP1 segment; `.up` when there is none, or it
    /// cannot be read, or its value is not 1…8.
    public static func read(fromJPEG bytes: [UInt8]) -> Orientation {
        let exifSignature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        for segment in JPEGMetadataSegments.segments(in: bytes) where segment.marker == 0xE1 && segment.payload.starts(with: exifSignature) {
            return read(fromTIFF: Array(segment.payload.dropFirst(exifSignature.count)))
        }
        return .up
    }

    /// The orientation tag (0x0112) of the first image directory of EXIF data (a TIFF header and
    /// what follows, in either byte order), as PNG's eXIf chunk holds it; `.up` when it cannot be read.
    public static func read(fromTIFF exif: [UInt8]) -> Orientation {
        guard exif.count >= 8 else { return .up }
        let bigEndian: Bool
        switch (exif[0], exif[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return .up
        }
        func unsigned(_ offset: Int, _ count: Int) -> Int {
            var value = 0
            for index in 0..<count { value |= Int(exif[offset + (bigEndian ? index : count - 1 - index)]) << (8 * (count - 1 - index)) }
            return value
        }
        guard unsigned(2, 2) == 42 else { return .up }
        let directory = unsigned(4, 4)
        guard directory <= exif.count - 2 else { return .up }
        let entries = unsigned(directory, 2)
        // Each entry: tag (2), type (2), count (4), value or offset (4). Entries past the end
        // of the data are not read.
        let readable = min(entries, (exif.count - directory - 2) / 12)
        for entry in 0..<readable {
            let start = directory + 2 + entry * 12
            guard unsigned(start, 2) == 0x0112 else { continue }
            let type = unsigned(start + 2, 2)
            let count = unsigned(start + 4, 4)
            // SHORT as the format says; LONG from writers that chose it. The value sits in the
            // first bytes of the value field.
            guard count == 1 else { return .up }
            let value =
                switch type {
                case 3: unsigned(start + 8, 2)
                case 4: unsigned(start + 8, 4)
                default: 0
                }
            return Orientation(rawValue: value) ?? .up
        }
        return .up
    }
}
