import Basics
import FeedCore
import Foundation
import Synchronization
import XCTest

@testable import FeedSiteCLI

final class StepRunnerTests: XCTestCase {
    func test_run_foldsEachStepsOutcomeIntoTheSummaryAndReturnsIt() async throws {
        let (runner, _) = Self.makeSUT()

        let outcome = try await runner.run(CountingStep(phase: .feed, items: 7))

        XCTAssertEqual(outcome.items, 7)
        XCTAssertEqual(runner.summary.items, 7)
    }

    func test_run_timesEachPhaseOnceHoweverManyStepsItHoldsAndEndsTheLastWithEndPhase() async throws {
        let (runner, _) = Self.makeSUT()

        try await runner.run(CountingStep(phase: .feed))
        try await runner.run(CountingStep(phase: .render))
        try await runner.run(CountingStep(phase: .render))
        try await runner.run(CountingStep(phase: .publish))
        runner.endPhase()

        // The clock moves one second each time it is read: each phase lasts from its first
        // step to the next phase's.
        XCTAssertEqual(runner.summary.phases.map(\.name), ["feed", "render", "publish"])
        XCTAssertEqual(runner.summary.phases.map(\.seconds), [1, 1, 1])
    }

    func test_run_inACancelledTaskThrowsInterruptedWithoutRunningTheStep() async {
        let ran = Flag()

        let (stopped, phases) = await Task { await runCancellingItsTask(CountingStep(phase: .feed, ran: ran)) }.value

        XCTAssertEqual(stopped, "interrupted")
        XCTAssertFalse(ran.isSet)
        XCTAssertEqual(phases, 0)
    }

    func test_run_givesAStepsErrorAsTheRunErrorItStoppedTheRunWith() async {
        let (runner, _) = Self.makeSUT()
        let full = OutOfSpace(path: "/site/a.html", limit: .device)
        struct Other: Error {}

        await assertStopped(runner, by: CancellationError()) { if case .interrupted = $0 { true } else { false } }
        await assertStopped(runner, by: full) { if case .outOfSpace(full) = $0 { true } else { false } }
        await assertStopped(runner, by: RunError.strictRefusal(reasons: ["x"])) { if case .strictRefusal(["x"]) = $0 { true } else { false } }
        await assertStopped(runner, by: Other()) { if case let .failed(error) = $0 { error is Other } else { false } }
    }

    func test_endPhase_endsTheProgressLine() async throws {
        let console = StatusConsole()
        let runner = StepRunner(summary: RunSummary(), report: RunReport(reporter: Reporter(console: console, verbosity: .normal)), clock: Self.ticking())

        try await runner.run(CountingStep(phase: .feed))
        runner.endPhase()

        XCTAssertEqual(console.statuses.last, .some(nil))
    }

    // MARK: - Helpers

    private static func makeSUT() -> (StepRunner, LinesConsole) {
        let console = LinesConsole()
        return (StepRunner(summary: RunSummary(), report: .keeping(in: console), clock: Self.ticking()), console)
    }

    /// A clock that moves one second each time it is read.
    private static func ticking() -> @Sendable () -> ContinuousClock.Instant {
        let start = ContinuousClock.now
        let reads = Mutex(0)
        return {
            start.advanced(
                by: .seconds(
                    reads.withLock { count in
                        defer { count += 1 }
                        return count
                    }))
        }
    }

    private func assertStopped(
        _ runner: StepRunner, by thrown: any Error, file: StaticString = #filePath, line: UInt = #line, _ matches: (RunError) -> Bool
    ) async {
        do {
            try await runner.run(FailingStep(error: thrown))
            XCTFail("expected \(thrown)", file: file, line: line)
        } catch {
            XCTAssertTrue(matches(error), "\(error)", file: file, line: line)
        }
    }
}

/// Cancels the task it runs in, then runs `step`: how the run stopped, and the phases timed.
private func runCancellingItsTask(_ step: CountingStep) async -> (stopped: String, phases: Int) {
    withUnsafeCurrentTask { $0?.cancel() }
    let runner = StepRunner(summary: RunSummary(), report: .keeping(in: LinesConsole()))
    do {
        try await runner.run(step)
        return ("nothing", runner.summary.phases.count)
    } catch {
        let stopped = if case .interrupted = error { "interrupted" } else { "\(error)" }
        return (stopped, runner.summary.phases.count)
    }
}

/// A step that counts `items` in the summary, and notes that it ran.
private struct CountingStep: RunStep {
    let phase: RunPhase
    var items = 1
    var ran = Flag()

    var name: String { "counting" }

    struct Outcome: StepOutcome {
        let items: Int

        func record(in summary: inout RunSummary) {
            summary.items = items
        }
    }

    func run(_ progress: StepProgress) -> Outcome {
        ran.set()
        return Outcome(items: items)
    }
}

private struct FailingStep: RunStep {
    let error: any Error

    var name: String { "failing" }
    var phase: RunPhase { .render }

    func run(_ progress: StepProgress) throws(RunError) -> StepDone {
        try failingAtOnce { throw error }
    }
}

/// A console that keeps its status lines.
private final class StatusConsole: Console {
    private let state = Mutex<[String?]>([])

    var isInteractive: Bool { true }
    var statuses: [String?] { state.withLock { $0 } }

    func output(_ line: String) {}
    func diagnostic(_ line: String) {}

    func status(_ line: String?) {
        state.withLock { $0.append(line) }
    }
}

/// Whether something happened.
private final class Flag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() {
        value.withLock { $0 = true }
    }
}
