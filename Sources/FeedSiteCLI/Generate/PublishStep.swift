import FeedCore
import FileSystem
import Foundation
import Publishing
import SiteGenerator

/// Phase 5: the stylesheet and the manifest, the new site swapped into place unless
/// `--strict` refuses a degraded run, and the archive.
enum PublishStep {
    /// `--strict` found the run degraded: nothing was published.
    struct StrictRefusal: Error {
        let reasons: [String]
    }

    /// The site was published, but `--archive` could not be written.
    struct ArchiveNotWritten: Error {
        let output: URL
        let reason: any Error
    }

    /// Writes the files that describe the whole site: the stylesheet and `manifest.json`.
    static func finishSite(_ context: RunContext, _ summary: RunSummary) throws {
        try context.staged.write(context.site.templates.stylesheet, to: SitePaths.stylesheet)
        let facts = summary.manifestFacts(api: context.options.api, now: context.now, locales: context.site.renderers.map(\.locale))
        try context.staged.writeManifest(generator: "\(Manifest.generatorName) \(Usage.version)", run: facts)
    }

    /// Starts writing what the run has written so far to the disk while the feed pages and
    /// the manifest are made, so the flush before the swap has little left to wait for and
    /// durability costs less than that flush alone (BENCHMARKS.md, "Durable writes").
    static func startFlush(_ context: RunContext) {
        DiskSync.startFlush([context.staged.staging.path, context.cacheFolder.path])
    }

    /// Swaps the new site in, once it and the caches are on the disk (`DiskSync`), unless
    /// `--strict` refuses a degraded run.
    static func publish(_ context: RunContext, _ summary: RunSummary) throws {
        if context.options.strict, summary.isDegraded {
            throw StrictRefusal(reasons: summary.degradedReasons)
        }
        try Task.checkCancellation()
        do {
            try DiskSync.flush([context.staged.staging.path, context.cacheFolder.path])
        } catch {
            throw PublishError.cannotPublish(context.output.path, reason: "could not flush the new site and the caches to the disk: \(error)")
        }
        try context.staged.publish()
    }

    /// Writes the published site as a reproducible tar file, when `--archive` asks for one.
    static func archive(_ context: RunContext) throws {
        guard let archive = context.archive else { return }
        do {
            let output = context.output
            try TarArchive.write(folder: output, paths: try SiteFiles.list(output), to: archive, modificationDate: context.now)
            try DiskSync.flush([archive.path])
        } catch {
            throw ArchiveNotWritten(output: context.output, reason: error)
        }
    }
}
