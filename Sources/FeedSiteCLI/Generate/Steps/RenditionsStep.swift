import FeedCore
import Foundation
import Hashing
import Images
import SiteGenerator

/// Every distinct picture of the feed in the sizes the pages show: its renditions from the
/// cache, else made by our codecs (on every core) and kept in the cache, each placed in the
/// site. A picture our codecs do not read keeps its original on the pages, counted, never an
/// error. The cache's writes are one transaction.
struct RenditionsStep: RunStep {
    /// The feed's items, each with its stored image.
    let entries: [SiteEntry]
    /// `nil` with `--image-widths none`: the entries pass through as they are.
    let recipe: RenditionRecipe?
    let renditionCache: any RenditionCache
    let imageStore: any ImageStore
    let cache: any CacheBatches
    let site: any StagingSite
    let report: RunReport
    /// Pictures worked on at once: decoding is the processors' work.
    let tasksAtOnce: Int
    /// The renditions made while the images downloaded, if any: this step takes them and
    /// makes the rest.
    var early: EarlyRenditions?

    var name: String { "renditions" }
    var phase: RunPhase { .renditions }

    struct Outcome: StepOutcome {
        /// The entries, each with its picture's renditions.
        let entries: [SiteEntry]
        let tally: RenditionTally

        func record(in summary: inout RunSummary) {
            summary.renditions = tally
        }
    }

    /// The work that makes renditions while the images step downloads, for `recipe`: the
    /// pictures that may be decoded beside others (`byMemory`), `tasksAtOnce` at a time.
    static func early(
        recipe: RenditionRecipe, renditionCache: any RenditionCache, imageStore: any ImageStore, site: any StagingSite, report: RunReport,
        tasksAtOnce: Int
    ) -> EarlyRenditions {
        EarlyRenditions(
            tasksAtOnce: tasksAtOnce, takesNow: { fitsBeside($0, pixelLimit: recipe.maxPixels, tasksAtOnce: tasksAtOnce) },
            make: maker(recipe: recipe, renditionCache: renditionCache, imageStore: imageStore, site: site, report: report))
    }

