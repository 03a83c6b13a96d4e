import FileSystem
import Foundation
import Hashing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new site built in a hidden folder beside the output and swapped into place whole.
///
/// Pages are written into `.<output>.feedsite-staging-<pid>`; `publish()` exchanges that
/// folder with the output in one `renameat2(RENAME_EXCHANGE)` and then removes the old
/// site, so a web server serving the output sees the old site or the new one, never a mix,
/// and a run that fails or is killed leaves the old site as it was.
///
/// A page whose bytes equal the previous site's file at the same path is hard-linked from
/// it instead of written, so unchanged files keep their modification time; so is a page made
/// from the same inputs as the previous site's, by the previous site's record of them
/// (`PageRecord`), without being rendered or compared. Top-level
/// dot-entries in the output (`.gitkeep`, `.htaccess`, `.git/`) are not the tool's: they move
/// into each new site as themselves, never copied.
public final class StagedSite: Sendable {
    public let output: URL
    public let staging: URL
    let outputPath: String
    let stagingPath: String
    /// Whether there is a previous site whose unchanged files can be kept.
    private let hasPreviousSite: Bool
    private let createdFolders = Mutex<Set<String>>([])
    private let counts = Mutex(Counts())
    /// The files linked from the previous site, whose digests its manifest gives.
    private let kept: KeptFiles
    /// How many files the last manifest written listed as the previous manifest did, unread.
    let listedUnread = Mutex(0)
    /// What the previous site's pages were made from, when it has a record to believe.
    private let previousPages: PageRecord.Previous?
    /// What the new site's pages are made from, when it keeps a record.
    private let pages: PageRecord.Draft?

    /// How many files the new site wrote and how many it kept from the previous one.
    public struct Counts: Equatable, Sendable {
        public var written = 0
        public var unchanged = 0

        public init() {}
    }

    /// Folders at the top of a published site that are no one run's pages but every run's
    /// (the history of snapshots): carried into each new site as the dot-entries are.
    public static let carriedFolders: Set<String> = ["history"]

    /// Whether the entry `name` at the top of the output moves into each new site as itself.
    static func isCarried(_ name: String) -> Bool {
        name.hasPrefix(".") || carriedFolders.contains(name)
    }

