/// A hash fed its message a piece at a time and read once: SHA-256, SHA-1 and MD5 share how
/// bytes of any kind reach their block function, and the one-call form.
public protocol MessageDigest {
    init()
    /// Feeds `bytes` through the block function.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest. Consumes the value's state; call on a copy to keep hashing.
    mutating func finalize() -> [UInt8]
}

extension MessageDigest {
    /// Feeds `bytes`: from their own storage when it is contiguous, else from one copy.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void?? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    /// The digest of `bytes`, already in memory.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Self()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
