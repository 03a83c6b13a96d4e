import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fills a folder that is missing or empty with files, and never replaces anything.
///
/// Every file is first written whole into a hidden folder inside the target (so on its file
/// system), then moved to its place by a hard link (which fails rather than replace a file)
/// or, for a subfolder, by `rename(2)` (which replaces at most an empty folder). When
/// anything fails, what was moved in and the hidden folder are removed, and a folder this
/// call created is removed again: the target is left as it was, with no half-written file.
public enum NewFolder {
    /// Why nothing was written.
    public enum Failure: Error, Equatable, Sendable {
        case notAFolder(String)
        /// The folder holds `count` entries (dot-files too), `example` among them.
        case notEmpty(String, count: Int, example: String)
        /// Writing failed; `path` is where.
        case unwritable(String, reason: FileSystemError)
    }

    /// Writes `files` (paths inside the folder, such as `en.lproj/Feed.strings`) into the
    /// folder at the absolute `path`, which must be missing or empty; missing folders above
    /// it are created (and stay).
    public static func write(_ files: [(name: String, data: Data)], into path: String) throws(Failure) {
        let created = try prepare(path)
        let staging = AtomicFile.temporaryPath(for: path + "/new")
        var moved: [String] = []
        do throws(Failure) {
            for file in files {
                do {
                    try PlainFile.write(file.data, to: staging + "/" + file.name)
                } catch {
                    throw Failure.unwritable(path + "/" + file.name, reason: error)
                }
            }
            let entries: [(name: String, isFolder: Bool)]
            do {
                entries = try PlainFile.entries(inFolder: staging).sorted { $0.name < $1.name }
            } catch {
                throw Failure.unwritable(staging, reason: error)
            }
            for entry in entries {
                try move(entry.name, isFolder: entry.isFolder, from: staging, to: path)
                moved.append(entry.name)
            }
            rmdir(staging)
        } catch {
            for name in moved { FolderRemoval.remove(path + "/" + name) }
            FolderRemoval.remove(staging)
            if created { rmdir(path) }
            throw error
        }
    }

    /// Checks that `path` is missing or an empty folder, and creates it when missing;
    /// returns whether it did.
    private static func prepare(_ path: String) throws(Failure) -> Bool {
        let kind: PlainFile.Kind
        do {
            kind = try PlainFile.kind(of: path)
            if kind == .missing {
                try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
                return true
            }
        } catch {
            throw .unwritable(path, reason: error)
        }
        guard kind == .folder else { throw .notAFolder(path) }
        let names: [String]
        do {
            names = try PlainFile.entries(inFolder: path).map(\.name).sorted()
        } catch {
            throw .unwritable(path, reason: error)
        }
        if let example = names.first { throw .notEmpty(path, count: names.count, example: example) }
        return false
    }

    /// Moves `name` from `staging` into `folder` without replacing anything there.
    private static func move(_ name: String, isFolder: Bool, from staging: String, to folder: String) throws(Failure) {
        let source = staging + "/" + name
        let destination = folder + "/" + name
        do {
            if isFolder {
                try FileSystemError.check(rename(source, destination))
            } else {
                try PlainFile.link(source, to: destination, replacing: false)
                unlink(source)
            }
        } catch {
            throw .unwritable(destination, reason: error)
        }
    }
}
