import Foundation
import Synchronization

@testable import FeedSiteCLI

/// Runs each batch's body with no transaction around it.
struct NoCacheBatches: CacheBatches {
    func batch<Value>(_ body: () async throws -> Value) async throws -> Value {
        try await body()
    }
}

/// A console that keeps every line it is given.
final class LinesConsole: Console {
    private let state = Mutex<(output: [String], diagnostics: [String])>(([], []))

    var isInteractive: Bool { false }
    var output: [String] { state.withLock { $0.output } }
    var diagnostics: [String] { state.withLock { $0.diagnostics } }

    func output(_ line: String) {
        state.withLock { $0.output.append(line) }
    }

    func diagnostic(_ line: String) {
        state.withLock { $0.diagnostics.append(line) }
    }

    func status(_ line: String?) {}
}

extension RunReport {
    /// A report whose lines `console` keeps.
    static func keeping(in console: LinesConsole, verbosity: GenerateOptions.Verbosity = .verbose) -> RunReport {
        RunReport(reporter: Reporter(console: console, verbosity: verbosity))
    }
}
