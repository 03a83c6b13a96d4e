import SiteGenerator

/// Each locale's search index, from the terms and records the comments step gathered.
/// It comes before the feed pages, so its terms are gone before they are made.
struct SearchIndexStep: RunStep {
    let search: SearchIndexFiles
    /// Each locale's search folder, from the site root.
    let folders: [String]
    let items: Int
    let site: any StagingSite
    let report: RunReport

    var name: String { "search" }
    var phase: RunPhase { .render }

    func run(_ progress: StepProgress) throws(RunError) -> StepDone {
        try failingAtOnce { try work(progress) }
    }

    private func work(_ progress: StepProgress) throws -> StepDone {
        let started = ContinuousClock.now
        let index = try search.write(to: folders, in: site)
        report.searchIndexWritten(index, items: items, elapsed: ContinuousClock.now - started)
        return StepDone()
    }
}
