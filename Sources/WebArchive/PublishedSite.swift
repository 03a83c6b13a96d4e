import Hashing

/// What a run published, as its web archive records it: each file as a `resource` record
/// at its address under `base`, or, when an earlier record of the folder holds its bytes, as
/// a `revisit` (profile identical-payload-digest) naming that record, so the archive grows
/// by what changed. A folder's `index.html` is also recorded at the folder's address, as a
/// revisit of the file's record, since a web server serves it there.
public struct PublishedSite: Sendable {
    /// A file of the site, as its manifest lists it.
    public struct File: Sendable {
        public let path: String
        public let size: Int
        /// Its bytes' SHA-256, in lower-case hex.
        public let sha256: String
        public let mediaType: String

        public init(path: String, size: Int, sha256: String, mediaType: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.mediaType = mediaType
        }
    }

    /// The folder the files are in.
    public let folder: String
    /// The address of the folder, ending in "/".
    public let base: String
    /// Hands each file to its argument, one at a time.
    public let files: @Sendable ((File) throws -> Void) throws -> Void

    public init(folder: String, base: String, files: @escaping @Sendable ((File) throws -> Void) throws -> Void) {
        self.folder = folder
        self.base = base.hasSuffix("/") ? base : base + "/"
        self.files = files
    }

    /// The address of the file at `path`: `base` and the path, each byte outside what a
    /// URL's path holds as it is percent-encoded.
    public func address(of path: String) -> String {
        // Most paths need no encoding: the site names its files itself.
        if path.utf8.allSatisfy(Self.isPlain) { return base + path }
        var out = base
        for byte in path.utf8 {
            if Self.isPlain(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(HexDigit.uppercase(byte >> 4)))
                out.unicodeScalars.append(Unicode.Scalar(HexDigit.uppercase(byte & 15)))
            }
        }
        return out
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~/!$&'()*+,;=:@".utf8.contains(byte)
        }
    }
}
