/// A small deterministic generator (SplitMix64), so a failure can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` bytes of the generator started at `seed`, each number's eight bytes in the
    /// machine's order: the same every run.
    public static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var out = [UInt8]()
        out.reserveCapacity(count + 8)
        while out.count < count {
            withUnsafeBytes(of: generator.next()) { out.append(contentsOf: $0) }
        }
        out.removeLast(out.count - count)
        return out
    }
}
