/// RFC 4648 base32 (`A`–`Z`, `2`–`7`, `=` padding): how web archives write a record's
/// `sha1:` digest, 32 characters for 20 bytes.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 4) / 5 * 8)
        for start in stride(from: 0, to: bytes.count, by: 5) {
            let group = bytes[start..<min(bytes.count, start + 5)]
            let bits = group.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(32 - 8 * $1.offset) }
            // Characters that carry a bit of the group: 2 for 1 byte, 4 for 2, 5, 7, 8.
            let shown = (group.count * 8 + 4) / 5
            for index in 0..<8 {
                output.append(index < shown ? alphabet[Int(bits >> UInt64(35 - 5 * index) & 31)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
