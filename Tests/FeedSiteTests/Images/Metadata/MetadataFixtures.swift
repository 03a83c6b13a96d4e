import Foundation

/// The metadata tests' pictures, read from Fixtures/metadata, and JPEGs put together from segments.
enum MetadataFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/metadata")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// One marker segment: 0xFF, the marker, the length (two bytes, counting themselves), the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
        out.append(contentsOf: payload)
        return out
    }

    /// Start of image, the segments, a scan's header with a few bytes, end of image.
    static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        for segment in segments { out.append(contentsOf: segment) }
        out.append(contentsOf: segment(0xDA, [1, 1, 0, 0, 63, 0]))
        out.append(contentsOf: [0x12, 0x34, 0xFF, 0xD9])
        return out
    }

    /// An APP2 "ICC_PROFILE" chunk.
    static func iccChunk(number: UInt8, of count: UInt8, _ data: ArraySlice<UInt8>) -> [UInt8] {
        var payload = Array("ICC_PROFILE".utf8) + [0, number, count]
        payload.append(contentsOf: data)
        return segment(0xE2, payload)
    }
}
