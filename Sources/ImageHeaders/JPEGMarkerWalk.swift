/// A JPEG's marker segments, from its start-of-image marker to its image data, walked a
/// byte at a time as the file arrives (`take`, `passPayload`) or over bytes at hand
/// (`next(from:)`, `segments(in:)`).
///
/// A marker is 0xFF and a code; any number of 0xFF may pad the space before it. Most markers
/// open a segment whose first two bytes give its length, themselves included: the walk
/// reports the marker and the length of the payload after them, and passes over whatever of
/// the payload its caller does not read. TEM, RST0 to RST7 and a repeated SOI stand alone and
/// are passed over. The start-of-scan segment (SOS) is the last one reported: the image data
/// follows it. The walk ends there, at the end-of-image marker, or at bytes that break the
/// rules.
public struct JPEGMarkerWalk: Sendable, Equatable {
    public enum Event: Equatable, Sendable {
        /// A segment's marker (the byte after 0xFF) and the length of its payload, the bytes
        /// that come next.
        case segment(marker: UInt8, payloadLength: Int)
        /// The walk is over: later bytes are not read.
        case end(End)
    }

    /// Why a walk ended.
    public enum End: Equatable, Sendable {
        /// The payload of the start-of-scan segment has passed: the image data begins.
        case startOfScan
        /// The end-of-image marker.
        case endOfImage
        /// The bytes do not open with the start-of-image marker, 0xFF 0xD8.
        case notJPEG
        /// A byte other than 0xFF where a marker must start, or 0xFF 0x00, which is no marker.
        case notAMarker
        /// A segment's length below 2, less than its own two bytes.
        case badLength
    }

    /// Where a walk starts.
    public enum Start: Sendable {
        /// At the file's first byte, which must open the start-of-image marker.
        case startOfImage
        /// Between two segments, or after a scan's image data: at a marker or the fill before it.
        case betweenSegments
    }

    /// What the walk does with bytes where a marker should be that are none.
    public enum StrayBytes: Sendable {
        /// Ends the walk (`.notAMarker`): what a reader of headers does.
        case end
        /// Passes over them to the next marker, as a decoder that makes the best of a damaged
        /// file does.
        case skip
    }

    /// The bytes of the start-of-image marker, which every JPEG file opens with.
    public static let startOfImage: [UInt8] = [0xFF, 0xD8]

    private enum State: Equatable, Sendable {
        case startOfImage(seen: Int)
        /// The 0xFF that opens a marker.
        case markerStart
        /// The marker's code, after any 0xFF fill.
        case markerCode
        case lengthHigh(marker: UInt8)
        case lengthLow(marker: UInt8, high: UInt8)
        case payload(marker: UInt8, remaining: Int)
        case ended(End)
    }

    private var state: State
    private let strayBytes: StrayBytes

    public init(from start: Start = .startOfImage, strayBytes: StrayBytes = .end) {
        self.state = start == .startOfImage ? .startOfImage(seen: 0) : .markerStart
        self.strayBytes = strayBytes
    }

    /// Whether the code is a frame header's, SOF0 to SOF15: not DHT (0xC4), JPG (0xC8) or
    /// DAC (0xCC), which share their range.
    public static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Why the walk ended; nil while it goes on.
    public var end: End? {
        if case let .ended(end) = state { return end }
        return nil
    }

    /// The bytes of the current segment's payload still to come.
    public var payloadRemaining: Int {
        if case let .payload(_, remaining) = state { return remaining }
        return 0
    }

    /// Whether the walk has read a segment's marker and waits for its length.
    public var isReadingLength: Bool {
        switch state {
        case .lengthHigh, .lengthLow: true
        default: false
        }
    }

    /// Takes the file's next byte: the event it completes, if any. A byte of a payload is
    /// passed over; after the end, every byte gives the end again.
    public mutating func take(_ byte: UInt8) -> Event? {
        switch state {
        case let .startOfImage(seen):
            guard byte == Self.startOfImage[seen] else { return finish(.notJPEG) }
            state = seen == 0 ? .startOfImage(seen: 1) : .markerStart
        case .markerStart:
            if byte == 0xFF {
                state = .markerCode
            } else if strayBytes == .end {
                return finish(.notAMarker)
            }
        case .markerCode:
            return marker(byte)
        case let .lengthHigh(marker):
            state = .lengthLow(marker: marker, high: byte)
        case let .lengthLow(marker, high):
            let length = Int(high) << 8 | Int(byte)
            guard length >= 2 else { return finish(.badLength) }
            state = .payload(marker: marker, remaining: length - 2)
            if length == 2 { passPayload(0) }
            return .segment(marker: marker, payloadLength: length - 2)
        case .payload:
            passPayload(1)
        case let .ended(end):
            return .end(end)
        }
        return nil
    }

    /// Passes over `count` bytes of the current segment's payload, at most `payloadRemaining`.
    public mutating func passPayload(_ count: Int) {
        guard case let .payload(marker, remaining) = state else { return }
        let left = remaining - min(max(count, 0), remaining)
        if left > 0 {
            state = .payload(marker: marker, remaining: left)
        } else {
            state = marker == 0xDA ? .ended(.startOfScan) : .markerStart
        }
    }

    private mutating func marker(_ code: UInt8) -> Event? {
        switch code {
        case 0xFF:
            break  // fill before the marker
        case 0x01, 0xD0...0xD8:
            state = .markerStart  // TEM, RSTn and SOI have no length
        case 0x00:
            if strayBytes == .end { return finish(.notAMarker) }
            state = .markerStart
        case 0xD9:
            return finish(.endOfImage)
        default:
            state = .lengthHigh(marker: code)
        }
        return nil
    }

    private mutating func finish(_ end: End) -> Event {
        state = .ended(end)
        return .end(end)
    }
}
