/// Starts writing what the run has written so far (the images, the comments pages, the
/// caches) to the disk while the rest of the site is made, so the flush before the swap
/// has little left to wait for (BENCHMARKS.md, "Durable writes").
struct EarlyFlushStep: RunStep {
    let site: any StagingSite

    var name: String { "flush" }
    var phase: RunPhase { .render }

    func run(_ progress: StepProgress) -> StepDone {
        site.startFlush()
        return StepDone()
    }
}
