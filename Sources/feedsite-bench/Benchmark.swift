import Foundation
import SampleAPI

/// One size of the benchmark: the real `feedsite` binary run three ways against a
/// `Target` serving a synthetic feed of `items` items, each as a child process: cold (empty
/// cache and output), warm (the same again), offline (`--offline` into a new output: render
/// and publish only; `offline(attempt:against:)` may run it again).
struct Benchmark {
    struct Settings {
        var items: Int
        var comments: Int
        var imageBytes: Int
        var concurrency: Int
        var feedsite: String
        var templates: String
    }

    /// Where the runs fetch from: `api` for `--api`, the arguments it needs (`--ca-file`),
    /// and the server's own count of what it answered, read before and after each run.
    struct Target {
        let api: URL
        var arguments: [String] = []
        let count: () async throws -> RequestTally
    }

    /// What a server answered so far. `nil` where it cannot tell: nginx counts requests and
    /// connections, the sample API requests by kind and body bytes.
    struct RequestTally {
        var requests: Int
        var imageRequests: Int?
        var bodyBytes: Int?
        var connections: Int?

        static func - (after: RequestTally, before: RequestTally) -> RequestTally {
            func difference(_ after: Int?, _ before: Int?) -> Int? {
                guard let after, let before else { return nil }
                return after - before
            }
            return RequestTally(
                requests: after.requests - before.requests,
                imageRequests: difference(after.imageRequests, before.imageRequests),
                bodyBytes: difference(after.bodyBytes, before.bodyBytes),
                connections: difference(after.connections, before.connections)
            )
        }
    }

    struct RunResult {
        let name: String
        let seconds: Double
        let peakMemory: Int
        let phases: [String: Double]
        let tally: RequestTally
        let pages: Int
        let filesWritten: Int
        let filesUnchanged: Int
        /// From the summary line: `images D downloaded / C from cache / F failed`.
        let imagesFailed: Int
        let status: Int32
    }

    static let now = "2024-05-20T11:24:59Z"

    /// The feed every server of one size serves, its comments dated from `now`.
    static func feed(_ settings: Settings) -> SyntheticFeed {
        SyntheticFeed(
            itemCount: settings.items, commentsPerItem: settings.comments, imageBytes: settings.imageBytes, now: ISO8601DateFormatter().date(from: now)!)
    }

    let settings: Settings
    /// Emptied by `run`: the cache and the sites go here.
    let scratch: URL

    /// The cold and the warm run, from an empty scratch folder.
    func run(against target: Target) async throws -> (cold: RunResult, warm: RunResult) {
        let cold = try await cold(against: target)
        let warm = try await runFeedsite("warm", target: target, output: scratch.appendingPathComponent("site").path)
        return (cold, warm)
    }

    /// The cold run alone, from an empty scratch folder.
    func cold(against target: Target) async throws -> RunResult {
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return try await runFeedsite("cold", target: target, output: scratch.appendingPathComponent("site").path)
    }

    /// An offline run from the warm cache into a new output folder.
    func offline(attempt: Int, against target: Target) async throws -> RunResult {
        try await runFeedsite("offline", target: target, output: scratch.appendingPathComponent("offline-site-\(attempt)").path, extra: ["--offline"])
    }

    private var cache: String { scratch.appendingPathComponent("cache").path }

    private func runFeedsite(_ name: String, target: Target, output: String, extra: [String] = []) async throws -> RunResult {
        let before = try await target.count()
        let arguments =
            [
                "generate", "--api", target.api.absoluteString, "--output", output, "--cache", cache, "--templates", settings.templates,
                "--now", Self.now, "--concurrency", String(settings.concurrency), "--verbose",
            ] + target.arguments + extra
        let result = try ChildProcess.run(settings.feedsite, arguments, scratch: scratch)
        guard result.status == 0 || result.status == 3 else {
            throw BenchmarkError(
                "\(name) run against \(target.api.absoluteString) failed with exit status \(result.status):\n\(result.standardError.suffix(2000))")
        }
        let after = try await target.count()
        let (phases, written, unchanged) = Self.parseVerbose(result.standardError)
        return RunResult(
            name: name,
            seconds: result.seconds,
            peakMemory: result.peakMemory,
            phases: phases,
            tally: after - before,
            pages: Self.parsePages(result.standardOutput),
            filesWritten: written,
            filesUnchanged: unchanged,
            imagesFailed: Self.count(before: "failed,", in: result.standardOutput),
            status: result.status
        )
    }

    /// Reads `phases: feed 0.12 s, images 0.50 s, …; files: 3 written, 40 unchanged`.
    static func parseVerbose(_ text: String) -> (phases: [String: Double], written: Int, unchanged: Int) {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("phases: ") }) else { return ([:], 0, 0) }
        let parts = line.dropFirst("phases: ".count).split(separator: ";")
        var phases: [String: Double] = [:]
        for entry in parts[0].split(separator: ",") {
            let words = entry.split(separator: " ")
            if words.count >= 2, let seconds = Double(words[1]) { phases[String(words[0])] = seconds }
        }
        var written = 0
        var unchanged = 0
        if parts.count > 1 {
            let words = parts[1].split(separator: " ")
            if let index = words.firstIndex(of: "written,"), index > 0 { written = Int(words[index - 1]) ?? 0 }
            if let index = words.firstIndex(of: "unchanged"), index > 0 { unchanged = Int(words[index - 1]) ?? 0 }
        }
        return (phases, written, unchanged)
    }

    /// Reads the page count from the summary line: `N items, P pages (…`.
    static func parsePages(_ text: String) -> Int {
        let words = text.split(separator: " ")
        guard let index = words.firstIndex(where: { $0.hasPrefix("pages") }), index > 0 else { return 0 }
        return Int(words[index - 1]) ?? 0
    }

    /// The number just before the first `word` of the text: `3` in `… / 3 failed, …`.
    static func count(before word: String, in text: String) -> Int {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let index = words.firstIndex(where: { $0 == word }), index > 0 else { return 0 }
        return Int(words[index - 1]) ?? 0
    }
}

extension Benchmark.Target {
    /// The sample API on loopback, which counts requests by kind, and body bytes.
    static func sampleAPI(_ server: SampleAPIServer) -> Self {
        Self(api: server.apiRoot) {
            let counts = server.requestCounts
            return Benchmark.RequestTally(requests: counts.total, imageRequests: counts.images, bodyBytes: counts.bodyBytes)
        }
    }
}
