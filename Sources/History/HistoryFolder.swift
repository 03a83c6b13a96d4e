import FileSystem
import Foundation
import Hashing
import Publishing
import SiteGenerator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The history of a published site, `<output>/history/`: a folder per snapshot, each a whole
/// site with its own manifest, and the history's own files beside them (the calendar, the
/// script, their manifest), rewritten whole with each snapshot.
///
/// Never half: a snapshot is made in a hidden folder beside the output and renamed into the
/// history only once whole and on the disk; the history's own files are replaced one by one
/// after it, each whole. The first snapshot's history is made beside the output and renamed
/// in whole. A snapshot thinned away is renamed to a hidden name first, then removed.
/// Leftovers of a killed run (hidden folders whose process is gone) are removed by the next.
public struct HistoryFolder: Sendable {
    /// The published site's folder.
    public let output: URL

    public init(output: URL) {
        self.output = output
    }

    public var path: String { output.path + "/" + Self.name }
    static let name = "history"
    static let removingMarker = ".removing-"

    /// The snapshots in the history, oldest first.
    public func snapshots() -> [SnapshotName] {
        folders().filter { !SnapshotLeftover.isLeftover(folder(of: $0)) }
    }

    /// What thinning left of snapshots (`SnapshotLeftover`), oldest first.
    public func leftovers() -> [SnapshotName] {
        folders().filter { SnapshotLeftover.isLeftover(folder(of: $0)) }
    }

    /// Every real folder of a snapshot's name: the snapshots and what thinning left of others.
    public func folders() -> [SnapshotName] {
        let entries = (try? PlainFile.entries(inFolder: path, followingLinks: false)) ?? []
        return entries.filter(\.isFolder).compactMap { SnapshotName($0.name) }.sorted()
    }

    /// A regular file `images/<fileName>` of the history, in the newest of `folders` (its
    /// snapshots and what thinning left of others, oldest first: `folders()`) that has it;
    /// `nil` when none has. A stat a folder: the image's name says its bytes, so a picture
    /// that comes back finds its earlier copy.
    public func image(named fileName: String, in folders: [SnapshotName]) -> String? {
        guard !fileName.contains("/") else { return nil }
        for name in folders.reversed() {
            let path = folder(of: name) + "/" + SitePaths.imagesFolder + fileName
            if PlainFile.isShareable(path) { return path }
        }
        return nil
    }

    /// The folder of snapshot `name`.
    public func folder(of name: SnapshotName) -> String { path + "/" + name.text }

    /// The latest snapshot, read for comparing, and its folder; `nil` for a site without history.
    public func latest() throws(SnapshotFile.ReadError) -> (file: SnapshotIndex, folder: String)? {
        guard let name = snapshots().last else { return nil }
        let folder = folder(of: name)
        return (try SnapshotIndex.read(from: folder), folder)
    }

    /// Where a run of process `pid` makes its snapshot: a hidden folder beside the output.
    public func draftFolder(pid: Int32 = getpid()) -> String {
        FolderBeside.path(besides: output, kind: "snapshot", pid: pid)
    }

    /// Where a run of process `pid` makes what thinning leaves of snapshots, a folder each:
    /// a hidden folder beside the output.
    public func leftoversFolder(pid: Int32 = getpid()) -> String {
        FolderBeside.path(besides: output, kind: "leftover", pid: pid)
    }

