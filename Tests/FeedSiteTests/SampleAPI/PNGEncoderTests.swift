import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import SampleAPI

final class PNGEncoderTests: XCTestCase {
    // MARK: - Checksums

    func test_crc32_matchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func test_crc32_ofKnownInputs() {
        XCTAssertEqual(CRC32.checksum([]), 0)
        XCTAssertEqual(CRC32.checksum(Array("IEND".utf8)), 0xAE42_6082, "the CRC every PNG ends with")
    }

    func test_adler32_matchesTheReferenceValue() {
        XCTAssertEqual(PNGEncoder.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    }

    func test_adler32_ofEmptyInputIsOne() {
        XCTAssertEqual(PNGEncoder.adler32([]), 1)
    }

    func test_adler32_wrapsModulo65521OnLongInput() {
        let data = [UInt8](repeating: 0xFF, count: 100_000)
        var a: UInt64 = 1
        var b: UInt64 = 0
        for byte in data {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }

        XCTAssertEqual(PNGEncoder.adler32(data), UInt32(b << 16 | a))
    }

    // MARK: - PNG structure

    func test_encode_startsWithThePNGSignature() {
        let png = PNGEncoder.encode(width: 2, height: 2, pixels: pixels(width: 2, height: 2))

        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(ImageFormat.detect(png), .png)
    }

    func test_encode_writesIHDRThenIDATThenIEND() throws {
        let chunks = try parseChunks(PNGEncoder.encode(width: 3, height: 2, pixels: pixels(width: 3, height: 2)))

        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        XCTAssertEqual(chunks.last?.data, [], "IEND is empty")
    }

    func test_encode_IHDRHoldsSizeBitDepth8AndColourTypeRGB() throws {
        let chunks = try parseChunks(PNGEncoder.encode(width: 300, height: 70, pixels: pixels(width: 300, height: 70)))
        let header = try XCTUnwrap(chunks.first { $0.type == "IHDR" }).data

        XCTAssertEqual(header.count, 13)
        XCTAssertEqual(bigEndian(header[0..<4]), 300, "width")
        XCTAssertEqual(bigEndian(header[4..<8]), 70, "height")
        XCTAssertEqual(header[8], 8, "bit depth")
        XCTAssertEqual(header[9], 2, "colour type RGB")
        XCTAssertEqual(Array(header[10..<13]), [0, 0, 0], "deflate, adaptive filtering, no interlace")
    }

    func test_encode_writesChunkCRCsThatVerify() throws {
        let png = PNGEncoder.encode(width: 17, height: 9, pixels: pixels(width: 17, height: 9))

        for chunk in try parseChunks(png) {
            XCTAssertEqual(chunk.crc, CRC32.checksum(Array(chunk.type.utf8) + chunk.data), "CRC of \(chunk.type)")
        }
    }

    func test_encode_endsWithTheStandardIENDChunk() {
        let png = PNGEncoder.encode(width: 1, height: 1, pixels: [1, 2, 3])

        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    func test_encode_IDATIsAZlibStreamWithValidHeaderAndAdler32OfTheFilteredRows() throws {
        let (width, height) = (5, 4)
        let input = pixels(width: width, height: height)
        let idat = try XCTUnwrap(parseChunks(PNGEncoder.encode(width: width, height: height, pixels: input)).first { $0.type == "IDAT" }).data

        XCTAssertEqual(idat[0] & 0x0F, 8, "compression method deflate")
        XCTAssertLessThanOrEqual(idat[0] >> 4, 7, "window of at most 32 KiB")
        XCTAssertEqual((Int(idat[0]) << 8 | Int(idat[1])) % 31, 0, "FCHECK")
        XCTAssertEqual(idat[1] & 0x20, 0, "no preset dictionary")
        XCTAssertEqual(bigEndian(idat.suffix(4)), PNGEncoder.adler32(upFiltered(input, width: width, height: height)))
    }

    func test_encode_isDeterministic() {
        let input = pixels(width: 40, height: 30)

        XCTAssertEqual(PNGEncoder.encode(width: 40, height: 30, pixels: input), PNGEncoder.encode(width: 40, height: 30, pixels: input))
    }

    func test_encode_differentPixelsGiveDifferentBytes() {
        var other = pixels(width: 8, height: 8)
        other[100] &+= 1

        XCTAssertNotEqual(PNGEncoder.encode(width: 8, height: 8, pixels: pixels(width: 8, height: 8)), PNGEncoder.encode(width: 8, height: 8, pixels: other))
    }

    func test_encode_compressesUniformImagesWell() {
        let png = PNGEncoder.encode(width: 200, height: 200, pixels: [UInt8](repeating: 0x80, count: 200 * 200 * 3))

        XCTAssertLessThan(png.count, 200 * 200 * 3 / 20)
    }

    // MARK: - Decompression by an independent inflater

    func test_encode_IDATInflatesToTheUpFilteredRows() throws {
        let python = try requirePython()
        let cases: [(String, Int, Int, [UInt8])] = [
            ("noise", 31, 17, pixels(width: 31, height: 17)),
            ("uniform", 120, 100, [UInt8](repeating: 0x42, count: 120 * 100 * 3)),
            ("stripes", 200, 80, stripes(width: 200, height: 80)),
            ("single pixel", 1, 1, [9, 8, 7]),
        ]
        let folder = try makeTemporaryFolder(for: self)
        let streams = try cases.map { _, width, height, input in
            try XCTUnwrap(parseChunks(PNGEncoder.encode(width: width, height: height, pixels: input)).first { $0.type == "IDAT" }).data
        }

        let inflated = try inflate(streams, python: python, in: folder)

        for ((name, width, height, input), output) in zip(cases, inflated) {
            XCTAssertEqual(output, upFiltered(input, width: width, height: height), name)
        }
    }

    func test_zlib_inflatesToTheInputForEveryKindOfMatch() throws {
        let python = try requirePython()
        let folder = try makeTemporaryFolder(for: self)
        let far = noise(count: 40_000, seed: 1)
        let inputs: [(String, [UInt8])] = [
            ("empty", []),
            ("one byte", [0xFF]),
            ("two bytes", [1, 2]),
            ("all literals 0...255", (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }),
            ("long run over 258", [UInt8](repeating: 7, count: 5_000)),
            ("exactly 258 repeated", Array(noise(count: 258, seed: 2)) + Array(noise(count: 258, seed: 2))),
            (
                "repeat at every distance bucket",
                [
                    1, 2, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
                    32768,
                ].flatMap { distance in
                    let chunk = noise(count: distance, seed: UInt64(distance))
                    return chunk + chunk.prefix(20)
                }
            ),
            ("match beyond the 32 KiB window", far + Array(far.prefix(300))),
            ("noise", noise(count: 70_000, seed: 3)),
        ]

        let inflated = try inflate(inputs.map { PNGEncoder.zlib($0.1) }, python: python, in: folder)

        for ((name, input), output) in zip(inputs, inflated) {
            XCTAssertEqual(output, input, name)
        }
    }

    // MARK: - Helpers

    private struct Chunk {
        let type: String
        let data: [UInt8]
        let crc: UInt32
    }

    private struct MalformedPNG: Error, CustomStringConvertible {
        let description: String
    }

    private func parseChunks(_ png: [UInt8]) throws -> [Chunk] {
        guard png.count >= 8 else { throw MalformedPNG(description: "shorter than the signature") }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < png.count {
            guard offset + 12 <= png.count else { throw MalformedPNG(description: "truncated chunk at \(offset)") }
            let length = Int(bigEndian(png[offset..<offset + 4]))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= png.count else { throw MalformedPNG(description: "chunk \(type) longer than the file") }
            let data = Array(png[offset + 8..<offset + 8 + length])
            let crc = bigEndian(png[offset + 8 + length..<offset + 12 + length])
            chunks.append(Chunk(type: type, data: data, crc: crc))
            offset += 12 + length
        }
        return chunks
    }

    private func bigEndian<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Each row prefixed by filter type 2 ("Up") and holding each byte minus the one above.
    private func upFiltered(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let rowLength = width * 3
        var out: [UInt8] = []
        for row in 0..<height {
            out.append(2)
            for column in 0..<rowLength {
                let above = row == 0 ? 0 : pixels[(row - 1) * rowLength + column]
                out.append(pixels[row * rowLength + column] &- above)
            }
        }
        return out
    }

    private func pixels(width: Int, height: Int) -> [UInt8] {
        noise(count: width * height * 3, seed: UInt64(width * 1000 + height))
    }

    private func stripes(width: Int, height: Int) -> [UInt8] {
        (0..<height).flatMap { row in
            (0..<width).flatMap { column -> [UInt8] in
                let band = UInt8((column / 10 + row / 16) % 5)
                return [band &* 50, 255 &- band &* 40, UInt8(row % 3)]
            }
        }
    }

    /// SplitMix64 bytes: the same every run.
    private func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            out.append(UInt8(truncatingIfNeeded: z))
        }
        return out
    }

    private func requirePython() throws -> URL {
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let (status, _) = try run(env, ["python3", "-c", "import zlib"])
        guard status == 0 else { throw XCTSkip("python3 with zlib is not available") }
        return env
    }

    /// Inflates zlib streams with python3's zlib, in one process.
    private func inflate(_ streams: [[UInt8]], python env: URL, in folder: URL) throws -> [[UInt8]] {
        let files = try streams.map { stream in
            let file = folder.appendingPathComponent(UUID().uuidString)
            try Data(stream).write(to: file)
            return file
        }
        let script = "import sys, zlib\nfor path in sys.argv[1:]:\n    open(path + '.out', 'wb').write(zlib.decompress(open(path, 'rb').read()))"
        let (status, _) = try run(env, ["python3", "-c", script] + files.map(\.path))
        guard status == 0 else { throw MalformedPNG(description: "python3 zlib could not inflate a stream (exit \(status))") }
        return try files.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0.path + ".out"))) }
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
