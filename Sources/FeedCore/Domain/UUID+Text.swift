import Foundation
import Hashing

extension UUID {
    /// Parses `8-4-4-4-12` hexadecimal digits, in either case, as Foundation's
    /// `UUID(uuidString:)` does, without its `sscanf`: an offline run parses every id it
    /// reads back (BENCHMARKS.md, "What each trick buys", row "UUID text by hand").
    public init?(text: some StringProtocol) {
        var text = String(text)
        guard let uuid = text.withUTF8(Self.parse) else { return nil }
        self.init(uuid: uuid)
    }

    private static func parse(_ characters: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard characters.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { bytes in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard characters[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let byte = HexDigit.byte(characters[position], characters[position + 1]) else { return false }
                bytes[index] = byte
                position += 2
            }
            return true
        }
        return parsed ? uuid : nil
    }

    /// The upper-case `8-4-4-4-12` form, as Foundation's `uuidString`, without its `sprintf`.
    public var text: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = HexDigit.uppercase(byte >> 4)
                    out[position + 1] = HexDigit.uppercase(byte & 0x0F)
                    position += 2
                }
                return position
            }
        }
    }
}