    /// Puts the finished snapshot in `draft` into the history as `name`, then replaces the
    /// history's own files with `files` (paths from the history's root) and their manifest,
    /// then removes the snapshots `thinned`. With no `draft`, only the history's own files
    /// are replaced (and `thinned` removed). A thinned snapshot with a folder in
    /// `leftovers` (made by `SnapshotLeftover`) is exchanged with it in one step, so its
    /// name holds the whole snapshot or what is left of it at every moment; where the
    /// exchange fails, the snapshot stays whole, for the next run to thin.
    ///
    /// Every own file is written out under a temporary name before anything is put in, so
    /// that a full disk, or any other failure to write, leaves the history as it was; then
    /// the snapshot and the files are renamed into place.
    public func commit(
        draft: String?, as name: SnapshotName, files: [(path: String, data: Data)], thinned: [SnapshotName], leftovers: [SnapshotName: String] = [:],
        generator: String, run: Manifest.Run
    ) throws {
        let exists = (try? PlainFile.kind(of: path, followingLinks: false)) == .folder
        let root = exists ? path : FolderBeside.path(besides: output, kind: "history")
        if !exists {
            FolderRemoval.remove(root)
            try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false) }
        }
        // Written outside the published tree, so a run killed at any moment leaves nothing
        // in it that its manifest does not list.
        let scratch = FolderBeside.path(besides: output, kind: "own-files")
        FolderRemoval.remove(scratch)
        try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false) }
        defer { FolderRemoval.remove(scratch) }
        // What may be removed: what the history's previous manifest listed, and everything in
        // the folders it writes (its search, its items, a locale's), which a run killed after
        // putting a new manifest in may have left unlisted. Anything else at its top is the
        // user's.
        let removable = exists ? (Self.listed(in: root) ?? []).union(Self.files(in: root, underFoldersOf: files.map(\.path))) : []
        var drafts: [AtomicFile.Draft] = []
        var placed: String?
        do {
            var listed: [Manifest.File] = []
            for file in files {
                let written = AtomicFile.Draft(path: root + "/" + file.path, unlessUnchanged: true, temporaryFolder: scratch)
                drafts.append(written)
                try PublishError.naming(written.path) {
                    // Its folder made now, so that what stands in its way fails this first step,
                    // which leaves the history as it was.
                    try PlainFile.makeParentFolder(of: written.path)
                    try written.writer.write(Array(file.data))
                    try written.prepare()
                }
                listed.append(Manifest.File(path: file.path, size: file.data.count, sha256: SHA256.hexDigest(file.data)))
            }
            let manifestPath = root + "/" + Manifest.fileName
            let manifest = try PublishError.naming(manifestPath) {
                try Manifest.draft(generator: generator, run: run, files: listed, at: manifestPath, temporaryFolder: scratch)
            }
            drafts.append(manifest)
            try PublishError.naming(manifestPath) { try manifest.prepare() }
            if let draft {
                let target = root + "/" + name.text
                try PublishError.naming(target) { try FileSystemError.check(rename(draft, target)) }
                // Only a snapshot this commit put in is taken out again when a later step fails.
                placed = target
            }
            for written in drafts { _ = try PublishError.naming(written.path) { try written.commit() } }
            Self.removeStale(removable.subtracting(files.map(\.path)), in: root)
            if !exists { try FileSystemError.check(rename(root, path)) }
        } catch {
            for written in drafts { written.discard() }
            if !exists {
                FolderRemoval.remove(root)
            } else if let placed {
                Self.remove(placed)
            }
            throw error
        }
        for old in thinned where old != name {
            if let leftover = leftovers[old] {
                // The snapshot's files are then in the leftover's place, removed with it.
                _ = PlainFile.exchange(leftover, folder(of: old))
            } else {
                Self.remove(folder(of: old))
            }
        }
    }

    /// Whether the history's own files list other snapshots than its folders hold (a run
    /// killed after putting its snapshot in, before the calendar was made anew), or its
    /// manifest is gone.
    public func indexesAreBehind() -> Bool {
        if lacksManifest, !snapshots().isEmpty { return true }
        guard let data = try? PlainFile.read(path + "/" + HistoryLineage.fileName) else { return !snapshots().isEmpty }
        return SnapshotFacts.lines(data).map(\.name) != snapshots()
    }

    /// The kept snapshots' facts as the history's `changes.jsonl` remembers them, oldest
    /// first; none when it is missing or unreadable.
    public func rememberedFacts() -> [SnapshotFacts] {
        (try? PlainFile.read(path + "/" + HistoryLineage.fileName)).flatMap { $0 }.map(SnapshotFacts.lines) ?? []
    }

    /// Whether the history's own `manifest.json` is missing.
    public var lacksManifest: Bool {
        (try? PlainFile.kind(of: path + "/" + Manifest.fileName, followingLinks: false)) == .missing
    }

    /// Whether the folder at `path` is a history feedsite made that has lost its own
    /// manifest, which the next `--history` run makes anew: it keeps the list of its
    /// snapshots, and its latest snapshot's manifest is feedsite's.
    public static func lostItsManifest(_ path: String) -> Bool {
        let history = HistoryFolder(output: URL(fileURLWithPath: (path as NSString).deletingLastPathComponent))
        guard history.path == path, history.lacksManifest, PlainFile.isShareable(path + "/" + HistoryLineage.fileName),
            let latest = history.snapshots().last,
            let (generator, _) = try? Manifest.read(from: URL(fileURLWithPath: history.folder(of: latest), isDirectory: true), eachFile: { _ in })
        else { return false }
        return generator.hasPrefix(Manifest.generatorName)
    }

    /// Removes what killed runs left: hidden snapshots and histories beside the output whose
    /// process is gone, snapshots half removed, and own files written but never put in.
    public func removeLeftovers() {
        for leftover in FolderBeside.abandoned(besides: output, kinds: ["snapshot", "history", "own-files", "leftover"]) {
            FolderRemoval.remove(leftover)
        }
        for entry in (try? PlainFile.entries(inFolder: path, followingLinks: false)) ?? []
        where entry.name.hasPrefix(Self.removingMarker) || entry.name.hasPrefix(AtomicFile.temporaryMarker) {
            FolderRemoval.remove(path + "/" + entry.name)
        }
        // Those in the own files' folders; the listing leaves out hidden names at the top.
        for file in Self.ownFiles(in: path) where file.split(separator: "/").last?.hasPrefix(AtomicFile.temporaryMarker) == true {
            unlink(path + "/" + file)
        }
    }

    /// Removes the history's own files in `stale` (the calendar of a locale the site no
    /// longer has), and the folders they leave empty.
    private static func removeStale(_ stale: Set<String>, in root: String) {
        for path in stale where path != Manifest.fileName {
            unlink(root + "/" + path)
            if let slash = path.lastIndex(of: "/") { rmdir(root + "/" + path[..<slash]) }
        }
    }

    /// The paths the history's manifest in `root` lists; `nil` when it cannot be read.
    private static func listed(in root: String) -> Set<String>? {
        var paths = Set<String>()
        guard (try? Manifest.read(from: URL(fileURLWithPath: root, isDirectory: true), eachFile: { paths.insert($0.path) })) != nil else { return nil }
        return paths
    }

    /// The files in `root` under the top-level folders that `paths` lie in.
    private static func files(in root: String, underFoldersOf paths: [String]) -> Set<String> {
        let folders = Set(paths.compactMap { path in path.firstIndex(of: "/").map { String(path[..<$0]) } })
        return Set(folders.flatMap { folder in (try? SiteFiles.list(URL(fileURLWithPath: root + "/" + folder)))?.map { folder + "/" + $0 } ?? [] })
    }

    /// The history's own files in `root`, by path from it: none of a snapshot's (the listing
    /// leaves out hidden names at the top, a snapshot half removed among them).
    private static func ownFiles(in root: String) -> [String] {
        (try? SiteFiles.list(URL(fileURLWithPath: root), skipping: { SnapshotName($0) != nil })) ?? []
    }

    /// Renames a snapshot's folder to a hidden name, so nothing takes it for whole, then
    /// removes it.
    private static func remove(_ folder: String) {
        let url = URL(fileURLWithPath: folder)
        let hidden = url.deletingLastPathComponent().path + "/" + removingMarker + url.lastPathComponent
        guard rename(folder, hidden) == 0 else { return }
        FolderRemoval.remove(hidden)
    }
}
