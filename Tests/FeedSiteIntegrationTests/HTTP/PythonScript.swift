import Foundation
import XCTest

/// A short Python program run for a test, to read a file with the standard library the
/// way other tools read it (gzip members, ZIP entries); a test without Python is skipped.
enum PythonScript {
    /// What `script` printed, given `arguments`; it must exit 0.
    static func output(of script: String, _ arguments: [String], skipping why: String) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no Python to \(why)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "Python could \(why)")
        return data
    }
}
