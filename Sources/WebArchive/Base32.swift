/// RFC 4648 base32 (`A`–`Z`, `2`–`7`, `=` padding): how web archives write a record's
/// `sha1:` digest, 32 characters for 20 bytes.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        append(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `bytes` in base32 to `output`.
    public static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + (bytes.count + 4) / 5 * 8)
        var start = 0
        while start < bytes.count {
            // A group of up to 5 bytes is 40 bits, 8 characters of 5 bits.
            let count = min(5, bytes.count - start)
            var bits: UInt64 = 0
            for offset in 0..<count { bits |= UInt64(bytes[start + offset]) << UInt64(32 - 8 * offset) }
            // Characters that carry a bit of the group: 2 for 1 byte, 4 for 2, 5, 7, 8.
            let shown = (count * 8 + 4) / 5
            for index in 0..<8 {
                output.append(index < shown ? alphabet[Int(bits >> UInt64(35 - 5 * index) & 31)] : UInt8(ascii: "="))
            }
            start += 5
        }
    }
}
