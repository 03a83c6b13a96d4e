import FeedCore
import FileSystem
import Foundation
import Publishing
import SiteGenerator

/// The files made of the whole site once its pages are written: the stylesheet, the search
/// script and `manifest.json`.
struct WholeSiteStep {
    let staged: StagedSite
    let stylesheet: Data
    let searchScript: Data
    let api: URL
    let now: Date
    let locales: [String]

    func run(_ summary: RunSummary) throws {
        try staged.write(stylesheet, to: SitePaths.stylesheet)
        try staged.write(searchScript, to: SitePaths.searchScript)
        let facts = summary.manifestFacts(api: api, now: now, locales: locales)
        try staged.writeManifest(generator: "\(Manifest.generatorName) \(Usage.version)", run: facts)
    }
}

/// The new site and the caches onto the disk, then the site swapped into place, unless
/// `--strict` refuses a degraded run.
struct PublishStep {
    /// `--strict` found the run degraded: nothing was published.
    struct StrictRefusal: Error {
        let reasons: [String]
    }

    let staged: StagedSite
    let cacheFolder: URL
    let strict: Bool

    /// Starts writing what the run has written so far to the disk while the feed pages and
    /// the manifest are made, so the flush before the swap has little left to wait for and
    /// durability costs less than that flush alone (BENCHMARKS.md, "Durable writes"). The
    /// run awaits the flush's `finished()` before it ends, however it ends.
    func startFlush() -> DiskFlush {
        DiskSync.startFlush(folders)
    }

    /// Swaps the new site in, once it and the caches are on the disk (`DiskSync`). A run
    /// cancelled before the swap, during the flush too, publishes nothing.
    func run(_ summary: RunSummary) async throws {
        if strict, summary.isDegraded {
            throw StrictRefusal(reasons: summary.degradedReasons)
        }
        try Task.checkCancellation()
        do {
            try await DiskSync.flush(folders)
        } catch {
            throw PublishError.cannotPublish(staged.output.path, reason: "could not flush the new site and the caches to the disk: \(error)")
        }
        try Task.checkCancellation()
        try staged.publish()
    }

    private var folders: [String] { [staged.staging.path, cacheFolder.path] }
}

/// With `--archive`, the published site as a reproducible tar file. It is written whole or
/// not at all: a failure or a cancellation leaves the file as it was, or no file.
struct ArchiveStep {
    /// The site was published, but `--archive` could not be written: `reason` is
    /// `CancellationError` when the run was interrupted.
    struct NotWritten: Error {
        let output: URL
        let archive: URL
        let reason: any Error
    }

    let output: URL
    let archive: URL
    let now: Date
    let report: RunReport

    func run() async throws {
        let report = report
        do {
            try Task.checkCancellation()
            try TarArchive.write(folder: output, paths: try SiteFiles.list(output), to: archive, modificationDate: now) { done, total in
                report.progress("archive", done: done, total: total)
            }
            try await DiskSync.flush([archive.path])
        } catch {
            throw NotWritten(output: output, archive: archive, reason: error)
        }
    }
}
