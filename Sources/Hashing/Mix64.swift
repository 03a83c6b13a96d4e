/// A bijection of 64 bits whose every output bit depends on every input bit (the finalizer
/// of MurmurHash3), with a constant added first so that zero does not stay zero: for the
/// hashes that must be the same in every process (a page's inputs, the record of them).
public enum Mix64 {
    public static func mix(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return x ^ (x >> 33)
    }

    /// Two hashes as one, `first` scaled by the golden ratio's 64 bits so that the pair does
    /// not commute: a page's path with its inputs, a field's name with its value.
    public static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
        mix(first &* 0x9E37_79B9_7F4A_7C15 ^ second)
    }
}
