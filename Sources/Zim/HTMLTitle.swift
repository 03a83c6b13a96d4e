import Basics
import FileSystem

/// The text of a page's `<title>` element, from the page's first bytes (`HTMLText`).
public enum HTMLTitle {
    /// The title of the page at `path`, from its first 64 KiB; `nil` when it has none or
    /// cannot be read.
    public static func ofPage(at path: String) -> String? {
        guard let bytes = try? PlainFile.readPrefix(path, count: 1 << 16) else { return nil }
        return bytes.withUnsafeBytes { find(in: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The title, its character references decoded and its white space collapsed; `nil`
    /// when the bytes hold no `<title>` element, or an empty one.
    static func find(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        HTMLText.title(in: bytes)
    }
}
