import Foundation

/// The system's GNU tar, for reading the archives feedsite writes as others would.
enum GNUTar {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What `tar arguments…` prints, its output kept in a file in `folder` so that a large
    /// one cannot block it.
    static func output(_ arguments: [String], in folder: URL) throws -> Data {
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar"] + arguments
        let output = folder.appendingPathComponent(".tar-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        tar.standardOutput = try FileHandle(forWritingTo: output)
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else { throw Failure(description: "tar \(arguments.joined(separator: " ")) exited with \(tar.terminationStatus)") }
        return try Data(contentsOf: output)
    }
}
