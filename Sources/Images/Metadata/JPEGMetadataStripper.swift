import ImageHeaders

/// A JPEG's segments rewritten without its metadata (`MetadataStripper` says which), from the
/// start-of-image marker to the end-of-image marker: each scan's entropy-coded data, the
/// bytes between segments and every segment kept are copied as they are.
enum JPEGMetadataStripper {
    /// What becomes of one segment.
    private enum Fate {
        case keep
        case drop(MetadataStripper.Kind)
        /// Written with this payload instead, what it held besides dropped.
        case replace(payload: [UInt8], MetadataStripper.Kind)
    }

    /// What an APP1 segment of XMP, or of extended XMP, starts with.
    private static let xmpNamespace = Array("http://ns.adobe.com/".utf8)
    private static let jfif = Array("JFIF\0".utf8)
    private static let jfxx = Array("JFXX\0".utf8)
    private static let iccProfile = Array("ICC_PROFILE\0".utf8)
    private static let multiPicture = Array("MPF\0".utf8)
    private static let flashPix = Array("FPXR\0".utf8)
    private static let adobe = Array("Adobe".utf8)
    /// JFIF's header up to its thumbnail's width and height: signature, version, units and
    /// densities.
    private static let jfifHeaderLength = 12

    /// The file without its metadata, and what was dropped: nothing, and the same bytes, when
    /// it held none. A file whose segments run past its end, break the rules, or that ends
    /// before its end-of-image marker, is `Unreadable`.
    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Unreadable) -> (bytes: [UInt8], dropped: Set<MetadataStripper.Kind>) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var dropped = Set<MetadataStripper.Kind>()
        var reader = ByteReader(bytes)
        var walk = JPEGMarkerWalk()
        // Bytes before this offset are written out or dropped.
        var copied = 0
        var scans = 0
        var exifSeen = false
        while true {
            guard let event = walk.next(from: &reader) else { throw .init(reason: "the file ends before its end-of-image marker") }
            switch event {
            case let .segment(marker, length):
                // The marker's two bytes and the length's two lie just before the payload.
                let start = reader.offset - 4
                guard let payload = try? reader.readBytes(length) else { throw .init(reason: "a segment runs past the end of the file") }
                walk.passPayload(length)
                out += bytes[copied..<start]
                let isFirstEXIF = scans == 0 && !exifSeen && marker == 0xE1 && payload.starts(with: Orientation.exifSignature)
                if isFirstEXIF { exifSeen = true }
                switch fate(of: marker, payload, isFirstEXIF: isFirstEXIF) {
                case .keep:
                    out += bytes[start..<reader.offset]
                case let .drop(kind):
                    dropped.insert(kind)
                case let .replace(replacement, kind):
                    out += [0xFF, marker, UInt8((replacement.count + 2) >> 8), UInt8(truncatingIfNeeded: replacement.count + 2)]
                    out += replacement
                    dropped.insert(kind)
                }
                copied = reader.offset
                if marker == 0xDA { scans += 1 }
            case .end(.startOfScan):
                let next = nextMarker(in: bytes, from: reader.offset)
                guard next < bytes.count else { throw .init(reason: "the file ends inside a scan's data") }
                out += bytes[copied..<next]
                copied = next
                try? reader.seek(toOffset: next)
                walk = JPEGMarkerWalk(from: .betweenSegments)
            case .end(.endOfImage):
                guard scans > 0 else { throw .init(reason: "the image ends before any scan") }
                out += bytes[copied..<reader.offset]
                if !reader.isAtEnd { dropped.insert(.trailingData) }
                return (dropped.isEmpty ? bytes : out, dropped)
            case let .end(end):
                throw .init(reason: "the segments break the rules (\(end))")
            }
        }
    }

    /// What becomes of a segment. `isFirstEXIF`: it is the EXIF segment that says the
    /// picture's orientation (the first before any scan), which is kept alone when it is
    /// not upright.
    private static func fate(of marker: UInt8, _ payload: ArraySlice<UInt8>, isFirstEXIF: Bool) -> Fate {
        switch marker {
        case 0xE0:
            if payload.starts(with: jfif) { return jfifFate(payload) }
            return .drop(payload.starts(with: jfxx) ? .thumbnails : .otherApplicationData)
        case 0xE1:
            if payload.starts(with: Orientation.exifSignature) {
                let orientation = isFirstEXIF ? Orientation.read(fromAPP1: payload) ?? .up : .up
                guard orientation != .up else { return .drop(.exif) }
                let kept = orientation.exifAPP1Payload
                return payload.elementsEqual(kept) ? .keep : .replace(payload: kept, .exif)
            }
            return .drop(payload.starts(with: xmpNamespace) ? .xmp : .otherApplicationData)
        case 0xE2:
            if payload.starts(with: iccProfile) { return .keep }
            return .drop(payload.starts(with: multiPicture) || payload.starts(with: flashPix) ? .thumbnails : .otherApplicationData)
        case 0xED:
            return .drop(.photoshop)
        case 0xEE:
            // Adobe's segment says how the decoder turns the samples into colours.
            return payload.starts(with: adobe) ? .keep : .drop(.otherApplicationData)
        case 0xE3...0xEF:
            return .drop(.otherApplicationData)
        case 0xFE:
            return .drop(.text)
        default:
            return .keep
        }
    }

    /// JFIF's header is kept; a thumbnail in it (its width and height not zero, or bytes
    /// after them) is dropped.
    private static func jfifFate(_ payload: ArraySlice<UInt8>) -> Fate {
        let sizeAt = payload.startIndex + jfifHeaderLength
        guard payload.count >= jfifHeaderLength + 2 else { return .keep }
        guard payload.count > jfifHeaderLength + 2 || payload[sizeAt] != 0 || payload[sizeAt + 1] != 0 else { return .keep }
        return .replace(payload: Array(payload[..<sizeAt]) + [0, 0], .thumbnails)
    }

    /// The offset of the marker that ends a scan's entropy-coded data starting at `start` (of
    /// the first 0xFF of any fill before it), or `bytes.count` when none does. In the data,
    /// 0xFF is followed by 0x00 (a stuffed byte) or opens a restart marker, RST0 to RST7.
    static func nextMarker(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { data in
            var index = start
            let last = data.count - 1
            while index < last {
                if data[index] != 0xFF {
                    index += 1
                    continue
                }
                let next = data[index + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    index += 2
                } else {
                    return index
                }
            }
            return data.count
        }
    }
}
