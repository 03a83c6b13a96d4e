import FeedCore
import FileSystem
import Foundation
import Publishing
import SiteGenerator
import Synchronization

/// A run's site staged in a folder beside the output (`StagedSite`), and made durable with
/// the cache folder before it is swapped in.
final class StagingFolder: StagingSite {
    let staged: StagedSite
    /// Flushed to the disk with the site, so the caches a published site relies on survive
    /// a power cut as it does.
    let cacheFolder: URL
    /// The flush `startFlush` began, if any.
    private let early = Mutex<DiskFlush?>(nil)

    init(staged: StagedSite, cacheFolder: URL) {
        self.staged = staged
        self.cacheFolder = cacheFolder
    }

    var output: URL { staged.output }
    var fileCounts: StagedSite.Counts { staged.fileCounts }

    func write(_ text: String, to path: String) throws {
        try staged.write(text, to: path)
    }

    func write(_ data: Data, to path: String) throws {
        try staged.write(data, to: path)
    }

    func write(_ page: PageDraft) throws {
        let inputs = page.inputs
        if try staged.keepPage(at: page.path, inputs: inputs) { return }
        try staged.write(try page.render(), to: page.path, inputs: inputs)
    }

    func link(_ existing: String, to path: String) throws {
        try staged.link(existing, to: path)
    }

    func prepareFolder(_ folder: String) throws {
        try staged.prepareFolder(folder)
    }

    func placeImage(_ image: StoredImage, at path: String, from store: any ImageStore) async throws(CacheError) {
        try await store.export(image, toPath: staged.filePath(for: path))
    }

    func orderedLines(at path: String) throws -> any OrderedLines {
        try OrderedLinesFile(path, in: staged)
    }

    func scratch(_ name: String) throws -> any ScratchStorage {
        let (file, path) = try staged.scratchFile(name)
        return NamedScratchFile(file: file, path: path)
    }

    func writeManifest(generator: String, run: Manifest.Run) throws {
        try staged.writeManifest(generator: generator, run: run)
    }

    /// Starting early means the flush before the swap has little left to wait for, and
    /// durability costs less than that flush alone (BENCHMARKS.md, "Durable writes").
    func startFlush() {
        let flush = DiskSync.startFlush(folders)
        early.withLock { $0 = flush }
    }

    /// Waits for the flush `startFlush` began, if any, to end: a run does not end with a
    /// thread of its still writing. What it met, the flush before the swap meets again.
    func flushEnded() async {
        _ = await early.withLock { $0 }?.finished()
    }

    func publish() async throws {
        try Task.checkCancellation()
        await flushEnded()
        do {
            try await DiskSync.flush(folders)
        } catch {
            throw PublishError.cannotPublish(output.path, reason: "could not flush the new site and the caches to the disk: \(error)")
        }
        try Task.checkCancellation()
        try staged.publish()
    }

    private var folders: [String] { [staged.staging.path, cacheFolder.path] }
}
