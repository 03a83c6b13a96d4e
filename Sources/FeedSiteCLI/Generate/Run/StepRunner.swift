/// Runs a run's steps one after another, and does for each what every step needs: stops
/// the run before it once the run is cancelled (Ctrl-C, SIGTERM), times its phase, ends
/// the progress line and gives back the memory when a phase ends, and folds its outcome
/// into the run's summary. The first error stops the run, as a `RunError`.
final class StepRunner {
    /// What the steps found so far, and the time of each phase ended.
    private(set) var summary: RunSummary
    private let report: RunReport
    private let clock: @Sendable () -> ContinuousClock.Instant
    private var current: (phase: RunPhase, start: ContinuousClock.Instant)?

    init(summary: RunSummary, report: RunReport, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.summary = summary
        self.report = report
        self.clock = clock
    }

    /// Runs `step`, in its phase: the phase before it, if another, ends first.
    @discardableResult
    func run<Step: RunStep>(_ step: Step) async throws(RunError) -> Step.Outcome {
        if Task.isCancelled { throw .interrupted }
        if current?.phase != step.phase {
            endPhase()
            current = (step.phase, clock())
        }
        let outcome = try await step.run(StepProgress(report: report, label: step.name))
        outcome.record(in: &summary)
        return outcome
    }

    /// Ends the phase under way, if any, also when an error stopped it part-way; the
    /// summary then holds every phase's time.
    ///
    /// On Linux, the end of a phase also hands the memory it freed back to the system:
    /// glibc keeps it otherwise, in the arenas of the threads that freed it (the engine's,
    /// the task pool's, the manifest's), and a large run's phases would stack up; trimming
    /// only where the task pool's fan-outs end is not enough (BENCHMARKS.md, "What each
    /// trick buys", row "malloc_trim at the end of every phase").
    func endPhase() {
        guard let current else { return }
        summary.phases.append((current.phase.rawValue, (clock() - current.start).seconds))
        self.current = nil
        report.phaseEnded()
        FreedMemory.release()
    }
}
