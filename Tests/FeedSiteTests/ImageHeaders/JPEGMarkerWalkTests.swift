import ImageHeaders
import XCTest

final class JPEGMarkerWalkTests: XCTestCase {
    func test_segments_listsEachSegmentsMarkerAndPayloadInOrderUpToTheScan() {
        let bytes = jpeg([segment(0xE0, [1, 2, 3]), segment(0xE1, []), segment(0xDB, [4, 5])])

        let segments = JPEGMarkerWalk.segments(in: bytes)

        XCTAssertEqual(segments.map(\.marker), [0xE0, 0xE1, 0xDB])
        XCTAssertEqual(segments.map { Array($0.payload) }, [[1, 2, 3], [], [4, 5]])
    }

    func test_segments_passOverFillBytesAndMarkersThatStandAlone() {
        let bytes: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xFF, 0xFF] + Array(segment(0xE0, [1]).dropFirst()) + [0xFF, 0x01, 0xFF, 0xD3, 0xFF, 0xD8] + segment(0xE2, [2])

        XCTAssertEqual(JPEGMarkerWalk.segments(in: bytes).map(\.marker), [0xE0, 0xE2])
    }

    func test_segments_endAtASegmentThatRunsPastTheEnd() {
        let bytes = [0xFF, 0xD8] + segment(0xE0, [1, 2]) + [0xFF, 0xE1, 0x00, 0x10, 1, 2, 3]

        XCTAssertEqual(JPEGMarkerWalk.segments(in: bytes).map(\.marker), [0xE0])
    }

    func test_segments_endAtALengthBelowTwo() {
        for length: UInt8 in [0, 1] {
            let bytes = [0xFF, 0xD8] + segment(0xE0, [1]) + [0xFF, 0xE1, 0x00, length] + segment(0xE2, [2])

            XCTAssertEqual(JPEGMarkerWalk.segments(in: bytes).map(\.marker), [0xE0], "length \(length)")
        }
    }

    func test_segments_ofBytesWithoutTheStartOfImageMarkerAreNone() {
        XCTAssertEqual(JPEGMarkerWalk.segments(in: []), [])
        XCTAssertEqual(JPEGMarkerWalk.segments(in: [0xFF]), [])
        XCTAssertEqual(JPEGMarkerWalk.segments(in: Array(jpeg([segment(0xE0, [1])]).dropFirst())), [])
        XCTAssertEqual(JPEGMarkerWalk.segments(in: [0x89, 0x50] + segment(0xE0, [1])), [])
    }

    func test_segments_endAtABytePlacedWhereAMarkerMustBe() {
        XCTAssertEqual(JPEGMarkerWalk.segments(in: [0xFF, 0xD8] + segment(0xE0, [1]) + [0x12] + segment(0xE1, [2])).map(\.marker), [0xE0])
        XCTAssertEqual(JPEGMarkerWalk.segments(in: [0xFF, 0xD8] + segment(0xE0, [1]) + [0xFF, 0x00] + segment(0xE1, [2])).map(\.marker), [0xE0])
    }

    func test_next_reportsEachEndOfTheWalk() {
        XCTAssertEqual(events([0x00, 0xD8]), [.end(.notJPEG)])
        XCTAssertEqual(events([0xFF, 0xD8, 0xFF, 0xD9]), [.end(.endOfImage)])
        XCTAssertEqual(events([0xFF, 0xD8, 0x42]), [.end(.notAMarker)])
        XCTAssertEqual(events([0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x01]), [.end(.badLength)])
        XCTAssertEqual(
            events([0xFF, 0xD8] + segment(0xDA, [1, 2]) + [0x55, 0xFF, 0x00]), [.segment(marker: 0xDA, payloadLength: 2), .end(.startOfScan)],
            "the image data after the scan's header is not walked")
    }

    func test_next_givesNilWhenTheBytesEndMidWayAndGoesOnWithMore() {
        let bytes = jpeg([segment(0xE0, [1, 2, 3]), segment(0xC0, [8, 0, 2, 0, 3])])
        let whole = events(bytes)

        for split in 0...bytes.count {
            var walk = JPEGMarkerWalk()
            var first = ByteReader(bytes[..<split])
            var found = walk.events(from: &first)
            XCTAssertTrue(first.isAtEnd || walk.end != nil, "split at \(split)")
            var second = ByteReader(bytes[split...])
            if walk.end == nil { found += walk.events(from: &second) }
            XCTAssertEqual(found, whole, "split at \(split)")
        }
    }

    func test_take_aByteAtATimeGivesWhatTheWholeBytesGive() {
        let bytes = jpeg([segment(0xE0, [1, 2, 3]), segment(0xE1, []), segment(0xC2, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])])
        var walk = JPEGMarkerWalk()

        let taken = bytes.compactMap { walk.take($0) }

        XCTAssertEqual(Array(taken.prefix(5)), events(bytes))
        XCTAssertEqual(walk.end, .startOfScan)
    }

    func test_isReadingLength_onlyBetweenASegmentsMarkerAndItsLength() {
        var walk = JPEGMarkerWalk()
        for byte: UInt8 in [0xFF, 0xD8, 0xFF, 0xFF] { _ = walk.take(byte) }
        XCTAssertFalse(walk.isReadingLength)

        _ = walk.take(0xE0)
        XCTAssertTrue(walk.isReadingLength)
        _ = walk.take(0x00)
        XCTAssertTrue(walk.isReadingLength)
        XCTAssertEqual(walk.take(0x05), .segment(marker: 0xE0, payloadLength: 3))
        XCTAssertFalse(walk.isReadingLength)
        XCTAssertEqual(walk.payloadRemaining, 3)
    }

    func test_passPayload_passesNoMoreThanThePayload() {
        var walk = JPEGMarkerWalk(from: .betweenSegments)
        for byte in segment(0xE0, [1, 2, 3]).prefix(4) { _ = walk.take(byte) }

        walk.passPayload(2)
        XCTAssertEqual(walk.payloadRemaining, 1)
        walk.passPayload(100)
        XCTAssertEqual(walk.payloadRemaining, 0)
        XCTAssertEqual(walk.take(0x42), .end(.notAMarker), "the byte after the payload is where a marker must be")
    }

    func test_skippingStrayBytes_passesOverThemToTheNextMarker() {
        let bytes: [UInt8] = [0x12, 0x34, 0xFF, 0x00, 0x56] + segment(0xDB, [7]) + [0x99, 0xFF, 0xFF, 0xD9]
        var walk = JPEGMarkerWalk(from: .betweenSegments, strayBytes: .skip)
        var reader = ByteReader(bytes)

        XCTAssertEqual(walk.next(from: &reader), .segment(marker: 0xDB, payloadLength: 1))
        XCTAssertEqual(walk.next(from: &reader), .end(.endOfImage))
    }

    func test_isFrameHeader_leavesOutTheTablesThatShareTheRange() {
        let frames = (0...255).map(UInt8.init).filter(JPEGMarkerWalk.isFrameHeader)

        XCTAssertEqual(frames, [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
    }

    // MARK: - Helpers

    /// Every event of a walk over the whole of `bytes`, to its end or theirs.
    private func events(_ bytes: [UInt8]) -> [JPEGMarkerWalk.Event] {
        var walk = JPEGMarkerWalk()
        var reader = ByteReader(bytes)
        return walk.events(from: &reader)
    }

    /// Start of image, the segments, a scan's header and a few bytes of its data.
    private func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        [0xFF, 0xD8] + segments.joined() + segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9]
    }

    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }
}

extension JPEGMarkerWalk {
    /// The events `reader`'s bytes give, up to the walk's end or theirs.
    fileprivate mutating func events(from reader: inout ByteReader) -> [Event] {
        var found: [Event] = []
        while let event = next(from: &reader) {
            found.append(event)
            if case .end = event { break }
        }
        return found
    }
}