    /// What makes one picture's renditions, early or in the step: `placedRenditions` over
    /// the run's cache, store, site and report; decoding no more than `pixelShare` pixels
    /// when it is given (`.tooLargeToShare` for a picture that has more).
    private static func maker(
        recipe: RenditionRecipe, renditionCache: any RenditionCache, imageStore: any ImageStore, site: any StagingSite, report: RunReport,
        pixelShare: Int? = nil
    ) -> EarlyRenditions.Make {
        { source, url in
            try await placedRenditions(
                of: source, from: url, recipe: recipe, pixelShare: pixelShare, cache: renditionCache, imageStore: imageStore, site: site, report: report)
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        guard let recipe else { return Outcome(entries: entries, tally: RenditionTally()) }
        let (firstEntries, placeOfEntry) = Self.distinctPictures(of: entries)
        let entries = entries
        let picture = { @Sendable (place: Int) in entries[firstEntries[place]] }
        let make = Self.maker(recipe: recipe, renditionCache: renditionCache, imageStore: imageStore, site: site, report: report)
        let share = Self.maker(
            recipe: recipe, renditionCache: renditionCache, imageStore: imageStore, site: site, report: report,
            pixelShare: recipe.maxPixels / max(1, tasksAtOnce))
        var results = [Found](repeating: .asItIs(.small), count: firstEntries.count)
        try await cache.batch {
            let made = try await early?.finish() ?? [:]
            let left = firstEntries.indices.filter { place in
                guard let digest = picture(place).stored?.digest, let found = made[digest] else { return true }
                results[place] = found
                return false
            }
            let counter = ProgressCounter(done: firstEntries.count - left.count)
            let work = { @Sendable (make: @escaping EarlyRenditions.Make) in
                { @Sendable (place: Int) async throws -> Found in
                    let entry = picture(place)
                    guard let source = entry.stored else { return .asItIs(.small) }
                    try Task.checkCancellation()
                    let found = try await make(source, entry.image.url)
                    guard found != .tooLargeToShare else { return found }
                    let (done, failed) = counter.add(failed: found.isFailure)
                    progress.update(done: done, total: firstEntries.count, failed: failed)
                    return found
                }
            }
            var (together, unknown, alone) = Self.byMemory(
                left.compactMap { picture($0).stored }, pixelLimit: recipe.maxPixels, tasksAtOnce: tasksAtOnce)
            for (place, found) in zip(together, try await concurrentMap(together.map { left[$0] }, limit: tasksAtOnce, work(make))) {
                results[left[place]] = found
            }
            // Side by side within their share: most pictures whose header tells no size are
            // damaged, and fail before anything is decoded (BENCHMARKS.md, "What each trick
            // buys", row "pictures of unknown size decoded side by side").
            for (place, found) in zip(unknown, try await concurrentMap(unknown.map { left[$0] }, limit: tasksAtOnce, work(share))) {
                if found == .tooLargeToShare { alone.append(place) } else { results[left[place]] = found }
            }
            for (place, found) in zip(alone, try await concurrentMap(alone.map { left[$0] }, limit: 1, work(make))) { results[left[place]] = found }
        }
        var tally = RenditionTally()
        for found in results {
            switch found {
            case .made: tally.made += 1
            case .fromCache: tally.fromCache += 1
            case let .asItIs(reason, _): tally.asItIs[reason, default: 0] += 1
            case .tooLargeToShare: preconditionFailure("a picture over its share is made alone before the tally")
            }
        }
        tally.files = Set(results.flatMap(\.renditions)).count
        if tally != RenditionTally() { report.renditionsMade(tally) }
        return Outcome(
            entries: zip(entries, placeOfEntry).map { entry, place in
                SiteEntry(
                    image: entry.image, stored: entry.stored, firstSeen: entry.firstSeen, renditions: place.map { results[$0].renditions } ?? [],
                    placeholder: place.flatMap { results[$0].placeholder })
            },
            tally: tally)
    }

    /// Each distinct picture of `entries` once, as the position of the first entry that has
    /// it (its image's URL names the picture in messages), and for each entry its picture's
    /// place among them (`nil` without a picture), which gives it its renditions at the end.
    /// Positions rather than the pictures and images themselves, and the table of digests
    /// gone before the step works, where a feed of 100,000 items held a set, a dictionary and
    /// two arrays of pictures to the end: BENCHMARKS.md, "What each trick buys", row "each
    /// picture's place kept once".
    static func distinctPictures(of entries: [SiteEntry]) -> (firstEntries: [Int], placeOfEntry: [Int?]) {
        var placeOf: [SHA256.Digest: Int] = [:]
        placeOf.reserveCapacity(entries.count)
        var firstEntries: [Int] = []
        let placeOfEntry = entries.enumerated().map { position, entry -> Int? in
            guard let digest = entry.stored?.digest else { return nil }
            if let known = placeOf[digest] { return known }
            placeOf[digest] = firstEntries.count
            firstEntries.append(position)
            return firstEntries.count - 1
        }
        return (firstEntries, placeOfEntry)
    }

    /// Which pictures may be decoded side by side (`together`), which side by side only
    /// within their share of the pixel limit (`unknown`: the cache does not know their size),
    /// and which one at a time (`alone`), by their places: so that the pictures decoded at
    /// once never hold more pixels than the largest one allowed. A decode holds a few bytes a
    /// pixel, so two photos of 50 million pixels at once would hold well over a gigabyte. A
    /// picture of unknown size found over its share (the decoders read the size before they
    /// allocate) is then decoded alone.
    static func byMemory(_ pictures: [StoredImage], pixelLimit: Int, tasksAtOnce: Int) -> (together: [Int], unknown: [Int], alone: [Int]) {
        let fits = pictures.map { fitsBeside($0, pixelLimit: pixelLimit, tasksAtOnce: tasksAtOnce) }
        return (
            fits.indices.filter { fits[$0] }, fits.indices.filter { pictures[$0].dimensions == nil },
            fits.indices.filter { !fits[$0] && pictures[$0].dimensions != nil }
        )
    }

    /// Whether `picture` holds no more than its share of the pixel limit, `tasksAtOnce`
    /// pictures decoded at once: a picture of unknown size does not.
    static func fitsBeside(_ picture: StoredImage, pixelLimit: Int, tasksAtOnce: Int) -> Bool {
        // Each side is below 2^31, so their product fits.
        picture.dimensions.map { $0.width * $0.height <= pixelLimit / max(1, tasksAtOnce) } ?? false
    }

    /// `source`'s renditions, placed in the site. A full disk stops the run. Anything else the
    /// cache or the site cannot do is this picture's alone: it shows as its original this run,
    /// said in a detail line, and is tried again the next.
    private static func placedRenditions(
        of source: StoredImage, from url: URL, recipe: RenditionRecipe, pixelShare: Int?, cache: any RenditionCache, imageStore: any ImageStore,
        site: any StagingSite, report: RunReport
    ) async throws(CacheError) -> Found {
        do {
            let found = try renditions(of: source, from: url, recipe: recipe, pixelShare: pixelShare, cache: cache, report: report)
            for rendition in found.renditions {
                try await site.placeImage(rendition, at: SitePaths.image(rendition), from: imageStore)
            }
            return found
        } catch .full(let full) {
            throw .full(full)
        } catch {
            report.renditionsNotMade(url, reason: error.description)
            return .asItIs(.cache)
        }
    }

    /// `source`'s renditions and placeholder: from the cache, else made and kept there. What
    /// its stored format and size already tell (another format, over the pixel limit) is
    /// known without the cache, and left for the next run to see again: a larger
    /// `--max-image-pixels` then makes them. A picture no wider than the narrowest width has
    /// no renditions but is decoded all the same, as small as it comes, for its placeholder.
    /// A picture our decoders refuse is remembered as such, unless it only has more than
    /// `pixelShare` pixels: that one is `.tooLargeToShare`, said nowhere.
    private static func renditions(
        of source: StoredImage, from url: URL, recipe: RenditionRecipe, pixelShare: Int?, cache: any RenditionCache, report: RunReport
    ) throws(CacheError) -> Found {
        guard [.jpeg, .png, .gif].contains(source.format) else { return .asItIs(.format) }
        // Each side is below 2^31, so their product fits.
        if let size = source.dimensions, size.width * size.height > recipe.maxPixels {
            report.renditionsNotMade(
                url, reason: ImageDecodingError.tooManyPixels(width: size.width, height: size.height, limit: recipe.maxPixels).description)
            return .asItIs(.pixels)
        }
        switch try cache.renditions(of: source, recipe: recipe.key) {
        case let .made(renditions, placeholder):
            return renditions.isEmpty ? .asItIs(.small, placeholder: placeholder) : .fromCache(renditions, placeholder: placeholder)
        case .notDecodable: return .asItIs(.undecodable)
        case .unknown: break
        }
        let original = try cache.bytes(of: source)
        let made: RenditionSet
        do {
            let limited = pixelShare.map { RenditionRecipe(widths: recipe.widths, quality: recipe.quality, maxPixels: $0) }
            made = try Renditions.make(from: original, recipe: limited ?? recipe)
        } catch .tooManyPixels where pixelShare != nil {
            return .tooLargeToShare
        } catch {
            report.renditionsNotMade(url, reason: error.description)
            try cache.saveNotDecodable(source: source, recipe: recipe.key, reason: error.description)
            return .asItIs(.undecodable)
        }
        let placeholder = made.bands.flatMap { ImagePlaceholder(samples: $0.samples) }
        let bytes = made.renditions.map { (width: $0.width, height: $0.height, format: $0.format == .png ? ImageFormat.png : .jpeg, bytes: $0.bytes) }
        let stored = try cache.saveRenditions(bytes, placeholder: placeholder, of: source, recipe: recipe.key)
        return stored.isEmpty ? .asItIs(.small, placeholder: placeholder) : .made(stored, placeholder: placeholder)
    }
}
