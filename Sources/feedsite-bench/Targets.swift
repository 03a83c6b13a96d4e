#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Basics
import FeedCore
import Foundation
import SampleAPI

/// The rows of the targets table: each target with what was measured and whether it was met.
func floorTargets(_ measured: [(transport: String, floors: FloorRows)], nginx: Bool) -> [String] {
    let floor = "(curl: feed pages one after another, then comments and images --parallel; + feedsite's offline render)"
    var rows: [String] = []
    for (transport, floors) in measured where nginx {
        // The sample API generates its images in this process, on the same two cores, so
        // with nginx at hand the image target is measured against a real server.
        rows.append(
            "| image phase of a cold 10,000-item run within 1.25× of curl, \(transport) | \(format(floors.imageRatio))× | \(met(floors.imageRatio <= 1.25)) |")
    }
    for (transport, floors) in measured {
        rows.append(
            "| cold 10,000-item run within 1.5× of its floor \(floor), \(transport) | \(format(floors.coldRatio))× (\(format(floors.cold.seconds)) s, floor \(format(floors.coldFloor)) s) | \(met(floors.coldRatio <= 1.5)) |"
        )
        rows.append(
            "| warm 10,000-item run within 1.5× of its floor (curl: feed pages, then comments --parallel; + offline render), \(transport) | \(format(floors.warmRatio))× (\(format(floors.warm.seconds)) s, floor \(format(floors.warmFloor)) s) | \(met(floors.warmRatio <= 1.5)) |"
        )
    }
    if !nginx, !measured.isEmpty {
        rows.append("| cold and warm 10,000-item runs within 1.5× of their floors over HTTPS with HTTP/2 | not measured: needs --nginx | – |")
    }
    return rows
}

/// `--memory-check`: peak memory of a cold 10,000-item run at two image sizes, and of a run
/// whose every image is a body that never ends. Prints its tables; returns target rows.
func memoryCheck(_ options: Options, feedsite: String) async throws -> [String] {
    var targets: [String] = []
    print("## Memory and image size (10,000 items, cold)\n")
    print("| S (bytes per image) | wall s | peak RSS MB |")
    print("|---|---|---|")
    var peaks: [Int] = []
    for bytes in [10_000, 200_000] {
        let scratch = scratchRoot.appendingPathComponent("memory-\(bytes)")
        let settings = Benchmark.Settings(
            items: 10_000, comments: options.comments, imageBytes: bytes, concurrency: options.concurrency, feedsite: feedsite, templates: templates)
        let server = try SampleAPIServer(source: Benchmark.feed(settings))
        let cold = try await server.serving { try await Benchmark(settings: settings, scratch: scratch).cold(against: .sampleAPI(server)) }
        print("| \(bytes) | \(format(cold.seconds)) | \(megabytes(cold.peakMemory)) |")
        peaks.append(cold.peakMemory)
    }
    let growth = Double(peaks[1]) / Double(peaks[0])
    print("")
    targets.append("| peak memory within 10% between S = 10 KB and S = 200 KB | \(format((growth - 1) * 100, 1)) % | \(met(growth <= 1.10)) |")

    // Every image answers 64 KiB starting with the PNG signature, over and over, never
    // ending (`serve --images endless`); feedsite stops each at its default --max-image-bytes.
    let items = 20
    let scratch = scratchRoot.appendingPathComponent("memory-endless")
    let settings = Benchmark.Settings(
        items: items, comments: options.comments, imageBytes: options.imageBytes, concurrency: options.concurrency, feedsite: feedsite, templates: templates)
    let feed = Benchmark.feed(settings)
    var faults = Faults()
    faults.images = "endless"
    let server = try SampleAPIServer(source: feed, intercept: faults.intercept(for: feed))
    let cold = try await server.serving { try await Benchmark(settings: settings, scratch: scratch).cold(against: .sampleAPI(server)) }
    let stopper = "feedsite's \(ByteCountText.describe(HTTPGet.defaultImageLimit)) --max-image-bytes stops each"
    print("| endless image bodies (every image URL; \(stopper)) | wall s | image requests | images failed | peak RSS MB |")
    print("|---|---|---|---|---|")
    print("| \(items) items, cold | \(format(cold.seconds)) | \(cold.tally.imageRequests ?? 0) | \(cold.imagesFailed) | \(megabytes(cold.peakMemory)) |")
    print("")
    let stopped = cold.imagesFailed == items
    targets.append(
        "| endless image bodies: peak memory of a \(items)-item run whose every image never ends under 100 MB\(stopped ? "" : " (but only \(cold.imagesFailed) of \(items) images failed)") | \(megabytes(cold.peakMemory)) MB | \(met(cold.peakMemory < 100_000_000 && stopped)) |"
    )
    return targets
}

/// `feedsite-bench export`: the static tree for nginx, and optionally certificates and the config.
