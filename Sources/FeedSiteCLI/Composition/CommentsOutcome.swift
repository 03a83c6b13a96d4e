import FeedCore
import Foundation

/// One image's comments result, reduced to what the summary needs once its page is written.
struct CommentsOutcome: Sendable {
    enum Source: Sendable {
        case live, cache, unavailable
    }

    let source: Source
    let count: Int
    /// The comments for the page; `nil` when unavailable or once the page is written.
    let comments: [ImageComment]?

    /// Reports the result's problems (remote failure, cache write failure) as it reduces it.
    init(_ result: FeedService.CommentsResult, imageID: UUID, reporter: Reporter) {
        let id = imageID.text
        switch result {
        case let .live(comments, saveFailure):
            self.init(source: .live, count: comments.count, comments: comments)
            if let saveFailure { reporter.problem("comments-cache", "comments for \(id): could not save to the cache: \(saveFailure)") }
        case let .cached(comments, savedAt, remoteFailure):
            self.init(source: .cache, count: comments.count, comments: comments)
            if let remoteFailure {
                reporter.problem("comments", "comments for \(id): \(remoteFailure); using the cache saved \(ISO8601Date.format(savedAt))")
            }
        case let .unavailable(reason):
            self.init(source: .unavailable, count: 0, comments: nil)
            reporter.problem("comments", "comments for \(id): \(reason); the page shows the connection error")
        }
    }

    private init(source: Source, count: Int, comments: [ImageComment]?) {
        self.source = source
        self.count = count
        self.comments = comments
    }

    var withoutComments: CommentsOutcome {
        CommentsOutcome(source: source, count: count, comments: nil)
    }
}
