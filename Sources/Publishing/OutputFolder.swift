import FileSystem
import Foundation

/// Whether a run may replace the output folder, decided before anything is written.
///
/// Publishing swaps a new site in for the whole folder, so the folder must hold nothing of
/// anyone else's: it may be missing, empty (dot-files at its top aside, which move into the
/// new site), or a site feedsite published: its `manifest.json` is feedsite's and every entry
/// at its top is as the manifest records it (a folder it lists files in, a file of the size
/// and SHA-256 it lists). Anything else is refused unless the user passes `--force`. The
/// root, the home folder, the working folder and any folder holding one of them are refused
/// always, however empty, `--force` or not.
public enum OutputFolder {
    /// Why the output folder may not be replaced; nothing was touched.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case notAFolder(String)
        /// The folder cannot be read, so what it holds is unknown.
        case unlistable(String, reason: String)
        /// `count` top-level entries that no feedsite manifest vouches for, the first by name
        /// as an example; `foreignManifest` when the folder's manifest.json is not feedsite's.
        case holdsOtherEntries(String, count: Int, example: String, foreignManifest: Bool)
        /// Never replaced: the folder is, or holds, `what` ("is the home folder /home/me").
        case protected(String, what: String)

        public var description: String {
            switch self {
            case let .notAFolder(path):
                "output \(path) exists and is not a folder; choose a folder for --output"
            case let .unlistable(path, reason):
                "cannot list the output folder \(path) to see what it holds: \(reason)"
            case let .holdsOtherEntries(path, _, _, _):
                "output \(path) holds \(otherEntries); choose an empty folder, or pass --force to replace it anyway"
            case let .protected(path, what):
                "output \(path) \(what); feedsite never replaces it, even with --force; choose another folder"
            }
        }

        /// Whether the command line named the wrong folder, rather than the folder failing to
        /// read: a usage error.
        public var isUsage: Bool {
            if case .unlistable = self { return false }
            return true
        }

        /// What a run that `--force` lets go on replaces.
        public var forcedDescription: String {
            guard case let .holdsOtherEntries(path, _, _, _) = self else { return description }
            return "replacing output \(path), which holds \(otherEntries)"
        }

