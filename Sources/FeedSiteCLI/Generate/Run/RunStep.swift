/// One step of a `generate` run. It is made with what it uses (the run's roles, its
/// options, and what earlier steps found, as values), does its work, and returns what it
/// found as a value, or fails with the run's error. `StepRunner` runs it; `GenerateRun` lists
/// the steps in order.
protocol RunStep: Sendable {
    associatedtype Outcome: StepOutcome
    /// What the progress line calls the step while it runs.
    var name: String { get }
    /// The phase whose time the step's counts in.
    var phase: RunPhase { get }
    func run(_ progress: StepProgress) async throws(RunError) -> Outcome
}

extension RunStep {
    /// What `work` returns, or what it throws as the run's error (`RunError.init`): the one
    /// way every step's failure becomes the run's.
    func failing<Value>(_ work: () async throws -> Value) async throws(RunError) -> Value {
        do {
            return try await work()
        } catch {
            throw RunError(error, interrupted: Task.isCancelled)
        }
    }

    /// `work` for a file written after the site is published (`--archive`, `--zim`): its
    /// cancellation is the run's interruption, any other failure `notWritten` (the site is
    /// published either way).
    func writingAfterPublishing(_ notWritten: (any Error) -> RunError, _ work: () async throws -> Void) async throws(RunError) -> StepDone {
        try await failing {
            do {
                try Task.checkCancellation()
                try await work()
            } catch is CancellationError {
                throw RunError.interrupted
            } catch {
                throw notWritten(error)
            }
            return StepDone()
        }
    }

    /// `failing(_:)` for a step whose work does not wait.
    func failingAtOnce<Value>(_ work: () throws -> Value) throws(RunError) -> Value {
        do {
            return try work()
        } catch {
            throw RunError(error, interrupted: Task.isCancelled)
        }
    }
}
