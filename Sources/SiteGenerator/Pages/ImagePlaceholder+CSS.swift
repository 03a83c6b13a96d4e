import FeedCore

extension ImagePlaceholder {
    /// The placeholder as a CSS declaration for a frame's `style` attribute: one colour as
    /// it is, several as a gradient from the top of the picture down. Only hex digits and
    /// CSS's own words, so it needs no escaping; three colours take 51 bytes, 60 with the
    /// attribute around them, well within what a card may grow by.
    public var css: String {
        let one = colours.allSatisfy { $0 == colours[0] }
        if one { return "background:#\(colours[0].hex)" }
        return "background:linear-gradient(" + colours.map { "#\($0.hex)" }.joined(separator: ",") + ")"
    }
}
