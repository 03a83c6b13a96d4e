import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random (version 4) UUIDs, a record's ID each, their bytes read from the system's random
/// source 4 KiB at a time: Foundation's `UUID()` opens, reads and closes `/dev/urandom` for
/// every one, and a run's archive wants two for each exchange (BENCHMARKS.md, "What each
/// trick buys", row "record IDs read 256 at a time"). Where the source cannot be read,
/// each comes from `UUID()`.
public final class RandomUUIDs: Sendable {
    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4_096)
        var used = 4_096
    }

    private let pool = Mutex(Pool())
    private let fill: @Sendable (UnsafeMutableRawBufferPointer) -> Bool

    /// UUIDs whose bytes `fill` gives, filling the whole buffer or saying it could not.
    public init(fill: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Bool = RandomUUIDs.readSystemRandom) {
        self.fill = fill
    }

    public func next() -> UUID {
        pool.withLock { pool in
            if pool.used == pool.bytes.count {
                guard pool.bytes.withUnsafeMutableBytes(fill) else { return UUID() }
                pool.used = 0
            }
            let start = pool.used
            pool.used += 16
            // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
            pool.bytes[start + 6] = pool.bytes[start + 6] & 0x0F | 0x40
            pool.bytes[start + 8] = pool.bytes[start + 8] & 0x3F | 0x80
            return UUID(uuid: pool.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: uuid_t.self) })
        }
    }

    /// Fills `buffer` from `/dev/urandom`.
    @Sendable public static func readSystemRandom(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            filled += count
        }
        return true
    }
}
