import FeedCore
import FeedStorage
import Foundation
import Hashing
import Images
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The images step publishing each original without its metadata: a copy made once and kept
/// in the cache, the original kept as fetched for the renditions, the pages shown the copy.
final class PublishOriginalsWithoutMetadataTests: XCTestCase {
    func test_run_publishesACopyWithoutTheMetadata_keepingTheOriginalAsFetchedForTheRenditions() async throws {
        let world = StepWorld()
        let image = uniqueImage()
        let fetched = Self.photoWithEXIF()
        world.api.serve(image: Data(fetched), at: image.url)

        let outcome = try await run(ImagesStep(world, feed: [image]))

        let original = try XCTUnwrap(outcome.entries[0].stored)
        XCTAssertEqual(original.digest, SHA256.digest(Data(fetched)), "the renditions are made from the file as fetched")
        let published = try XCTUnwrap(outcome.publishing(outcome.entries)[0].stored)
        let copy = try XCTUnwrap(world.renditions.savedBytes(of: published))
        XCTAssertEqual(copy, StrippingFixtures.jpeg())
        XCTAssertEqual(published.byteCount, copy.count, "the pages say the published file's size")
        XCTAssertEqual(published.dimensions, original.dimensions)
        XCTAssertEqual(Set(world.site.files.keys), [SitePaths.image(published)], "only the copy is in the site")
        XCTAssertEqual(outcome.metadata, MetadataTally(originals: 1, bytes: fetched.count - copy.count))
        XCTAssertEqual(world.lines.last, "images: metadata dropped from 1 original (\(fetched.count - copy.count) bytes)")
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.metadata, outcome.metadata)
    }

    func test_run_publishesTheOriginalsAsFetchedWithKeepMetadata() async throws {
        let world = StepWorld()
        let image = uniqueImage()
        world.api.serve(image: Data(Self.photoWithEXIF()), at: image.url)

        let outcome = try await run(ImagesStep(world, feed: [image], keepMetadata: true))

        let original = try XCTUnwrap(outcome.entries[0].stored)
        XCTAssertEqual(outcome.publishing(outcome.entries)[0].stored, original)
        XCTAssertEqual(Set(world.site.files.keys), [SitePaths.image(original)])
        XCTAssertEqual(outcome.metadata, MetadataTally())
        XCTAssertEqual(world.renditions.saves, 0, "nothing is stripped")
        XCTAssertFalse(world.lines.contains { $0.contains("metadata") }, "\(world.lines)")
    }

    func test_run_stripsEachOriginalOnce_aLaterRunTakesTheCopyFromTheCache() async throws {
        let world = StepWorld()
        let (one, sameBytes) = (uniqueImage(), uniqueImage())
        world.api.serve(image: Data(Self.photoWithEXIF()), at: one.url)
        world.api.serve(image: Data(Self.photoWithEXIF()), at: sameBytes.url)

        let first = try await run(ImagesStep(world, feed: [one, sameBytes]))
        let again = try await run(ImagesStep(world, feed: [one, sameBytes]))

        XCTAssertEqual(world.renditions.saves, 1, "one copy made, then found")
        XCTAssertEqual(again.publishing(again.entries).map(\.stored), first.publishing(first.entries).map(\.stored))
        XCTAssertEqual(again.metadata.originals, 1, "the copy from the cache counts: the site holds it")
    }

    func test_run_publishesAnOriginalWithNothingToDropOrThatCannotBeReadAsItIs() async throws {
        let world = StepWorld()
        let (clean, unreadable) = (uniqueImage(), uniqueImage())
        world.api.serve(image: Data(StrippingFixtures.jpeg()), at: clean.url)
        world.api.serve(image: CacheFixtures.pngBytes("not a whole PNG"), at: unreadable.url)

        let outcome = try await run(ImagesStep(world, feed: [clean, unreadable]))

        XCTAssertEqual(outcome.publishing(outcome.entries).map(\.stored), outcome.entries.map(\.stored))
        XCTAssertEqual(outcome.metadata, MetadataTally())
        let originals = try outcome.entries.map { try XCTUnwrap($0.stored) }
        XCTAssertEqual(try world.renditions.renditions(of: originals[0], recipe: PublishedOriginals.recipe), .made([]), "remembered as clean")
        guard case .notDecodable = try world.renditions.renditions(of: originals[1], recipe: PublishedOriginals.recipe) else {
            return XCTFail("remembered as unreadable")
        }
    }

    func test_run_failsAnImageWhoseCopyTheCacheCannotKeep_ratherThanPublishItsMetadata() async throws {
        let world = StepWorld()
        let image = uniqueImage()
        world.api.serve(image: Data(Self.photoWithEXIF()), at: image.url)
        world.renditions.failSaves(with: .cannot(.write, "cache database", reason: "disk I/O error"))

        let outcome = try await run(ImagesStep(world, feed: [image]))

        XCTAssertNil(outcome.entries[0].stored)
        XCTAssertEqual(outcome.tally.failed, 1)
        XCTAssertEqual(world.site.files, [:])
    }

    // MARK: - Helpers

    /// Our encoder's JPEG with a camera's EXIF (a serial number, GPS data) and XMP.
    private static func photoWithEXIF() -> [UInt8] {
        StrippingFixtures.inserting([StrippingFixtures.exifSegment(orientation: 1), StrippingFixtures.xmpSegment()], into: StrippingFixtures.jpeg())
    }

    private func run(_ step: ImagesStep) async throws -> ImagesStep.Outcome {
        try await step.run(StepProgress(report: step.report, label: step.name))
    }
}
