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

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        let (entries, renderers, site, pageSize) = (entries, renderers, site, pageSize)
        let pageCount = SiteRenderer.feedPageCount(items: entries.count, pageSize: pageSize)
        let feedSavedAt = source.savedAt
        let counter = ProgressCounter()
        _ = try await concurrentMap(Array(1...pageCount), limit: ProcessInfo.processInfo.activeProcessorCount) { number in
            for renderer in renderers {
                try site.write(renderer.feedPageDraft(number, of: entries, pageSize: pageSize, feedSavedAt: feedSavedAt))
            }
            progress.update(done: counter.add(failed: false).done, total: pageCount)
        }
        return Outcome(pageCount: pageCount)
    }
}
