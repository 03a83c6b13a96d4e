import FileSystem
import Foundation
import Hashing
import Publishing

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
        let entries = (try? PlainFile.entries(inFolder: path, followingLinks: false)) ?? []
        return entries.filter(\.isFolder).compactMap { SnapshotName($0.name) }.sorted()
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

    /// Puts the finished snapshot in `draft` into the history as `name`, then replaces the
    /// history's own files with `files` (paths from the history's root) and their manifest,
    /// then removes the snapshots `thinned`. When putting it in fails, the history is left
    /// as it was.
    /// With no `draft`, only the history's own files are replaced (and `thinned` removed).
    public func commit(
        draft: String?, as name: SnapshotName, files: [(path: String, data: Data)], thinned: [SnapshotName], generator: String, run: Manifest.Run
    ) throws {
        let exists = (try? PlainFile.kind(of: path, followingLinks: false)) == .folder
        let root = exists ? path : FolderBeside.path(besides: output, kind: "history")
        if !exists {
            try? FileManager.default.removeItem(atPath: root)
            try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false) }
        }
        let placed = draft.map { _ in root + "/" + name.text }
        do {
            if let draft, let placed { try FileSystemError.check(rename(draft, placed)) }
            var listed: [Manifest.File] = []
            for file in files {
                try AtomicFile.write(toPath: root + "/" + file.path, unlessUnchanged: true) { try $0.write(Array(file.data)) }
                listed.append(Manifest.File(path: file.path, size: file.data.count, sha256: SHA256.hexDigest(file.data)))
            }
            try Manifest.write(generator: generator, run: run, files: listed, to: root + "/" + Manifest.fileName)
            removeStale(in: root, keeping: Set(files.map(\.path)))
            if !exists { try FileSystemError.check(rename(root, path)) }
        } catch {
            if !exists {
                try? FileManager.default.removeItem(atPath: root)
            } else if let placed {
                Self.remove(placed)
            }
            throw error
        }
        for old in thinned where old != name { Self.remove(folder(of: old)) }
    }

    /// Whether the history's own files list other snapshots than its folders hold: a run
    /// killed after putting its snapshot in, before the calendar was made anew.
    public func indexesAreBehind() -> Bool {
        guard let data = try? PlainFile.read(path + "/" + HistoryLineage.fileName) else { return !snapshots().isEmpty }
        return SnapshotFacts.lines(data).map(\.name) != snapshots()
    }

    /// Removes what killed runs left: hidden snapshots and histories beside the output whose
    /// process is gone, and snapshots half removed.
    public func removeLeftovers() {
        for leftover in FolderBeside.abandoned(besides: output, kinds: ["snapshot", "history"]) {
            try? FileManager.default.removeItem(atPath: leftover)
        }
        for entry in (try? PlainFile.entries(inFolder: path, followingLinks: false)) ?? []
        where entry.name.hasPrefix(Self.removingMarker) || entry.name.hasPrefix(AtomicFile.temporaryMarker) {
            try? FileManager.default.removeItem(atPath: path + "/" + entry.name)
        }
    }

    /// Removes the history's own files that this run did not write (the calendar of a
    /// locale the site no longer has), and the folders they leave empty.
    private func removeStale(in root: String, keeping: Set<String>) {
        let own = (try? SiteFiles.list(URL(fileURLWithPath: root), skipping: { SnapshotName($0) != nil })) ?? []
        for stale in own where !keeping.contains(stale) && stale != Manifest.fileName {
            unlink(root + "/" + stale)
            if let slash = stale.lastIndex(of: "/") { rmdir(root + "/" + stale[..<slash]) }
        }
    }

    /// Renames a snapshot's folder to a hidden name, so nothing takes it for whole, then
    /// removes it.
    private static func remove(_ folder: String) {
        let url = URL(fileURLWithPath: folder)
        let hidden = url.deletingLastPathComponent().path + "/" + removingMarker + url.lastPathComponent
        guard rename(folder, hidden) == 0 else { return }
        try? FileManager.default.removeItem(atPath: hidden)
    }
}
