#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Foundation
import SampleAPI

// feedsite-bench: measures the real `feedsite` binary against the sample API on loopback.
// Build both in release first: `swift build -c release`, then `.build/release/feedsite-bench`.

let usage = """
    usage: feedsite-bench [--items 1000,10000,100000] [--comments 5] [--image-bytes 10000]
                          [--concurrency 8] [--compare] [--memory-check] [--feedsite PATH]
           feedsite-bench serve [--items N] [--comments K] [--image-bytes S] [--port P]
                                [--flaky] [--images html|endless|redirect|slow] [--comments-fault hang|503|reset]

    Runs `feedsite generate` cold, warm and offline for each number of items and prints
    Markdown tables. --compare also runs curl and hugo (when installed) on the same data;
    --memory-check adds a cold 10,000-item run with 200,000-byte images to compare peak
    memory. `serve` only starts the sample API, for trying things by hand; its fault options
    make it misbehave as real APIs do (see Faults.swift).
    """

struct Options {
    var serve = false
    var sizes = [1_000, 10_000, 100_000]
    var comments = 5
    var imageBytes = 10_000
    var concurrency = 8
    var compare = false
    var memoryCheck = false
    var port: UInt16 = 0
    var feedsite: String?
    var faults = Faults()
}

func parseOptions(_ arguments: [String]) throws -> Options {
    var options = Options()
    var rest = arguments[...]
    if rest.first == "serve" {
        options.serve = true
        options.sizes = [1_000]
        rest = rest.dropFirst()
    }
    func number(_ text: String?, _ name: String) throws -> Int {
        guard let text, let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
            throw BenchmarkError("\(name) needs a positive whole number\n\n\(usage)")
        }
        return value
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--items": options.sizes = try (rest.popFirst() ?? "").split(separator: ",").map { try number(String($0), "--items") }
        case "--comments": options.comments = try number(rest.popFirst(), "--comments")
        case "--image-bytes": options.imageBytes = try number(rest.popFirst(), "--image-bytes")
        case "--concurrency": options.concurrency = try number(rest.popFirst(), "--concurrency")
        case "--port": options.port = UInt16(try number(rest.popFirst(), "--port"))
        case "--compare": options.compare = true
        case "--memory-check": options.memoryCheck = true
        case "--feedsite": options.feedsite = rest.popFirst()
        case "--flaky": options.faults.flaky = true
        case "--images":
            guard let mode = rest.popFirst(), Faults.imageModes.contains(mode) else { throw BenchmarkError("--images needs one of \(Faults.imageModes.joined(separator: ", "))") }
            options.faults.images = mode
        case "--comments-fault":
            guard let mode = rest.popFirst(), Faults.commentsModes.contains(mode) else { throw BenchmarkError("--comments-fault needs one of \(Faults.commentsModes.joined(separator: ", "))") }
            options.faults.comments = mode
        case "--help", "-h":
            print(usage)
            exit(0)
        default: throw BenchmarkError("unknown argument '\(argument)'\n\n\(usage)")
        }
    }
    return options
}

/// The repository's `Templates`, from this file's location at build time.
let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates").path

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

func megabytes(_ bytes: Int) -> String {
    format(Double(bytes) / 1_000_000, 1)
}

func machineDescription() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("MemTotal") }
        .map { String($0.split(separator: ":")[1]).trimmingCharacters(in: .whitespaces) } ?? "?"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), \(memory) memory"
}

