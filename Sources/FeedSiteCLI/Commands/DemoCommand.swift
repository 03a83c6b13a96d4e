import Foundation
import SampleAPI

/// `feedsite demo`: starts the built-in sample API on a loopback port, runs `generate`
/// against it, and says where the site is. Needs no network. Its cache is kept apart from
/// the real one (`…/feedsite-demo`), so the demo never replaces a real cached feed.
///
/// The API prefers port 48_080 so image URLs, and with them the image cache, stay the same
/// from one demo run to the next; when that port is taken it uses any free one.
struct DemoCommand {
    static let preferredPort: UInt16 = 48_080

    let options: GenerateOptions
    let environment: RunEnvironment
    let console: Console

    func run() async -> ExitCode {
        let reporter = Reporter(console: console, verbosity: options.verbosity)
        let server: SampleAPIServer
        let source = DemoFeed(now: options.now ?? environment.currentDate())
        do {
            server = try (try? SampleAPIServer(source: source, port: Self.preferredPort)) ?? SampleAPIServer(source: source)
        } catch {
            reporter.error("cannot start the sample API: \(error)")
            return .failure
        }
        defer { server.stop() }
        reporter.info("demo: sample API serving \(source.itemCount) items at \(server.apiRoot.absoluteString)")

        var options = self.options
        options.api = server.apiRoot
        options.cache = options.cache ?? environment.userCacheFolder(named: "feedsite-demo").path
        let code = await GenerateCommand(options: options, environment: environment, report: RunReport(reporter: reporter)).run()
        if code == .success || code == .degraded {
            let index = environment.resolve(options.output).appendingPathComponent("index.html")
            reporter.result("Open \(index.absoluteString) in a browser.")
        }
        return code
    }
}
