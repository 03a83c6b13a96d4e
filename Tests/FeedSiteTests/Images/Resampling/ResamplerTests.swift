import Foundation
import Images
import TestSupport
import XCTest

final class ResamplerTests: XCTestCase {
    func test_resize_keepsAConstantPictureConstantInEveryLayout() {
        let pixels: [(Bitmap.Layout, [UInt8])] = [(.gray, [77]), (.grayAlpha, [77, 200]), (.rgb, [10, 128, 250]), (.rgba, [10, 128, 250, 200])]
        for (layout, pixel) in pixels {
            let picture = Bitmap(width: 37, height: 23, layout: layout, samples: Array([[UInt8]](repeating: pixel, count: 37 * 23).joined()))
            for (width, height) in [(9, 5), (20, 11), (1, 1), (37, 7), (60, 40)] {
                let resized = Resampler.resize(picture, width: width, height: height)

                XCTAssertEqual(resized.layout, layout)
                XCTAssertEqual(resized.width, width)
                XCTAssertEqual(resized.height, height)
                XCTAssertEqual(resized.samples, Array([[UInt8]](repeating: pixel, count: width * height).joined()), "\(layout) to \(width) × \(height)")
            }
        }
    }

    /// A row hundreds of times wider than the output is averaged in blocks before the filter
    /// runs (its memory then bounded whatever the shape): a constant stays constant in every
    /// layout, and a step from black to white comes out black, then white, with the filter's
    /// blend only where the step is.
    func test_resize_ofARowFarWiderThanTheOutput_keepsConstantsAndAStepWhereTheyWere() {
        let width = 1_000_000
        let pixels: [(Bitmap.Layout, [UInt8])] = [(.gray, [77]), (.grayAlpha, [77, 200]), (.rgb, [10, 128, 250]), (.rgba, [10, 128, 250, 200])]
        for (layout, pixel) in pixels {
            let picture = Bitmap(width: width, height: 2, layout: layout, samples: Array([[UInt8]](repeating: pixel, count: width * 2).joined()))

            let resized = Resampler.resize(picture, width: 100, height: 1)

            XCTAssertEqual(resized.samples, Array([[UInt8]](repeating: pixel, count: 100).joined()), "\(layout)")
        }
        let step = Bitmap(width: width, height: 1, layout: .gray, samples: (0..<width).map { $0 < width / 2 ? 0 : 255 })

        let resized = Resampler.resize(step, width: 100, height: 1).samples

        XCTAssertEqual(Array(resized[0..<47]), [UInt8](repeating: 0, count: 47))
        XCTAssertEqual(Array(resized[53..<100]), [UInt8](repeating: 255, count: 53 - 6))
        XCTAssertTrue(resized[49] > 0 && resized[50] < 255 && resized[49] < resized[50], "\(resized[47..<53])")
    }

    func test_resize_givesBackTheSameSamplesAtTheSameSize() {
        let picture = Bitmap(width: 13, height: 7, layout: .rgba, samples: SeededGenerator.bytes(count: 13 * 7 * 4, seed: 29))

        XCTAssertEqual(Resampler.resize(picture, width: 13, height: 7), picture)
    }

    func test_resize_bringsEvery8BitValueBackFromLinearLight() {
        // Each column holds one value, so shrinking only the height must leave it as it was.
        let columns = Bitmap(width: 256, height: 6, layout: .gray, samples: (0..<6).flatMap { _ in (0...255).map(UInt8.init) })
        let rows = Bitmap(width: 6, height: 256, layout: .rgb, samples: (0...255).flatMap { [UInt8](repeating: UInt8($0), count: 6 * 3) })

        XCTAssertEqual(Resampler.resize(columns, width: 256, height: 3).samples, Array(columns.samples.prefix(256 * 3)))
        XCTAssertEqual(Resampler.resize(rows, width: 2, height: 256).samples, (0...255).flatMap { [UInt8](repeating: UInt8($0), count: 2 * 3) })
    }

