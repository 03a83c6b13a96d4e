import ImageHeaders

/// Drops what a published picture says about where, when and with what it was taken, and how
/// it was edited, without decoding it: a JPEG's marker segments and a PNG's chunks are
/// rewritten, and the picture's own bytes (a JPEG's entropy-coded data, a PNG's IDAT chunks)
/// are copied as they are, so the pixels do not change.
///
/// Kept: what decoding or showing the picture needs (a JPEG's JFIF header without its
/// thumbnail, its ICC profile, Adobe's colour transform segment, its tables, frame and scans;
/// a PNG's critical chunks, colour space, physical size, transparency and animation chunks,
/// and any chunk not known to be metadata), and the orientation: a picture not stored
/// upright keeps EXIF data that holds its orientation and nothing else.
///
/// Dropped: EXIF (camera, serial numbers, GPS, maker notes, the embedded thumbnail), XMP,
/// IPTC and Photoshop's resources, thumbnails and previews, comments and text, any other
/// application segment, a PNG's modification time, and whatever follows the end of the image
/// (a multi-picture file's further pictures).
public enum MetadataStripper {
    /// What stripping a file came to.
    public enum Outcome: Equatable, Sendable {
        /// The file with its metadata dropped.
        case stripped(Stripped)
        /// The file holds nothing to drop: it is published as it is.
        case nothingToDrop
        /// Not a JPEG or PNG, or one whose structure could not be followed to its end; `reason`
        /// says why. Such a file is published as it is: nothing is dropped from what cannot be
        /// read safely.
        case notRead(reason: String)
    }

    /// A file with its metadata dropped.
    public struct Stripped: Equatable, Sendable {
        public let bytes: [UInt8]
        /// What was dropped.
        public let dropped: Set<Kind>
        /// How much smaller the file became: the bytes dropped, less the few of any orientation
        /// kept in their place.
        public let droppedByteCount: Int
    }

    /// The kinds of metadata dropped.
    public enum Kind: String, CaseIterable, Comparable, Sendable {
        /// EXIF: the camera, its serial numbers, the time and the GPS position, maker notes,
        /// an embedded thumbnail.
        case exif
        /// XMP, extended XMP included: edit histories, ratings, creator's details.
        case xmp
        /// IPTC and Photoshop's image resources.
        case photoshop
        /// Thumbnails and previews outside EXIF: JFIF's and JFXX's, FlashPix's, the
        /// multi-picture index.
        case thumbnails
        /// A JPEG's comments, a PNG's text chunks.
        case text
        /// A JPEG's other application segments (Ducky, Picture Info, makers' own).
        case otherApplicationData
        /// A PNG's time of last modification.
        case modificationTime
        /// Bytes after the end of the image, such as a multi-picture file's further pictures.
        case trailingData

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What a file cannot be read for: its structure breaks the rules where `reason` says.
    struct Unreadable: Error, Equatable {
        let reason: String
    }

    /// The version of the rules above, for caches of stripped files: a change to what is kept
    /// or dropped changes it, so files stripped by the old rules are stripped anew.
    public static let version = 1

    /// `bytes` with their metadata dropped, if they are a JPEG or a PNG that holds some.
    public static func strip(_ bytes: [UInt8]) -> Outcome {
        do throws(Unreadable) {
            let result: (bytes: [UInt8], dropped: Set<Kind>)
            if bytes.starts(with: JPEGMarkerWalk.startOfImage) {
                result = try JPEGMetadataStripper.strip(bytes)
            } else if bytes.starts(with: PNGChunk.signature) {
                result = try PNGMetadataStripper.strip(bytes)
            } else {
                return .notRead(reason: "not a JPEG or PNG")
            }
            guard !result.dropped.isEmpty else { return .nothingToDrop }
            return .stripped(Stripped(bytes: result.bytes, dropped: result.dropped, droppedByteCount: bytes.count - result.bytes.count))
        } catch {
            return .notRead(reason: error.reason)
        }
    }
}
