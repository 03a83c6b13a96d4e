import Foundation

/// `--nginx`, one size: nginx serving the feed as static files (`StaticExport`), and for
/// each scheme (plain HTTP; HTTPS with HTTP/2 through a private CA) feedsite cold, warm and
/// offline against it beside its floors, printed as one table pair per scheme.
struct NginxBenchmark {
    struct Outcome {
        let scheme: NginxServer.Scheme
        /// `nil` without curl.
        let floors: FloorRows?
    }

    let settings: Benchmark.Settings
    let scratch: URL
    let certificates: LoopbackCertificates

    func run() async throws -> [Outcome] {
        let server = try await NginxServer.start(
            root: scratch.appendingPathComponent("www"), work: scratch.appendingPathComponent("nginx"), certificates: certificates)
        // Awaited on both paths, not a `defer`: that could only wait for nginx to end by
        // blocking the task's thread.
        let outcomes: [Outcome]
        do {
            outcomes = try await run(against: server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return outcomes
    }

    private func run(against server: NginxServer) async throws -> [Outcome] {
        let items = settings.items
        let feed = Benchmark.feed(settings)
        let start = ContinuousClock.now
        let export = StaticExport(feed: feed, bases: NginxServer.Scheme.allCases.map { server.apiRoot($0).deletingLastPathComponent() })
        let files = try export.write(to: scratch.appendingPathComponent("www"))
        let exportSeconds = (ContinuousClock.now - start).seconds
        let feedPages = FeedURLs.afterIDs(items: items).count
        let workers = ProcessInfo.processInfo.activeProcessorCount

        var outcomes: [Outcome] = []
        for scheme in NginxServer.Scheme.allCases {
            let caFile = scheme == .https ? certificates.authority : nil
            let target = Benchmark.Target(api: server.apiRoot(scheme), arguments: caFile.map { ["--ca-file", $0] } ?? []) { try await server.tally() }
            let benchmark = Benchmark(settings: settings, scratch: scratch.appendingPathComponent("feedsite-\(scheme.rawValue)"))
            let (cold, warm) = try await benchmark.run(against: target)
            var offlineRuns: [Benchmark.RunResult] = []
            for attempt in 1...2 {
                offlineRuns.append(try await benchmark.offline(attempt: attempt, against: target))
            }
            let offline = offlineRuns.min { $0.seconds < $1.seconds }!

            let title = scheme == .http ? "plain HTTP" : "HTTPS with HTTP/2"
            print("### \(items) items from nginx, \(title)\n")
            print(
                "\(server.version), `worker_processes \(NginxConfig.workerProcesses)` (\(workers) here), access log off, at `\(server.apiRoot(scheme).absoluteString)`\(caFile == nil ? "" : " with a throwaway CA (`--ca-file`, curl `--cacert`)"); "
                    + "curl --http2 gets HTTP/\(server.negotiatedProtocol(scheme, scratch: benchmark.scratch)). "
                    + "The same feed as \(files) static files, exported in \(format(exportSeconds)) s.\n"
            )
            RunTable.nginx([cold, warm, offline], items: items, feedPages: feedPages)
            print("")
            print(
                "Offline: best of \(offlineRuns.count) (\(offlineRuns.map { format($0.seconds) }.joined(separator: " s, ")) s). nginx counts requests and connections, not their kinds: image requests are the requests less \(feedPages) feed pages and \(items) comments lists.\n"
            )

            guard let curl = CurlFloor(scratch: benchmark.scratch, concurrency: settings.concurrency, caFile: caFile) else {
                print("curl is not installed: no floors.\n")
                outcomes.append(Outcome(scheme: scheme, floors: nil))
                continue
            }
            let urls = FeedURLs(api: server.apiRoot(scheme), feed: feed)
            let parts = try curl.measure(urls)
            var bare: [LibcurlFloor.Result] = []
            for _ in 1...2 {
                bare.append(try await LibcurlFloor.fetch(urls.images.map(\.url), concurrency: settings.concurrency, caFile: caFile))
            }
            let floors = FloorRows(
                concurrency: settings.concurrency, curlVersion: curl.version, parts: parts, bare: bare, cold: cold, warm: warm, offline: offline,
                offlineAttempts: offlineRuns.count)
            print("| compared with | version | time s | count | feedsite | ratio |")
            print("|---|---|---|---|---|---|")
            floors.print(items: items)
            print("")
            print("curl: \(curl.commandLines).\n")
            outcomes.append(Outcome(scheme: scheme, floors: floors))
        }
        return outcomes
    }
}
