#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Foundation
import LoopbackHTTP
import SampleAPI

// feedsite-bench: measures the real `feedsite` binary against the sample API on loopback
// (and with --nginx against nginx, plain HTTP and HTTPS). Build both in release first:
// `swift build -c release`, then `.build/release/feedsite-bench`; `--help` for the options.

/// The repository's `Templates`, from this file's location at build time.
let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates").path

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

func megabytes(_ bytes: Int) -> String {
    format(Double(bytes) / 1_000_000, 1)
}

func met(_ ok: Bool) -> String {
    ok ? "met" : "NOT met"
}

func machineDescription() -> String {
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let memory =
        (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("MemTotal") }
        .map { String($0.split(separator: ":")[1]).trimmingCharacters(in: .whitespaces) } ?? "?"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), \(memory) memory"
}

/// Where the bench's scratch folders go: one folder per bench process, removed at its end.
let scratchRoot = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-bench-\(getpid())")

func runBenchmarks(_ options: Options) async throws {
    let feedsite =
        options.feedsite
        ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("feedsite").path
    guard FileManager.default.isExecutableFile(atPath: feedsite) else {
        throw BenchmarkError("no feedsite binary at \(feedsite); run `swift build -c release` first")
    }
    // Scratch folders are removed only at the end: on an ext4 without a journal, creating
    // files within minutes of deleting many is slow, and would tax whichever run came next.
    Leftovers.shared.removeAtExit(scratchRoot)
    defer { Leftovers.shared.removeFolders() }
    var certificates: LoopbackCertificates?
    if options.nginx {
        // Before any run: a missing nginx or openssl fails in a second, not after the first size.
        guard ChildProcess.which("nginx") != nil else { throw BenchmarkError("--nginx: nginx is not installed (apt-get install nginx, or leave out --nginx)") }
        certificates = try LoopbackCertificates.make(in: scratchRoot.appendingPathComponent("tls"))
    }
    print("# feedsite benchmark\n")
    print("Machine: \(machineDescription()). feedsite: \(feedsite).")
    print(
        "Each run is `feedsite generate --concurrency \(options.concurrency) --verbose` as a child process against the sample API on 127.0.0.1\(options.nginx ? " (and nginx, below)" : "");"
    )
    print("K = \(options.comments) comments per item, S = \(options.imageBytes) bytes per image (distinct bytes per image).\n")

    var coldSecondsPerItem: [Int: Double] = [:]
    var targets: [String] = []
    for items in options.sizes {
        let scratch = scratchRoot.appendingPathComponent("\(items)")
        let settings = Benchmark.Settings(
            items: items, comments: options.comments, imageBytes: options.imageBytes, concurrency: options.concurrency, feedsite: feedsite, templates: templates
        )
        let feed = Benchmark.feed(settings)
        let server = try SampleAPIServer(source: feed)
        try await server.serving {
            let target = Benchmark.Target.sampleAPI(server)
            let benchmark = Benchmark(settings: settings, scratch: scratch.appendingPathComponent("sample"))
            let (cold, warm) = try await benchmark.run(against: target)
            // Offline and hugo render alternately, twice each; the best of each counts.
            let comparison = Comparison(scratch: scratch)
            let hugoFeed = SyntheticFeed(itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, now: Date())
            var offlineRuns: [Benchmark.RunResult] = []
            var hugoRuns: [Comparison.Result] = []
            for attempt in 1...2 {
                offlineRuns.append(try await benchmark.offline(attempt: attempt, against: target))
                if options.compare, let hugo = try? comparison.hugo(source: hugoFeed, attempt: attempt) { hugoRuns.append(hugo) }
            }
            let offline = offlineRuns.min { $0.seconds < $1.seconds }!
            let hugo = hugoRuns.min { $0.seconds < $1.seconds }

            print("## \(items) items\n")
            RunTable.sampleAPI([cold, warm, offline], items: items)
            coldSecondsPerItem[items] = cold.seconds / Double(items)
            print("")
            print("Offline: best of \(offlineRuns.count) (\(offlineRuns.map { format($0.seconds) }.joined(separator: " s, ")) s).")
            let warmImageRequests = warm.tally.imageRequests ?? 0
            let warmOK = warmImageRequests == 0 && warm.filesWritten == 0 && warm.seconds < cold.seconds / 2
            print(
                "Warm run: \(warmImageRequests) image requests, \(warm.filesWritten) files written, \(format(warm.seconds / cold.seconds * 100, 0)) % of the cold time.\n"
            )
            let peak = max(cold.peakMemory, warm.peakMemory, offline.peakMemory)
            if items == 10_000 {
                targets.append(
                    "| warm run at 10,000 items: no image request, no file written, under half the cold time | \(warmImageRequests) requests, \(warm.filesWritten) written, \(format(warm.seconds / cold.seconds, 2))× cold | \(met(warmOK)) |"
                )
            }
            if items == 100_000 {
                targets.append("| peak memory at 100,000 items under 200 MB | \(megabytes(peak)) MB | \(met(peak < 200_000_000)) |")
            }

            var sampleFloors: FloorRows?
            var curlCommands: String?
            if options.compare {
                print("| compared with | version | time s | count | feedsite | ratio |")
                print("|---|---|---|---|---|---|")
                if let curl = CurlFloor(scratch: scratch, concurrency: options.concurrency) {
                    let urls = FeedURLs(api: server.apiRoot, feed: feed)
                    let parts = try curl.measure(urls)
                    var bare: [LibcurlFloor.Result] = []
                    for _ in 1...2 {
                        bare.append(try await LibcurlFloor.fetch(urls.images.map(\.url), concurrency: options.concurrency))
                    }
                    let floors = FloorRows(
                        concurrency: options.concurrency, curlVersion: curl.version, parts: parts, bare: bare, cold: cold, warm: warm, offline: offline,
                        offlineAttempts: offlineRuns.count)
                    floors.print(items: items)
                    sampleFloors = floors
                    curlCommands = curl.commandLines
                    if items == 10_000, !options.nginx {
                        targets.append(
                            "| image phase of a cold 10,000-item run within 1.25× of curl, sample API | \(format(floors.imageRatio))× | \(met(floors.imageRatio <= 1.25)) |"
                        )
                    }
                } else {
                    print("| curl | not installed | | | | |")
                }
                if let hugo {
                    let hugoRate = Double(hugo.count) / hugo.seconds
                    let feedsiteRate = Double(offline.pages) / offline.seconds
                    print(
                        "| hugo, \(hugo.count) pages from equivalent content, minimal theme (best of \(hugoRuns.count)) | \(hugo.version.prefix(16)) | \(format(hugo.seconds)) | \(hugo.count) pages, \(format(hugoRate, 0)) pages/s | offline \(offline.pages) pages, \(format(feedsiteRate, 0)) pages/s | \(format(feedsiteRate / hugoRate))× hugo's pages/s |"
                    )
                    if items == 10_000 {
                        targets.append(
                            "| offline render of 10,000 items at least 2× hugo's pages/s | \(format(feedsiteRate / hugoRate))× | \(met(feedsiteRate / hugoRate >= 2)) |"
                        )
                    }
                } else {
                    print("| hugo | not installed, or failed | | | | |")
                }
                print("")
                if let curlCommands { print("curl: \(curlCommands).\n") }
            }

            var floorsByTransport: [(transport: String, floors: FloorRows)] = sampleFloors.map { [("sample API, plain HTTP", $0)] } ?? []
            if let certificates {
                let outcomes = try await NginxBenchmark(settings: settings, scratch: scratch.appendingPathComponent("nginx"), certificates: certificates).run()
                floorsByTransport = outcomes.compactMap { outcome in
                    outcome.floors.map { (outcome.scheme == .http ? "nginx, plain HTTP" : "nginx, HTTPS with HTTP/2", $0) }
                }
            }
            if items == 10_000 {
                targets += floorTargets(floorsByTransport, nginx: options.nginx)
            }
        }
    }

    if let small = coldSecondsPerItem[10_000], let large = coldSecondsPerItem[100_000] {
        targets.append("| time per item at 100,000 within 1.3× of 10,000 (cold) | \(format(large / small))× | \(met(large / small <= 1.3)) |")
    }

    if options.memoryCheck {
        targets += try await memoryCheck(options, feedsite: feedsite)
    }

    if !targets.isEmpty {
        print("## Targets\n")
        print("| target | measured | |")
        print("|---|---|---|")
        for target in targets { print(target) }
    }
}

