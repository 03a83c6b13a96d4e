import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a flag names for the run to write beside the site (`--archive`, `--wacz`,
/// `--metrics-file`), checked before anything is written. It must be a missing path or a
/// regular file, a symbolic link leading to one (the file it leads to is what is replaced,
/// and the link stays), in a folder that exists; outside the output, which every run
/// replaces, and the cache, which holds only the cache's files; and not a file another flag
/// names.
struct FlagFile: Equatable {
    let flag: String
    /// The file's real path: where it is written.
    let path: String

    /// Why the file may not be written; a usage error, and nothing was written.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The files `--archive`, `--wacz`, `--metrics-file` and `--zim` name, each checked, and no two one file.
    static func named(by options: GenerateOptions, environment: RunEnvironment) throws(OpeningFailure) -> (
        archive: FlagFile?, wacz: FlagFile?, metrics: FlagFile?, zim: FlagFile?
    ) {
        let folders = RunFolders.named(by: options, environment: environment)
        do {
            let archive = try options.archive.map { given throws(Refusal) in
                try check(given, resolved: environment.resolve(given), flag: "--archive", writing: "the archive", folders: folders)
            }
            let wacz = try options.wacz.map { given throws(Refusal) in
                try check(given, resolved: environment.resolve(given), flag: "--wacz", writing: "the WACZ", folders: folders)
            }
            let metrics = try options.metricsFile.map { given throws(Refusal) in
                try check(given, resolved: environment.resolve(given), flag: "--metrics-file", writing: "the metrics", folders: folders)
            }
            let zim = try options.zim.map { given throws(Refusal) in
                try check(given, resolved: environment.resolve(given), flag: "--zim", writing: "the ZIM file", folders: folders)
            }
            try checkApart(all((archive, wacz, metrics, zim)))
            return (archive, wacz, metrics, zim)
        } catch {
            throw .flagFile(error)
        }
    }

    /// The files of `named(by:environment:)` that the flags name.
    static func all(_ files: (archive: FlagFile?, wacz: FlagFile?, metrics: FlagFile?, zim: FlagFile?)) -> [FlagFile] {
        [files.archive, files.wacz, files.metrics, files.zim].compactMap { $0 }
    }

    /// `given` (as the user wrote it, `resolved` against the working folder) for `flag`,
    /// which writes `what` ("the archive").
    static func check(_ given: String, resolved: URL, flag: String, writing what: String, folders: RunFolders) throws(Refusal) -> FlagFile {
        let named = resolved.path
        // A file is written by renaming a new one into place, which a device or a process's
        // descriptor (`/dev/stdout`, `/proc/self/fd/1`) cannot take, whatever it leads to;
        // `/dev/shm` is a memory file system of plain files like any other.
        if ["/dev/", "/proc/"].contains(where: named.hasPrefix), !named.hasPrefix("/dev/shm/") {
            throw Refusal(description: "\(flag) \(given) is not a regular file (a device, a pipe or a socket); name a new file or a regular one")
        }
        try refuseLinkToNothing(named, flag: flag, given: given, naming: "a file")
        let path = RealPath.of(named)
        try folders.refuseInside(path, flag: flag, given: given, advice: "write \(what) elsewhere")
        let folder = (path as NSString).deletingLastPathComponent
        switch try? PlainFile.kind(of: folder) {
        case .folder: break
        case .missing:
            throw Refusal(description: "\(flag) \(given): the folder \(folder) does not exist; create it first, or name a file in a folder that does")
        default: throw Refusal(description: "\(flag) \(given): \(folder) is not a folder; name a file in a folder")
        }
        switch try? PlainFile.kind(of: path) {
        case .missing, .file: break
        case .folder:
            throw Refusal(description: "\(flag) \(given) is a folder; name a file, such as \(given.hasSuffix("/") ? given : given + "/")\(example(for: flag))")
        default: throw Refusal(description: "\(flag) \(given) is not a regular file (a device, a pipe or a socket); name a new file or a regular one")
        }
        return FlagFile(flag: flag, path: path)
    }

    /// Refuses `named` when it is a symbolic link that leads nowhere: what it leads to would
    /// be made by following it, somewhere the user did not name. `naming` ends the words
    /// ("a file").
    static func refuseLinkToNothing(_ named: String, flag: String, given: String, naming: String) throws(Refusal) {
        var link = stat()
        var target = stat()
        if lstat(named, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(named, &target) != 0 {
            throw Refusal(description: "\(flag) \(given) is a symbolic link that leads to no file; name \(naming)")
        }
    }

    /// Throws when two of `files` are one file: the same path, or two names of one file.
    static func checkApart(_ files: [FlagFile]) throws(Refusal) {
        for (index, first) in files.enumerated() {
            for second in files[(index + 1)...] where first.path == second.path || isSameFile(first.path, second.path) {
                throw Refusal(description: "\(first.flag) and \(second.flag) name the same file, \(first.path); give each a file of its own")
            }
        }
    }

    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    private static func example(for flag: String) -> String {
        ["--archive": "site.tar", "--wacz": "feed.wacz", "--zim": "feed.zim"][flag] ?? "feedsite.prom"
    }
}