    func test_resize_givesTheLanczos3ResponseToAStepEdgeShrunk2And4Times() {
        // A dark-to-light step away from the middle of a pixel pair, not clipped at 0 or 255,
        // so the filter's overshoot on both sides shows.
        let step = (0..<64).map { $0 < 29 ? UInt8(30) : UInt8(220) }
        for factor in [2, 4] {
            let expected = LanczosReference.resized(step, to: 64 / factor)
            let across = Bitmap(width: 64, height: 8, layout: .rgb, samples: (0..<8).flatMap { _ in step.flatMap { [$0, $0, $0] } })
            let down = Bitmap(width: 3, height: 64, layout: .gray, samples: step.flatMap { [$0, $0, $0] })

            let resizedAcross = Resampler.resize(across, width: 64 / factor, height: 8 / factor)
            let resizedDown = Resampler.resize(down, width: 3, height: 64 / factor)

            XCTAssertLessThan(expected.min() ?? 0, 29.5, "the reference undershoots the dark side")
            XCTAssertGreaterThan(expected.max() ?? 0, 220.5, "the reference overshoots the light side")
            for row in 0..<(8 / factor) {
                let samples = (0..<(64 / factor)).map { resizedAcross.samples[(row * 64 / factor + $0) * 3] }
                assertWithinOne(samples, expected, "across, \(factor) times, row \(row)")
            }
            for column in 0..<3 {
                assertWithinOne((0..<(64 / factor)).map { resizedDown.samples[$0 * 3 + column] }, expected, "down, \(factor) times, column \(column)")
            }
        }
    }

    func test_resize_filtersRowsThenColumnsAsTheFilterSays() {
        for (layout, seed) in [(Bitmap.Layout.gray, UInt64(1)), (.rgba, 2), (.grayAlpha, 3)] {
            let picture = Bitmap(width: 23, height: 19, layout: layout, samples: SeededGenerator.bytes(count: 23 * 19 * layout.channels, seed: seed))
            for (width, height) in [(7, 5), (11, 17), (2, 3), (30, 40), (23, 4)] {
                let resized = Resampler.resize(picture, width: width, height: height)

                let expected = LanczosReference.resized(picture, width: width, height: height)
                for (index, (sample, value)) in zip(resized.samples, expected).enumerated() where abs(Double(sample) - value) > 1 {
                    XCTFail("\(layout) to \(width) × \(height): sample \(index) is \(sample), the filter gives \(value)")
                }
            }
        }
    }

    func test_resize_keepsFrequenciesBelowHalfTheNewNyquistLimit() {
        // Shrunk 4 times, 1024 pixels hold at most 128 cycles; half of that is 64.
        for cycles in [4, 8, 16, 32, 48, 64] {
            let amplitude = Self.amplitudeLeft(byShrinking: cycles)
            XCTAssertEqual(amplitude, 1, accuracy: 0.05, "\(cycles) cycles")
        }
    }

    func test_resize_removesFrequenciesAboveTheNewNyquistLimit() {
        // Between 128 cycles (the limit) and 1.5 times it, the filter rolls off; past that,
        // next to nothing is left, aliased or not.
        for cycles in [192, 224, 256, 320, 400, 500] {
            let amplitude = Self.amplitudeLeft(byShrinking: cycles)
            XCTAssertLessThan(amplitude, 0.05, "\(cycles) cycles")
        }
    }

    func test_resize_averagesLightNotSRGBNumbers_aCheckerboardHalvesTo188() {
        let board = (0..<32).flatMap { y in (0..<32).map { x in (x + y) % 2 == 0 ? UInt8(0) : 255 } }
        let gray = Resampler.resize(Bitmap(width: 32, height: 32, layout: .gray, samples: board), width: 16, height: 16)
        let rgb = Resampler.resize(Bitmap(width: 32, height: 32, layout: .rgb, samples: board.flatMap { [$0, $0, $0] }), width: 16, height: 16)

        // Half the light is 0.5 linear, 187.5 in sRGB; the border differs, where the filter's
        // window is cut by the picture's edge.
        for y in 3..<13 {
            for x in 3..<13 {
                XCTAssertEqual(gray.samples[y * 16 + x], 188, "gray at \(x), \(y)")
                XCTAssertEqual(Array(rgb.samples[((y * 16 + x) * 3)..<((y * 16 + x) * 3 + 3)]), [188, 188, 188], "rgb at \(x), \(y)")
            }
        }
    }

