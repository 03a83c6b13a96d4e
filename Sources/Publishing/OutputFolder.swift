import FileSystem
import Foundation

/// Whether a run may replace the output folder, decided before anything is written.
///
/// Publishing swaps a new site in for the whole folder, so the folder must hold nothing of
/// anyone else's: it may be missing, empty (dot-files at its top aside, which are carried
/// into the new site), or a site feedsite published, whose `manifest.json` names every
/// entry at its top. Anything else is refused unless the user passes `--force`; even then
/// the root, a folder holding the home folder and one holding the working folder are
/// refused.
public enum OutputFolder {
    /// Why the output folder may not be replaced; nothing was touched.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case notAFolder(String)
        /// The folder cannot be read, so what it holds is unknown.
        case unlistable(String, reason: String)
        /// `count` top-level entries that no feedsite manifest lists, the first by name as
        /// an example; `foreignManifest` when the folder's manifest.json is not feedsite's.
        case holdsOtherEntries(String, count: Int, example: String, foreignManifest: Bool)
        /// Even `--force` does not replace this folder: it holds `what`.
        case protected(String, holding: String)

        public var description: String {
            switch self {
            case let .notAFolder(path):
                "output \(path) exists and is not a folder; choose a folder for --output"
            case let .unlistable(path, reason):
                "cannot list the output folder \(path) to see what it holds: \(reason)"
            case let .holdsOtherEntries(path, _, _, _):
                "output \(path) holds \(otherEntries); choose an empty folder, or pass --force to replace it anyway"
            case let .protected(path, what):
                "output \(path) holds \(what); --force never replaces it; choose another folder"
            }
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

    /// Throws unless `output` (a real path) may be replaced by a new site. With `force`, a
    /// folder holding others' files may be replaced too, unless it is the root or holds one
    /// of `protectedFolders` (real paths, such as the home folder and the working folder,
    /// each with how to name it); the refusal `force` overrode is returned, for the run to
    /// say what it replaces.
    @discardableResult
    public static func checkReplaceable(_ output: String, force: Bool, protectedFolders: [(path: String, name: String)]) throws(Refusal) -> Refusal? {
        let kind: PlainFile.Kind
        do {
            kind = try PlainFile.kind(of: output)
        } catch {
            throw .unlistable(output, reason: error.description)
        }
        guard kind != .missing else { return nil }
        guard kind == .folder else { throw .notAFolder(output) }
        do {
            try checkOwnedByFeedsite(output)
            return nil
        } catch {
            guard force else { throw error }
            if output == "/" { throw .protected(output, holding: "the whole file system") }
            if let held = protectedFolders.first(where: { RealPath.isWithin($0.path, output) }) {
                throw .protected(output, holding: held.name)
            }
            return error
        }
    }

    /// Throws unless the folder `output` is empty but for dot-files, or a site feedsite
    /// published with nothing else at its top.
    private static func checkOwnedByFeedsite(_ output: String) throws(Refusal) {
        let names: [String]
        do {
            names = try PlainFile.entries(inFolder: output).map(\.name).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .unlistable(output, reason: error.description)
        }
        guard !names.isEmpty else { return }
        let manifest = publishedNames(in: output)
        let foreign = names.filter { !(manifest.names?.contains($0) ?? false) }
        guard let example = foreign.first else { return }
        throw .holdsOtherEntries(output, count: foreign.count, example: example, foreignManifest: manifest.isForeign)
    }

    /// What the folder's manifest vouches for: the top-level names a feedsite manifest
    /// lists (the manifest itself included), or none, and whether a manifest.json is there
    /// that is not feedsite's.
    private static func publishedNames(in folder: String) -> (names: Set<String>?, isForeign: Bool) {
        var names: Set<String> = [Manifest.fileName]
        do {
            let (generator, _) = try Manifest.read(from: URL(fileURLWithPath: folder, isDirectory: true)) { file in
                names.insert(String(file.path.prefix { $0 != "/" }))
            }
            return generator.hasPrefix(Manifest.generatorName) ? (names, false) : (nil, true)
        } catch .missing {
            return (nil, false)
        } catch {
            return (nil, true)
        }
    }
}
