@testable import Images

/// A JPEG file split into its markers and segments, for tests that check what an encoder
/// wrote without decoding its pictures: it fails on anything out of place.
struct JPEGSegments {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// What a start-of-scan segment says.
    struct Scan: Equatable {
        let components: [Int]
        let spectralStart: Int
        let spectralEnd: Int
        let successiveHigh: Int
        let successiveLow: Int

        init(_ scan: ProgressiveScan) {
            self.init(
                components: scan.components, spectralStart: scan.spectralStart, spectralEnd: scan.spectralEnd, successiveHigh: scan.successiveHigh,
                successiveLow: scan.successiveLow)
        }

        init(components: [Int], spectralStart: Int, spectralEnd: Int, successiveHigh: Int, successiveLow: Int) {
            self.components = components
            self.spectralStart = spectralStart
            self.spectralEnd = spectralEnd
            self.successiveHigh = successiveHigh
            self.successiveLow = successiveLow
        }
    }

    /// Every marker in file order, SOI and EOI included.
    private(set) var markers: [UInt8] = []
    private(set) var payloads: [(marker: UInt8, bytes: [UInt8])] = []
    private(set) var scans: [Scan] = []
    /// How many 0xFF bytes of entropy-coded data were followed by a stuffed 0x00.
    private(set) var stuffedBytes = 0

    init(_ file: [UInt8]) throws {
        guard file.starts(with: [0xFF, 0xD8]) else { throw Malformed(description: "no SOI first") }
        markers = [0xD8]
        var position = 2
        while true {
            guard position + 1 < file.count, file[position] == 0xFF else { throw Malformed(description: "no marker at \(position)") }
            let marker = file[position + 1]
            markers.append(marker)
            position += 2
            if marker == 0xD9 {
                guard position == file.count else { throw Malformed(description: "\(file.count - position) bytes after EOI") }
                return
            }
            guard position + 1 < file.count else { throw Malformed(description: "the file ends in a segment's length") }
            let length = Int(file[position]) << 8 | Int(file[position + 1])
            guard length >= 2, position + length <= file.count else { throw Malformed(description: "segment \(marker) of \(length) bytes overruns") }
            let payload = Array(file[(position + 2)..<(position + length)])
            payloads.append((marker, payload))
            position += length
            if marker == 0xDA {
                try scans.append(Self.scan(payload))
                // Entropy-coded data runs to the next 0xFF that is not followed by a stuffed 0x00.
                while position + 1 < file.count, !(file[position] == 0xFF && file[position + 1] != 0) {
                    if file[position] == 0xFF {
                        stuffedBytes += 1
                        position += 1
                    }
                    position += 1
                }
            }
        }
    }

    /// The payloads of every `marker` segment, in order.
    func payload(of marker: UInt8) -> [[UInt8]] { payloads.filter { $0.marker == marker }.map(\.bytes) }

    /// The class and number byte of each table a DHT payload defines.
    static func tableClasses(_ payload: [UInt8]) -> [UInt8] {
        var classes: [UInt8] = []
        var position = 0
        while position + 17 <= payload.count {
            classes.append(payload[position])
            let symbols = payload[(position + 1)...(position + 16)].reduce(0) { $0 + Int($1) }
            position += 17 + symbols
        }
        return classes
    }

    private static func scan(_ payload: [UInt8]) throws -> Scan {
        guard let count = payload.first.map(Int.init), payload.count == 1 + 2 * count + 3 else {
            throw Malformed(description: "a scan header of \(payload.count) bytes")
        }
        let components = (0..<count).map { Int(payload[1 + 2 * $0]) - 1 }
        let bands = payload[(1 + 2 * count)...]
        let band = Array(bands)
        return Scan(
            components: components, spectralStart: Int(band[0]), spectralEnd: Int(band[1]), successiveHigh: Int(band[2] >> 4), successiveLow: Int(band[2] & 0xF)
        )
    }
}
