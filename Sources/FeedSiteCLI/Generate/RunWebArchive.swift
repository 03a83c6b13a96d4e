import FileSystem
import Foundation
import WebArchive

/// `--warc`'s folder through a run: checked before anything is touched (`check`), opened
/// before the first request (`open`: made if missing, locked, cleared of what a killed run
/// left aside, its first file begun), and finished once the network has stopped (`finish`).
struct RunWebArchive: Sendable {
    /// The folder's real path.
    let folder: String
    /// The engine's recorder.
    let archiver: ExchangeArchiver
    /// When the run began: the WACZ's creation.
    let startedAt: Date
    private let lock: RunLock

    /// The folder cannot be used: the run stops before its first request.
    struct Unwritable: Error, CustomStringConvertible {
        let folder: String
        let reason: String

        var description: String { "--warc \(folder): cannot write the web archive there: \(reason)" }
    }

    /// The archive, or its WACZ, could not be written whole.
    struct Incomplete: Error, CustomStringConvertible {
        let description: String

        init(folder: String, reason: String) {
            description = "the web archive in \(folder) is incomplete: \(reason)"
        }

        init(wacz: String, reason: String) {
            description = "the WACZ \(wacz) was not written: \(reason)"
        }
    }

    /// How the folder's lock file is named.
    static let lockName = ".feedsite-warc.lock"

    /// `--warc`'s folder, checked, or `nil` without it; none of `files`, which other flags
    /// name for the run to write, may lie inside it: the folder holds earlier runs' archives,
    /// which such a file would replace.
    static func named(by options: GenerateOptions, environment: RunEnvironment, apartFrom files: [FlagFile]) throws(OpeningFailure) -> String? {
        guard let given = options.warc else { return nil }
        do throws(FlagFile.Refusal) {
            let folder = try check(given, resolved: environment.resolve(given), folders: RunFolders.named(by: options, environment: environment))
            for file in files where RealPath.isWithin(file.path, folder) {
                throw FlagFile.Refusal(
                    description: "\(file.flag) \(file.path) is inside the --warc folder \(folder), which keeps every run's web archive; write it elsewhere")
            }
            return folder
        } catch {
            throw .flagFile(error)
        }
    }

    /// `given` (as the user wrote it, `resolved` against the working folder) as a real path:
    /// a folder, or a path to make one at, outside the output, which every run replaces, and
    /// the cache, which holds only the cache's files.
    static func check(_ given: String, resolved: URL, folders: RunFolders) throws(FlagFile.Refusal) -> String {
        try FlagFile.refuseLinkToNothing(resolved.path, flag: "--warc", given: given, naming: "a folder")
        let path = RealPath.of(resolved.path)
        try folders.refuseInside(path, flag: "--warc", given: given, advice: "keep the web archive elsewhere")
        switch try? PlainFile.kind(of: path) {
        case .folder?, .missing?: return path
        default: throw FlagFile.Refusal(description: "--warc \(given) is not a folder; name a folder for the web archive's files")
        }
    }

    /// Makes `folder` if it is missing, takes its lock, removes the bodies a killed run
    /// kept aside (and a file it was replacing), reads what earlier runs captured, names the files it left unfinished (and leaves them), and begins the
    /// run's first file, its `warcinfo` holding `info`; `clock` dates the records.
    static func open(_ folder: String, startedAt: Date, clock: @escaping @Sendable () -> Date, info: [WARCRecord.Field], report: RunReport) throws
        -> RunWebArchive
    {
        do {
            try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw Unwritable(folder: folder, reason: error.description)
        }
        let lock: RunLock
        do {
            lock = try RunLock.acquire(URL(fileURLWithPath: folder + "/" + lockName), startedAt: startedAt)
        } catch let busy as RunLock.Busy {
            throw busy
        } catch {
            throw Unwritable(folder: folder, reason: "\(error)")
        }
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            for name in names where (WARCWriter.workingFilePrefixes + [AtomicFile.temporaryMarker]).contains(where: name.hasPrefix) {
                unlink(folder + "/" + name)
            }
            let unfinished = names.filter { $0.hasSuffix(".warc.gz.open") }
            if !unfinished.isEmpty {
                report.reporter.warning(
                    "web archive: \(unfinished.joined(separator: ", ")) in \(folder) \(unfinished.count == 1 ? "was" : "were") left unfinished by a run that was killed; left as \(unfinished.count == 1 ? "it is" : "they are")"
                )
            }
            let ids = RandomUUIDs()
            let writer = try WARCWriter(folder: folder, runName: WARCWriter.runName(at: startedAt), date: startedAt, info: info, newID: ids.next)
            let archiver = ExchangeArchiver(
                writer: writer, captures: try ValidatedCaptures(folder: folder),
                siteCaptures: try ValidatedCaptures(folder: folder, fileName: ValidatedCaptures.siteFileName, keepingOnlyWhatIsUsed: true), clock: clock,
                newID: ids.next)
            return RunWebArchive(folder: folder, archiver: archiver, startedAt: startedAt, lock: lock)
        } catch {
            lock.markFinished()
            throw Unwritable(folder: folder, reason: ExchangeArchiver.reason(error, writing: folder))
        }
    }

    /// Once the engine has stopped: the run's files, finished, or why the archive is not whole.
    func finish() async -> Result<[String], Incomplete> {
        defer { lock.markFinished() }
        return await archiver.finish().mapError { Incomplete(folder: folder, reason: $0.description) }
    }

    /// Packs every finished file of the folder, this run's and earlier runs', into the WACZ
    /// at `path`, `nil` when it did.
    func pack(into path: String) -> Incomplete? {
        do {
            try WACZFile.pack(folder: folder, to: path, software: "feedsite \(Usage.version)")
            return nil
        } catch {
            return Incomplete(wacz: path, reason: ExchangeArchiver.reason(error, writing: path))
        }
    }

    /// The `warcinfo` record's fields: what wrote the archive, from which API, asked how.
    static func info(_ options: GenerateOptions) -> [WARCRecord.Field] {
        var asked = ["--locale " + options.locales.joined(separator: ","), "--concurrency \(options.concurrency)", "--retries \(options.retries)"]
        asked.append("--timeout " + String(format: "%g", options.timeout))
        asked.append("--max-pages \(options.maxPages)")
        asked.append("--max-image-bytes \(options.maxImageBytes)")
        if let items = options.maxItems { asked.append("--max-items \(items)") }
        if let rate = options.rate { asked.append("--rate " + String(format: "%g", rate)) }
        if options.caFile != nil { asked.append("--ca-file") }
        return [
            .init("software", "feedsite/\(Usage.version)"), .init("format", "WARC File Format 1.1"),
            .init("conformsTo", "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"),
            .init("http-header-user-agent", "feedsite/\(Usage.version)"), .init("api", options.api.absoluteString),
            .init("options", asked.joined(separator: " ")),
        ]
    }

    /// Throws the run's file away and gives back the lock: the run stopped before its first request.
    func discard() async {
        await archiver.discard()
        lock.markFinished()
    }
}