func runBenchmarks(_ options: Options) async throws {
    let feedsite = options.feedsite
        ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("feedsite").path
    guard FileManager.default.isExecutableFile(atPath: feedsite) else {
        throw BenchmarkError("no feedsite binary at \(feedsite); run `swift build -c release` first")
    }
    print("# feedsite benchmark\n")
    print("Machine: \(machineDescription()). feedsite: \(feedsite).")
    print("Each run is `feedsite generate --concurrency \(options.concurrency) --verbose` as a child process against the sample API on 127.0.0.1;")
    print("K = \(options.comments) comments per item, S = \(options.imageBytes) bytes per image (distinct bytes per image).\n")

    var coldSecondsPerItem: [Int: Double] = [:]
    var targets: [String] = []
    var scratches: [URL] = []
    // Scratch folders are removed only at the end: on an ext4 without a journal, creating
    // files within minutes of deleting many is slow, and would tax whichever run came next.
    defer { scratches.forEach { try? FileManager.default.removeItem(at: $0) } }
    for items in options.sizes {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-bench/\(items)")
        scratches.append(scratch)
        let settings = Benchmark.Settings(items: items, comments: options.comments, imageBytes: options.imageBytes, concurrency: options.concurrency, feedsite: feedsite, templates: templates)
        let benchmark = Benchmark(settings: settings, scratch: scratch)
        let (cold, warm, server) = try benchmark.run()
        defer { server.stop() }
        // Offline and hugo render alternately, twice each; the best of each counts.
        let comparison = Comparison(scratch: scratch)
        let feed = SyntheticFeed(itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, now: Date())
        var offlineRuns: [Benchmark.RunResult] = []
        var hugoRuns: [Comparison.Result] = []
        for attempt in 1...2 {
            offlineRuns.append(try benchmark.offline(attempt: attempt, server: server))
            if options.compare, let hugo = try? comparison.hugo(source: feed, attempt: attempt) { hugoRuns.append(hugo) }
        }
        let offline = offlineRuns.min { $0.seconds < $1.seconds }!
        let hugo = hugoRuns.min { $0.seconds < $1.seconds }
        let runs = [cold, warm, offline]

        print("## \(items) items\n")
        print("| run | wall s | feed s | images s | comments s | render s | publish s | requests | image requests | MB sent | items/s | pages/s | files written | files unchanged | peak RSS MB |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for run in runs {
            let phase = { (name: String) in run.phases[name].map { format($0) } ?? "–" }
            print(
                "| \(run.name) | \(format(run.seconds)) | \(phase("feed")) | \(phase("images")) | \(phase("comments")) | \(phase("render")) | \(phase("publish")) | \(run.requests) | \(run.imageRequests) | \(megabytes(run.bytes)) | \(format(Double(items) / run.seconds, 0)) | \(format(Double(run.pages) / run.seconds, 0)) | \(run.filesWritten) | \(run.filesUnchanged) | \(megabytes(run.peakMemory)) |"
            )
        }
        coldSecondsPerItem[items] = cold.seconds / Double(items)
        print("")
        print("Offline: best of \(offlineRuns.count) (\(offlineRuns.map { format($0.seconds) }.joined(separator: " s, ")) s).")
        let warmOK = warm.imageRequests == 0 && warm.filesWritten == 0 && warm.seconds < cold.seconds / 2
        print("Warm run: \(warm.imageRequests) image requests, \(warm.filesWritten) files written, \(format(warm.seconds / cold.seconds * 100, 0)) % of the cold time.\n")
        let peak = max(cold.peakMemory, warm.peakMemory, offline.peakMemory)
        if items == 10_000 {
            targets.append("| warm run at 10,000 items: no image request, no file written, under half the cold time | \(warm.imageRequests) requests, \(warm.filesWritten) written, \(format(warm.seconds / cold.seconds, 2))× cold | \(warmOK ? "met" : "NOT met") |")
        }
        if items == 100_000 {
            targets.append("| peak memory at 100,000 items under 200 MB | \(megabytes(peak)) MB | \(peak < 200_000_000 ? "met" : "NOT met") |")
        }

        if options.compare {
            print("| compared with | version | time s | count | feedsite | ratio |")
            print("|---|---|---|---|---|---|")
            let curlRuns = (1...2).compactMap { _ in try? comparison.curl(items: items, api: server.apiRoot, concurrency: options.concurrency) }
            if let curl = curlRuns.min(by: { $0.seconds < $1.seconds }) {
                let images = cold.phases["images"] ?? cold.seconds
                let ratio = images / curl.seconds
                print("| curl --parallel --parallel-max \(options.concurrency), the same \(items) image URLs into files (best of \(curlRuns.count)) | \(curl.version.prefix(12)) | \(format(curl.seconds)) | \(curl.count) images | cold image phase \(format(images)) s | \(format(ratio))× curl's time |")
                if items == 10_000 {
                    targets.append("| image phase of a cold 10,000-item run within 1.25× of curl | \(format(ratio))× | \(ratio <= 1.25 ? "met" : "NOT met") |")
                }
                let floor = await URLSessionFloor.fetch(items: items, api: server.apiRoot, concurrency: options.concurrency)
                print("| a bare URLSession loop, the same URLs at the same concurrency, no files (the floor for any URLSession client) | Foundation | \(format(floor.seconds)) | \(floor.fetched) images | cold image phase \(format(images)) s | \(format(floor.seconds / curl.seconds))× curl's time |")
            } else {
                print("| curl | not installed, or failed | | | | |")
            }
            if let hugo {
                let hugoRate = Double(hugo.count) / hugo.seconds
                let feedsiteRate = Double(offline.pages) / offline.seconds
                print("| hugo, \(hugo.count) pages from equivalent content, minimal theme (best of \(hugoRuns.count)) | \(hugo.version.prefix(16)) | \(format(hugo.seconds)) | \(hugo.count) pages, \(format(hugoRate, 0)) pages/s | offline \(offline.pages) pages, \(format(feedsiteRate, 0)) pages/s | \(format(feedsiteRate / hugoRate))× hugo's pages/s |")
                if items == 10_000 {
                    targets.append("| offline render of 10,000 items at least 2× hugo's pages/s | \(format(feedsiteRate / hugoRate))× | \(feedsiteRate / hugoRate >= 2 ? "met" : "NOT met") |")
                }
            } else {
                print("| hugo | not installed, or failed | | | | |")
            }
            print("")
        }
    }

    if let small = coldSecondsPerItem[10_000], let large = coldSecondsPerItem[100_000] {
        targets.append("| time per item at 100,000 within 1.3× of 10,000 (cold) | \(format(large / small))× | \(large / small <= 1.3 ? "met" : "NOT met") |")
    }

    if options.memoryCheck {
        print("## Memory and image size (10,000 items, cold)\n")
        print("| S (bytes per image) | wall s | peak RSS MB |")
        print("|---|---|---|")
        var peaks: [Int] = []
        for bytes in [10_000, 200_000] {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-bench/memory-\(bytes)")
            let settings = Benchmark.Settings(items: 10_000, comments: options.comments, imageBytes: bytes, concurrency: options.concurrency, feedsite: feedsite, templates: templates)
            scratches.append(scratch)
            let (cold, _, server) = try Benchmark(settings: settings, scratch: scratch).run()
            server.stop()
            print("| \(bytes) | \(format(cold.seconds)) | \(megabytes(cold.peakMemory)) |")
            peaks.append(cold.peakMemory)
        }
        let growth = Double(peaks[1]) / Double(peaks[0])
        print("")
        targets.append("| peak memory within 10% between S = 10 KB and S = 200 KB | \(format((growth - 1) * 100, 1)) % | \(growth <= 1.10 ? "met" : "NOT met") |")
    }

    if !targets.isEmpty {
        print("## Targets\n")
        print("| target | measured | |")
        print("|---|---|---|")
        targets.forEach { print($0) }
    }
}

func serve(_ options: Options) throws -> Never {
    let items = options.sizes.first ?? 1_000
    let source = SyntheticFeed(itemCount: items, commentsPerItem: options.comments, imageBytes: options.imageBytes, now: Date())
    let server = try SampleAPIServer(source: source, port: options.port, intercept: options.faults.isEmpty ? nil : options.faults.intercept(for: source))
    print("sample API: \(items) items at \(server.apiRoot.absoluteString)\(options.faults.isEmpty ? "" : ", \(options.faults.summary)") (Ctrl-C to stop)")
    fflush(stdout)
    signal(SIGINT, SIG_DFL)
    while true { pause() }
}

setvbuf(stdout, nil, _IOLBF, 0)  // show each table row as soon as it is measured
do {
    let options = try parseOptions(Array(CommandLine.arguments.dropFirst()))
    if options.serve { try serve(options) }
    try await runBenchmarks(options)
} catch {
    FileHandle.standardError.write(Data("feedsite-bench: \(error)\n".utf8))
    exit(1)
}
