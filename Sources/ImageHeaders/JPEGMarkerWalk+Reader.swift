extension JPEGMarkerWalk {
    /// A segment of a file at hand: its marker and its payload.
    public struct Segment: Equatable, Sendable {
        public let marker: UInt8
        public let payload: ArraySlice<UInt8>
    }

    /// Every segment from the start of the image to its image data, in file order, the
    /// start-of-scan segment left out. Bytes that are no JPEG give none; a segment that runs
    /// past the end of the bytes, or bytes that break the rules, end the list.
    public static func segments(in bytes: [UInt8]) -> [Segment] {
        var walk = JPEGMarkerWalk()
        var reader = ByteReader(bytes)
        var segments: [Segment] = []
        while case let .segment(marker, length) = walk.next(from: &reader), marker != 0xDA {
            guard let payload = try? reader.readBytes(length) else { break }
            walk.passPayload(length)
            segments.append(Segment(marker: marker, payload: payload))
        }
        return segments
    }

    /// Reads `reader` to the walk's next event, first passing over what is left of the
    /// payload before it; nil when `reader` ends first, all of it read: more bytes, from
    /// where it ended, take the walk on.
    public mutating func next(from reader: inout ByteReader) -> Event? {
        while true {
            if let end { return .end(end) }
            let payload = payloadRemaining
            if payload > 0 {
                let passed = min(payload, reader.remaining)
                try? reader.skip(passed)
                passPayload(passed)
                if passed < payload { return nil }
                continue
            }
            guard let byte = try? reader.readUInt8() else { return nil }
            if let event = take(byte) { return event }
        }
    }
}
