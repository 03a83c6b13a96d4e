import ImageHeaders

/// Writes pictures as progressive JPEG files (JFIF): colour at 4:2:0, gray as one
/// component, Huffman tables made for each scan's own symbols.
public enum JPEGEncoder {
    /// The largest width or height a JPEG file can state.
    public static let maxSide = 65_535
    /// The most bytes of ICC profile a file can carry: 255 pieces of 65,519 bytes.
    public static let maxICCProfileBytes = 255 * iccChunkBytes

    /// Bytes of profile in one APP2 segment: its 65,535 bytes less the length field and the
    /// 14 bytes that name and number the piece.
    static let iccChunkBytes = 65_519

    /// `bitmap` (rgb or gray, 1 to `maxSide` pixels each way; the caller flattens alpha) as
    /// a JPEG file at `quality` (1 to 100, clamped; the common libraries' scale), carrying
    /// `iccProfile` when given. A profile that is empty or larger than `maxICCProfileBytes`
    /// cannot be carried and is left out.
    public static func encode(_ bitmap: Bitmap, quality: Int, iccProfile: [UInt8]? = nil) -> [UInt8] {
        precondition(bitmap.layout == .rgb || bitmap.layout == .gray, "the JPEG encoder takes rgb or gray pixels")
        precondition((1...maxSide).contains(bitmap.width) && (1...maxSide).contains(bitmap.height), "a JPEG file is 1 to 65,535 pixels each way")
        let luminance = QuantizationTable.standardLuminance.scaled(quality: quality)
        let chrominance = QuantizationTable.standardChrominance.scaled(quality: quality)
        let planes = BlockTransformer(luminance: luminance, chrominance: chrominance).planes(of: bitmap)
        let colour = planes.count == 3

        var header: [UInt8] = [0xFF, 0xD8]
        header += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        if let iccProfile, !iccProfile.isEmpty, iccProfile.count <= maxICCProfileBytes {
            header += iccSegments(iccProfile)
        }
        var tables: [UInt8] = [0x00] + zigzag(luminance)
        if colour { tables += [0x01] + zigzag(chrominance) }
        header += segment(0xDB, tables)
        var frame: [UInt8] = [8] + bigEndian(bitmap.height) + bigEndian(bitmap.width) + [UInt8(planes.count)]
        for (index, plane) in planes.enumerated() {
            frame += [UInt8(index + 1), UInt8(plane.horizontalSampling << 4 | plane.verticalSampling), index == 0 ? 0 : 1]
        }
        header += segment(0xC2, frame)

        var writer = JPEGBitWriter(bytes: header)
        let encoder = ScanEncoder(planes: planes)
        var symbols = ScanSymbols()
        for scan in ProgressiveScan.script(componentCount: planes.count) {
            symbols.removeAll()
            encoder.encode(scan, into: &symbols)
            var huffmanTables: [HuffmanTable?] = [nil, nil]
            if scan.usesHuffmanTables {
                var definitions: [UInt8] = []
                for slot in 0..<2 {
                    guard let frequencies = symbols.frequencies(ofTable: slot) else { continue }
                    let table = HuffmanTable(frequencies: frequencies)
                    huffmanTables[slot] = table
                    definitions += [UInt8((scan.isDC ? 0x00 : 0x10) | slot)] + table.counts + table.symbols
                }
                writer.append(segment(0xC4, definitions))
            }
            var start: [UInt8] = [UInt8(scan.components.count)]
            for component in scan.components {
                let slot = UInt8(ScanEncoder.table(ofComponent: component))
                start += [UInt8(component + 1), slot << 4 | slot]
            }
            start += [UInt8(scan.spectralStart), UInt8(scan.spectralEnd), UInt8(scan.successiveHigh << 4 | scan.successiveLow)]
            writer.append(segment(0xDA, start))
            symbols.write(into: &writer, tables: huffmanTables)
            writer.flush()
        }
        writer.append([0xFF, 0xD9])
        return writer.bytes
    }

    /// A marker segment: 0xFF, the marker, the length (itself included), the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian(payload.count + 2) + payload
    }

    /// The profile in APP2 segments, each named ICC_PROFILE and numbered from 1 with the count.
    static func iccSegments(_ profile: [UInt8]) -> [UInt8] {
        let count = (profile.count + iccChunkBytes - 1) / iccChunkBytes
        var segments: [UInt8] = []
        for index in 0..<count {
            let piece = profile[index * iccChunkBytes..<min(profile.count, (index + 1) * iccChunkBytes)]
            segments += segment(0xE2, Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(count)] + piece)
        }
        return segments
    }

    private static func zigzag(_ table: QuantizationTable) -> [UInt8] {
        ZigZag.naturalIndex.map { UInt8(table.values[$0]) }
    }

    private static func bigEndian(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
