import Foundation

/// feedsite's runs beside their floors, as rows of a "compared with" table: curl fetching
/// the same URLs at the same concurrency (`CurlFloor`), the bare libcurl loop on the images
/// (`LibcurlFloor`), and the floor of a cold and of a warm run, which add feedsite's own
/// offline render of the same site to curl's fetching.
struct FloorRows {
    let concurrency: Int
    let curlVersion: String
    let parts: CurlFloor.Parts
    let bare: [LibcurlFloor.Result]
    let cold: Benchmark.RunResult
    let warm: Benchmark.RunResult
    /// The best of `offlineAttempts` offline runs.
    let offline: Benchmark.RunResult
    let offlineAttempts: Int

    var coldFloor: Double { parts.cold + offline.seconds }
    var warmFloor: Double { parts.warm + offline.seconds }
    var coldRatio: Double { cold.seconds / coldFloor }
    var warmRatio: Double { warm.seconds / warmFloor }
    var imagePhase: Double { cold.phases["images"] ?? cold.seconds }
    /// The cold image phase over curl's time on the same image URLs.
    var imageRatio: Double { imagePhase / parts.images.seconds }

    /// The rows: images (curl, then the bare loop), the floor's parts, the two floors.
    func print(items: Int) {
        let attempts = "best of \(parts.attempts)"
        let parallel = "curl --parallel --parallel-max \(concurrency)"
        let bestBare = bare.min { $0.seconds < $1.seconds }!
        let coldPhase = { (name: String) in cold.phases[name] ?? 0 }
        row(
            "\(parallel), the same \(items) image URLs into files (\(attempts))", curlVersion, parts.images.seconds, "\(parts.images.files) images",
            "cold image phase \(format(imagePhase)) s", "\(format(imageRatio))× curl's time")
        row(
            "a bare libcurl loop (CurlEngine, no files), the same \(items) image URLs at the same concurrency (best of \(bare.count))", LibcurlFloor.version,
            bestBare.seconds,
            "\(bestBare.fetched) images", "cold image phase \(format(imagePhase)) s", "\(format(bestBare.seconds / parts.images.seconds))× curl's time"
        )
        row(
            "curl, the \(parts.pages.files) feed pages one after another into files (\(attempts))", curlVersion, parts.pages.seconds,
            "\(parts.pages.files) pages", "cold feed phase \(format(coldPhase("feed"))) s", "\(format(coldPhase("feed") / parts.pages.seconds))× curl's time")
        row(
            "\(parallel), the \(items) comments lists and \(items) images into files (\(attempts))", curlVersion, parts.commentsAndImages.seconds,
            "\(parts.commentsAndImages.files) files",
            "cold image + comments phases \(format(coldPhase("images") + coldPhase("comments"))) s",
            "\(format((coldPhase("images") + coldPhase("comments")) / parts.commentsAndImages.seconds))× curl's time"
        )
        let warmComments = warm.phases["comments"] ?? 0
        row(
            "\(parallel), the \(items) comments lists into files (\(attempts))", curlVersion, parts.comments.seconds, "\(parts.comments.files) files",
            "warm comments phase \(format(warmComments)) s", "\(format(warmComments / parts.comments.seconds))× curl's time")
        row(
            "**floor of a cold run**: feed pages + comments and images + feedsite's offline render, best of \(offlineAttempts) (\(format(parts.pages.seconds)) + \(format(parts.commentsAndImages.seconds)) + \(format(offline.seconds)))",
            curlVersion, coldFloor, "", "cold run \(format(cold.seconds)) s", "**\(format(coldRatio))× the floor**"
        )
        row(
            "**floor of a warm run**: feed pages + comments + feedsite's offline render (\(format(parts.pages.seconds)) + \(format(parts.comments.seconds)) + \(format(offline.seconds)))",
            curlVersion, warmFloor, "", "warm run \(format(warm.seconds)) s", "**\(format(warmRatio))× the floor**"
        )
    }

    private func row(_ what: String, _ version: String, _ seconds: Double, _ count: String, _ feedsite: String, _ ratio: String) {
        Swift.print("| \(what) | \(version) | \(format(seconds)) | \(count) | \(feedsite) | \(ratio) |")
    }
}
