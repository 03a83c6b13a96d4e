import FeedCore
import Foundation

/// Measures the phases of a run, one lap each.
final class PhaseTimer {
    private let report: RunReport
    private var start = ContinuousClock.now
    private(set) var laps: [(name: String, seconds: Double)] = []

    init(report: RunReport) {
        self.report = report
    }

    /// Ends a phase. On Linux it also hands the memory the phase freed back to the system:
    /// glibc keeps it otherwise, in the arenas of the threads that freed it (the engine's,
    /// the task pool's, the manifest's), and a 100,000-item run's phases would stack up:
    /// without it a warm run peaks 14 % higher, and trimming only where the task pool's
    /// fan-outs end is not enough (BENCHMARKS.md, "What each trick buys", row 3).
    func lap(_ name: String) {
        let now = ContinuousClock.now
        laps.append((name, (now - start).seconds))
        start = now
        report.phaseEnded()
        FreedMemory.release()
    }
}
