import ImageHeaders
import Images

/// Pictures made by our own encoders, and the metadata segments and chunks that cameras and
/// editors add to them, made by hand, for the stripper's tests.
enum StrippingFixtures {
    /// The serial number and the latitude reference the EXIF data holds, to look for afterwards.
    static let serial = Array("SN-4711-0815".utf8)

    /// A small colour picture whose pixels all differ.
    static func bitmap(width: Int = 40, height: Int = 24) -> Bitmap {
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { samples += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x + y) * 3 & 0xFF)] }
        }
        return Bitmap(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// Our encoder's JPEG (JFIF, tables, a progressive frame and its scans), with `profile` as its ICC profile.
    static func jpeg(iccProfile: [UInt8]? = nil) -> [UInt8] {
        JPEGEncoder.encode(bitmap(), quality: 80, iccProfile: iccProfile)
    }

    /// `jpeg` with `segments` put right after its JFIF segment, as cameras place theirs.
    static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        let afterJFIF = 2 + 4 + Int(jpeg[4]) << 8 + Int(jpeg[5]) - 2
        return Array(jpeg[..<afterJFIF]) + segments.joined() + jpeg[afterJFIF...]
    }

    /// EXIF data as a camera writes it (little-endian): the orientation when given, a
    /// pointer to GPS data holding a latitude reference, and a body serial number.
    static func exifTIFF(orientation: Int?) -> [UInt8] {
        var entries: [[UInt8]] = []
        let count = orientation == nil ? 2 : 3
        let gpsAt = 8 + 2 + count * 12 + 4
        let serialAt = gpsAt + 2 + 12 + 4
        if let orientation { entries.append(entry(0x0112, type: 3, count: 1, value: UInt32(orientation))) }
        entries.append(entry(0x8825, type: 4, count: 1, value: UInt32(gpsAt)))
        entries.append(entry(0xA431, type: 2, count: UInt32(serial.count + 1), value: UInt32(serialAt)))
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, UInt8(count), 0]
        tiff += entries.joined() + [0, 0, 0, 0]
        tiff += [1, 0] + entry(0x0001, type: 2, count: 2, value: UInt32(0x4E)) + [0, 0, 0, 0]
        return tiff + serial + [0]
    }

    /// An APP1 EXIF segment holding `exifTIFF(orientation:)`.
    static func exifSegment(orientation: Int?) -> [UInt8] {
        MetadataFixtures.segment(0xE1, Array("Exif\0\0".utf8) + exifTIFF(orientation: orientation))
    }

    static func xmpSegment() -> [UInt8] {
        MetadataFixtures.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><photoshop:History>cropped</photoshop:History></x:xmpmeta>".utf8))
    }

    static func extendedXMPSegment() -> [UInt8] {
        MetadataFixtures.segment(0xE1, Array("http://ns.adobe.com/xmp/extension/\0".utf8) + [UInt8](repeating: 0x41, count: 300))
    }

    static func photoshopSegment() -> [UInt8] {
        MetadataFixtures.segment(0xED, Array("Photoshop 3.0\08BIM".utf8) + [4, 4, 0, 0, 0, 0, 0, 4] + Array("city".utf8))
    }

    static func commentSegment() -> [UInt8] {
        MetadataFixtures.segment(0xFE, Array("taken at home".utf8))
    }

    static func duckySegment() -> [UInt8] {
        MetadataFixtures.segment(0xEC, Array("Ducky".utf8) + [0, 1, 0, 4, 0, 0, 0, 80])
    }

    static func flashPixSegment() -> [UInt8] {
        MetadataFixtures.segment(0xE2, Array("FPXR\0".utf8) + [UInt8](repeating: 7, count: 40))
    }

    static func multiPictureSegment() -> [UInt8] {
        MetadataFixtures.segment(0xE2, Array("MPF\0MM\0*".utf8) + [0, 0, 0, 8])
    }

    static func jfxxThumbnailSegment() -> [UInt8] {
        MetadataFixtures.segment(0xE0, Array("JFXX\0".utf8) + [0x10] + [UInt8](repeating: 0x55, count: 64))
    }

    static func adobeSegment() -> [UInt8] {
        MetadataFixtures.segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
    }

    /// An IFD entry, little-endian: tag, type, count, and the value or its offset.
    private static func entry(_ tag: UInt16, type: UInt16, count: UInt32, value: UInt32) -> [UInt8] {
        littleEndian(UInt32(tag) | UInt32(type) << 16) + littleEndian(count) + littleEndian(value)
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The markers of every segment before the first scan, in order.
    static func headerMarkers(_ jpeg: [UInt8]) -> [UInt8] {
        JPEGMarkerWalk.segments(in: jpeg).map(\.marker)
    }
}
