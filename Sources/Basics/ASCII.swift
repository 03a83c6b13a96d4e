/// ASCII's letters, for text that protocols read in any case: header names, hosts, paths.
public enum ASCII {
    /// `byte` in lower case when it is an upper-case ASCII letter; any other byte as it is.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
