import Foundation

/// Measures the phases of a run, one lap each.
final class PhaseTimer {
    private let reporter: Reporter
    private var start = ContinuousClock.now
    private(set) var laps: [(name: String, seconds: Double)] = []

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    func lap(_ name: String) {
        let now = ContinuousClock.now
        laps.append((name, (now - start).seconds))
        start = now
        reporter.clearProgress()
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
