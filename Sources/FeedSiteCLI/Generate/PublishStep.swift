import FeedCore
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
        try context.staged.writeManifest(generator: "feedsite \(Usage.version)", run: facts)
    }

    static func publish(_ context: RunContext, _ summary: RunSummary) throws {
        if context.options.strict, summary.isDegraded {
            throw StrictRefusal(reasons: summary.degradedReasons)
        }
        try Task.checkCancellation()
        try context.staged.publish()
    }

    /// Writes the published site as a reproducible tar file, when `--archive` asks for one.
    static func archive(_ context: RunContext) throws {
        guard let archive = context.archive else { return }
        do {
            let output = context.output
            try TarArchive.write(folder: output, paths: try SiteFiles.list(output), to: archive, modificationDate: context.now)
        } catch {
            throw ArchiveNotWritten(output: context.output, reason: error)
        }
    }
}
