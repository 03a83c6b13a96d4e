import Foundation
import SiteGenerator

/// With `--base-url`: each locale's `feed.json` and `feed.atom`, and the sitemap of every
/// page of every locale. Without it, nothing.
struct SyndicationStep: RunStep {
    let entries: [SiteEntry]
    let feedPageCount: Int
    /// `--base-url`; `nil`: nothing to write.
    let baseURL: BaseURL?
    let renderers: [SiteRenderer]
    let site: any StagingSite

    var name: String { "feeds" }
    var phase: RunPhase { .render }

    struct Outcome: StepOutcome {
        /// The files written, from the site root.
        let written: [String]

        func record(in summary: inout RunSummary) {
            summary.syndication = written
        }
    }

    /// Throws `CancellationError` before the next locale's feeds, or the next page of the
    /// sitemap, once the task is cancelled.
    func run(_ progress: StepProgress) throws(RunError) -> Outcome {
        try failingAtOnce { try work(progress) }
    }

    private func work(_ progress: StepProgress) throws -> Outcome {
        Outcome(written: try write())
    }

    private func write() throws -> [String] {
        guard let baseURL else { return [] }
        var written: [String] = []
        for renderer in renderers {
            try Task.checkCancellation()
            guard let feed = try renderer.syndicationFeed(of: entries) else { continue }
            try site.write(JSONFeedDocument.render(feed), to: renderer.paths.jsonFeed)
            try site.write(AtomDocument.render(feed), to: renderer.paths.atomFeed)
            written += [renderer.paths.jsonFeed, renderer.paths.atomFeed]
        }
        var seen = Set<UUID>()
        let pages = SiteRenderer.sitemapPages(
            languages: renderers.map { ($0.locale, $0.paths) }, baseURL: baseURL, feedPageCount: feedPageCount,
            imageIDs: entries.map(\.id).filter { seen.insert($0).inserted })
        return written + (try Sitemaps.publish(pages, baseURL: baseURL) { try site.write($0, to: $1) })
    }
}
