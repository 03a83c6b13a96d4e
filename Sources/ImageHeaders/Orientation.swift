/// How a camera says its picture must be turned to stand upright: EXIF's orientation, 1…8.
///
/// Each case names where the picture's first row ended up (`right`: the stored rows are the
/// picture's right-hand column, so it is shown turned a quarter clockwise); `Mirrored` cases
/// are also flipped.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// Whether the picture shown is the stored one turned a quarter: its width and height swap.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The size of the picture as shown.
    public func orientedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsWidthAndHeight ? (height, width) : (width, height)
    }
}