    /// Prepares an empty staging folder beside `output`, removing folders that killed runs
    /// left behind. With `generator` (the feedsite that runs, "feedsite 0.1.0"), the new
    /// site keeps a record of what its pages are made from, and the previous site's record,
    /// when that feedsite wrote it, says which pages need not be made again.
    public init(output: URL, generator: String? = nil) throws(PublishError) {
        let output = output.standardizedFileURL.resolvingSymlinksInPath()
        let parent = output.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder)
        if exists, !isFolder.boolValue {
            throw .outputIsNotAFolder(output.path)
        }
        do {
            try FileSystemError.wrap { try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true) }
        } catch {
            throw .writing(parent.path, failedWith: error)
        }
        Self.removeLeftovers(of: output)
        let staging = URL(fileURLWithPath: FolderBeside.path(besides: output, kind: "staging"), isDirectory: true)
        FolderRemoval.remove(staging.path)
        do {
            try FileSystemError.wrap { try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false) }
        } catch {
            throw .writing(parent.path, failedWith: error)
        }
        self.output = output
        self.staging = staging
        self.outputPath = output.path
        self.stagingPath = staging.path
        self.hasPreviousSite = exists
        self.kept = KeptFiles(previousSite: exists ? output.path : nil)
        self.previousPages = exists ? generator.flatMap { PageRecord.read(site: output.path, generator: $0) } : nil
        self.pages = generator.map { _ in PageRecord.Draft(scratchPath: staging.path + "/.scratch-pages") }
    }

    public var fileCounts: Counts { counts.withLock { $0 } }

    /// A scratch file beside the staged pages, never part of the site: it has no name once
    /// open and is gone when it is closed. `name` shows in messages.
    public func scratchFile(_ name: String) throws(PublishError) -> (file: ScratchFile, path: String) {
        let path = AtomicFile.temporaryPath(for: stagingPath + "/.scratch-" + name.replacingOccurrences(of: "/", with: "-"))
        do {
            return (try ScratchFile(path: path), path)
        } catch {
            throw .writing(path, failedWith: error)
        }
    }

    /// The file at `path` (from the site root) in the staging folder, as a path rather than
    /// a `URL` made for every picture placed (BENCHMARKS.md, "What each trick buys", row
    /// "pictures placed by path").
    public func filePath(for path: String) -> String {
        stagingPath + "/" + path
    }

    /// `filePath(for:)` as a file URL.
    public func url(for path: String) -> URL {
        URL(fileURLWithPath: filePath(for: path), isDirectory: false)
    }

    /// Makes sure `folder` (a path from the site root) exists in the staging folder.
    public func prepareFolder(_ folder: String) throws(PublishError) {
        guard !createdFolders.withLock({ $0.contains(folder) }) else { return }
        let folderPath = stagingPath + "/" + folder
        do {
            try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true) }
        } catch {
            throw .writing(folderPath, failedWith: error)
        }
        _ = createdFolders.withLock { $0.insert(folder) }
    }

    /// Makes sure the folder that will hold `path` (from the site root) exists.
    private func prepareFolder(holding path: String) throws(PublishError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        try prepareFolder(String(path[..<slash]))
    }

    /// Links the previous site's page at `path` into the new site when the previous site's
    /// record says it was made from `inputs` (`PageDraft.inputs`), and says whether it did:
    /// if not, the page is to be rendered and written with `write(_:to:inputs:)`.
    public func keepPage(at path: String, inputs: UInt64) throws(PublishError) -> Bool {
        let key = PageRecord.Key(path: path, inputs: inputs)
        guard let previousPages, previousPages.contains(key) else { return false }
        try prepareFolder(holding: path)
        guard (try? PlainFile.link(outputPath + "/" + path, to: stagingPath + "/" + path, replacing: true)) != nil else { return false }
        kept.keep(path, digest: nil)
        counts.withLock { $0.unchanged += 1 }
        try record(key)
        return true
    }

    /// Notes in the new site's record what the page at `path` is made from.
    private func record(_ key: PageRecord.Key) throws(PublishError) {
        do {
            try pages?.add(key)
        } catch {
            throw .writing(stagingPath + "/.scratch-pages", failedWith: error)
        }
    }

    /// Writes `text` at `path`; `inputs` says what a page is made from, for the new site's
    /// record.
    public func write(_ text: String, to path: String, inputs: UInt64? = nil) throws(PublishError) {
        try write(Data(text.utf8), to: path, inputs: inputs)
    }

    public func write(_ data: Data, to path: String, inputs: UInt64? = nil) throws(PublishError) {
        if let inputs { try record(PageRecord.Key(path: path, inputs: inputs)) }
        try prepareFolder(holding: path)
        let destination = stagingPath + "/" + path
        let previous = outputPath + "/" + path
        if hasPreviousSite, data.withUnsafeBytes({ PlainFile.holds($0, at: previous) }),
            (try? PlainFile.link(previous, to: destination, replacing: true)) != nil
        {
            kept.keep(path, digest: SHA256.digest(data))
            counts.withLock { $0.unchanged += 1 }
            return
        }
        do {
            // Straight to its name, not through `AtomicFile`: the staging folder is this run's
            // alone and is swapped in whole, so a temporary name and a rename per page would buy
            // nothing and cost time (BENCHMARKS.md, "What each trick buys", row "staged pages
            // written straight to their name"). A path written twice may be a link to the previous
            // site's file by now: the new bytes go into a new file, never through the link.
            try PlainFile.write(data, to: destination, asNewFile: true)
        } catch {
            throw .writing(destination, failedWith: error)
        }
        counts.withLock { $0.written += 1 }
    }

    /// Makes `path` the same file as `existing`, already written (both from the site root):
    /// for files every locale holds byte for byte, one write and a link each.
    public func link(_ existing: String, to path: String) throws(PublishError) {
        try prepareFolder(holding: path)
        let destination = stagingPath + "/" + path
        do {
            try PlainFile.link(stagingPath + "/" + existing, to: destination, replacing: true)
        } catch {
            throw .writing(destination, failedWith: error)
        }
        counts.withLock { $0.written += 1 }
    }

    /// Writes `manifest.json` listing every file in the staging folder, a line at a time in
    /// path order (`Manifest.write(generator:run:listing:to:kept:)`), the files kept from the
    /// previous site with the digests its manifest gives; a manifest equal to the previous
    /// site's is linked from it instead. The record of what the pages are made from goes
    /// beside it, naming it, leaving out the pages kept that changed since.
    public func writeManifest(generator: String, run: Manifest.Run) throws(PublishError) {
        let draft = beginFile(at: Manifest.fileName, hashing: pages != nil)
        let changed: [String]
        do {
            let listed = try Manifest.write(generator: generator, run: run, listing: stagingPath, to: draft.writer, kept: kept.listings())
            listedUnread.withLock { $0 = listed.unread }
            changed = listed.changed
        } catch {
            draft.discard()
            throw .writing(draft.path, failedWith: error)
        }
        try commit(draft)
        // The manifest's digest comes from its writer, which hashed what it wrote.
        guard let pages, let manifest = draft.writer.digest else { return }
        let path = stagingPath + "/" + PageRecord.fileName
        do {
            try pages.write(to: path, generator: generator, manifest: manifest, leavingOut: changed)
        } catch {
            throw .writing(path, failedWith: error)
        }
    }

    /// A file of the new site to be written a piece at a time (for files too large to hold
    /// whole), then put in place by `commit(_:)`; with `hashing`, its writer hashes it.
    func beginFile(at path: String, hashing: Bool = false) -> AtomicFile.Draft {
        let destination = stagingPath + "/" + path
        // The previous site's file goes in first: the commit leaves it there if the new one
        // has the same bytes, and renames the new one over it if not.
        let linked = hasPreviousSite && (try? PlainFile.link(outputPath + "/" + path, to: destination, replacing: true)) != nil
        return AtomicFile.Draft(path: destination, unlessUnchanged: linked, hashing: hashing)
    }

    /// Puts a file from `beginFile(at:)` in place, counting it as written or unchanged.
    func commit(_ draft: AtomicFile.Draft) throws(PublishError) {
        let wrote: Bool
        do {
            wrote = try draft.commit()
        } catch {
            throw .writing(draft.path, failedWith: error)
        }
        counts.withLock { counts in
            if wrote {
                counts.written += 1
            } else {
                counts.unchanged += 1
            }
        }
        // A draft that was not written still holds its bytes, from which its digest comes.
        if !wrote, let digest = draft.writer.digest { kept.keep(String(draft.path.dropFirst(stagingPath.count + 1)), digest: digest) }
    }

    /// Removes `.<output>.feedsite-staging-<pid>` and `.feedsite-old-<pid>` folders whose
    /// process is gone. A run killed while publishing may have left the user's dot-entries, or
    /// the history, at the top of one (moved in, not yet swapped in, or swapped out with the
    /// old site): each that the output lacks is moved back into it first.
    private static func removeLeftovers(of output: URL) {
        let outputIsFolder = (try? PlainFile.kind(of: output.path)) == .folder
        for leftover in FolderBeside.abandoned(besides: output, kinds: ["staging", "old"]) {
            if outputIsFolder, let entries = try? PlainFile.entries(inFolder: leftover, followingLinks: false) {
                for (entry, _) in entries where isCarried(entry) && !entry.hasPrefix(AtomicFile.temporaryMarker) {
                    var existing = stat()
                    if lstat(output.path + "/" + entry, &existing) != 0 { rename(leftover + "/" + entry, output.path + "/" + entry) }
                }
            }
            FolderRemoval.remove(leftover)
        }
    }
}
