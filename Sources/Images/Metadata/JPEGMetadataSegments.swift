/// The marker segments of a JPEG before its first scan, where APPn metadata lives.
enum JPEGMetadataSegments {
    struct Segment {
        /// The byte after 0xFF: 0xE1 for APP1, 0xE2 for APP2, …
        let marker: UInt8
        let payload: ArraySlice<UInt8>
    }

    /// Every segment from the start of the image up to the first scan (or the end of the image),
    /// in file order. A file that is no JPEG gives none; a segment that runs past the end of the
    /// file ends the list.
    static func segments(in bytes: [UInt8]) -> [Segment] {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return [] }
        var segments: [Segment] = []
        var position = 2
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else { return segments }
            // Any number of 0xFF may pad the space before a marker.
            var markerAt = position + 1
            while markerAt < bytes.count && bytes[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < bytes.count else { return segments }
            let marker = bytes[markerAt]
            switch marker {
            case 0xDA, 0xD9:
                return segments
            case 0x01, 0xD0...0xD7:
                position = markerAt + 1  // no length, no payload
            default:
                guard markerAt + 2 < bytes.count else { return segments }
                let length = Int(bytes[markerAt + 1]) << 8 | Int(bytes[markerAt + 2])
                let end = markerAt + 1 + length
                guard length >= 2, end <= bytes.count else { return segments }
                segments.append(Segment(marker: marker, payload: bytes[markerAt + 3..<end]))
                position = end
            }
        }
        return segments
    }
}
