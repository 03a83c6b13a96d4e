import FileSystem
import Foundation
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
/// it instead of written, so unchanged files keep their modification time. Top-level
/// dot-entries in the output (`.gitkeep`, `.htaccess`, `.git/`) are not the tool's: they move
/// into each new site as themselves, never copied.
public final class StagedSite: Sendable {
    public let output: URL
    public let staging: URL
    private let outputPath: String
    private let stagingPath: String
    /// Whether there is a previous site whose unchanged files can be kept.
    private let hasPreviousSite: Bool
    private let createdFolders = Mutex<Set<String>>([])
    private let counts = Mutex(Counts())

    /// How many files the new site wrote and how many it kept from the previous one.
    public struct Counts: Equatable, Sendable {
        public var written = 0
        public var unchanged = 0

        public init() {}
    }

    public static let stagingMarker = ".feedsite-staging-"

    /// Prepares an empty staging folder beside `output`, removing folders that killed runs
    /// left behind.
    public init(output: URL) throws(PublishError) {
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
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent)\(Self.stagingMarker)\(getpid())")
        try? FileManager.default.removeItem(at: staging)
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

    /// The file at `path` (from the site root) in the staging folder.
    public func url(for path: String) -> URL {
        URL(fileURLWithPath: stagingPath + "/" + path, isDirectory: false)
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

    public func write(_ text: String, to path: String) throws(PublishError) {
        try write(Data(text.utf8), to: path)
    }

    public func write(_ data: Data, to path: String) throws(PublishError) {
        try prepareFolder(holding: path)
        let destination = stagingPath + "/" + path
        let previous = outputPath + "/" + path
        if hasPreviousSite, let old = try? PlainFile.read(previous), old == data, (try? PlainFile.link(previous, to: destination, replacing: true)) != nil {
            counts.withLock { $0.unchanged += 1 }
            return
        }
        do {
            // Straight to its name, not through `AtomicFile`: the staging folder is this
            // run's alone and is swapped in whole, so a temporary name and a rename per page
            // would buy nothing and cost time (BENCHMARKS.md, "What each trick buys", row 7).
            // A path written twice may be a link to the previous site's file by now: the new
            // bytes go into a new file, never through the link.
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
    /// path order (`Manifest.write(generator:run:listing:to:)`); a manifest equal to the
    /// previous site's is linked from it instead.
    public func writeManifest(generator: String, run: Manifest.Run) throws(PublishError) {
        let draft = beginFile(at: Manifest.fileName)
        do {
            try Manifest.write(generator: generator, run: run, listing: stagingPath, to: draft.writer)
        } catch {
            draft.discard()
            throw .writing(draft.path, failedWith: error)
        }
        try commit(draft)
    }

    /// A file of the new site to be written a piece at a time (for files too large to hold
    /// whole), then put in place by `commit(_:)`.
    func beginFile(at path: String) -> AtomicFile.Draft {
        let destination = stagingPath + "/" + path
        // The previous site's file goes in first: the commit leaves it there if the new one
        // has the same bytes, and renames the new one over it if not.
        let linked = hasPreviousSite && (try? PlainFile.link(outputPath + "/" + path, to: destination, replacing: true)) != nil
        return AtomicFile.Draft(path: destination, unlessUnchanged: linked)
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
    }

    /// Swaps the new site into place, its dot-entries moved in from the old one, and removes
    /// the old one. When the swap fails, the dot-entries go back where they were.
    public func publish() throws(PublishError) {
        let moved = try moveDotEntriesIn()
        do throws(PublishError) {
            if FileManager.default.fileExists(atPath: output.path) {
                guard Self.exchange(staging, output) else {
                    try replaceWithoutExchange()
                    return
                }
            } else if rename(staging.path, output.path) != 0 {
                throw PublishError.publishing(output.path, failedWith: FileSystemError.fromErrno())
            }
        } catch {
            putBack(moved)
            throw error
        }
        // After an exchange the staging path holds the previous site.
        try? FileManager.default.removeItem(at: staging)
    }

    /// Throws away the staging folder; the output is left as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Carries each top-level dot-entry of the output (`.htaccess`, `.well-known/`, `.git/`,
    /// whatever it is) into the new site as itself, never as a copy: a folder is renamed, so
    /// it moves whole, links and all; anything else is hard-linked, so it is in the old site
    /// until the swap and in the new one after, the same file with its times and its other
    /// names, and renamed where it cannot be linked. A dot-entry the new site has of its own
    /// is the new site's. The names renamed, to be put back if the swap fails; one that cannot
    /// be carried over stops the publish, with those put back.
    private func moveDotEntriesIn() throws(PublishError) -> [String] {
        let entries: [(name: String, isFolder: Bool)]
        do {
            entries = try PlainFile.entries(inFolder: outputPath, followingLinks: false)
        } catch {
            guard error.isNoSuchFile else { throw .cannotPublish(outputPath, reason: "cannot list its dot-files to keep them: \(error)") }
            return []
        }
        var moved: [String] = []
        for (name, isFolder) in entries where name.hasPrefix(".") {
            let source = outputPath + "/" + name
            let destination = stagingPath + "/" + name
            var existing = stat()
            if lstat(destination, &existing) == 0 { continue }
            if !isFolder, (try? PlainFile.link(source, to: destination, replacing: false)) != nil { continue }
            guard rename(source, destination) == 0 else {
                let failure = FileSystemError.fromErrno()
                putBack(moved)
                throw .cannotPublish(outputPath, reason: "cannot move \(name) into the new site: \(failure)")
            }
            moved.append(name)
        }
        return moved
    }

    /// Renames the dot-entries `names`, moved into the staging folder, back into the output.
    private func putBack(_ names: [String]) {
        for name in names { rename(stagingPath + "/" + name, outputPath + "/" + name) }
    }

    /// Where the kernel cannot exchange folders (macOS, some file systems): move the old
    /// site aside, move the new one in, remove the old. The output is missing for an instant.
    private func replaceWithoutExchange() throws(PublishError) {
        let aside = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).feedsite-old-\(getpid())")
        try? FileManager.default.removeItem(at: aside)
        guard rename(output.path, aside.path) == 0 else {
            throw .publishing(output.path, failedWith: FileSystemError.fromErrno())
        }
        guard rename(staging.path, output.path) == 0 else {
            let failure = FileSystemError.fromErrno()
            _ = rename(aside.path, output.path)
            throw .publishing(output.path, failedWith: failure)
        }
        try? FileManager.default.removeItem(at: aside)
    }

    /// Removes `.<output>.feedsite-staging-<pid>` and `.feedsite-old-<pid>` folders whose
    /// process is gone. A run killed while publishing may have left the user's dot-entries at
    /// the top of one (moved in, not yet swapped in, or swapped out with the old site): each
    /// that the output lacks is moved back into it first.
    private static func removeLeftovers(of output: URL) {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent)\(stagingMarker)", ".\(output.lastPathComponent).feedsite-old-"]
        let outputIsFolder = (try? PlainFile.kind(of: output.path)) == .folder
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let prefix = prefixes.first(where: name.hasPrefix), let pid = pid_t(name.dropFirst(prefix.count)) else { continue }
            guard pid == getpid() || kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let leftover = parent.appendingPathComponent(name).path
            if outputIsFolder, let entries = try? PlainFile.entries(inFolder: leftover, followingLinks: false) {
                for (entry, _) in entries where entry.hasPrefix(".") && !entry.hasPrefix(AtomicFile.temporaryMarker) {
                    var existing = stat()
                    if lstat(output.path + "/" + entry, &existing) != 0 { rename(leftover + "/" + entry, output.path + "/" + entry) }
                }
            }
            try? FileManager.default.removeItem(atPath: leftover)
        }
    }

    /// `renameat2(RENAME_EXCHANGE)`: swaps two paths atomically. Glibc's Swift module does
    /// not export it, so it is looked up at run time; `false` where it is not available.
    private static func exchange(_ first: URL, _ second: URL) -> Bool {
        #if os(Linux)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let renameat2 = SystemFunction.named("renameat2", as: RenameAt2.self) else { return false }
            let atCurrentFolder: Int32 = -100
            let exchangeFlag: UInt32 = 1 << 1
            return renameat2(atCurrentFolder, first.path, atCurrentFolder, second.path, exchangeFlag) == 0
        #else
            return false
        #endif
    }
}
