import Foundation
import XCTest

@testable import Images

/// Our encoder's files as a third-party decoder (libjpeg-turbo's djpeg) read them: the
/// fixtures hold what we wrote and what djpeg decoded from it (see SOURCES.md there).
final class JPEGEncoderFixtureTests: XCTestCase {
    func test_encode_writesTheColourFileDjpegDecodedCloseToTheSource() throws {
        let source = try fixture("source-45x29.ppm")

        let file = JPEGEncoder.encode(source, quality: 90)

        XCTAssertEqual(file, try bytes("colour-q90.jpg"), "the encoder's output changed: decode it again with djpeg (SOURCES.md)")
        // libjpeg-turbo's own encoder at the same settings reaches 33.6 dB on this noisy source;
        // a coefficient in the wrong place, sign or scale would fall far below 30.
        XCTAssertGreaterThan(try psnr(fixture("colour-q90.djpeg.ppm"), source), 33)
    }

    func test_encode_writesTheGrayFileDjpegDecodedCloseToTheSource() throws {
        let source = try fixture("source-45x29.pgm")

        let file = JPEGEncoder.encode(source, quality: 75)

        XCTAssertEqual(file, try bytes("gray-q75.jpg"), "the encoder's output changed: decode it again with djpeg (SOURCES.md)")
        // libjpeg-turbo's own encoder at the same settings reaches 38.6 dB.
        XCTAssertGreaterThan(try psnr(fixture("gray-q75.djpeg.pgm"), source), 38)
    }

    private func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/jpegencoder")
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A binary PGM (P5) or PPM (P6) file of 8-bit samples as a bitmap.
    private func fixture(_ name: String) throws -> Bitmap {
        let file = try bytes(name)
        var fields: [Int] = []
        var position = 2
        while fields.count < 3 {
            while position < file.count, file[position] == 0x20 || file[position] == 0x0A { position += 1 }
            var value = 0
            while position < file.count, (0x30...0x39).contains(file[position]) {
                value = value * 10 + Int(file[position] - 0x30)
                position += 1
            }
            fields.append(value)
        }
        let layout: Bitmap.Layout = file[1] == UInt8(ascii: "6") ? .rgb : .gray
        let count = fields[0] * fields[1] * layout.channels
        XCTAssertEqual(fields[2], 255)
        return Bitmap(width: fields[0], height: fields[1], layout: layout, samples: Array(file[(position + 1)..<(position + 1 + count)]))
    }

    private func psnr(_ decoded: Bitmap, _ source: Bitmap) -> Double {
        XCTAssertEqual([decoded.width, decoded.height], [source.width, source.height])
        let squares = zip(decoded.samples, source.samples).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return 10 * log10(255 * 255 / (squares / Double(source.samples.count)))
    }
}
