/// FNV-1a, 64 bits: a quick hash of a few bytes that is the same in every process (a key in
/// a Bloom filter, an item's ID, a page's path, a string's bucket, an answer's entity tag).
/// Not one to stand against collisions chosen on purpose.
public enum FNV1a {
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
