import Foundation

extension UUID {
    /// Parses `8-4-4-4-12` hexadecimal digits, in either case, as Foundation's
    /// `UUID(uuidString:)` does, without its `sscanf` (a measurable cost on Linux when a run
    /// reads hundreds of thousands of ids).
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
                guard let high = hexValue(characters[position]), let low = hexValue(characters[position + 1]) else { return false }
                bytes[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? uuid : nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
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
                    out[position] = Self.hexDigit(byte >> 4)
                    out[position + 1] = Self.hexDigit(byte & 0x0F)
                    position += 2
                }
                return position
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
