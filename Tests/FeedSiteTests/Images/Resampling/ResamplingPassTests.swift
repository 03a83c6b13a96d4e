import XCTest

@testable import Images

/// How much of a row the filter sees, which its line and weights grow with.
final class ResamplingPassTests: XCTestCase {
    func test_block_isOneUpToSixtyFourOutputPixelsAPixel_andKeepsTheFilteredLineWithinThatBeyond() {
        XCTAssertEqual(pass(width: 30_720, outputWidth: 480).block, 1, "no picture of 30,720 pixels or fewer is averaged first")
        XCTAssertEqual(pass(width: 7_000, outputWidth: 480).block, 1)
        for (width, output) in [(30_721 + 480 * 64, 480), (10_000_000, 480), (49_999_999, 960), (49_999_999, 1_600), (1 << 30, 1)] {
            let block = pass(width: width, outputWidth: output).block
            let line = (width + block - 1) / block

            XCTAssertGreaterThan(block, 1, "\(width) to \(output)")
            XCTAssertLessThanOrEqual(line, 2 * ResamplingPass.widestReach * output, "\(width) to \(output)")
            XCTAssertGreaterThanOrEqual(line, ResamplingPass.widestReach * output, "\(width) to \(output)")
        }
    }

    private func pass(width: Int, outputWidth: Int) -> ResamplingPass {
        ResamplingPass(source: UnsafeBufferPointer(start: nil, count: 0), width: width, height: 1, layout: .gray, outputWidth: outputWidth, outputHeight: 1)
    }
}
