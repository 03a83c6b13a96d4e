import BuiltInTemplates
import FeedCore
import FeedStorage
import FileSystem
import Foundation
import History
import HTTP
import Publishing
import SiteGenerator
import WebArchive

/// What a `generate` run works with, opened once before its first step: the run's clock,
/// its folders, the HTTP client, the cache's database and the stores over it, the
/// renderers and the staged site; given to the steps by role (`roles`).
struct RunContext: Sendable {
    /// The run's clock: `--now`, `SOURCE_DATE_EPOCH` or the time the run started.
    let now: Date
    let cacheFolder: URL
    let archive: URL?
    /// `--warc`'s archive, opened.
    let webArchive: RunWebArchive?
    /// `nil` for `--offline`.
    let client: CurlHTTPClient?
    let feedCache: LocalFeedLoader
    /// The cache's database, shared by its stores.
    let cache: CacheDatabase
    let imageStore: SQLiteImageStore
    let site: SiteSetup
    let staged: StagedSite
    /// What the steps work with, by role.
    let roles: RunRoles
    /// How to give back what `open` took (the engine, the locks, the staging folder), in
    /// the order it was taken; `close` runs them backwards.
    private let releases: [@Sendable () async -> Void]

    /// The published site's folder, symbolic links resolved.
    var output: URL { staged.output }

    /// Checks the options, that the output, the cache and the templates are apart, that the
    /// output is not a folder never to be replaced and the cache folder is a cache; loads the
    /// templates, takes the output's lock, makes sure the output may be replaced, takes the
    /// cache's lock and prepares the staging folder. `archive` is `--archive`'s file and
    /// `warc` `--warc`'s folder, checked (`FlagFile`, `RunWebArchive.named`); the web archive
    /// is opened before the client that records into it. Whatever it took is given back
    /// when it fails.
    static func open(_ options: GenerateOptions, archive: URL?, warc: String?, environment: RunEnvironment, report: RunReport) async throws(OpeningFailure)
        -> RunContext
    {
        let now = options.now ?? environment.currentDate()
        let cacheFolder = environment.cacheFolder(options.cache)
        let output = environment.resolve(options.output).resolvingSymlinksInPath()
        // The built-in templates, unless --templates names a folder: a run never picks up a
        // Templates folder it happens to find.
        var templates: TemplateSource = BuiltInTemplates()
        var templatesFolder: URL?
        if let folder = options.templates.map(environment.resolve) {
            do {
                templates = try TemplatesFolder.open(folder)
            } catch {
                throw .templates(error)
            }
            templatesFolder = folder
        }
        do {
            try RunFolders.resolving(output: output, cache: cacheFolder, templates: templatesFolder).checkSeparate()
        } catch {
            throw .overlap(error)
        }
        // Before anything is locked or written: a file, the home and working folders, and a
        // folder that is not a cache are left as they are.
        do {
            try OutputFolder.checkPlace(RealPath.of(output.path), protectedFolders: environment.protectedFolders)
        } catch {
            throw .outputPlace(error)
        }
        do {
            _ = try CacheFolder.check(cacheFolder)
        } catch {
            throw .cacheFolder(error)
        }
        let site: SiteSetup
        do {
            site = try SiteSetup.load(
                from: templates, locales: options.locales, now: now, api: options.api, baseURL: options.baseURL, title: options.title,
                history: options.history)
        } catch {
            throw .site(error)
        }
        var configuration: CurlEngine.Configuration?
        do {
            configuration = try clientConfiguration(options, environment: environment)
        } catch {
            throw .client(error)
        }
        let startedAt = environment.currentDate()
        // Each resource's release, written once: run backwards by `close`, or here when a
        // later step fails.
        var taken: [@Sendable () async -> Void] = []
        func givingBack(_ failure: OpeningFailure) async -> OpeningFailure {
            for release in taken.reversed() { await release() }
            return failure
        }
        var webArchive: RunWebArchive?
        if let warc {
            do {
                webArchive = try RunWebArchive.open(
                    warc, startedAt: startedAt, clock: environment.currentDate, info: RunWebArchive.info(options), report: report)
            } catch {
                throw .webArchive(error)
            }
        }
        // A run that stops before its first request keeps no archive; one that ran has
        // finished its archive before this.
        if let webArchive { taken.append { await webArchive.discard() } }
        var client: CurlHTTPClient?
        if var configuration {
            configuration.recorder = webArchive.map { WebArchiveRecorder(archiver: $0.archiver) }
            do {
                let engine = try CurlEngine(configuration)
                client = CurlHTTPClient(engine: engine, policy: RetryPolicy(retries: options.retries), clock: environment.retryClock, rate: options.rate)
            } catch {
                throw await givingBack(.client(error))
            }
        }
        if let client { taken.append { await client.engine.shutdown() } }
        let outputLock: RunLock
        do {
            outputLock = try RunLock.acquire(Self.outputLockFile(of: output), startedAt: startedAt)
        } catch {
            throw await givingBack(.outputLock(error))
        }
        taken.append { outputLock.markFinished() }
        do {
            // Under the output's lock, so no other run is swapping a site in meanwhile.
            let overridden = try OutputFolder.checkReplaceable(
                output.path, force: options.force, protectedFolders: environment.protectedFolders, isHistoryAfterAll: HistoryFolder.lostItsManifest)
            if let overridden { report.forcing(overridden) }
        } catch {
            throw await givingBack(.outputNotReplaceable(error))
        }
        let cacheLock: RunLock
        do {
            cacheLock = try RunLock.acquire(cacheFolder.appendingPathComponent(CacheFolder.lockFileName), startedAt: startedAt)
        } catch {
            throw await givingBack(.cacheLock(error))
        }
        taken.append { cacheLock.markFinished() }
        if cacheLock.previousRunWasInterrupted {
            let leftovers = CacheJanitor.removeTemporaryFiles(in: cacheFolder)
            report.detail("cache: the previous run was interrupted; removed \(leftovers) temporary files it left behind")
        }
        let staged: StagedSite
        do {
            staged = try StagedSite(output: output, generator: Usage.generator)
        } catch {
            throw await givingBack(.staging(error))
        }
        taken.append { staged.discard() }
        let cache: CacheDatabase
        do {
            let opening = try CacheDatabase.open(folder: cacheFolder, now: now)
            report.cacheOpened(opening)
            cache = opening.database
        } catch {
            switch error {
            case let .refused(refusal): throw await givingBack(.cacheFolder(refusal))
            case let .failed(failure): throw await givingBack(.cache(failure))
            }
        }
        let feedCache = LocalFeedLoader(store: SQLiteFeedStore(cache), now: { now })
        // With --history, a picture that comes back after the cache let it go is the copy the
        // history holds, linked, not a second one.
        let history = HistoryFolder(output: output)
        let folders = options.history ? history.folders() : []
        let imageStore = SQLiteImageStore(
            cache, folder: cacheFolder.appendingPathComponent("images"), now: now, fileClock: environment.currentDate,
            earlierCopy: { history.image(named: $0, in: folders) })
        let service = FeedService(
            client: client,
            api: options.api,
            feedCache: feedCache,
            commentsCache: LocalCommentsLoader(store: SQLiteCommentsStore(cache), now: { now }),
            imageStore: imageStore,
            maxImageBytes: options.maxImageBytes
        )
        var network: (@Sendable () async -> NetworkStatistics)?
        if let client { network = { await client.statistics } }
        let stagingFolder = StagingFolder(staged: staged, cacheFolder: cacheFolder)
        taken.append { await stagingFolder.flushEnded() }
        var snapshot: SnapshotDraft?
        var historyUnreadable: SnapshotFile.ReadError?
        if options.history {
            do {
                snapshot = try HistoryDraft.open(output: output, now: now, renderers: site.renderers, report: report)
            } catch let error as SnapshotFile.ReadError {
                // A damaged snapshot must not hold the live site back: it is published, and
                // the run ends saying what to do about the history.
                historyUnreadable = error
            } catch {
                throw await givingBack(.history(error))
            }
        }
        if let snapshot { taken.append { snapshot.discard() } }
        let roles = RunRoles(
            service: service, cache: cache, renditions: imageStore, site: stagingFolder, setup: site, report: report, network: network,
            snapshot: snapshot.map { StagedSnapshot(draft: $0, staging: staged.staging.path) },
            history: options.history
                ? HistoryOnDisk(output: output, policy: options.historyKeep, now: now, renderers: site.renderers, script: site.templates.historyScript) : nil,
            historyUnreadable: historyUnreadable)
        return RunContext(
            now: now, cacheFolder: cacheFolder, archive: archive, webArchive: webArchive, client: client, feedCache: feedCache, cache: cache,
            imageStore: imageStore,
            site: site, staged: staged, roles: roles, releases: taken
        )
    }

