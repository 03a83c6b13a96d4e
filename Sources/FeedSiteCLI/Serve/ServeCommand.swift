import FileSystem
import Foundation
import LoopbackHTTP

/// `feedsite serve`: the published site on http://127.0.0.1, for trying it as a web server
/// shows it (feed readers, the sitemap, the pages' links), until Ctrl-C or SIGTERM.
///
/// Stopping is the only way it ends, so a stop is its success: exit 0. A folder without a
/// site, or a port it cannot listen on, is one error line and exit 1.
struct ServeCommand {
    /// The port when none is given; `--port 0` asks for any free one.
    static let defaultPort: UInt16 = 8080

    let site: URL
    let port: UInt16
    let console: Console
    /// Returns when the server should stop: when the task is cancelled, by default, which
    /// Ctrl-C and SIGTERM do.
    var untilStopped: @Sendable () async -> Void = ServeCommand.untilCancelled

    func run() async -> ExitCode {
        // A site is a folder with its front page; the page's path holds only if the folder does.
        guard (try? PlainFile.kind(of: site.appendingPathComponent("index.html").path)) == .file else {
            console.error("no site in \(site.path); run feedsite generate first")
            return .failure
        }
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(port: port, handler: SiteServer(root: site.path).answer)
        } catch {
            console.error("\(error); choose another port with --port N, or --port 0 for any free one")
            return .failure
        }
        console.output("serving \(site.path) at http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)")
        await untilStopped()
        await server.stop()
        return .success
    }

    /// Returns once the current task is cancelled.
    static func untilCancelled() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}
