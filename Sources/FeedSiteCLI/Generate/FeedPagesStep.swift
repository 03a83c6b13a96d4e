import Foundation
import Publishing
import SiteGenerator

/// The feed pages in every locale, on every core: each page is independent of the others.
struct FeedPagesStep {
    let renderers: [SiteRenderer]
    let staged: StagedSite
    let report: RunReport
    let pageSize: Int

    /// The number of feed pages.
    func run(entries: [SiteEntry], source: FeedService.FeedSource) async throws -> Int {
        let (renderers, staged, report, pageSize) = (renderers, staged, report, pageSize)
        let pageCount = max(1, (entries.count + pageSize - 1) / pageSize)
        var savedAt: Date?
        if case let .cache(date) = source { savedAt = date }
        let feedSavedAt = savedAt
        let progress = ProgressCounter()
        _ = try await concurrentMap(Array(1...pageCount), limit: ProcessInfo.processInfo.activeProcessorCount) { number in
            let first = min(entries.count, (number - 1) * pageSize)
            let slice = Array(entries[first..<min(entries.count, number * pageSize)])
            for renderer in renderers {
                let page = try renderer.feedPage(
                    number, of: pageCount, entries: slice, firstPosition: first + 1, feedCount: entries.count, feedSavedAt: feedSavedAt)
                try staged.write(page.html, to: page.path)
            }
            report.progress("pages", done: progress.add(failed: false).done, total: pageCount)
        }
        return pageCount
    }
}