    /// Gives back what `open` took, the last taken first: throws away the staging folder if
    /// it is still there (a published site has left it), marks the run finished in both
    /// locks and stops the network.
    func close() async {
        for release in releases.reversed() { await release() }
    }

    /// The libcurl client's setup with the run's limits, or `nil` for `--offline`.
    private static func clientConfiguration(_ options: GenerateOptions, environment: RunEnvironment) throws(HTTPClientError) -> CurlEngine.Configuration? {
        guard !options.offline else { return nil }
        var configuration = CurlEngine.Configuration(userAgent: "feedsite/\(Usage.version)")
        configuration.maxConnections = options.concurrency
        configuration.requestTimeout = .milliseconds(Int(options.timeout * 1000))
        if let caFile = options.caFile {
            let path = environment.resolve(caFile).path
            // A bundle of every public CA is about 200 kB; a pipe or a device is never read.
            let pem: Data?
            do {
                pem = try PlainFile.readRegular(path, maxBytes: 16 * 1024 * 1024)
            } catch {
                throw .connectivity("--ca-file: cannot read the CA file \(path): \(error)")
            }
            guard let pem else { throw .connectivity("--ca-file: cannot read the CA file \(path)") }
            do {
                configuration.certificateAuthorities = try CertificateAuthorities(adding: pem, from: path)
            } catch {
                throw HTTPClientError(error.kind, "--ca-file: \(error.reason)")
            }
        }
        return configuration
    }

    /// The lock a run holds on the output, beside it: one run at a time swaps a site in or
    /// changes its history.
    static func outputLockFile(of output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock")
    }
}
