#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import FeedCore
import Foundation
import HTTP
import Synchronization

/// nginx serving a `StaticExport` on two free loopback ports, plain HTTP and HTTPS with
/// HTTP/2, as a child process with its config, pid and error log in `work`. `stop()` ends
/// it (an interrupted bench ends it through `Leftovers`).
final class NginxServer: Sendable {
    enum Scheme: String, CaseIterable {
        case http, https
    }

    let httpPort: UInt16
    let httpsPort: UInt16
    /// `nginx/1.22.1`
    let version: String
    let certificates: LoopbackCertificates
    private let pid: pid_t
    private let errorLog: String
    private let stopped = Mutex(false)
    /// Status requests made so far: each is one request on a connection of its own, which
    /// `tally()` takes off nginx's counts.
    private let statusRequests = Mutex(0)

    /// Writes the config for `root` into `work` and starts nginx; returns once both ports
    /// accept connections.
    init(root: URL, work: URL, certificates: LoopbackCertificates) throws {
        guard let nginx = ChildProcess.which("nginx") else {
            throw BenchmarkError("--nginx: nginx is not installed (apt-get install nginx, or leave out --nginx)")
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let ports = try Self.freePorts(2)
        let config = NginxConfig(
            root: root.path, work: work.path, httpPort: ports[0], httpsPort: ports[1], certificate: certificates.certificate, key: certificates.key,
            http2Directive: NginxConfig.needsHTTP2Directive(nginx: nginx, scratch: work)
        )
        let configFile = work.appendingPathComponent("nginx.conf")
        try config.text.write(to: configFile, atomically: false, encoding: .utf8)
        httpPort = ports[0]
        httpsPort = ports[1]
        version = NginxConfig.version(nginx: nginx, scratch: work)
        self.certificates = certificates
        errorLog = config.errorLog
        pid = try ChildProcess.spawn(
            nginx, ["-c", configFile.path, "-e", config.errorLog],
            standardOutput: work.appendingPathComponent("nginx.stdout").path, standardError: work.appendingPathComponent("nginx.stderr").path
        )
        do {
            try waitUntilListening(stderr: work.appendingPathComponent("nginx.stderr").path)
        } catch {
            stop()
            throw error
        }
    }

    /// `init` from async code: starting waits, up to seconds, for nginx to listen, so it
    /// waits on a thread of its own.
    static func start(root: URL, work: URL, certificates: LoopbackCertificates) async throws -> NginxServer {
        try await OwnThread.run(named: "nginx-start") { try NginxServer(root: root, work: work, certificates: certificates) }
    }

    /// A server released without `stop()` ends nginx here, waiting on whichever thread let
    /// go of it last; async code awaits `stop()` instead.
    deinit {
        stop()
    }

    /// `http://127.0.0.1:P/v1` or `https://127.0.0.1:Q/v1`: what `--api` takes.
    func apiRoot(_ scheme: Scheme) -> URL {
        URL(string: "\(scheme.rawValue)://127.0.0.1:\(scheme == .http ? httpPort : httpsPort)/v1")!
    }

    /// `stop()` from async code: the waiting is done on a thread of its own.
    func stop() async {
        await OwnThread.run(named: "nginx-stop") { self.stop() }
    }

    /// Ends nginx (SIGTERM: its fast shutdown) and waits for it, on the calling thread;
    /// SIGKILL after 5 s.
    func stop() {
        let first = stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) != 0 { break }
            usleep(10_000)
        }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        Leftovers.shared.forget(pid)
    }

    /// nginx's own count (stub_status) of the requests and connections it took, less the
    /// status requests themselves; the difference of two tallies is exact for what ran
    /// between them.
    func tally() async throws -> Benchmark.RequestTally {
        // An engine of its own: a new connection each time, not one kept from a run before.
        let engine = try CurlEngine(CurlEngine.Configuration(userAgent: "feedsite-bench"))
        let body = HTTPBodyBuffer()
        let url = URL(string: "http://127.0.0.1:\(httpPort)/nginx-status")!
        let answer: HTTPAnswer
        do {
            answer = try await engine.perform(HTTPGet(url: url, maxBodyBytes: 4096, limitName: "for status"), into: body)
        } catch {
            await engine.shutdown()
            throw error
        }
        await engine.shutdown()
        let made = statusRequests.withLock { count -> Int in
            count += 1
            return count
        }
        // "Active connections: 1 \nserver accepts handled requests\n 16 16 31 \nReading: …"
        let lines = String(decoding: body.data, as: UTF8.self).split(separator: "\n")
        let numbers = lines.count > 2 ? lines[2].split(separator: " ").compactMap { Int($0) } : []
        guard answer.status == 200, numbers.count == 3 else {
            throw BenchmarkError("nginx's status page \(url.absoluteString) answered \(answer.status) with no counts")
        }
        return Benchmark.RequestTally(requests: numbers[2] - made, connections: numbers[0] - made)
    }

    /// What curl negotiates with this server over `scheme` (`--http2` where it can): "2" for
    /// HTTP/2, "1.1".
    func negotiatedProtocol(_ scheme: Scheme, scratch: URL) -> String {
        guard let curl = ChildProcess.which("curl") else { return "?" }
        let url = apiRoot(scheme).absoluteString + "/feed?limit=1"
        let result = try? ChildProcess.run(
            curl, ["--silent", "--http2", "--cacert", certificates.authority, "--output", "/dev/null", "--write-out", "%{http_version}", url], scratch: scratch)
        return result.map { $0.status == 0 ? $0.standardOutput : "failed (\($0.status))" } ?? "?"
    }

    /// The error log, for a message when something failed.
    var errors: String {
        ((try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "").suffix(2000).description
    }

    private func waitUntilListening(stderr: String) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                stopped.withLock { $0 = true }
                Leftovers.shared.forget(pid)
                let output = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
                throw BenchmarkError("nginx stopped at once (exit status \(ChildProcess.exitStatus(status))): \((output + errors).suffix(1500))")
            }
            if Self.accepts(httpPort), Self.accepts(httpsPort) { return }
            usleep(20_000)
        }
        throw BenchmarkError("nginx did not listen on 127.0.0.1:\(httpPort) and :\(httpsPort) within 10 s: \(errors)")
    }

    /// Ports the kernel just gave out, free for nginx to take a moment later.
    private static func freePorts(_ count: Int) throws -> [UInt16] {
        var sockets: [Int32] = []
        defer {
            for socket in sockets { close(socket) }
        }
        return try (0..<count).map { _ in
            let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw BenchmarkError("socket: \(String(cString: strerror(errno)))") }
            sockets.append(socket)
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
            }
            guard bound else { throw BenchmarkError("cannot find a free port on 127.0.0.1: \(String(cString: strerror(errno)))") }
            return UInt16(bigEndian: address.sin_port)
        }
    }

    private static func accepts(_ port: UInt16) -> Bool {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
