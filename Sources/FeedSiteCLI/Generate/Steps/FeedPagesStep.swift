import Foundation
import SiteGenerator

/// The feed pages in every locale, on every core: each page is independent of the others.
struct FeedPagesStep: RunStep {
    let entries: [SiteEntry]
    let source: FeedService.FeedSource
    let renderers: [SiteRenderer]
    let site: any StagingSite
    let pageSize: Int

    var name: String { "pages" }
    var phase: RunPhase { .render }

    struct Outcome: StepOutcome {
        let pageCount: Int

        func record(in summary: inout RunSummary) {
            summary.feedPages = pageCount
        }
    }

    func run(_ progress: StepProgress) async throws -> Outcome {
        let (entries, renderers, site, pageSize) = (entries, renderers, site, pageSize)
        let pageCount = max(1, (entries.count + pageSize - 1) / pageSize)
        var savedAt: Date?
        if case let .cache(date) = source { savedAt = date }
        let feedSavedAt = savedAt
        let counter = ProgressCounter()
        _ = try await concurrentMap(Array(1...pageCount), limit: ProcessInfo.processInfo.activeProcessorCount) { number in
            let first = min(entries.count, (number - 1) * pageSize)
            let slice = Array(entries[first..<min(entries.count, number * pageSize)])
            for renderer in renderers {
                let page = try renderer.feedPage(
                    number, of: pageCount, entries: slice, firstPosition: first + 1, feedCount: entries.count, feedSavedAt: feedSavedAt)
                try site.write(page.html, to: page.path)
            }
            progress.update(done: counter.add(failed: false).done, total: pageCount)
        }
        return Outcome(pageCount: pageCount)
    }
}
