#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Hashing

/// SHA-256 of a file, read in chunks so memory stays flat whatever the file's size.
public enum FileDigest {
    public struct Result: Equatable, Sendable {
        public let sha256: String
        public let byteCount: Int
        /// The first bytes, for telling the file's type.
        public let head: [UInt8]
    }

    private static let chunkSize = 256 * 1024

    /// The digest of the file at `url`, or `nil` when there is no such file.
    public static func sha256(ofFileAt url: URL) throws(FileSystemError) -> Result? {
        try sha256(ofFileAtPath: url.path)
    }

    public static func sha256(ofFileAtPath path: String) throws(FileSystemError) -> Result? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemError.fromErrno()
        }
        defer { close(descriptor) }
        var hasher = SHA256()
        var count = 0
        var head: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let read = systemRead(descriptor, buffer.baseAddress!, chunkSize)
            if read < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.fromErrno()
            }
            if read == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<read])
            if head.count < 16 { head.append(contentsOf: chunk.prefix(16 - head.count)) }
            hasher.update(chunk)
            count += read
        }
        return Result(sha256: SHA256.hex(hasher.finalize()), byteCount: count, head: head)
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, pointer, count)
    #else
        Darwin.read(descriptor, pointer, count)
    #endif
}