/// The rows of the floor targets: a cold and a warm 10,000-item run each within 1.5× of its
/// floor, over every transport measured (nginx's two with --nginx, else the sample API's).
func exportStaticFiles(_ options: Options) throws {
    let items = options.sizes[0]
    let dir = URL(fileURLWithPath: options.export.dir!)
    let feed = SyntheticFeed(
        itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, now: ISO8601DateFormatter().date(from: Benchmark.now)!)
    let www = dir.appendingPathComponent("www")
    let work = dir.appendingPathComponent("nginx")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    var export = StaticExport(feed: feed, bases: options.export.bases)
    export.redirectImages = options.export.redirectImages
    let files = try export.write(to: www)
    var messages = [
        "exported \(items) items as \(files) files into \(www.path) (image URLs on \(options.export.bases.map(\.absoluteString).joined(separator: " and "))\(export.redirectImages ? ", through /r/ redirects" : ""))"
    ]
    if options.export.certificates {
        let certificates = try LoopbackCertificates.make(in: dir.appendingPathComponent("tls"))
        messages.append(
            "certificates: CA \(certificates.authority) (feedsite --ca-file, curl --cacert); server \(certificates.certificate), key \(certificates.key)")
    }
    FileHandle.standardError.write(Data((messages.joined(separator: "\n") + "\n").utf8))
    if let ports = options.export.printNginxConfig {
        let nginx = ChildProcess.which("nginx")
        let config = NginxConfig(
            root: www.path, work: work.path, httpPort: ports.http, httpsPort: ports.https, certificate: ports.certificate, key: ports.key,
            http2Directive: nginx.map { NginxConfig.needsHTTP2Directive(nginx: $0, scratch: work) } ?? false
        )
        print(config.text, terminator: "")
    }
}

