import Deflate
import XCTest

final class ZlibInflaterTests: XCTestCase {
    /// Bytes that compress poorly, so their stream is many pieces long.
    private let bytes: [UInt8] = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }

    func test_read_givesTheBytesInReadsOfTheSizeAskedWhileTheStreamArrivesInSmallPieces() throws {
        let stream = Zlib.deflate(bytes)
        let inflater = try Zlib.Inflater()
        for start in Swift.stride(from: 0, to: stream.count, by: 7) { inflater.append(stream[start..<min(start + 7, stream.count)]) }

        var out: [UInt8] = []
        var size = 1
        while out.count < bytes.count {
            let asked = min(size, bytes.count - out.count)
            var chunk = [UInt8](repeating: 0, count: asked)
            let got = try chunk.withUnsafeMutableBytes { try inflater.read(into: $0) }
            XCTAssertEqual(got, asked, "every read before the stream's end is filled")
            out += chunk
            size = size % 13 + 1
        }

        XCTAssertEqual(out, bytes)
        XCTAssertTrue(try inflater.endsHere())
    }

    func test_read_givesFewerBytesThanAskedOnlyWhereTheStreamEnds() throws {
        let inflater = try Zlib.Inflater()
        inflater.append(Zlib.deflate(bytes)[...])
        var buffer = [UInt8](repeating: 0, count: bytes.count + 10)

        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }, bytes.count)
        XCTAssertEqual(Array(buffer.prefix(bytes.count)), bytes)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }, 0)
    }

    func test_endsHere_isFalseWhileTheStreamHoldsMoreBytesAndIgnoresBytesAfterItsEnd() throws {
        let inflater = try Zlib.Inflater()
        inflater.append((Zlib.deflate(bytes) + [1, 2, 3])[...])
        var buffer = [UInt8](repeating: 0, count: bytes.count - 1)

        _ = try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }
        XCTAssertFalse(try inflater.endsHere(), "one byte is left")
        XCTAssertTrue(try inflater.endsHere(), "then only bytes after the stream's end")
    }

    func test_read_saysTruncatedWhenTheBytesAppendedRunOutBeforeTheStreamEnds() throws {
        let stream = Zlib.deflate(bytes)
        let inflater = try Zlib.Inflater()
        inflater.append(stream.prefix(stream.count / 2))
        var buffer = [UInt8](repeating: 0, count: bytes.count)

        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }) {
            XCTAssertEqual($0 as? Zlib.Failure, .truncated)
        }
    }

    func test_read_refusesAStreamWhoseCheckValueIsWrong() throws {
        var stream = Zlib.deflate(bytes)
        stream[stream.count - 1] ^= 1
        let inflater = try Zlib.Inflater()
        inflater.append(stream[...])
        var buffer = [UInt8](repeating: 0, count: bytes.count)

        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) } + (inflater.endsHere() ? 0 : 1)) {
            XCTAssertEqual($0 as? Zlib.Failure, .malformed("incorrect data check"))
        }
    }

    func test_read_refusesBytesThatAreNoZlibStream() throws {
        let inflater = try Zlib.Inflater()
        inflater.append(Array("not a stream".utf8)[...])
        var buffer = [UInt8](repeating: 0, count: 100)

        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }) { error in
            guard case .malformed? = error as? Zlib.Failure else { return XCTFail("\(error)") }
        }
    }
}
