import Foundation

/// The bytes of a ZIP file whose entries are stored, not compressed (APPNOTE 6.3): each
/// entry's local header, the central directory's entries and its end. Sizes and offsets
/// past 4 GiB use the ZIP64 extensions, each field that overflows marked `0xFFFFFFFF` and
/// given in full in the entry's ZIP64 extra field; a directory past 65,535 entries or 4 GiB
/// gets the ZIP64 end record and its locator. Pure arithmetic: `WACZFile` writes them.
public enum StoredZip {
    /// What the central directory says of an entry once it is written.
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let size: UInt64
        public let crc: UInt32
        /// Where its local header begins.
        public let offset: UInt64

        public init(name: String, size: UInt64, crc: UInt32, offset: UInt64) {
            self.name = name
            self.size = size
            self.crc = crc
            self.offset = offset
        }
    }

    /// The largest value a 32-bit field holds; past it, a field says `0xFFFFFFFF` and the
    /// ZIP64 extra field holds the value.
    static let limit32: UInt64 = 0xFFFF_FFFF

    /// An entry's local header, for an entry of `size` bytes at `offset`, dated `date`.
    public static func localHeader(for entry: Entry, date: Date) -> [UInt8] {
        let wide = entry.size >= limit32
        var bytes = Bytes()
        bytes.u32(0x0403_4B50)
        bytes.u16(wide ? 45 : 20)
        bytes.u16(0x0800)  // names in UTF-8
        bytes.u16(0)  // stored
        bytes.dosDate(date)
        bytes.u32(entry.crc)
        bytes.u32(wide ? UInt32(limit32) : UInt32(entry.size))
        bytes.u32(wide ? UInt32(limit32) : UInt32(entry.size))
        let name = Array(entry.name.utf8)
        bytes.u16(UInt16(name.count))
        bytes.u16(wide ? 20 : 0)
        bytes.data += name
        if wide {
            bytes.u16(0x0001)
            bytes.u16(16)
            bytes.u64(entry.size)
            bytes.u64(entry.size)
        }
        return bytes.data
    }

    /// The central directory's entry for `entry`.
    public static func centralEntry(for entry: Entry, date: Date) -> [UInt8] {
        let wideSize = entry.size >= limit32
        let wideOffset = entry.offset >= limit32
        var extra = Bytes()
        if wideSize {
            extra.u64(entry.size)
            extra.u64(entry.size)
        }
        if wideOffset { extra.u64(entry.offset) }
        var bytes = Bytes()
        bytes.u32(0x0201_4B50)
        bytes.u16(3 << 8 | 45)  // made on Unix, by ZIP 4.5
        bytes.u16(wideSize || wideOffset ? 45 : 20)
        bytes.u16(0x0800)
        bytes.u16(0)
        bytes.dosDate(date)
        bytes.u32(entry.crc)
        bytes.u32(wideSize ? UInt32(limit32) : UInt32(entry.size))
        bytes.u32(wideSize ? UInt32(limit32) : UInt32(entry.size))
        let name = Array(entry.name.utf8)
        bytes.u16(UInt16(name.count))
        bytes.u16(extra.data.isEmpty ? 0 : UInt16(4 + extra.data.count))
        bytes.u16(0)  // no comment
        bytes.u16(0)  // disk 0
        bytes.u16(0)  // binary
        bytes.u32(0o100644 << 16)  // a regular file, rw-r--r--
        bytes.u32(wideOffset ? UInt32(limit32) : UInt32(entry.offset))
        bytes.data += name
        if !extra.data.isEmpty {
            bytes.u16(0x0001)
            bytes.u16(UInt16(extra.data.count))
            bytes.data += extra.data
        }
        return bytes.data
    }

    /// The end of the file, for `count` entries whose central directory of `size` bytes
    /// begins at `offset`: the ZIP64 end record and its locator first when a field overflows.
    public static func end(count: Int, directoryOffset offset: UInt64, directorySize size: UInt64) -> [UInt8] {
        let wide = count >= 0xFFFF || offset >= limit32 || size >= limit32
        var bytes = Bytes()
        if wide {
            bytes.u32(0x0606_4B50)
            bytes.u64(44)
            bytes.u16(3 << 8 | 45)
            bytes.u16(45)
            bytes.u32(0)
            bytes.u32(0)
            bytes.u64(UInt64(count))
            bytes.u64(UInt64(count))
            bytes.u64(size)
            bytes.u64(offset)
            bytes.u32(0x0706_4B50)
            bytes.u32(0)
            bytes.u64(offset + size)  // where the ZIP64 end record begins
            bytes.u32(1)
        }
        bytes.u32(0x0605_4B50)
        bytes.u16(0)
        bytes.u16(0)
        bytes.u16(UInt16(min(count, 0xFFFF)))
        bytes.u16(UInt16(min(count, 0xFFFF)))
        bytes.u32(UInt32(min(size, limit32)))
        bytes.u32(UInt32(min(offset, limit32)))
        bytes.u16(0)
        return bytes.data
    }

    /// Little-endian fields, as ZIP writes them.
    private struct Bytes {
        var data: [UInt8] = []

        mutating func u16(_ value: UInt16) {
            data += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }

        mutating func u32(_ value: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }

        mutating func u64(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        /// MS-DOS time then date, in UTC, as ZIP dates its entries (1980 at the earliest).
        mutating func dosDate(_ date: Date) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let year = max(1980, min(2107, parts.year ?? 1980))
            u16(UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2))
            u16(UInt16((year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)))
        }
    }
}
