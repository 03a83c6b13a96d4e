/// The outcome of a step whose work is its files: nothing to count.
struct StepDone: StepOutcome {
    func record(in summary: inout RunSummary) {}
}
