import Basics
import FeedCore
import Foundation
import Publishing

/// The text of `feedsite --help`, also printed after a usage error. The defaults it names
/// are read from `GenerateOptions`, so they cannot drift from what a run does.
public enum Usage {
    public static let version = "0.1.0"

    /// What the manifests this build writes name as their maker: "feedsite 0.1.0".
    static let generator = "\(Manifest.generatorName) \(version)"

    private static let defaults = GenerateOptions()

    public static let text = """
        feedsite \(version): archive an Essential Feed API feed as a static website

        Usage:
          feedsite generate [options]   load the feed, comments and images; publish the site
          feedsite demo [options]       the whole job against a built-in sample API on 127.0.0.1
          feedsite validate-cache [--cache DIR] [--now ISO8601] [--verbose]
                                        delete an expired feed cache; prune comments and images
                                        no feed of the last seven days needs (--verbose lists them
                                        and counts the rows of the cache's tables)
          feedsite verify [--output DIR]  check a published site against its manifest.json
          feedsite verify FILE.zim      check a ZIM file's checksum, and its files against the
                                        manifests it carries
          feedsite zim [--output DIR] [--zim-part-size SIZE] FILE.zim
                                        pack a published site and its history as a ZIM file
          feedsite wacz [--warc DIR] FILE.wacz
                                        pack every run's WARC files of a web archive's folder
                                        (the current folder unless given) as one WACZ file
          feedsite history list [--output DIR]
                                        the history's kept snapshots, their times and changes
          feedsite history prune [--output DIR] [--history-keep POLICY] [--now ISO8601]
                                 [--templates DIR] [--base-url URL] [--title TEXT]
                                        thin the history now, as a run would (give the runs'
                                        --templates, --base-url and --title, for its calendar)
          feedsite templates DIR        write the built-in templates out into a new folder,
                                        to start a theme for --templates DIR
          feedsite serve [--output DIR] [--host ADDR] [--port N]
                                        preview the site at http://127.0.0.1:N/ until Ctrl-C
                                        (default port \(ServeCommand.defaultPort), 0 for any free one;
                                        --host 0.0.0.0 to open it from a phone on your network)
          feedsite --help | --version

        Options for generate (demo takes the same, but not --api):
          --api URL            API root (default \(defaults.api.absoluteString))
          --output DIR         where the site is published (default \(defaults.output))
          --cache DIR          cache folder (default $XDG_CACHE_HOME/feedsite or ~/.cache/feedsite)
          --templates DIR      templates, stylesheet, search script and string tables to
                               use instead of the built-in ones (feedsite templates DIR
                               writes those out)
          --locale ID          site language: en, el, pt-BR; repeat for more, or 'all'
          --title TEXT         the site's name, heading its feed pages and ending every
                               page's title (default the locale's "My Feed")
          --now ISO8601        the run's clock for relative dates and cache age: a time
                               (2024-05-20T11:24:59Z) or a day (2024-05-20, midnight UTC;
                               default $SOURCE_DATE_EPOCH, else the current time)
          --page-size N        items per feed page (default \(defaults.pageSize))
          --max-items N        stop loading the feed after N items
          --max-pages N        stop loading the feed after N pages of the API (default \(defaults.maxPages)):
                               a feed that never ends is published as far as it was read,
                               as degraded (exit 3)
          --concurrency N      requests at once (default \(defaults.concurrency))
          --timeout SECONDS    limit for each try of a request (default \(String(format: "%g", defaults.timeout)))
          --rate N             at most N requests a second to each host, evenly spread
                               (0.5: one every 2 s; default no limit)
          --retries N          tries again after a reset, a timeout, 429 or 5xx (default \(defaults.retries))
          --max-image-bytes N  largest image accepted (default \(defaults.maxImageBytes), \(ByteCountText.describe(defaults.maxImageBytes)))
          --image-widths LIST  the widths of each picture's renditions, in pixels (default
                               \(defaults.imageWidths.map(String.init).joined(separator: ","))); none: the pages show the originals
          --image-quality N    the renditions' JPEG quality, 1 to 100 (default \(defaults.imageQuality))
          --max-image-pixels N a picture of more pixels is not decoded; the page shows the
                               original (default \(defaults.maxImagePixels))
          --keep-metadata      publish the originals as fetched, with their EXIF, GPS and
                               other metadata (default: dropped from the published copies)
          --ca-file PATH       also trust this CA's certificates (PEM), for a private API
          --offline            use only the caches; never touch the network
          --strict             publish nothing unless everything is live (exit 1, not 3)
          --archive FILE.tar   also write the published site as a reproducible tar file
          --zim FILE.zim       also pack the published site and its history as one ZIM file
                               for Kiwix (offline on phones and desktops), each distinct
                               file stored once
          --zim-part-size SIZE cut the ZIM file into parts FILE.zimaa, FILE.zimab, … of at
                               most SIZE bytes (or with K, M or G; default 4G less a byte,
                               the most FAT32 holds)
          --warc DIR           also keep every HTTP exchange of the run in DIR as WARC 1.1
                               files, each with its CDXJ index, for pywb and the like
          --wacz FILE.wacz     also pack every WARC file of the --warc folder, all runs', with
                               their index and pages, into one WACZ file for ReplayWeb.page
          --force              replace --output even when it holds files feedsite did not write
          --base-url URL       where the site will be served (https://example.org/feed/);
                               adds feed.json, feed.atom, sitemap.xml and canonical links
          --metrics-file PATH  after every run, even a failed one, write its figures here for
                               Prometheus (node_exporter's textfile collector: a .prom file)
          --export-data        also write data/items.jsonl: each item, its image and its
                               comments as one line of JSON, in feed order
          --history            keep each site whose data changed as a dated snapshot under
                               history/, with a calendar linked from every page
          --history-keep POLICY
                               which snapshots to keep: all, or rules such as (the
                               default) every:2d,daily:60d,monthly:forever
          --quiet | --verbose  only errors | every failure and timing

        Exit status:
          0   published from live data
          3   published, but degraded: feed from the cache or stopped by --max-pages, or some
              comments or images missing
          1   nothing published (feed unavailable, output not writable, …)
          2   usage error
          130 interrupted
        """
}
