import ImageHeaders

/// A PNG's chunks without its metadata (`MetadataStripper` says which), from its signature to
/// its IEND chunk: every chunk kept is copied as it is, its CRC included.
enum PNGMetadataStripper {
    private static let tEXt = PNGChunk.type("tEXt")
    private static let zTXt = PNGChunk.type("zTXt")
    private static let iTXt = PNGChunk.type("iTXt")
    private static let tIME = PNGChunk.type("tIME")

    /// The file without its metadata, and what was dropped: nothing, and the same bytes, when
    /// it held none. A file that does not open with IHDR, whose chunks run past its end or
    /// fail their CRC, or that ends before IEND, is `Unreadable`.
    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Unreadable) -> (bytes: [UInt8], dropped: Set<MetadataStripper.Kind>) {
        var out = PNGChunk.signature
        out.reserveCapacity(bytes.count)
        var dropped = Set<MetadataStripper.Kind>()
        var exifSeen = false
        do throws(ImageDecodingError) {
            var reader = try PNGChunkReader(bytes)
            guard reader.peekType() == PNGChunk.IHDR else { throw .malformed("the first chunk is not IHDR") }
            while let chunk = try reader.next() {
                let whole = chunk.data.lowerBound - 8..<chunk.data.upperBound + 4
                switch chunk.type {
                case tEXt, zTXt, iTXt:
                    dropped.insert(.text)
                case tIME:
                    dropped.insert(.modificationTime)
                case PNGChunk.eXIf:
                    // The first eXIf says the orientation, which is kept alone when it is not upright.
                    let orientation = exifSeen ? .up : Orientation.read(fromTIFF: bytes[chunk.data])
                    exifSeen = true
                    let kept = orientation.exifTIFF
                    if orientation != .up, bytes[chunk.data].elementsEqual(kept) {
                        out += bytes[whole]
                    } else {
                        if orientation != .up { PNGChunk.append(PNGChunk.eXIf, kept, to: &out) }
                        dropped.insert(.exif)
                    }
                default:
                    out += bytes[whole]
                }
                if chunk.type == PNGChunk.IEND {
                    if whole.upperBound < bytes.count { dropped.insert(.trailingData) }
                    return (dropped.isEmpty ? bytes : out, dropped)
                }
            }
            throw .malformed("the file ends before its IEND chunk")
        } catch {
            throw .init(reason: error.description)
        }
    }
}
