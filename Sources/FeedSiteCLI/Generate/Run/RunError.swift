import Basics
import FeedCore
import Foundation

/// What stopped a run, from its opening to its archive: the one error a run ends in.
/// `RunEnding` turns it into the exit status and the closing lines.
enum RunError: Error {
    /// The run could not start: nothing was fetched or written.
    case opening(OpeningFailure)
    /// Neither the API nor the cache could deliver the feed.
    case feedUnavailable(FeedService.FeedUnavailable)
    /// `--strict` found the run degraded, for these reasons, and published nothing.
    case strictRefusal(reasons: [String])
    /// A disk filled up, in whichever step and through whichever wrapper.
    case outOfSpace(OutOfSpace)
    /// The site was published, but `--archive` could not be written.
    case archiveNotWritten(reason: any Error)
    /// The site was published, but `--zim` could not be written.
    case zimNotWritten(reason: any Error)
    /// The site was published, but its snapshot could not be put into `--history`, which
    /// is as it was.
    case historyNotKept(reason: any Error)
    /// The site was published, but `--warc`'s archive could not be written whole.
    case webArchiveIncomplete(RunWebArchive.Incomplete)
    /// Ctrl-C or SIGTERM.
    case interrupted
    /// Anything else that stopped a step before the swap.
    case failed(any Error)

    /// What `error`, thrown by a step, stopped the run with. `interrupted`: the run was
    /// cancelled, and a cancelled step throws `CancellationError`, which it may have wrapped
    /// in its own error (a write that stopped part-way): any error of a cancelled run is
    /// the interruption.
    init(_ error: any Error, interrupted: Bool) {
        if interrupted || error is CancellationError {
            self = .interrupted
            return
        }
        if let error = error as? RunError {
            self = error
        } else if let full = OutOfSpace.found(in: error) {
            self = .outOfSpace(full)
        } else if let unavailable = error as? FeedService.FeedUnavailable {
            self = .feedUnavailable(unavailable)
        } else {
            self = .failed(error)
        }
    }
}