func serve(_ options: Options) throws -> Never {
    let items = options.sizes.first ?? 1_000
    let source: any SampleFeedSource
    var intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)?
    if options.evolve {
        // Each run starts with the feed's first page: the feed moves on to its next generation.
        // Its comments are dated from 2026-10-01T00:00Z, whenever the server starts, so a
        // server started again serves the same feed.
        let feed = EvolvingFeed(
            itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, grows: options.evolveGrows,
            now: Date(timeIntervalSince1970: 1_790_812_800))
        intercept = { request in
            if request.path == "/v1/feed", request.query["after_id"] == nil {
                feed.advance()
                print("generation \(feed.generation): \(feed.itemCount) items")
            }
            return nil
        }
        source = feed
    } else {
        source = SyntheticFeed(itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, now: Date())
    }
    if !options.faults.isEmpty {
        let faults = options.faults.intercept(for: source)
        intercept = { [intercept] request in intercept?(request) ?? faults(request) }
    }
    let server = try SampleAPIServer(source: source, port: options.port, intercept: intercept)
    let evolving = options.evolve ? ", a new generation each run" : ""
    print(
        "sample API: \(items) items\(evolving) at \(server.apiRoot.absoluteString)\(options.faults.isEmpty ? "" : ", \(options.faults.summary)") (Ctrl-C to stop)"
    )
    fflush(stdout)
    signal(SIGINT, SIG_DFL)
    while true { pause() }
}

setvbuf(stdout, nil, _IOLBF, 0)  // show each table row as soon as it is measured
do {
    let options = try parseOptions(Array(CommandLine.arguments.dropFirst()))
    switch options.command {
    case .serve: try serve(options)
    case .export: try exportStaticFiles(options)
    case .store:
        Leftovers.shared.removeAtExit(scratchRoot)
        defer { Leftovers.shared.removeFolders() }
        try await StoreBenchmark.run(sizes: options.sizes, comments: options.comments, scratch: scratchRoot)
    case .search:
        SearchBenchmark.run(sizes: options.sizes, comments: options.comments)
    case .renditions:
        let renditions = options.renditions
        try RenditionsBenchmark.run(
            folder: renditions.folder, out: renditions.out, jobs: renditions.jobs, widths: renditions.widths, quality: renditions.quality)
    case .bench:
        Leftovers.shared.handleSignals()
        try await runBenchmarks(options)
    }
} catch {
    Leftovers.shared.waitIfInterrupted()
    FileHandle.standardError.write(Data("feedsite-bench: \(error)\n".utf8))
    exit(1)
}
