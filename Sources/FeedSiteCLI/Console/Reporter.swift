import Foundation
import Synchronization

/// What a run says, by verbosity: errors always; warnings and phase lines unless `--quiet`;
/// every problem and timing with `--verbose`. On a terminal a live progress line shows the
/// current phase; elsewhere (cron, CI) only whole lines are written.
final class Reporter: Sendable {
    private let console: Console
    private let verbosity: GenerateOptions.Verbosity
    private let state = Mutex(State())

    private struct State {
        var problemsShown: [String: Int] = [:]
        var problemsHidden = 0
        var lastStatus: ContinuousClock.Instant?
    }

    /// Problems of one kind shown without `--verbose` before the rest are only counted.
    private static let problemsShownPerKind = 3

    init(console: Console, verbosity: GenerateOptions.Verbosity) {
        self.console = console
        self.verbosity = verbosity
    }

    func error(_ message: String) {
        console.error(message)
    }

    func warning(_ message: String) {
        guard verbosity != .quiet else { return }
        console.diagnostic("feedsite: warning: \(message)")
    }

    /// A failure that affects one item (an image, a comments list): every one with
    /// `--verbose`, the first few of each kind otherwise.
    func problem(_ kind: String, _ message: String) {
        guard verbosity != .quiet else { return }
        let show = state.withLock { state -> Bool in
            let shown = state.problemsShown[kind, default: 0]
            guard verbosity == .verbose || shown < Self.problemsShownPerKind else {
                state.problemsHidden += 1
                return false
            }
            state.problemsShown[kind] = shown + 1
            return true
        }
        if show { console.diagnostic("feedsite: warning: \(message)") }
    }

    /// How many problems `problem` did not show.
    var hiddenProblems: Int { state.withLock { $0.problemsHidden } }

    func info(_ line: String) {
        guard verbosity != .quiet else { return }
        console.diagnostic(line)
    }

    func detail(_ line: String) {
        guard verbosity == .verbose else { return }
        console.diagnostic(line)
    }

    func result(_ line: String) {
        guard verbosity != .quiet else { return }
        console.output(line)
    }

    /// Redraws the live progress line, at most ten times a second; a phase's first line at
    /// once.
    func progress(_ phase: String, done: Int, total: Int?, failed: Int = 0) {
        guard verbosity != .quiet, console.isInteractive else { return }
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if let last = state.lastStatus, now - last < .milliseconds(100), done != total { return false }
            state.lastStatus = now
            return true
        }
        guard due else { return }
        var line = "\(phase): \(done)"
        if let total { line += "/\(total)" }
        if failed > 0 { line += ", \(failed) failed" }
        console.status(line)
    }

    func clearProgress() {
        state.withLock { $0.lastStatus = nil }
        console.status(nil)
    }
}
