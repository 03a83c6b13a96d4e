import Foundation
import TestSupport
import XCTest

@testable import SampleAPI

/// The demo's PNG encoder against an independent inflater: python3's zlib, run as a
/// separate program.
final class PNGEncoderTests: XCTestCase {
    func test_encode_IDATInflatesToTheUpFilteredRows() throws {
        let python = try requirePython()
        let cases: [(String, Int, Int, [UInt8])] = [
            ("noise", 31, 17, PNGTestBytes.pixels(width: 31, height: 17)),
            ("uniform", 120, 100, [UInt8](repeating: 0x42, count: 120 * 100 * 3)),
            ("stripes", 200, 80, stripes(width: 200, height: 80)),
            ("single pixel", 1, 1, [9, 8, 7]),
        ]
        let folder = try makeTemporaryFolder(for: self)
        let streams = try cases.map { _, width, height, input in
            try XCTUnwrap(PNGTestBytes.chunks(PNGEncoder.encode(width: width, height: height, pixels: input)).first { $0.type == "IDAT" }).data
        }

        let inflated = try inflate(streams, python: python, in: folder)

        for ((name, width, height, input), output) in zip(cases, inflated) {
            XCTAssertEqual(output, PNGTestBytes.upFiltered(input, width: width, height: height), name)
        }
    }

    func test_zlib_inflatesToTheInputForEveryKindOfMatch() throws {
        let python = try requirePython()
        let folder = try makeTemporaryFolder(for: self)
        let far = PNGTestBytes.noise(count: 40_000, seed: 1)
        let inputs: [(String, [UInt8])] = [
            ("empty", []),
            ("one byte", [0xFF]),
            ("two bytes", [1, 2]),
            ("all literals 0...255", (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }),
            ("long run over 258", [UInt8](repeating: 7, count: 5_000)),
            ("exactly 258 repeated", Array(PNGTestBytes.noise(count: 258, seed: 2)) + Array(PNGTestBytes.noise(count: 258, seed: 2))),
            (
                "repeat at every distance bucket",
                [
                    1, 2, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
                    32768,
                ].flatMap { distance in
                    let chunk = PNGTestBytes.noise(count: distance, seed: UInt64(distance))
                    return chunk + chunk.prefix(20)
                }
            ),
            ("match beyond the 32 KiB window", far + Array(far.prefix(300))),
            ("noise", PNGTestBytes.noise(count: 70_000, seed: 3)),
        ]

        let inflated = try inflate(inputs.map { PNGEncoder.zlib($0.1) }, python: python, in: folder)

        for ((name, input), output) in zip(inputs, inflated) {
            XCTAssertEqual(output, input, name)
        }
    }

    // MARK: - Helpers

    private func stripes(width: Int, height: Int) -> [UInt8] {
        (0..<height).flatMap { row in
            (0..<width).flatMap { column -> [UInt8] in
                let band = UInt8((column / 10 + row / 16) % 5)
                return [band &* 50, 255 &- band &* 40, UInt8(row % 3)]
            }
        }
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
        guard status == 0 else { throw PNGTestBytes.Malformed(description: "python3 zlib could not inflate a stream (exit \(status))") }
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
