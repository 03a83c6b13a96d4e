/// One step of a `generate` run. It is made with what it uses (the run's roles, its
/// options, and what earlier steps found, as values), does its work, and returns what it
/// found as a value. `StepRunner` runs it; `GenerateRun` lists the steps in order.
protocol RunStep: Sendable {
    associatedtype Outcome: StepOutcome
    /// What the progress line calls the step while it runs.
    var name: String { get }
    /// The phase whose time the step's counts in.
    var phase: RunPhase { get }
    func run(_ progress: StepProgress) async throws -> Outcome
}

/// What a step found, as it counts in the run's summary.
protocol StepOutcome: Sendable {
    func record(in summary: inout RunSummary)
}

/// The outcome of a step whose work is its files: nothing to count.
struct StepDone: StepOutcome {
    func record(in summary: inout RunSummary) {}
}

/// The parts of a run whose times `--verbose` and the metrics file give, in order.
enum RunPhase: String, CaseIterable, Sendable {
    case feed, images, comments, render, publish, archive
}

/// How a step tells the live progress line how far it is.
struct StepProgress: Sendable {
    let report: RunReport
    let label: String

    func update(done: Int, total: Int?, failed: Int = 0) {
        report.progress(label, done: done, total: total, failed: failed)
    }
}
