import Basics
import FeedCore
import Foundation
import Images
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The renditions step on its own: each distinct picture in the sizes the pages show.
final class RenditionsStepTests: XCTestCase {
    private let recipe = RenditionRecipe(widths: [100, 200, 400], quality: 80, maxPixels: 1_000_000)

    func test_run_makesEachDistinctPicturesRenditionsOncePlacesThemAndGivesThemToEveryItemThatShowsIt() async throws {
        let (world, cache) = (StepWorld(), InMemoryRenditionCache())
        let photo = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let entries = [entry(photo), entry(photo)]

        let outcome = try await run(entries, world, cache)

        let renditions = outcome.entries[0].renditions
        XCTAssertEqual(
            renditions.map(\.dimensions),
            [ImageDimensions(width: 100, height: 50), ImageDimensions(width: 200, height: 100), ImageDimensions(width: 300, height: 150)],
            "each width narrower than the picture, and its own")
        XCTAssertEqual(outcome.entries[1].renditions, renditions, "the same picture under another item")
        XCTAssertEqual(outcome.entries.map(\.placeholder), [grey, grey])
        XCTAssertEqual(cache.saves, 1)
        for rendition in renditions { XCTAssertNotNil(world.site.files[SitePaths.image(rendition)], "placed in the site") }
        XCTAssertEqual(outcome.tally, RenditionTally(made: 1, fromCache: 0, files: 3))
        XCTAssertEqual(world.lines, ["renditions: 1 images made, 0 from the cache (3 files), 0 shown as they are"])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.renditions, outcome.tally)
    }

    func test_run_takesWhatWasMadeWhileTheImagesDownloadedAndMakesOnlyTheRest() async throws {
        let (world, cache) = (StepWorld(), InMemoryRenditionCache())
        let early = jpeg(width: 300, height: 150)
        let (made, late) = (
            cache.holdOriginal(early, format: .jpeg, dimensions: ImageDimensions(width: 300, height: 150)),
            cache.holdOriginal(jpeg(width: 150, height: 300), format: .jpeg)
        )
        let ahead = RenditionsStep.early(
            recipe: recipe, renditionCache: cache, imageStore: InMemoryImageStore(), site: world.site, report: world.report, tasksAtOnce: 2)
        ahead.submit(made, from: URL(string: "https://image.example/1.png")!)
        ahead.submit(made, from: URL(string: "https://image.example/again.png")!)
        ahead.submit(late, from: URL(string: "https://image.example/2.png")!)

        let step = RenditionsStep(
            entries: [entry(made), entry(late)], recipe: recipe, renditionCache: cache, imageStore: InMemoryImageStore(), cache: NoCacheBatches(),
            site: world.site, report: world.report, tasksAtOnce: 2, early: ahead)
        let outcome = try await step.run(world.progress(for: step))

        XCTAssertEqual(cache.saves, 2, "each picture made once: the one of known size ahead, the other by the step")
        XCTAssertEqual(outcome.entries.map { $0.renditions.map(\.dimensions?.width) }, [[100, 200, 300], [100, 150]])
        XCTAssertEqual(outcome.tally, RenditionTally(made: 2, fromCache: 0, files: 5))
    }

    func test_early_leavesAPictureOfUnknownOrLargeSizeForTheStepAlone() async throws {
        let (world, cache) = (StepWorld(), InMemoryRenditionCache())
        let unknown = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let large = cache.holdOriginal(jpeg(width: 200, height: 100), format: .jpeg, dimensions: ImageDimensions(width: 1000, height: 600))
        let ahead = RenditionsStep.early(
            recipe: recipe, renditionCache: cache, imageStore: InMemoryImageStore(), site: world.site, report: world.report, tasksAtOnce: 2)
        ahead.submit(unknown, from: URL(string: "https://image.example/1.png")!)
        ahead.submit(large, from: URL(string: "https://image.example/2.png")!)

        let made = try await ahead.finish()

        XCTAssertEqual(made, [:], "600,000 pixels is more than half the limit of 1,000,000")
        XCTAssertEqual(cache.saves, 0)
    }

    func test_run_takesRenditionsTheCacheHoldsWithoutDecodingAgain() async throws {
        let cache = InMemoryRenditionCache()
        let photo = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let first = try await run([entry(photo)], StepWorld(), cache)

        let world = StepWorld()
        let second = try await run([entry(photo)], world, cache)

        XCTAssertEqual(cache.saves, 1, "made once")
        XCTAssertEqual(cache.reads, 1, "decoded once")
        XCTAssertEqual(second.entries[0].renditions, first.entries[0].renditions)
        XCTAssertEqual(second.entries[0].placeholder, grey, "the placeholder kept with the renditions")
        XCTAssertEqual(second.tally, RenditionTally(made: 0, fromCache: 1, files: 3))
        for rendition in second.entries[0].renditions { XCTAssertNotNil(world.site.files[SitePaths.image(rendition)]) }
    }

    func test_run_countsAPictureItCannotDecodeShowsItsOriginalAndDoesNotTryItAgain() async throws {
        let cache = InMemoryRenditionCache()
        let broken = cache.holdOriginal(Array("GIF89a, and nothing after".utf8), format: .gif)
        let world = StepWorld()

        let outcome = try await run([entry(broken)], world, cache)
        let again = StepWorld()
        _ = try await run([entry(broken)], again, cache)

        XCTAssertEqual(outcome.entries[0].renditions, [])
        XCTAssertEqual(outcome.tally, RenditionTally(asItIs: [.undecodable: 1]))
        XCTAssertEqual(
            world.lines,
            [
                "renditions: image https://image.example/1.png 8236 × 28257 pixels, more than the 1000000 allowed; its pages show the original",
                "renditions: 0 images made, 0 from the cache (0 files), 1 shown as they are (1 not decodable)",
            ])
        XCTAssertFalse(again.lines.contains { $0.hasPrefix("renditions: image ") }, "remembered, not decoded again: \(again.lines)")
    }

    func test_run_showsAPictureAsItsOriginalWhenTheCacheCannotKeepItsRenditionsAndGoesOn() async throws {
        let cache = InMemoryRenditionCache()
        let photo = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        cache.failSaves(with: .cannot(.write, "cache database /cache/cache.sqlite", reason: "disk I/O error"))
        let world = StepWorld()

        let outcome = try await run([entry(photo)], world, cache)

        XCTAssertEqual(outcome.entries[0].renditions, [])
        XCTAssertEqual(outcome.tally, RenditionTally(asItIs: [.cache: 1]))
        XCTAssertEqual(
            world.lines,
            [
                "renditions: image https://image.example/1.png cannot write cache database /cache/cache.sqlite: disk I/O error; its pages show the original",
                "renditions: 0 images made, 0 from the cache (0 files), 1 shown as they are (1 not kept by the cache)",
            ])
    }

    func test_run_stopsTheRunWhenTheDiskIsFull() async throws {
        let cache = InMemoryRenditionCache()
        let photo = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let full = CacheError.full(OutOfSpace(path: "/cache/cache.sqlite", limit: .device))
        cache.failSaves(with: full)

        do {
            _ = try await run([entry(photo)], StepWorld(), cache)
            XCTFail("a full disk stops the run")
        } catch {
            guard case let .outOfSpace(stopped)? = error as? RunError else { return XCTFail("\(error)") }
            XCTAssertEqual(stopped, OutOfSpace(path: "/cache/cache.sqlite", limit: .device))
        }
    }

    func test_run_showsAPictureNoWiderThanTheNarrowestWidthAsItIsWithAPlaceholderMadeOnce() async throws {
        let cache = InMemoryRenditionCache()
        let small = cache.holdOriginal(jpeg(width: 100, height: 80), format: .jpeg, dimensions: ImageDimensions(width: 100, height: 80))
        let world = StepWorld()

        let outcome = try await run([entry(small)], world, cache)
        let again = try await run([entry(small)], StepWorld(), cache)

        XCTAssertEqual(outcome.entries[0].renditions, [])
        XCTAssertEqual(outcome.entries[0].placeholder, grey)
        XCTAssertEqual(outcome.tally, RenditionTally(asItIs: [.small: 1]))
        XCTAssertEqual(world.lines, ["renditions: 0 images made, 0 from the cache (0 files), 1 shown as they are (1 small enough)"])
        XCTAssertEqual(again.entries[0].placeholder, grey)
        XCTAssertEqual(again.tally, RenditionTally(asItIs: [.small: 1]))
        XCTAssertEqual(cache.reads, 1, "decoded once, then from the cache")
    }

    func test_run_leavesAPictureOfAnotherFormatAsItIsWithoutAsking() async throws {
        let cache = InMemoryRenditionCache()
        let webp = StoredImage(digest: SHA256Digests.any, byteCount: 10, format: .webp, dimensions: ImageDimensions(width: 4000, height: 3000))
        let world = StepWorld()

        let outcome = try await run([entry(webp)], world, cache)

        XCTAssertEqual(outcome.tally, RenditionTally(asItIs: [.format: 1]))
        XCTAssertEqual(world.lines, ["renditions: 0 images made, 0 from the cache (0 files), 1 shown as they are (1 not JPEG, PNG or GIF)"])
    }

    func test_run_leavesAPictureOverThePixelLimitAsItIsAndTriesItAgainNextRun() async throws {
        let cache = InMemoryRenditionCache()
        let huge = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let claimed = StoredImage(digest: huge.digest, byteCount: huge.byteCount, format: .jpeg, dimensions: ImageDimensions(width: 2000, height: 1000))
        let world = StepWorld()

        let outcome = try await run([entry(claimed)], world, cache)
        let larger = RenditionRecipe(widths: recipe.widths, quality: 80, maxPixels: 2_000_000)
        let step = RenditionsStep(
            entries: [entry(claimed)], recipe: larger, renditionCache: cache, imageStore: InMemoryImageStore(), cache: NoCacheBatches(),
            site: StepWorld().site, report: StepWorld().report, tasksAtOnce: 2)
        let again = try await step.run(StepWorld().progress(for: step))

        XCTAssertEqual(outcome.tally, RenditionTally(asItIs: [.pixels: 1]))
        XCTAssertEqual(
            world.lines,
            [
                "renditions: image https://image.example/1.png 2000 × 1000 pixels, more than the 1000000 allowed; its pages show the original",
                "renditions: 0 images made, 0 from the cache (0 files), 1 shown as they are (1 over --max-image-pixels)",
            ])
        XCTAssertEqual(again.tally.made, 1, "made once the limit allows it")
    }

    func test_run_withoutARecipePassesTheEntriesThroughAsTheyAre() async throws {
        let cache = InMemoryRenditionCache()
        let entries = [entry(cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg))]
        let world = StepWorld()
        let step = RenditionsStep(
            entries: entries, recipe: nil, renditionCache: cache, imageStore: InMemoryImageStore(), cache: NoCacheBatches(), site: world.site,
            report: world.report, tasksAtOnce: 2)

        let outcome = try await step.run(world.progress(for: step))

        XCTAssertEqual(outcome.entries, entries)
        XCTAssertEqual(cache.saves, 0)
    }

    func test_byMemory_decodesAPictureOfMoreThanItsShareOfThePixelLimitAloneAndOneOfUnknownSizeWithinItsShare() {
        func picture(_ width: Int?, _ height: Int) -> StoredImage {
            StoredImage(
                digest: SHA256Digests.any, byteCount: 1, format: .jpeg, dimensions: width.flatMap { ImageDimensions(width: $0, height: height) })
        }
        let pictures = [picture(1000, 1000), picture(5000, 5000), picture(nil, 0), picture(5000, 4000), picture(Int(Int32.max), 2)]

        let (together, unknown, alone) = RenditionsStep.byMemory(pictures, pixelLimit: 40_000_000, tasksAtOnce: 2)

        XCTAssertEqual(together, [0, 3], "at most 20 million pixels each, two at once")
        XCTAssertEqual(unknown, [2])
        XCTAssertEqual(alone, [1, 4], "25 million, and over four billion")
    }

    func test_run_makesPicturesOfUnknownSizeWithinTheirShareOrAloneAndSaysOnlyWhatIsOverTheWholeLimit() async throws {
        let (world, cache) = (StepWorld(), InMemoryRenditionCache())
        // The recipe allows 1,000,000 pixels, 500,000 each for two pictures at once.
        let small = cache.holdOriginal(jpeg(width: 300, height: 150), format: .jpeg)
        let overShare = cache.holdOriginal(jpeg(width: 800, height: 800), format: .jpeg)
        let overLimit = cache.holdOriginal(jpeg(width: 1_200, height: 1_000), format: .jpeg)
        let damaged = cache.holdOriginal([0xFF, 0xD8, 0xFF, 0xDB, 0, 2, 0xFF, 0xD9], format: .jpeg)

        let outcome = try await run([entry(small), entry(overShare), entry(overLimit), entry(damaged)], world, cache)

        XCTAssertEqual(outcome.entries.map { $0.renditions.map(\.dimensions?.width) }, [[100, 200, 300], [100, 200, 400], [], []])
        XCTAssertEqual(outcome.tally.made, 2)
        XCTAssertEqual(outcome.tally.asItIs, [.undecodable: 2])
        XCTAssertEqual(
            world.lines.filter { $0.contains("pixels") },
            [
                "renditions: image https://image.example/1.png 1200 × 1000 pixels, more than the 1000000 allowed; its pages show the original"
            ])
        XCTAssertEqual(cache.saves, 2, "two made")
        for picture in [overLimit, damaged] {
            guard case .notDecodable = try cache.renditions(of: picture, recipe: recipe.key) else {
                return XCTFail("\(picture.sha256) not remembered as not decodable")
            }
        }
    }

    func test_distinctPictures_givesEachPictureOnceByTheFirstEntryThatShowsIt_andItsPlace() {
        let first = StoredImage(sha256: String(repeating: "01", count: 32), byteCount: 1, format: .png)
        let second = StoredImage(sha256: String(repeating: "02", count: 32), byteCount: 2, format: .jpeg)
        let entries = [
            StepWorld.entry("a", stored: first), StepWorld.entry("without a picture"), StepWorld.entry("b", stored: second),
            StepWorld.entry("a again", stored: first),
        ]

        let (firstEntries, placeOfEntry) = RenditionsStep.distinctPictures(of: entries)

        XCTAssertEqual(firstEntries, [0, 2])
        XCTAssertEqual(placeOfEntry, [0, nil, 1, 0])
    }

    // MARK: - Helpers

    private func run(_ entries: [SiteEntry], _ world: StepWorld, _ cache: InMemoryRenditionCache) async throws -> RenditionsStep.Outcome {
        let step = RenditionsStep(
            entries: entries, recipe: recipe, renditionCache: cache, imageStore: InMemoryImageStore(), cache: NoCacheBatches(), site: world.site,
            report: world.report, tasksAtOnce: 2)
        return try await step.run(world.progress(for: step))
    }

    private func entry(_ stored: StoredImage) -> SiteEntry {
        SiteEntry(
            image: FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "https://image.example/1.png")!), stored: stored,
            firstSeen: fixedNow())
    }

    /// The placeholder of `jpeg(width:height:)`'s pictures.
    private let grey = ImagePlaceholder(samples: [UInt8](repeating: 128, count: 9))

    private func jpeg(width: Int, height: Int) -> [UInt8] {
        JPEGEncoder.encode(Bitmap(width: width, height: height, layout: .rgb, filledWith: 128), quality: 80)
    }
}

/// A digest no test's bytes have.
private enum SHA256Digests {
    static let any = StoredImage(sha256: String(repeating: "ab", count: 32), byteCount: 0, format: .png).digest
}
