import Foundation
import SampleAPI

/// `feedsite demo`: starts the built-in sample API on a loopback port, runs `generate`
/// against it, and says where the site is. Needs no network. Its cache is kept apart from
/// the real one (`…/feedsite-demo`), so the demo never replaces a real cached feed.
///
/// The API prefers port 48_080 so image URLs, and with them the image cache, stay the same
/// from one demo run to the next; when that port is taken it uses any free one.
///
/// The run awaits the API's stop whatever its outcome (done, failed, interrupted) before it
/// returns, so the port is closed by then; the stop waits off the threads that run tasks.
struct DemoCommand {
    static let preferredPort: UInt16 = 48_080

    let options: GenerateOptions
    let environment: RunEnvironment
    let console: Console
    /// Starts the sample API serving the feed given; a test starts one it watches.
    var startAPI: @Sendable (DemoFeed) throws -> SampleAPIServer = Self.startSampleAPI

    func run() async -> CommandEnding {
        let reporter = Reporter(console: console, verbosity: options.verbosity)
        let server: SampleAPIServer
        let source = DemoFeed(now: Self.commentsClock(at: options.now ?? environment.currentDate()), pictures: .large)
        do {
            server = try startAPI(source)
        } catch {
            return .failed("cannot start the sample API: \(error)")
        }
        // Not a `defer`: that could only stop the server by blocking the task's thread.
        // `generate` reports every outcome, cancellation included, as a status, so this is
        // reached on every path.
        let status = await generate(against: server, reporter: reporter, source: source)
        await server.stop()
        return status
    }

    /// What the sample comments are dated from: the start of the UTC hour of `now`, so that
    /// demo runs within an hour serve the same data (and `--history` keeps one snapshot).
    static func commentsClock(at now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
    }

    /// The sample API on the preferred port, or on any free one when that is taken.
    static func startSampleAPI(_ source: DemoFeed) throws -> SampleAPIServer {
        try (try? SampleAPIServer(source: source, port: preferredPort)) ?? SampleAPIServer(source: source)
    }

    private func generate(against server: SampleAPIServer, reporter: Reporter, source: DemoFeed) async -> CommandEnding {
        reporter.info("demo: sample API serving \(source.itemCount) items at \(server.apiRoot.absoluteString)")

        var options = self.options
        options.api = server.apiRoot
        options.cache = options.cache ?? environment.userCacheFolder(named: "feedsite-demo").path
        let status = await GenerateCommand(options: options, environment: environment, report: RunReport(reporter: reporter)).run()
        if status == .done || status == .degraded {
            let index = environment.resolve(options.output).appendingPathComponent("index.html")
            reporter.result("Open \(index.absoluteString) in a browser.")
        }
        // The run said its closing lines as it ended, before it looked after the cache.
        return CommandEnding(status: status)
    }
}
