/// What a step found, as it counts in the run's summary.
protocol StepOutcome: Sendable {
    func record(in summary: inout RunSummary)
}
