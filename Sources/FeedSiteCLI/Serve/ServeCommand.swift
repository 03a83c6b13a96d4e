import FileSystem
import Foundation
import LoopbackHTTP

/// `feedsite serve`: the published site on http://127.0.0.1, for trying it as a web server
/// shows it (feed readers, the sitemap, the pages' links), until Ctrl-C or SIGTERM. With
/// `--host` it listens on another address of the machine (`0.0.0.0`: all of them), so a
/// phone on the same network can open it; it then names the addresses to type.
///
/// Stopping is the only way it ends, so a stop is its success: exit 0. A folder without a
/// site, or a port it cannot listen on, is one error line and exit 1.
struct ServeCommand {
    /// The port when none is given; `--port 0` asks for any free one.
    static let defaultPort: UInt16 = 8080
    /// The address when none is given: this machine alone.
    static let defaultHost = LoopbackHTTPServer.loopback

    let site: URL
    var host = ServeCommand.defaultHost
    let port: UInt16
    let console: Console
    /// Returns when the server should stop: when the task is cancelled, by default, which
    /// Ctrl-C and SIGTERM do.
    var untilStopped: @Sendable () async -> Void = ServeCommand.untilCancelled

    func run() async -> CommandEnding {
        // A site is a folder with its front page; the page's path holds only if the folder does.
        guard (try? PlainFile.kind(of: site.appendingPathComponent("index.html").path)) == .file else {
            return .failed("no site in \(site.path); run feedsite generate first")
        }
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(host: host, port: port, handler: SiteServer(root: site.path).answer)
        } catch {
            return .failed("\(error); choose another port with --port N, or --port 0 for any free one")
        }
        console.output("serving \(site.path) at \(Self.addresses(host: host, port: server.port)) (Ctrl-C to stop)")
        if host != Self.defaultHost {
            console.warning("anyone who can reach \(host == Self.everyAddress ? "this machine" : host) on port \(server.port) can read the site")
        }
        await untilStopped()
        await server.stop()
        return .done
    }

    /// The address that stands for all of the machine's.
    static let everyAddress = "0.0.0.0"

    /// Where to open the site: `http://HOST:PORT/`; for every address, this machine's own
    /// first, then each of `machine`'s other IPv4 addresses, the ones a phone can type.
    static func addresses(host: String, port: UInt16, machine: () -> [String] = MachineAddresses.ipv4) -> String {
        let hosts = host == everyAddress ? [defaultHost] + machine().filter { $0 != defaultHost && !$0.hasPrefix("127.") } : [host]
        return hosts.map { "http://\($0):\(port)/" }.joined(separator: " and ")
    }

    /// Returns once the current task is cancelled.
    static func untilCancelled() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}
