import Foundation
import Hashing
import TestSupport
import XCTest

/// SHA-256 against the system's sha256sum, a separate program.
final class SHA256Tests: XCTestCase {
    func test_hexDigest_agreesWithSystemSha256sumOnMultiMegabyteInput() throws {
        guard let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("sha256sum is not installed")
        }
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("input.bin")
        let message = SeededGenerator.bytes(count: 3 * 1024 * 1024 + 17, seed: 2024)
        try Data(message).write(to: file)

        let expected = try run(tool, arguments: [file.path]).split(separator: " ").first.map(String.init)

        var incremental = SHA256()
        var offset = 0
        while offset < message.count {
            let end = min(offset + 65_537, message.count)
            incremental.update(message[offset..<end])
            offset = end
        }
        XCTAssertEqual(SHA256.hexDigest(message), expected)
        XCTAssertEqual(SHA256.hex(incremental.finalize()), expected)
    }

    // MARK: - Helpers

    private func run(_ executable: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(executable) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
