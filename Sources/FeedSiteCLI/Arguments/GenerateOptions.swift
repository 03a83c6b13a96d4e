import FeedCore
import Foundation
import History
import SiteGenerator
import Zim

/// Everything `feedsite generate` (and `demo`) was asked to do, validated.
public struct GenerateOptions: Equatable, Sendable {
    public enum Verbosity: Equatable, Sendable {
        case quiet, normal, verbose
    }

    public static let productionAPI = URL(string: "https://ile-api.essentialdeveloper.com/essential-feed/v1")!

    /// Where the site is published when `--output` does not say (also for `verify` and `serve`).
    public static let defaultOutput = "Output"

    public var api: URL = productionAPI
    public var output: String = defaultOutput
    /// `nil`: the user's cache folder (`$XDG_CACHE_HOME/feedsite`, else `~/.cache/feedsite`).
    public var cache: String?
    /// `nil`: look for `Templates` in the working folder, then beside the executable, then
    /// in the source checkout the executable was built from.
    public var templates: String?
    /// The site's locales, the first at the root; `["all"]` means every locale in the templates.
    public var locales: [String] = ["en"]
    /// The site's name (`--title`); `nil`: each locale's "My Feed".
    public var title: String?
    /// The run's clock for relative dates and cache ages; `nil` is the current time.
    public var now: Date?
    public var pageSize: Int = 10
    public var maxItems: Int?
    /// The most pages of the API a run reads: a feed that goes on past them is published as
    /// far as it was read, as degraded. The default, 10,000 pages of 10 items, is the
    /// 100,000 items feedsite is made for, far past any real feed, and bounds a run against
    /// an API that never sends its last page to what such a feed costs.
    public var maxPages: Int = 10_000
    public var concurrency: Int = 8
    public var timeout: Double = 30
    /// At most this many requests a second to each host, evenly spread; `nil`: no limit.
    public var rate: Double?
    /// Further tries of a request that failed for a reason worth retrying.
    public var retries: Int = 3
    public var maxImageBytes: Int = HTTPGet.defaultImageLimit
    /// The widths of every picture's renditions, ascending; empty (`none`): no renditions,
    /// the pages show the originals.
    public var imageWidths: [Int] = [480, 960, 1600]
    /// The renditions' JPEG quality.
    public var imageQuality: Int = 80
    /// A picture of more pixels is not decoded (its original is shown): the header says how
    /// many before anything is decoded.
    public var maxImagePixels: Int = 50_000_000
    /// Publish the originals as they were fetched, their EXIF, XMP and other metadata
    /// included; without it their metadata is dropped from the copies the site links.
    public var keepMetadata = false
    /// A private CA's certificates (PEM), trusted besides the system's.
    public var caFile: String?
    public var offline = false
    /// Replace the output folder even when it holds files feedsite did not write.
    public var force = false
    public var strict = false
    public var verbosity: Verbosity = .normal
    /// Also write the published site as a reproducible tar file here.
    public var archive: String?
    /// `--zim FILE`: the published site and its history as a ZIM file, for Kiwix.
    public var zim: String?
    /// `--zim-part-size`: the largest part of the ZIM file, in bytes.
    public var zimPartSize = ZimWriter.defaultPartSize
    /// Also keep every HTTP exchange of the run in this folder, as WARC files.
    public var warc: String?
    /// Also pack the run's WARC files, their index and the feed's pages into this WACZ file.
    public var wacz: String?
    /// Where the site will be served; with it the run also writes the JSON and Atom feeds,
    /// the sitemap and every page's canonical link.
    public var baseURL: BaseURL?
    /// After every run, whatever its outcome, write its figures here for Prometheus
    /// (node_exporter's textfile collector).
    public var metricsFile: String?
    /// Also write `data/items.jsonl`: every item, its image and its comments as data.
    public var exportData = false
    /// Keep every published site whose data changed as a dated snapshot under
    /// `history/`, with a calendar of them.
    public var history = false
    /// Which snapshots the history keeps as they pile up (`--history-keep`).
    public var historyKeep = HistoryKeepPolicy.standard

    public init() {}
}
