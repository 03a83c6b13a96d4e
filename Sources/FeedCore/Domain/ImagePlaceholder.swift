/// What a page shows of a picture before the picture arrives: the colours of its top, middle
/// and bottom thirds, each its average, for a blurred preview of the picture's light.
public struct ImagePlaceholder: Hashable, Sendable {
    /// One colour, 8-bit sRGB.
    public struct Colour: Hashable, Sendable {
        public let red: UInt8
        public let green: UInt8
        public let blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `a1b2c3`: two lowercase hex digits each of red, green and blue.
        public var hex: String {
            [red, green, blue].map { byte in
                String(Self.digits[Int(byte >> 4)]) + String(Self.digits[Int(byte & 0x0F)])
            }.joined()
        }

        private static let digits = Array("0123456789abcdef")
    }

    /// From the top of the picture down; never empty.
    public let colours: [Colour]

    /// `nil` without colours.
    public init?(colours: [Colour]) {
        guard !colours.isEmpty else { return nil }
        self.colours = colours
    }

    /// Each colour's red, green and blue in turn, from the top down; `nil` for a count of
    /// samples that is not a whole number of colours, or none.
    public init?(samples: [UInt8]) {
        guard samples.count % 3 == 0 else { return nil }
        self.init(colours: stride(from: 0, to: samples.count, by: 3).map { Colour(red: samples[$0], green: samples[$0 + 1], blue: samples[$0 + 2]) })
    }

    /// The colours' hex digits one after another, as the cache keeps them: `a1b2c3d4e5f6…`.
    public var hex: String { colours.map(\.hex).joined() }

    /// Reads `hex`'s form back; `nil` for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var samples: [UInt8] = []
        samples.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.value(of: digits[index]), let low = Self.value(of: digits[index + 1]) else { return nil }
            samples.append(high << 4 | low)
        }
        self.init(samples: samples)
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
