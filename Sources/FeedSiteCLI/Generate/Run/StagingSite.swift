import FeedCore
import Foundation
import Publishing
import SiteGenerator

/// The site a run stages, as its steps see it: where they write every file, and what puts
/// the site in place once it is whole. A real run stages in a folder beside the output
/// (`StagingFolder`); a test, in memory.
protocol StagingSite: SiteFileWriter {
    /// The published site's folder.
    var output: URL { get }
    /// Files written, and files kept unchanged from the previous site.
    var fileCounts: StagedSite.Counts { get }
    func write(_ data: Data, to path: String) throws
    /// Puts `page` at its path: the previous site's file when the previous site's record says
    /// it was made from the same inputs, else the page rendered.
    func write(_ page: PageDraft) throws
    /// Makes `folder` (from the site root), with what the previous site had there to
    /// compare with.
    func prepareFolder(_ folder: String) throws
    /// Puts `image` at `path` (from the site root), from `store`.
    func placeImage(_ image: StoredImage, at path: String, from store: any ImageStore) async throws(CacheError)
    /// A file of numbered lines that arrive in any order and are written in order.
    func orderedLines(at path: String) throws -> any OrderedLines
    /// Room for bytes that wait to be read back, named after `name`.
    func scratch(_ name: String) throws -> any ScratchStorage
    func writeManifest(generator: String, run: Manifest.Run) throws
    /// Starts writing what is staged so far, and the caches, to the disk, while the rest of
    /// the site is made.
    func startFlush()
    /// Once the site and the caches are on the disk, puts the site in place of the output.
    /// A cancelled run puts nothing in place.
    func publish() async throws
}