        /// "14 entries feedsite did not write, such as thesis.txt".
        private var otherEntries: String {
            guard case let .holdsOtherEntries(_, count, example, foreignManifest) = self else { return "" }
            let entries = count == 1 ? "1 entry" : "\(count.formatted()) entries"
            let manifest = foreignManifest ? " (its manifest.json is not one feedsite wrote)" : ""
            return "\(entries) feedsite did not write, such as \(example)\(manifest)"
        }
    }

    /// Throws unless `output` (a real path) may be replaced by a new site. It never may when it
    /// is the root or is or holds one of `protectedFolders` (real paths, such as the home
    /// folder and the working folder, each with how to name it). With `force`, a folder
    /// holding others' files may be replaced; the refusal `force` overrode is returned, for
    /// the run to say what it replaces.
    ///
    /// A history is feedsite's when its own manifest is, or when `isHistoryAfterAll` says so of
    /// its path (one that lost its manifest, which the run makes anew).
    @discardableResult
    public static func checkReplaceable(
        _ output: String, force: Bool, protectedFolders: [(path: String, name: String)], isHistoryAfterAll: (String) -> Bool = { _ in false }
    ) throws(Refusal) -> Refusal? {
        guard try checkPlace(output, protectedFolders: protectedFolders) else { return nil }
        do {
            try checkOwnedByFeedsite(output, isHistoryAfterAll: isHistoryAfterAll)
            return nil
        } catch {
            guard force, case .holdsOtherEntries = error else { throw error }
            return error
        }
    }

    /// Throws when `output` (a real path) is something other than a folder, or the root, or
    /// is or holds one of `protectedFolders`: never an output, whatever it holds. Needs only
    /// the path, so a run checks it before making even its lock file beside the output.
    /// Whether the folder exists.
    @discardableResult
    public static func checkPlace(_ output: String, protectedFolders: [(path: String, name: String)]) throws(Refusal) -> Bool {
        let kind: PlainFile.Kind
        do {
            kind = try PlainFile.kind(of: output)
        } catch {
            throw .unlistable(output, reason: error.description)
        }
        guard kind == .folder || kind == .missing else { throw .notAFolder(output) }
        if output == "/" { throw .protected(output, what: "is the root of the file system") }
        if let held = protectedFolders.first(where: { RealPath.isWithin($0.path, output) }) {
            throw .protected(output, what: "\(held.path == output ? "is" : "holds") \(held.name)")
        }
        return kind == .folder
    }

    /// Throws unless the folder `output` is empty but for dot-files, or a site feedsite
    /// published whose top is as its manifest records it.
    private static func checkOwnedByFeedsite(_ output: String, isHistoryAfterAll: (String) -> Bool) throws(Refusal) {
        let entries: [(name: String, isFolder: Bool)]
        do {
            entries = try PlainFile.entries(inFolder: output, followingLinks: false).filter { !$0.name.hasPrefix(".") }.sorted { $0.name < $1.name }
        } catch {
            throw .unlistable(output, reason: error.description)
        }
        guard !entries.isEmpty else { return }
        guard let manifest = PublishedTop(reading: output) else {
            let example = entries.first { $0.name != Manifest.fileName }?.name ?? Manifest.fileName
            let hasManifest = entries.contains { $0.name == Manifest.fileName }
            throw .holdsOtherEntries(output, count: entries.count, example: example, foreignManifest: hasManifest)
        }
        var others: [String] = []
        for entry in entries {
            let path = output + "/" + entry.name
            if entry.isFolder {
                if !manifest.folders.contains(entry.name), !(StagedSite.carriedFolders.contains(entry.name) && (isHistory(path) || isHistoryAfterAll(path))) {
                    others.append(entry.name)
                }
            } else if entry.name == Manifest.fileName {
                if (try? PlainFile.kind(of: path, followingLinks: false)) != .file { others.append(entry.name) }
            } else if let listed = manifest.files[entry.name] {
                if !matches(path, listed) { others.append("\(entry.name) (not as its manifest.json records it)") }
            } else {
                others.append(entry.name)
            }
        }
        guard let example = others.first else { return }
        throw .holdsOtherEntries(output, count: others.count, example: example, foreignManifest: false)
    }

    /// Whether the folder at `path` is a history feedsite made: its own manifest is feedsite's.
    private static func isHistory(_ path: String) -> Bool {
        guard let (generator, _) = try? Manifest.read(from: URL(fileURLWithPath: path, isDirectory: true), eachFile: { _ in }) else { return false }
        return generator.hasPrefix(Manifest.generatorName)
    }

    /// Whether the file at `path` is a regular file (not a link) with the size and SHA-256
    /// `listed` records.
    private static func matches(_ path: String, _ listed: Manifest.File) -> Bool {
        guard (try? PlainFile.kind(of: path, followingLinks: false)) == .file, (try? PlainFile.size(of: path)) == listed.size,
            let digest = try? FileDigest.sha256(ofFileAtPath: path)
        else { return false }
        return digest.byteCount == listed.size && digest.sha256 == listed.sha256
    }

    /// What a feedsite manifest records of its folder's top: the files there, and the folders
    /// it lists files in.
    private struct PublishedTop {
        var files: [String: Manifest.File] = [:]
        var folders: Set<String> = []

        /// `nil` when the folder has no manifest feedsite wrote.
        init?(reading folder: String) {
            var top = (files: [String: Manifest.File](), folders: Set<String>())
            do {
                let (generator, _) = try Manifest.read(from: URL(fileURLWithPath: folder, isDirectory: true)) { file in
                    if let slash = file.path.firstIndex(of: "/") {
                        top.folders.insert(String(file.path[..<slash]))
                    } else {
                        top.files[file.path] = file
                    }
                }
                guard generator.hasPrefix(Manifest.generatorName) else { return nil }
            } catch {
                return nil
            }
            (files, folders) = top
        }
    }
}
