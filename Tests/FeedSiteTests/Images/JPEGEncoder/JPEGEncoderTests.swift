import TestSupport
import XCTest

@testable import Images

final class JPEGEncoderTests: XCTestCase {
    func test_encode_writesAColourFileAsJFIFThenTablesThenAProgressiveFrameThenItsScans() throws {
        let file = JPEGEncoder.encode(gradient(width: 37, height: 23, layout: .rgb), quality: 80)

        let segments = try JPEGSegments(file)

        XCTAssertEqual(segments.markers.first, 0xD8)
        XCTAssertEqual(segments.markers.last, 0xD9)
        XCTAssertEqual(Array(segments.markers.prefix(4)), [0xD8, 0xE0, 0xDB, 0xC2])
        XCTAssertEqual(segments.payload(of: 0xE0), [Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]])
        // Two tables, luma then chroma, each a byte of precision and number, then 64 divisors.
        XCTAssertEqual(segments.payload(of: 0xDB).first?.count, 2 * 65)
        XCTAssertEqual(segments.payload(of: 0xDB).first?[65], 0x01)
        // 8 bits, 23 rows, 37 columns, Y 2×2 with table 0, Cb and Cr 1×1 with table 1.
        XCTAssertEqual(segments.payload(of: 0xC2), [[8, 0, 23, 0, 37, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]])
        XCTAssertEqual(segments.scans, ProgressiveScan.script(componentCount: 3).map(JPEGSegments.Scan.init))
        XCTAssertEqual(segments.scans.count, 10)
    }

    func test_encode_sendsTheDCFirstAndEveryCoefficientBitOfEveryComponentByTheLastScan() {
        for components in [1, 3] {
            let script = ProgressiveScan.script(componentCount: components)
            XCTAssertEqual(script.first?.isDC, true)
            XCTAssertEqual(script.first?.components, Array(0..<components))
            // Every (component, coefficient) is first sent once, and its last scan reaches bit 0.
            for component in 0..<components {
                for coefficient in 0..<64 {
                    let scans = script.filter { $0.components.contains(component) && ($0.spectralStart...$0.spectralEnd).contains(coefficient) }
                    XCTAssertEqual(scans.filter { !$0.isRefinement }.count, 1, "component \(component), coefficient \(coefficient)")
                    XCTAssertEqual(scans.last?.successiveLow, 0)
                    // Each refinement picks up where the previous scan of it stopped.
                    for (earlier, later) in zip(scans, scans.dropFirst()) { XCTAssertEqual(later.successiveHigh, earlier.successiveLow) }
                }
            }
        }
    }

    func test_encode_definesHuffmanTablesBeforeEveryScanThatCodesSymbols() throws {
        let segments = try JPEGSegments(JPEGEncoder.encode(gradient(width: 40, height: 40, layout: .rgb), quality: 75))

        let afterFrame = segments.markers.drop { $0 != 0xC2 }.dropFirst()
        var expected: [UInt8] = []
        for scan in ProgressiveScan.script(componentCount: 3) { expected += scan.usesHuffmanTables ? [0xC4, 0xDA] : [0xDA] }
        XCTAssertEqual(Array(afterFrame), expected + [0xD9])
        // The first scan's DC tables: one for luma, one for both chroma components.
        XCTAssertEqual(segments.payload(of: 0xC4).first.map(JPEGSegments.tableClasses), [0x00, 0x01])
        XCTAssertEqual(segments.payload(of: 0xC4).dropFirst().map(JPEGSegments.tableClasses), [[0x10], [0x11], [0x11], [0x10], [0x10], [0x11], [0x11], [0x10]])
    }

    func test_encode_writesAGrayFileAsOneComponentWithOneTable() throws {
        let segments = try JPEGSegments(JPEGEncoder.encode(gradient(width: 9, height: 70, layout: .gray), quality: 90))

        XCTAssertEqual(segments.payload(of: 0xDB).first?.count, 65)
        XCTAssertEqual(segments.payload(of: 0xC2), [[8, 0, 70, 0, 9, 1, 1, 0x11, 0]])
        XCTAssertEqual(segments.scans, ProgressiveScan.script(componentCount: 1).map(JPEGSegments.Scan.init))
        XCTAssertEqual(segments.scans.count, 6)
    }

    func test_encode_writesTheQualityScaledTablesInZigzagOrder() throws {
        let segments = try JPEGSegments(JPEGEncoder.encode(gradient(width: 8, height: 8, layout: .rgb), quality: 50))

        let tables = try XCTUnwrap(segments.payload(of: 0xDB).first)
        // Zigzag: (0,0), (0,1), (1,0), (2,0), (1,1), (0,2)…
        XCTAssertEqual(Array(tables[1...6]), [16, 11, 12, 14, 12, 10])
        XCTAssertEqual(tables[64], 99)
        XCTAssertEqual(Array(tables[66...71]), [17, 18, 18, 24, 21, 24])
    }

    func test_encode_carriesAnICCProfileInNumberedPiecesOfAtMost65519Bytes() throws {
        let profile = SeededGenerator.bytes(count: 65_519 * 2 + 10, seed: 7)

        let segments = try JPEGSegments(JPEGEncoder.encode(gradient(width: 16, height: 16, layout: .rgb), quality: 80, iccProfile: profile))

        XCTAssertEqual(Array(segments.markers.prefix(6)), [0xD8, 0xE0, 0xE2, 0xE2, 0xE2, 0xDB])
        let pieces = segments.payload(of: 0xE2)
        let name = Array("ICC_PROFILE".utf8) + [0]
        XCTAssertEqual(pieces.map { Array($0.prefix(14)) }, [name + [1, 3], name + [2, 3], name + [3, 3]])
        XCTAssertEqual(pieces.map(\.count), [65_533, 65_533, 24])
        XCTAssertEqual(pieces.flatMap { $0.dropFirst(14) }, profile)
    }

    func test_encode_leavesOutAnEmptyProfileAndOneTooLargeToCarry() throws {
        let picture = gradient(width: 8, height: 8, layout: .gray)

        for profile in [[UInt8](), [UInt8](repeating: 1, count: JPEGEncoder.maxICCProfileBytes + 1)] {
            let segments = try JPEGSegments(JPEGEncoder.encode(picture, quality: 80, iccProfile: profile))
            XCTAssertFalse(segments.markers.contains(0xE2), "\(profile.count) bytes")
        }
        let largest = [UInt8](repeating: 2, count: JPEGEncoder.maxICCProfileBytes)
        XCTAssertEqual(try JPEGSegments(JPEGEncoder.encode(picture, quality: 80, iccProfile: largest)).payload(of: 0xE2).count, 255)
    }

    func test_encode_stuffsEveryFFByteOfTheScans() throws {
        // Noise at quality 100 makes long codes and many FF bytes in the entropy-coded data.
        let noise = Bitmap(width: 64, height: 64, layout: .rgb, samples: SeededGenerator.bytes(count: 64 * 64 * 3, seed: 11))

        let segments = try JPEGSegments(JPEGEncoder.encode(noise, quality: 100))

        XCTAssertGreaterThan(segments.stuffedBytes, 10)
    }

    func test_encode_smallerForLowerQuality() {
        let picture = Bitmap(width: 48, height: 48, layout: .rgb, samples: SeededGenerator.bytes(count: 48 * 48 * 3, seed: 3))

        let sizes = [10, 50, 80, 100].map { JPEGEncoder.encode(picture, quality: $0).count }

        XCTAssertEqual(sizes, sizes.sorted())
        XCTAssertEqual(Set(sizes).count, 4)
    }

    func test_encode_writesAWellFormedFileForAnySizeAndQuality() throws {
        var generator = SeededGenerator(seed: 2_929)
        for _ in 0..<150 {
            let width = Int.random(in: 1...40, using: &generator)
            let height = Int.random(in: 1...40, using: &generator)
            let layout: Bitmap.Layout = Bool.random(using: &generator) ? .rgb : .gray
            let samples = SeededGenerator.bytes(count: width * height * layout.channels, seed: generator.next())
            let quality = Int.random(in: -5...110, using: &generator)

            let segments = try JPEGSegments(JPEGEncoder.encode(Bitmap(width: width, height: height, layout: layout, samples: samples), quality: quality))

            XCTAssertEqual(segments.scans.count, layout == .rgb ? 10 : 6, "\(width)×\(height) \(layout) at \(quality)")
            XCTAssertEqual(segments.markers.last, 0xD9)
        }
    }

    /// A picture whose samples climb across and down, in `layout`'s channels.
    private func gradient(width: Int, height: Int, layout: Bitmap.Layout) -> Bitmap {
        var samples = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<layout.channels { samples.append(UInt8(truncatingIfNeeded: x * 5 + y * 3 + channel * 40)) }
            }
        }
        return Bitmap(width: width, height: height, layout: layout, samples: samples)
    }
}
