/// A decoded picture: 8-bit samples, interleaved, row after row from the top.
public struct Bitmap: Equatable, Sendable {
    /// The channels of each pixel, in order.
    public enum Layout: Equatable, Sendable {
        case gray
        case grayAlpha
        case rgb
        case rgba

        public var channels: Int {
            switch self {
            case .gray: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
    }

    public let width: Int
    public let height: Int
    public let layout: Layout
    /// `width × height × layout.channels` samples.
    public var samples: [UInt8]

    public init(width: Int, height: Int, layout: Layout, samples: [UInt8]) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * layout.channels, "samples do not fill the bitmap")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }

    /// A bitmap of `width × height` pixels, every sample `value`.
    public init(width: Int, height: Int, layout: Layout, filledWith value: UInt8 = 0) {
        self.init(width: width, height: height, layout: layout, samples: [UInt8](repeating: value, count: width * height * layout.channels))
    }
}
