import FeedCore
import Foundation
import SiteGenerator

/// Phase 3: every image's comments (API, else cache), its comments page written at once in
/// every locale, so no image's comments outlive its page.
enum CommentsStep {
    struct Tally: Equatable, Sendable {
        var live = 0
        var fromCache = 0
        var unavailable = 0
        /// Comments on all the pages.
        var count = 0
    }

    static func run(_ context: RunContext, entries: [SiteEntry]) async throws -> Tally {
        let pageSize = context.options.pageSize
        let service = context.service
        let renderers = context.site.renderers
        let staged = context.staged
        let report = context.report
        let progress = ProgressCounter()
        let total = entries.count
        let outcomes = try await concurrentMap(Array(entries.indices), limit: context.tasksAtOnce) { index -> Tally in
            let entry = entries[index]
            let result = try await service.loadComments(for: entry.id)
            report.commentsLoaded(result, imageID: entry.id)
            var comments: [ImageComment]?
            var tally = Tally()
            switch result {
            case let .live(list, _): (comments, tally.live) = (list, 1)
            case let .cached(list, _, _): (comments, tally.fromCache) = (list, 1)
            case .unavailable: tally.unavailable = 1
            }
            tally.count = comments?.count ?? 0
            for renderer in renderers {
                let page = try renderer.commentsPage(
                    for: entry, comments: comments, feedPage: index / pageSize + 1, position: index + 1, feedCount: total)
                try staged.write(page.html, to: page.path)
            }
            let (done, failed) = progress.add(failed: comments == nil)
            report.progress("comments", done: done, total: total, failed: failed)
            return tally
        }
        let tally = outcomes.reduce(into: Tally()) { sum, one in
            sum.live += one.live
            sum.fromCache += one.fromCache
            sum.unavailable += one.unavailable
            sum.count += one.count
        }
        report.commentsLoaded(tally, images: entries.count)
        return tally
    }
}
