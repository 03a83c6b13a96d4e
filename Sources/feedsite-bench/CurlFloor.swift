import Foundation

/// curl fetching what a feedsite run fetches, at the same concurrency, each answer into a
/// file as a mirror would: the network part of a run's floor. Feed pages go one after
/// another, as feedsite must (each page names the next); comments and images go
/// `--parallel`, which over HTTPS multiplexes on one HTTP/2 connection.
///
///     curl --silent --show-error --fail --config pages.curl
///     curl --parallel --parallel-max 8 --silent --show-error --fail --config fetch.curl
///
/// Each config file lists `url = "…"` and `output = "…"` pairs.
struct CurlFloor {
    struct Part {
        /// The best of the attempts.
        let seconds: Double
        /// Files written, one per URL fetched.
        let files: Int
    }

    /// The parts of a cold and of a warm run.
    struct Parts {
        let pages: Part
        let commentsAndImages: Part
        let comments: Part
        let images: Part
        /// Each part is the best of this many.
        let attempts: Int

        /// Feed pages, then comments and images: what a cold run fetches.
        var cold: Double { pages.seconds + commentsAndImages.seconds }
        /// Feed pages, then comments: what a warm run fetches.
        var warm: Double { pages.seconds + comments.seconds }
    }

    let curl: String
    let scratch: URL
    let concurrency: Int
    /// `--cacert`: the private CA of an https server.
    let caFile: String?
    let attempts: Int

    init?(scratch: URL, concurrency: Int, caFile: String? = nil, attempts: Int = 2) {
        guard let curl = ChildProcess.which("curl") else { return nil }
        self.curl = curl
        self.scratch = scratch.appendingPathComponent("curl")
        self.concurrency = concurrency
        self.caFile = caFile
        self.attempts = attempts
    }

    /// `curl 7.88.1`
    var version: String {
        let result = try? ChildProcess.run(curl, ["--version"], scratch: scratch.deletingLastPathComponent())
        let words = result?.standardOutput.split(separator: " ").prefix(2) ?? []
        return words.count == 2 ? words.joined(separator: " ") : "curl"
    }

    /// Every part, each the best of `attempts`.
    func measure(_ urls: FeedURLs) throws -> Parts {
        let comments = urls.comments
        let images = urls.images
        return Parts(
            pages: try fetch(urls.pages, parallel: false, name: "pages"),
            commentsAndImages: try fetch(comments + images, parallel: true, name: "fetch"),
            comments: try fetch(comments, parallel: true, name: "comments"),
            images: try fetch(images, parallel: true, name: "images"),
            attempts: attempts
        )
    }

    /// Fetches `downloads` into a new folder each attempt (folders are removed with the
    /// scratch folder at the end: deleting many files slows the runs that follow).
    func fetch(_ downloads: [FeedURLs.Download], parallel: Bool, name: String) throws -> Part {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var best: Part?
        for _ in 0..<attempts {
            let label = "\(name)-\(UUID().uuidString.prefix(8))"
            let folder = scratch.appendingPathComponent(label)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var config = ""
            for download in downloads {
                config += "url = \"\(download.url.absoluteString)\"\noutput = \"\(folder.path)/\(download.file)\"\n"
            }
            let configFile = scratch.appendingPathComponent("\(label).curl")
            try config.write(to: configFile, atomically: false, encoding: .utf8)
            let result = try ChildProcess.run(curl, arguments(parallel: parallel, config: configFile.path), scratch: scratch)
            guard result.status == 0 else {
                throw BenchmarkError(
                    "curl failed (exit status \(result.status)) fetching \(name) from \(downloads.first?.url.absoluteString ?? "?")…: \(result.standardError.prefix(500))"
                )
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
            if best.map({ result.seconds < $0.seconds }) ?? true { best = Part(seconds: result.seconds, files: files) }
        }
        return best!
    }

    /// The command line of one part, with `config` for the config file.
    func arguments(parallel: Bool, config: String) -> [String] {
        (parallel ? ["--parallel", "--parallel-max", String(concurrency)] : []) + ["--silent", "--show-error", "--fail"]
            + (caFile.map { ["--cacert", $0] } ?? []) + ["--config", config]
    }

    /// The two command lines, short, for the report.
    var commandLines: String {
        let ca = caFile == nil ? "" : " --cacert ca.pem"
        return "`curl --silent --show-error --fail\(ca) --config pages.curl` for the feed pages, one after another; "
            + "`curl --parallel --parallel-max \(concurrency) --silent --show-error --fail\(ca) --config fetch.curl` for the rest "
            + "(each `.curl` file: `url = \"…\"` and `output = \"…\"` a line each, one file per answer)"
    }
}
