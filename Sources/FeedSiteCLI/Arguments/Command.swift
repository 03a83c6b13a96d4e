import Foundation
import History
import SiteGenerator

/// What the command line asks for.
public enum Command: Equatable, Sendable {
    case generate(GenerateOptions)
    case demo(GenerateOptions)
    case validateCache(cache: String?, now: Date?, verbose: Bool)
    case verify(output: String)
    /// Check a ZIM file's checksum, and its files against the manifest it carries.
    case verifyZim(file: String)
    /// Pack the site in `output` and its history as a ZIM file.
    case zim(output: String, file: String, partSize: Int)
    /// Pack every finished WARC file of the web archive's folder `warc` (the current
    /// folder when `nil`) into the WACZ `file`.
    case wacz(warc: String?, file: String)
    /// List the history's snapshots, or thin them now.
    case history(HistoryRequest)
    /// Write the built-in templates out into `folder`, to start a theme.
    case templates(folder: String)
    /// Serve the site in `output` on `host` (127.0.0.1 unless given) until stopped.
    case serve(output: String, host: String, port: UInt16)
    case help
    case version
}

/// `feedsite history list|prune`: what it asks of the history in `output`.
public struct HistoryRequest: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// Print the kept snapshots, their times and changes.
        case list
        /// Thin now by `policy`, the calendar made anew with the site's locales in
        /// `templates` (the built-in ones when `nil`) and its pages' addresses at `baseURL`.
        case prune(policy: HistoryKeepPolicy, templates: String?, baseURL: BaseURL?, title: String?)
    }

    public var action: Action
    public var output: String
    /// The clock thinning counts ages from; `nil` for the current time.
    public var now: Date?

    public init(action: Action, output: String, now: Date?) {
        self.action = action
        self.output = output
        self.now = now
    }
}
