import CSHA256
import CZlib

/// CRC-32, the checksum of gzip members, ZIP entries and PNG chunks: by carry-less
/// multiplication where the CPU has it, 16 bytes at a time, else (and for the last few
/// bytes) zlib's. Every byte the web archive stores is summed, a picture's included
/// (BENCHMARKS.md, "What each trick buys", row "CRC-32 by carry-less multiplication").
public enum CRC32 {
    public static let hardwareAvailable = feedsite_crc32_hardware_available() != 0

    /// The CRC-32 of `crc`'s message followed by `bytes` (0 begins a message).
    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer, usingHardware: Bool = hardwareAvailable) -> UInt32 {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return crc }
        var crc = crc
        var at = 0
        if usingHardware, bytes.count >= 64 {
            crc = feedsite_crc32_hardware(crc, start, bytes.count)
            at = bytes.count / 16 * 16
        }
        // zlib counts in 32 bits.
        while at < bytes.count {
            let count = min(bytes.count - at, Int(UInt32.max))
            crc = UInt32(truncatingIfNeeded: CZlib.crc32(UInt(crc), start + at, UInt32(count)))
            at += count
        }
        return crc
    }
}
