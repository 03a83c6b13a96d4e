import Foundation

/// The Lanczos-3 weights each output sample takes from the input samples along one axis.
///
/// Output sample `i` is centred on input position `(i + 0.5) × scale − 0.5`, `scale` being
/// input over output length. The kernel reaches 3 input samples each side when enlarging; when
/// shrinking it is stretched by the scale (3 × scale input samples each side), so it removes
/// what the smaller picture cannot show. Near an edge the window stops at the picture, and the
/// weights left are renormalized to sum 1, so a constant stays constant up to the border.
struct ResamplingWeights {
    /// The most weights any output sample has.
    let taps: Int
    /// The first input sample of each output sample's window.
    let starts: [Int]
    /// How many input samples each window holds.
    let counts: [Int]
    /// Output sample `i`'s weights are `weights[i × stride ..< i × stride + counts[i]]`; the
    /// ones after them are 0, up to the next multiple of 4, so a loop can take four at a time.
    let weights: [Float]
    /// `taps` rounded up to a multiple of 4.
    let stride: Int

    /// Weights from `input` samples to `output` samples, both at least 1.
    init(input: Int, output: Int) {
        let scale = Double(input) / Double(output)
        let stretch = max(scale, 1)
        let radius = 3 * stretch
        let taps = min(input, Int((2 * radius).rounded(.up)) + 1)
        var starts = [Int](repeating: 0, count: output)
        var counts = [Int](repeating: 0, count: output)
        let stride = (taps + 3) / 4 * 4
        var weights = [Float](repeating: 0, count: output * stride)
        var window = [Double](repeating: 0, count: taps)
        for i in 0..<output {
            let centre = (Double(i) + 0.5) * scale - 0.5
            // Inputs strictly inside the kernel's reach, clamped to the picture.
            let first = max(0, Int((centre - radius).rounded(.down)) + 1)
            let last = min(input - 1, Int((centre + radius).rounded(.up)) - 1, first + taps - 1)
            var sum = 0.0
            for j in first...max(first, last) {
                let weight = Self.lanczos3((Double(j) - centre) / stretch)
                window[j - first] = weight
                sum += weight
            }
            let count = max(first, last) - first + 1
            starts[i] = first
            counts[i] = count
            if abs(sum) < 1e-9 {
                // No usable weight left (cannot happen with Lanczos-3's central lobe in the
                // window, but a division by zero must not be the way to find out): the
                // nearest sample.
                let nearest = min(input - 1, max(0, Int(centre.rounded())))
                starts[i] = nearest
                counts[i] = 1
                weights[i * stride] = 1
                continue
            }
            for k in 0..<count { weights[i * stride + k] = Float(window[k] / sum) }
        }
        self.taps = taps
        self.stride = stride
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The Lanczos kernel with 3 lobes: sinc(x) × sinc(x / 3) inside |x| < 3, else 0.
    static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-12 { return 1 }
        if x >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }
}
