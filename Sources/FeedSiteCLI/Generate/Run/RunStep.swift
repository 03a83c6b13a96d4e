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
