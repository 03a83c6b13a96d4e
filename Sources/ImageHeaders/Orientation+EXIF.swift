extension Orientation {
    /// What an APP1 segment that holds EXIF data starts with, before its TIFF header.
    public static let exifSignature: [UInt8] = Array("Exif\0\0".utf8)

    /// The orientation in a JPEG's first EXIF APP1 segment before its image data; `.up` when
    /// there is none, or it cannot be read, or its value is not 1…8.
    public static func read(fromJPEG bytes: [UInt8]) -> Orientation {
        for segment in JPEGMarkerWalk.segments(in: bytes) where segment.marker == 0xE1 {
            if let orientation = read(fromAPP1: segment.payload) { return orientation }
        }
        return .up
    }

    /// The orientation an APP1 segment's payload gives if it holds EXIF data, as
    /// `read(fromTIFF:)` reads it; nil when it holds something else (XMP, say), so that a
    /// later APP1 segment may be the EXIF one.
    public static func read(fromAPP1 payload: ArraySlice<UInt8>) -> Orientation? {
        guard payload.starts(with: exifSignature) else { return nil }
        return read(fromTIFF: payload.dropFirst(exifSignature.count))
    }

    /// The orientation tag (0x0112) of the first image directory of EXIF data (a TIFF header
    /// and what follows, in either byte order), as PNG's eXIf chunk holds it; `.up` when it
    /// cannot be read.
    public static func read(fromTIFF exif: ArraySlice<UInt8>) -> Orientation {
        let value = try? tagValue(inTIFF: exif)
        return value.flatMap(Orientation.init(rawValue:)) ?? .up
    }

    public static func read(fromTIFF exif: [UInt8]) -> Orientation {
        read(fromTIFF: exif[...])
    }

    /// The orientation tag's value; nil when the first directory has no such tag, or holds
    /// it other than as the one number the tag is.
    private static func tagValue(inTIFF exif: ArraySlice<UInt8>) throws(ByteReader.Truncated) -> Int? {
        var reader = ByteReader(exif)
        let order: ByteOrder
        switch (try reader.readUInt8(), try reader.readUInt8()) {
        case (0x4D, 0x4D): order = .bigEndian
        case (0x49, 0x49): order = .littleEndian
        default: return nil
        }
        guard try reader.readUInt16(order) == 42 else { return nil }
        try reader.seek(toOffset: Int(try reader.readUInt32(order)))
        let entries = try reader.readUInt16(order)
        for _ in 0..<entries {
            // Tag (2 bytes), type (2), count (4), and a field of 4 that holds the value
            // itself when it fits, its offset otherwise. An entry is read whole or not at all.
            var entry = ByteReader(try reader.readBytes(12))
            guard try entry.readUInt16(order) == 0x0112 else { continue }
            let type = try entry.readUInt16(order)
            let count = try entry.readUInt32(order)
            // One SHORT (type 3) as the format says, or one LONG (4) from writers that chose
            // it; either sits at the start of the field.
            guard count == 1 else { return nil }
            switch type {
            case 3: return Int(try entry.readUInt16(order))
            case 4: return Int(try entry.readUInt32(order))
            default: return nil
            }
        }
        return nil
    }
}

extension Orientation {
    /// The smallest EXIF data that says this orientation and nothing else: a big-endian TIFF
    /// header and a first image directory of one entry, the orientation as one SHORT, and no
    /// directory after it. What `read(fromTIFF:)` reads back.
    public var exifTIFF: [UInt8] {
        let value = UInt8(rawValue)
        return [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, the directory at byte 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00,  // tag 0x0112, SHORT, 1 of them, the value
            0x00, 0x00, 0x00, 0x00,  // no next directory
        ]
    }

    /// The payload of a JPEG APP1 segment holding `exifTIFF`.
    public var exifAPP1Payload: [UInt8] { Self.exifSignature + exifTIFF }
}
