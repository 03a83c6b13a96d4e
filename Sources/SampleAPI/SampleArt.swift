import Foundation
import Images

/// Draws the demo's pictures: a landscape of sky, sun, two mountain ridges and water, in
/// one of a few colour themes, shaped by a seed. The same theme and seed always give the
/// same bytes, so identical pictures in the sample feed are byte-identical too.
public enum SampleArt {
    public struct Theme: Sendable {
        let skyTop: RGB
        let skyHorizon: RGB
        let sun: RGB
        let far: RGB
        let near: RGB
        let waterTop: RGB
        let waterBottom: RGB
    }

    struct RGB: Sendable {
        let r: Double, g: Double, b: Double

        init(_ hex: UInt32) {
            r = Double(hex >> 16 & 0xFF)
            g = Double(hex >> 8 & 0xFF)
            b = Double(hex & 0xFF)
        }

        init(r: Double, g: Double, b: Double) {
            self.r = r
            self.g = g
            self.b = b
        }

        func mixed(with other: RGB, _ t: Double) -> RGB {
            RGB(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t)
        }
    }

    public static let themes: [Theme] = [
        Theme(
            skyTop: RGB(0x2B_3A_67), skyHorizon: RGB(0xF4_A2_61), sun: RGB(0xFF_E2_9A), far: RGB(0x7A_5C_8A), near: RGB(0x3E_2F_5B), waterTop: RGB(0xE3_8B_5A),
            waterBottom: RGB(0x2B_2A_4C)),
        Theme(
            skyTop: RGB(0x4A_90_E2), skyHorizon: RGB(0xCF_EC_FF), sun: RGB(0xFF_FB_E6), far: RGB(0x8F_B8_D6), near: RGB(0x4C_7A_5A), waterTop: RGB(0x6F_B1_E0),
            waterBottom: RGB(0x1D_4E_7A)),
        Theme(
            skyTop: RGB(0x0B_10_2B), skyHorizon: RGB(0x3A_4A_8C), sun: RGB(0xEE_F2_FF), far: RGB(0x23_2C_5A), near: RGB(0x12_17_33), waterTop: RGB(0x2E_3B_73),
            waterBottom: RGB(0x07_0A_1C)),
        Theme(
            skyTop: RGB(0x9E_D8_F0), skyHorizon: RGB(0xFD_F1_D6), sun: RGB(0xFF_FF_FF), far: RGB(0xC9_A2_6B), near: RGB(0x8C_5A_2B), waterTop: RGB(0xE8_C9_8E),
            waterBottom: RGB(0xB0_7D_43)),
        Theme(
            skyTop: RGB(0x5D_8F_A8), skyHorizon: RGB(0xDD_EE_E4), sun: RGB(0xFF_F6_D5), far: RGB(0x5E_8C_6A), near: RGB(0x2F_5A_3A), waterTop: RGB(0x7F_B0_9B),
            waterBottom: RGB(0x1F_40_33)),
        Theme(
            skyTop: RGB(0x6A_4C_93), skyHorizon: RGB(0xF7_C6_D9), sun: RGB(0xFF_F0_F5), far: RGB(0xA0_7C_B8), near: RGB(0x5A_3D_7A), waterTop: RGB(0xD9_A5_C8),
            waterBottom: RGB(0x4A_2C_66)),
    ]

    /// A PNG of `size`×`size` pixels.
    public static func png(theme: Int, seed: UInt64, size: Int = 360) -> [UInt8] {
        let samples = pixels(theme: themes[theme % themes.count], seed: seed, width: size, height: size)
        return PNGWriter.encode(Bitmap(width: size, height: size, layout: .rgb, samples: samples))
    }

    /// The picture of `theme` and `seed` as `width`×`height` RGB samples; a square one is the
    /// PNG's.
    static func pixels(theme: Theme, seed: UInt64, width: Int, height: Int) -> [UInt8] {
        var random = SplitMix(seed: seed)
        let (w, h) = (Double(width), Double(height))
        let horizon = h * (0.6 + random.unit() * 0.1)
        let sunX = w * (0.2 + random.unit() * 0.6)
        let sunY = horizon - h * (0.12 + random.unit() * 0.25)
        let sunRadius = min(w, h) * (0.06 + random.unit() * 0.05)
        let far = Ridge(base: horizon - h * 0.14, random: &random, width: w, height: h, amplitude: 0.07)
        let near = Ridge(base: horizon - h * 0.03, random: &random, width: w, height: h, amplitude: 0.05)

        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let fy = Double(y)
            for x in 0..<width {
                let fx = Double(x)
                let colour: RGB
                if fy >= horizon {
                    let depth = (fy - horizon) / (h - horizon)
                    let band = (depth * 8).rounded(.down) / 8
                    let glint = abs(fx - sunX) < sunRadius * (1.2 - depth) && Int(fy) % 6 < 2
                    colour = glint ? theme.sun.mixed(with: theme.waterTop, 0.35) : theme.waterTop.mixed(with: theme.waterBottom, band)
                } else if fy >= near.height(at: fx) {
                    colour = theme.near
                } else if fy >= far.height(at: fx) {
                    colour = theme.far
                } else if (fx - sunX) * (fx - sunX) + (fy - sunY) * (fy - sunY) <= sunRadius * sunRadius {
                    colour = theme.sun
                } else {
                    let band = (fy / horizon * 24).rounded(.down) / 24
                    colour = theme.skyTop.mixed(with: theme.skyHorizon, band)
                }
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(colour.r.rounded())
                pixels[offset + 1] = UInt8(colour.g.rounded())
                pixels[offset + 2] = UInt8(colour.b.rounded())
            }
        }
        return pixels
    }

    private struct Ridge {
        let base: Double
        let waves: [(amplitude: Double, frequency: Double, phase: Double)]

        init(base: Double, random: inout SplitMix, width: Double, height: Double, amplitude: Double) {
            self.base = base
            self.waves = (0..<3).map { octave in
                let scale = Double(1 << octave)
                return (height * amplitude / scale, (1.5 + random.unit() * 2) * scale * .pi / width, random.unit() * 2 * .pi)
            }
        }

        func height(at x: Double) -> Double {
            base - waves.reduce(0) { $0 + $1.amplitude * (0.5 + 0.5 * sin($1.frequency * x + $1.phase)) }
        }
    }
}