    func test_resize_keepsATransparentNeighboursColourOutOfAnOpaquePixel() {
        // Opaque orange on the left, transparent cyan on the right: the cyan is invisible and
        // must not tint the orange, however much alpha the border keeps.
        let rgba = (0..<8).flatMap { _ in (0..<32).flatMap { $0 < 13 ? [200, 60, 20, 255] : [0, 255, 255, 0] as [UInt8] } }
        let grayAlpha = (0..<8).flatMap { _ in (0..<32).flatMap { $0 < 13 ? [90, 255] : [255, 0] as [UInt8] } }

        let resized = Resampler.resize(Bitmap(width: 32, height: 8, layout: .rgba, samples: rgba), width: 8, height: 2)
        let resizedGray = Resampler.resize(Bitmap(width: 32, height: 8, layout: .grayAlpha, samples: grayAlpha), width: 8, height: 2)

        let pixels = (0..<16).map { Array(resized.samples[($0 * 4)..<($0 * 4 + 4)]) }
        XCTAssertTrue(pixels.contains { $0[3] > 0 && $0[3] < 255 }, "some pixel is partly transparent: \(pixels)")
        for pixel in pixels {
            XCTAssertEqual(Array(pixel.prefix(3)), pixel[3] == 0 ? [0, 0, 0] : [200, 60, 20], "\(pixels)")
        }
        let grayPixels = (0..<16).map { Array(resizedGray.samples[($0 * 2)..<($0 * 2 + 2)]) }
        XCTAssertTrue(grayPixels.contains { $0[1] > 0 && $0[1] < 255 }, "some pixel is partly transparent: \(grayPixels)")
        for pixel in grayPixels {
            XCTAssertEqual(pixel[0], pixel[1] == 0 ? 0 : 90, "\(grayPixels)")
        }
    }

    func test_resize_averagesAlphaAsItIs() {
        let board = (0..<16).flatMap { y in (0..<16).flatMap { x in [40, 160, 240, (x + y) % 2 == 0 ? 0 : 255] as [UInt8] } }

        let resized = Resampler.resize(Bitmap(width: 16, height: 16, layout: .rgba, samples: board), width: 8, height: 8)

        // Half covered is alpha 127.5; the colour is the opaque pixels' own.
        for y in 3..<5 {
            for x in 3..<5 {
                XCTAssertEqual(Array(resized.samples[((y * 8 + x) * 4)..<((y * 8 + x) * 4 + 4)]), [40, 160, 240, 128], "at \(x), \(y)")
            }
        }
    }

    func test_resize_enlargesAStepWithTheLanczos3Response() {
        let step = (0..<16).map { $0 < 7 ? UInt8(30) : UInt8(220) }

        let resized = Resampler.resize(Bitmap(width: 16, height: 1, layout: .gray, samples: step), width: 40, height: 1)

        assertWithinOne(resized.samples, LanczosReference.resized(step, to: 40), "enlarged 2.5 times")
    }

    func test_resize_givesAnEmptyBitmapForASideOf0AndABlankOneForAnEmptyPicture() {
        let picture = Bitmap(width: 4, height: 4, layout: .rgba, filledWith: 200)

        XCTAssertEqual(Resampler.resize(picture, width: 0, height: 3), Bitmap(width: 0, height: 3, layout: .rgba))
        XCTAssertEqual(Resampler.resize(picture, width: 3, height: -1), Bitmap(width: 3, height: 0, layout: .rgba))
        XCTAssertEqual(Resampler.resize(Bitmap(width: 0, height: 0, layout: .gray), width: 2, height: 2), Bitmap(width: 2, height: 2, layout: .gray))
    }

    // MARK: - Helpers

