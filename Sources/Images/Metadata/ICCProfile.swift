import ImageHeaders

/// The colour profile a JPEG carries, so that a picture made from it can carry it too.
public enum ICCProfile {
    /// The largest profile kept: real ones are a few hundred kilobytes at most.
    public static let maximumSize = 4 << 20

    /// The APP2 "ICC_PROFILE" chunks joined in the order of their sequence numbers; nil when there
    /// are none, when one is missing, repeated or disagrees with the others on their count, when
    /// the whole is larger than `maximumSize`, or when it does not start as a profile does (its
    /// header's size no larger than the bytes, its "acsp" signature). Bytes past the size the
    /// header gives are dropped.
    public static func read(fromJPEG bytes: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [ArraySlice<UInt8>?] = []
        var total = 0
        for segment in JPEGMarkerWalk.segments(in: bytes) where segment.marker == 0xE2 && segment.payload.starts(with: signature) {
            // After the signature: the chunk's number (from 1), the number of chunks, the data.
            let header = segment.payload.startIndex + signature.count
            guard header + 2 <= segment.payload.endIndex else { return nil }
            let number = Int(segment.payload[header])
            let count = Int(segment.payload[header + 1])
            guard count > 0, number > 0, number <= count else { return nil }
            if chunks.isEmpty { chunks = Array(repeating: nil, count: count) }
            guard count == chunks.count, chunks[number - 1] == nil else { return nil }
            let data = segment.payload[(header + 2)...]
            total += data.count
            guard total <= maximumSize else { return nil }
            chunks[number - 1] = data
        }
        guard !chunks.isEmpty else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(total)
        for chunk in chunks {
            guard let chunk else { return nil }
            profile += chunk
        }
        guard profile.count >= 128, profile[36..<40].elementsEqual("acsp".utf8) else { return nil }
        let declared = Int(profile[0]) << 24 | Int(profile[1]) << 16 | Int(profile[2]) << 8 | Int(profile[3])
        guard declared >= 128, declared <= profile.count else { return nil }
        profile.removeLast(profile.count - declared)
        return profile
    }
}
