import Publishing

/// The new site put in place of the output, once it and the caches are on the disk, unless
/// `--strict` refuses a degraded run.
struct PublishStep: RunStep {
    let site: any StagingSite
    let strict: Bool
    /// Why the run is degraded; empty when everything came live.
    let degradedReasons: [String]

    var name: String { "publish" }
    var phase: RunPhase { .publish }

    struct Outcome: StepOutcome {
        let files: StagedSite.Counts

        func record(in summary: inout RunSummary) {
            summary.published = true
            summary.files = files
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        if strict, !degradedReasons.isEmpty {
            throw RunError.strictRefusal(reasons: degradedReasons)
        }
        try await site.publish()
        return Outcome(files: site.fileCounts)
    }
}