    /// The amplitude, in linear light, of a sine of `cycles` cycles across 1024 pixels that is
    /// left once the picture is shrunk to 256 pixels, over its middle (the filter's window
    /// stays inside the picture there), as a fraction of the input's.
    private static func amplitudeLeft(byShrinking cycles: Int) -> Double {
        let inputAmplitude = 0.4
        let row = (0..<1024).map { x in
            LanczosReference.byte(fromLinear: 0.5 + inputAmplitude * sin(2 * Double.pi * Double(cycles) * (Double(x) + 0.5) / 1024))
        }
        let picture = Bitmap(width: 1024, height: 4, layout: .gray, samples: (0..<4).flatMap { _ in row })

        let resized = Resampler.resize(picture, width: 256, height: 1)

        // 192 pixels: a whole number of periods of every frequency measured, so the spread
        // of the samples is the sine's alone.
        let middle = resized.samples[32..<224].map { LanczosReference.linear(fromByte: $0) }
        let mean = middle.reduce(0, +) / Double(middle.count)
        let variance = middle.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(middle.count)
        return (2 * variance).squareRoot() / inputAmplitude
    }

    private func assertWithinOne(_ samples: [UInt8], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(samples.count, expected.count, message, file: file, line: line)
        for (index, (sample, value)) in zip(samples, expected).enumerated() where abs(Double(sample) - value) > 1 {
            XCTFail("\(message): sample \(index) is \(sample), the filter gives \(value) (all: \(samples))", file: file, line: line)
        }
    }
}

/// The resampler's rule computed plainly, from the definitions, in Double: the sRGB transfer
/// function and the Lanczos-3 kernel, stretched by the reduction, cut at the picture's edge.
private enum LanczosReference {
    /// `row` (sRGB bytes) resized to `count` samples: each one's value in sRGB, 0…255, unrounded.
    static func resized(_ row: [UInt8], to count: Int) -> [Double] {
        filtered(row.map(linear(fromByte:)), to: count).map { 255 * encode(min(1, max(0, $0))) }
    }

    /// `picture` resized: every row, then every column, in linear light, colour weighted by
    /// alpha; each sample's value unrounded, 0…255.
    static func resized(_ picture: Bitmap, width: Int, height: Int) -> [Double] {
        let channels = picture.layout.channels
        let colours = picture.layout.hasAlpha ? channels - 1 : channels
        // Premultiplied linear light, one array per channel, alpha last.
        var planes = (0..<channels).map { channel in
            (0..<(picture.width * picture.height)).map { index -> Double in
                let alpha = picture.layout.hasAlpha ? Double(picture.samples[index * channels + channels - 1]) / 255 : 1
                let sample = picture.samples[index * channels + channel]
                return channel < colours ? linear(fromByte: sample) * alpha : Double(sample) / 255
            }
        }
        planes = planes.map { plane in
            (0..<picture.height).flatMap { y in filtered(Array(plane[(y * picture.width)..<((y + 1) * picture.width)]), to: width) }
        }
        planes = planes.map { plane in
            let columns = (0..<width).map { x in filtered((0..<picture.height).map { plane[$0 * width + x] }, to: height) }
            return (0..<(width * height)).map { columns[$0 % width][$0 / width] }
        }
        return (0..<(width * height)).flatMap { index -> [Double] in
            let alpha = picture.layout.hasAlpha ? min(1, max(0, planes[channels - 1][index])) : 1
            guard (255 * alpha).rounded() > 0 else { return [Double](repeating: 0, count: channels) }
            let divisor = picture.layout.hasAlpha ? planes[channels - 1][index] : 1
            let colour = (0..<colours).map { 255 * encode(min(1, max(0, planes[$0][index] / divisor))) }
            return picture.layout.hasAlpha ? colour + [255 * alpha] : colour
        }
    }

    /// Samples resized to `count`, each a weighted sum of those the kernel reaches.
    private static func filtered(_ samples: [Double], to count: Int) -> [Double] {
        let scale = Double(samples.count) / Double(count)
        let stretch = max(1, scale)
        return (0..<count).map { i in
            let centre = (Double(i) + 0.5) * scale - 0.5
            let reached = samples.indices.filter { abs(Double($0) - centre) < 3 * stretch }
            let weights = reached.map { kernel((Double($0) - centre) / stretch) }
            return zip(reached, weights).reduce(0) { $0 + $1.1 * samples[$1.0] } / weights.reduce(0, +)
        }
    }

    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        return sin(Double.pi * x) / (Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * x / 3)
    }

    static func linear(fromByte byte: UInt8) -> Double {
        let encoded = Double(byte) / 255
        return encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    static func encode(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    static func byte(fromLinear linear: Double) -> UInt8 { UInt8((255 * encode(linear)).rounded()) }
}
