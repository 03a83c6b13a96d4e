import FeedCore
import Foundation

/// Measures the phases of a run: each lasts from its `start` to the next phase's, or to
/// `end`, which also closes a phase that an error stopped part-way.
final class PhaseTimer {
    private let report: RunReport
    private var current: (name: String, start: ContinuousClock.Instant)?
    private(set) var laps: [(name: String, seconds: Double)] = []

    init(report: RunReport) {
        self.report = report
    }

    /// Ends the phase under way, if any, and starts `name`.
    func start(_ name: String) {
        end()
        current = (name, ContinuousClock.now)
    }

    /// Ends the phase under way, if any. On Linux it also hands the memory the phase freed
    /// back to the system: glibc keeps it otherwise, in the arenas of the threads that freed
    /// it (the engine's, the task pool's, the manifest's), and a large run's phases would
    /// stack up; trimming only where the task pool's fan-outs end is not enough
    /// (BENCHMARKS.md, "What each trick buys", row 3: peak memory).
    func end() {
        guard let current else { return }
        laps.append((current.name, (ContinuousClock.now - current.start).seconds))
        self.current = nil
        report.phaseEnded()
        FreedMemory.release()
    }
}
