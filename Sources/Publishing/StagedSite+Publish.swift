import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Publishing: the staged site swapped into place, the user's dot-entries carried over.
extension StagedSite {
    /// Swaps the new site into place, its dot-entries moved in from the old one, and removes
    /// the old one. When the swap fails, the dot-entries go back where they were.
    public func publish() throws(PublishError) {
        let moved = try moveDotEntriesIn()
        do throws(PublishError) {
            if FileManager.default.fileExists(atPath: output.path) {
                guard PlainFile.exchange(staging.path, output.path) else {
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
        FolderRemoval.remove(staging.path)
    }

    /// Throws away the staging folder; the output is left as it was.
    public func discard() {
        FolderRemoval.remove(staging.path)
    }

    /// Carries each top-level dot-entry of the output (`.htaccess`, `.well-known/`, `.git/`,
    /// whatever it is), and the history, into the new site as itself, never as a copy: a folder is renamed, so
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
        for (name, isFolder) in entries where Self.isCarried(name) {
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
        let aside = URL(fileURLWithPath: FolderBeside.path(besides: output, kind: "old"), isDirectory: true)
        FolderRemoval.remove(aside.path)
        guard rename(output.path, aside.path) == 0 else {
            throw .publishing(output.path, failedWith: FileSystemError.fromErrno())
        }
        guard rename(staging.path, output.path) == 0 else {
            let failure = FileSystemError.fromErrno()
            _ = rename(aside.path, output.path)
            throw .publishing(output.path, failedWith: failure)
        }
        FolderRemoval.remove(aside.path)
    }
}
