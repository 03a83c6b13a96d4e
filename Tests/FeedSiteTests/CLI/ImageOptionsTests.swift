import FeedSiteCLI
import Foundation
import XCTest

/// `--image-widths`, `--image-quality`, `--max-image-pixels`, `--keep-metadata`.
final class ImageOptionsTests: XCTestCase {
    func test_parse_givesEveryPictureRenditionsAt480960And1600AtQuality80ByDefault() throws {
        let options = try generate([])

        XCTAssertEqual(options.imageWidths, [480, 960, 1600])
        XCTAssertEqual(options.imageQuality, 80)
        XCTAssertEqual(options.maxImagePixels, 50_000_000)
    }

    func test_parse_takesWidthsInAnyOrderOnceEachAndNoneForNoRenditions() throws {
        XCTAssertEqual(try generate(["--image-widths", "1200, 320,640,320"]).imageWidths, [320, 640, 1200])
        XCTAssertEqual(try generate(["--image-widths", "none"]).imageWidths, [])
        XCTAssertEqual(try generate(["--image-quality", "92", "--max-image-pixels", "1000"]).imageQuality, 92)
    }

    func test_parse_refusesWidthsAndQualitiesOutOfRangeAsUsageErrors() {
        let widths =
            "--image-widths needs up to 10 widths in pixels from 16 to 8192, separated by commas (such as 480,960,1600), or none, got "
        let refused: [([String], String)] = [
            (["--image-widths", "480,x"], widths + "'480,x'"),
            (["--image-widths", ""], widths + "''"),
            (["--image-widths", "480,,960"], widths + "'480,,960'"),
            (["--image-widths", "8"], widths + "'8'"),
            (["--image-widths", "9000"], widths + "'9000'"),
            (
                ["--image-widths", Array(repeating: "100", count: 11).joined(separator: ",")],
                widths + "'\(Array(repeating: "100", count: 11).joined(separator: ","))'"
            ),
            (["--image-quality", "0"], "--image-quality needs a whole number from 1 to 100, got '0'"),
            (["--image-quality", "101"], "--image-quality needs a whole number from 1 to 100, got '101'"),
            (["--max-image-pixels", "-1"], "--max-image-pixels needs a whole number from 1 to 1000000000, got '-1'"),
        ]
        for (arguments, message) in refused {
            XCTAssertThrowsError(try generate(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }

    func test_parse_dropsThePublishedOriginalsMetadataUnlessKeepMetadataIsGiven_forGenerateAndDemo() throws {
        XCTAssertFalse(try generate([]).keepMetadata)
        XCTAssertTrue(try generate(["--keep-metadata"]).keepMetadata)
        guard case let .demo(options) = try ArgumentParser.parse(["demo", "--keep-metadata"], environment: [:]) else { return XCTFail("not demo") }
        XCTAssertTrue(options.keepMetadata)
    }

    private func generate(_ arguments: [String]) throws -> GenerateOptions {
        guard case let .generate(options) = try ArgumentParser.parse(["generate"] + arguments, environment: [:]) else {
            throw UsageError("not generate")
        }
        return options
    }
}
