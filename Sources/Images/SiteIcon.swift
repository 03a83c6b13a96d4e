/// The site's icon, drawn rather than stored, at any size: a rounded square in the pages'
/// accent blue holding a white sun over two white hills, a photograph's sign. Each pixel is
/// the share of 4 × 4 points inside the shapes, so the edges are smooth at 16 pixels too.
public enum SiteIcon {
    /// The icon `size` pixels square, as a PNG.
    public static func png(size: Int) -> [UInt8] {
        PNGWriter.encode(bitmap(size: size))
    }

    /// The icon `size` pixels square (at least 1), RGBA, transparent outside its square.
    public static func bitmap(size: Int) -> Bitmap {
        let size = max(1, size)
        var samples = [UInt8](repeating: 0, count: size * size * 4)
        let grid = 4
        for row in 0..<size {
            for column in 0..<size {
                var (inside, white) = (0, 0)
                for sampleRow in 0..<grid {
                    for sampleColumn in 0..<grid {
                        let x = (Double(column) + (Double(sampleColumn) + 0.5) / Double(grid)) / Double(size)
                        let y = (Double(row) + (Double(sampleRow) + 0.5) / Double(grid)) / Double(size)
                        guard inRoundedSquare(x, y) else { continue }
                        inside += 1
                        if inSun(x, y) || inHills(x, y) { white += 1 }
                    }
                }
                guard inside > 0 else { continue }
                // The colour of the points inside, blue and white mixed; their share is the alpha.
                let at = (row * size + column) * 4
                for (channel, blue) in accent.enumerated() {
                    samples[at + channel] = UInt8((blue * (inside - white) + 255 * white + inside / 2) / inside)
                }
                samples[at + 3] = UInt8((255 * inside + grid * grid / 2) / (grid * grid))
            }
        }
        return Bitmap(width: size, height: size, layout: .rgba, samples: samples)
    }

    /// The stylesheet's light accent, #0a66d8.
    private static let accent = [0x0a, 0x66, 0xd8]

    /// The unit square with corners rounded by a fifth of its side.
    private static func inRoundedSquare(_ x: Double, _ y: Double) -> Bool {
        let radius = 0.2
        let dx = max(radius - x, x - (1 - radius), 0)
        let dy = max(radius - y, y - (1 - radius), 0)
        return dx * dx + dy * dy <= radius * radius
    }

    private static func inSun(_ x: Double, _ y: Double) -> Bool {
        let (dx, dy) = (x - 0.68, y - 0.32)
        return dx * dx + dy * dy <= 0.1 * 0.1
    }

    /// Two hills standing on a line at 0.8 of the height: a tall one peaking at (0.38, 0.4)
    /// and a low one at (0.68, 0.56).
    private static func inHills(_ x: Double, _ y: Double) -> Bool {
        guard y <= 0.8, x >= 0.14, x <= 0.86 else { return false }
        let tall = 0.4 + abs(x - 0.38) * (0.4 / 0.24)
        let low = 0.56 + abs(x - 0.68) * (0.24 / 0.18)
        return y >= min(tall, low)
    }
}
