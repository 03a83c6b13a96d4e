import Foundation
import SampleAPI

/// One size of the benchmark: the sample API with a synthetic feed of `items` items, and
/// the real `feedsite` binary run three ways against it, each as a child process:
/// cold (empty cache and output), warm (the same again), offline (`--offline` into a new
/// output: render and publish only; `offline(attempt:)` may run it again).
struct Benchmark {
    struct Settings {
        var items: Int
        var comments: Int
        var imageBytes: Int
        var concurrency: Int
        var feedsite: String
        var templates: String
    }

    struct RunResult {
        let name: String
        let seconds: Double
        let peakMemory: Int
        let phases: [String: Double]
        let requests: Int
        let imageRequests: Int
        let bytes: Int
        let pages: Int
        let filesWritten: Int
        let filesUnchanged: Int
        let status: Int32
    }

    static let now = "2024-05-20T11:24:59Z"

    let settings: Settings
    let scratch: URL

    /// The cold and warm runs, and the server (still running) for further runs.
    func run() throws -> (cold: RunResult, warm: RunResult, server: SampleAPIServer) {
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let source = SyntheticFeed(itemCount: settings.items, commentsPerItem: settings.comments, imageBytes: settings.imageBytes, now: ISO8601DateFormatter().date(from: Self.now)!)
        let server = try SampleAPIServer(source: source)
        let cold = try runFeedsite("cold", server: server, output: scratch.appendingPathComponent("site").path, cache: cache)
        let warm = try runFeedsite("warm", server: server, output: scratch.appendingPathComponent("site").path, cache: cache)
        return (cold, warm, server)
    }

    /// An offline run from the warm cache into a new output folder.
    func offline(attempt: Int, server: SampleAPIServer) throws -> RunResult {
        try runFeedsite("offline", server: server, output: scratch.appendingPathComponent("offline-site-\(attempt)").path, cache: cache, extra: ["--offline"])
    }

    private var cache: String { scratch.appendingPathComponent("cache").path }

    private func runFeedsite(_ name: String, server: SampleAPIServer, output: String, cache: String, extra: [String] = []) throws -> RunResult {
        let before = server.requestCounts
        let arguments = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", output, "--cache", cache, "--templates", settings.templates,
            "--now", Self.now, "--concurrency", String(settings.concurrency), "--verbose",
        ] + extra
        let result = try ChildProcess.run(settings.feedsite, arguments, scratch: scratch)
        guard result.status == 0 || result.status == 3 else {
            throw BenchmarkError("\(name) run failed with exit status \(result.status):\n\(result.standardError.suffix(2000))")
        }
        let after = server.requestCounts
        let (phases, written, unchanged) = Self.parseVerbose(result.standardError)
        return RunResult(
            name: name,
            seconds: result.seconds,
            peakMemory: result.peakMemory,
            phases: phases,
            requests: after.total - before.total,
            imageRequests: after.images - before.images,
            bytes: after.bodyBytes - before.bodyBytes,
            pages: Self.parsePages(result.standardOutput),
            filesWritten: written,
            filesUnchanged: unchanged,
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
}
