import Foundation

/// A small site for the archive's tests: files of several sizes (5 bytes, none, exactly
/// one block, more than the writer's 256 KiB buffer) and a path that needs ustar's prefix
/// field.
public enum TarTestSite {
    public static let longFolder = String(repeating: "d", count: 60) + "/" + String(repeating: "e", count: 50)
    public static let longPath = longFolder + "/f.txt"
    /// What the archive holds, in its order: folders first, each before what is in it.
    public static let entries = [
        "a.txt", longFolder.components(separatedBy: "/")[0] + "/", longFolder + "/", longPath, "sub/", "sub/big.bin", "sub/empty", "sub/exactly512",
    ]

    /// The site's files, written into `folder`; their paths and contents.
    public static func write(into folder: URL) throws -> [String: Data] {
        let files: [String: Data] = [
            "a.txt": Data("hello".utf8),
            "sub/empty": Data(),
            "sub/exactly512": Data(repeating: 7, count: 512),
            "sub/big.bin": Data((0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }),
            longPath: Data("long".utf8),
        ]
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return files
    }
}
