import Foundation

/// The Markdown table of a size's feedsite runs, one row a run.
enum RunTable {
    /// Against the sample API, which counts requests by kind and the body bytes it sent.
    static func sampleAPI(_ runs: [Benchmark.RunResult], items: Int) {
        print(
            "| run | wall s | feed s | images s | comments s | render s | publish s | requests | image requests | MB sent | items/s | pages/s | files written | files unchanged | peak RSS MB |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for run in runs {
            let tally = run.tally
            print(
                "| \(run.name) | \(format(run.seconds)) | \(phases(run)) | \(tally.requests) | \(tally.imageRequests.map(String.init) ?? "–") | \(tally.bodyBytes.map(megabytes) ?? "–") | \(format(Double(items) / run.seconds, 0)) | \(format(Double(run.pages) / run.seconds, 0)) | \(run.filesWritten) | \(run.filesUnchanged) | \(megabytes(run.peakMemory)) |"
            )
        }
    }

    /// Against nginx, which counts requests and connections but not their kinds: image
    /// requests are the requests less the `feedPages` feed pages and `items` comments lists
    /// an online run asks for.
    static func nginx(_ runs: [Benchmark.RunResult], items: Int, feedPages: Int) {
        print(
            "| run | wall s | feed s | images s | comments s | render s | publish s | requests | image requests | connections | items/s | pages/s | files written | files unchanged | peak RSS MB |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for run in runs {
            let tally = run.tally
            let images = tally.requests == 0 ? 0 : tally.requests - feedPages - items
            print(
                "| \(run.name) | \(format(run.seconds)) | \(phases(run)) | \(tally.requests) | \(images) | \(tally.connections.map(String.init) ?? "–") | \(format(Double(items) / run.seconds, 0)) | \(format(Double(run.pages) / run.seconds, 0)) | \(run.filesWritten) | \(run.filesUnchanged) | \(megabytes(run.peakMemory)) |"
            )
        }
    }

    private static func phases(_ run: Benchmark.RunResult) -> String {
        ["feed", "images", "comments", "render", "publish"].map { run.phases[$0].map { format($0) } ?? "–" }.joined(separator: " | ")
    }
}
