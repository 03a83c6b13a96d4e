import Basics
import FeedCore
import Foundation
import SiteGenerator

/// How a `generate` run ends (`CommandEnding`: its status and its closing lines). `of` is the
/// one place where a run's outcome becomes an ending; everything before it returns or throws
/// values.
enum RunEnding {
    /// What the closing lines say besides the outcome.
    struct Facts {
        /// Whether a site is at the output (the previous one, when nothing was published).
        var previousSiteExists: Bool
        /// The published site's folder.
        var output = URL(fileURLWithPath: "/")
        var cacheFolder = ""
        /// `--archive`'s file.
        var archive: URL?
        var baseURL: BaseURL?
        /// The first locale's words for an API that could not be reached.
        var connectionErrorMessage = ""
        /// The first locale's relative date ("2 days ago").
        var age: (Date) -> String = { _ in "" }
        var elapsed = Duration.zero
        /// Problems counted but not shown (without `--verbose`).
        var hiddenProblems = 0
    }

    /// The ending of a run whose steps gave `summary` and stopped with `error`, or ran
    /// through when it is `nil`.
    static func of(_ summary: RunSummary, error: RunError?, facts: Facts) -> CommandEnding {
        guard let error else { return published(summary, facts: facts) }
        let nothingPublished = facts.previousSiteExists ? "nothing published, the previous site is unchanged" : "nothing published"
        let unchanged = facts.previousSiteExists ? "; the previous site is unchanged" : ""
        switch error {
        case let .opening(failure):
            return CommandEnding(status: status(of: failure), lines: [.error(message(of: failure, nothingPublished: nothingPublished))])
        case .interrupted:
            if summary.published {
                let archive = facts.archive.map { ", but the archive \($0.path) was not written" } ?? ""
                return CommandEnding(status: .interrupted, lines: [.error("interrupted; the site was published to \(facts.output.path)\(archive)")])
            }
            return CommandEnding(status: .interrupted, lines: [.error("interrupted; \(nothingPublished)")])
        case let .outOfSpace(full):
            return CommandEnding(status: .failed, lines: [.error("\(full); \(nothingPublished)")])
        case let .feedUnavailable(unavailable):
            var cause = unavailable.remoteFailure.map { "feed: \($0); " } ?? "feed: offline run; "
            cause += "\(unavailable.cacheProblem) (cache \(facts.cacheFolder)). Nothing was published\(unchanged). "
            cause += unavailable.advice
            return CommandEnding(status: .failed, lines: [.error(unavailable.headline(connectionError: facts.connectionErrorMessage)), .error(cause)])
        case let .strictRefusal(reasons):
            return CommandEnding(status: .failed, lines: [.error("--strict: nothing published because \(reasons.joined(separator: ", "))\(unchanged)")])
        case let .archiveNotWritten(reason):
            let why = OutOfSpace.found(in: reason).map { "\($0)" } ?? "\(reason)"
            return CommandEnding(status: .failed, lines: [.error("the site was published to \(facts.output.path), but the archive was not written: \(why)")])
        case let .zimNotWritten(reason):
            let why = OutOfSpace.found(in: reason).map { "\($0)" } ?? "\(reason)"
            return CommandEnding(status: .failed, lines: [.error("the site was published to \(facts.output.path), but the ZIM file was not written: \(why)")])
        case let .historyNotKept(reason):
            let why = OutOfSpace.found(in: reason).map { "\($0)" } ?? "\(reason)"
            let line = "the site was published to \(facts.output.path), but the history was not brought up to date: \(why); the history is as it was"
            return CommandEnding(status: .failed, lines: [.error(line)])
        case let .webArchiveIncomplete(incomplete):
            return CommandEnding(status: .failed, lines: [.error("the site was published to \(facts.output.path), but \(incomplete)")])
        case let .failed(error):
            return CommandEnding(status: .failed, lines: [.error("\(error); \(nothingPublished)")])
        }
    }

    /// A run that published: exit 0, or 3 when degraded.
    private static func published(_ summary: RunSummary, facts: Facts) -> CommandEnding {
        var lines: [CommandEnding.Line] = []
        if facts.hiddenProblems > 0 {
            lines.append(.info("… and \(facts.hiddenProblems) more problems (run with --verbose to see them all)"))
        }
        let timings = summary.phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")
        lines.append(.detail("phases: \(timings); files: \(summary.files.written) written, \(summary.files.unchanged) unchanged"))
        lines.append(.info("published \(facts.output.appendingPathComponent("index.html").path)"))
        if let baseURL = facts.baseURL, !summary.syndication.isEmpty {
            lines.append(.info("feeds for \(baseURL.text): \(summary.syndication.joined(separator: ", "))"))
        }
        if summary.isDegraded {
            lines.append(.warning("degraded: \(summary.degradedReasons.joined(separator: ", "))"))
        }
        lines.append(.result(summary.line(elapsed: facts.elapsed.seconds, age: facts.age)))
        return CommandEnding(status: summary.isDegraded ? .degraded : .done, lines: lines)
    }

    /// Refused when the command line asked for what cannot be; failed when the machine
    /// could not give what it asked.
    private static func status(of failure: OpeningFailure) -> CommandStatus {
        switch failure {
        case .flagFile, .templates, .overlap, .client: .refused
        case let .outputPlace(refusal), let .outputNotReplaceable(refusal): .refusedOrFailed(refusal.isUsage)
        case let .cacheFolder(refusal): .refusedOrFailed(refusal.isUsage)
        case .site, .outputLock, .cacheLock, .staging, .cache, .history, .webArchive: .failed
        }
    }

    /// The error's words; a full disk met while making the staging folder or opening the
    /// cache also says that nothing was published.
    private static func message(of failure: OpeningFailure, nothingPublished: String) -> String {
        switch failure {
        case .staging, .cache, .history:
            OutOfSpace.found(in: failure.error).map { "\($0); \(nothingPublished)" } ?? "\(failure.error)"
        default:
            "\(failure.error)"
        }
    }
}
