import Foundation
import SampleAPI

/// `feedsite demo`: starts the built-in sample API on a free loopback port, runs `generate`
/// against it, and says where the site is. Needs no network. Its cache is kept apart from
/// the real one (`…/feedsite-demo`), so the demo never replaces a real cached feed.
struct DemoCommand {
    let options: GenerateOptions
    let environment: RunEnvironment
    let console: Console

    func run() async -> ExitCode {
        let reporter = Reporter(console: console, verbosity: options.verbosity)
        let server: SampleAPIServer
        do {
            server = try SampleAPIServer(source: DemoFeed(now: options.now ?? environment.currentDate()))
        } catch {
            reporter.error("cannot start the sample API: \(error)")
            return .failure
        }
        defer { server.stop() }
        reporter.info("demo: sample API serving \(DemoFeed(now: Date()).itemCount) items at \(server.apiRoot.absoluteString)")

        var options = self.options
        options.api = server.apiRoot
        options.cache = options.cache ?? environment.userCacheFolder(named: "feedsite-demo").path
        let code = await GenerateJob(options: options, environment: environment, reporter: reporter).run()
        if code == .success || code == .degraded {
            let index = environment.resolve(options.output).appendingPathComponent("index.html")
            reporter.result("Open \(index.absoluteString) in a browser.")
        }
        return code
    }
}
