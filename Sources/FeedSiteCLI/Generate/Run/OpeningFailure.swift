import FeedCore
import FeedStorage
import HTTP
import Publishing

/// Why a run could not start, by what it was opening: nothing was fetched or written.
/// Each case holds the error in its own words; `RunEnding` decides the exit status.
enum OpeningFailure: Error {
    /// `--archive` or `--metrics-file` names a file that may not be written.
    case flagFile(FlagFile.Refusal)
    /// `--templates` names no folder.
    case templates(TemplatesFolder.NotAFolder)
    /// The output, the cache and the templates are not apart.
    case overlap(RunFolders.Overlap)
    /// The output is a file, the home or working folder, or holds them.
    case outputPlace(OutputFolder.Refusal)
    /// The cache folder, or the database in it, holds what feedsite did not make.
    case cacheFolder(CacheFolder.Refusal)
    /// A template or a string table is broken.
    case site(any Error)
    /// `--ca-file` or the network's setup failed.
    case client(HTTPClientError)
    /// Another run holds the output's lock, or it could not be taken.
    case outputLock(any Error)
    /// The output holds what feedsite did not write, and no `--force`.
    case outputNotReplaceable(OutputFolder.Refusal)
    /// Another run holds the cache's lock, or it could not be taken.
    case cacheLock(any Error)
    /// The staging folder could not be made.
    case staging(PublishError)
    /// The cache's database could not be opened.
    case cache(CacheError)
    /// With `--history`, the latest snapshot could not be read, or the new one's folder made.
    case history(any Error)
    /// `--warc`'s folder could not be made, locked or written.
    case webArchive(any Error)

    /// The error as it was given: the run's one error line says it.
    var error: any Error {
        switch self {
        case let .flagFile(error): error
        case let .templates(error): error
        case let .overlap(error): error
        case let .outputPlace(error), let .outputNotReplaceable(error): error
        case let .cacheFolder(error): error
        case let .site(error), let .outputLock(error), let .cacheLock(error), let .history(error), let .webArchive(error): error
        case let .client(error): error
        case let .staging(error): error
        case let .cache(error): error
        }
    }
}
