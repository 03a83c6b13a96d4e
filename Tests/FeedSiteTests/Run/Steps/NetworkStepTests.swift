import FeedCore
import Foundation
import HTTP
import XCTest

@testable import FeedSiteCLI

/// The network step on its own: what the network cost, said once, when it was more than one
/// try per request, or `--rate` held requests back, or a host was taken as down.
final class NetworkStepTests: XCTestCase {
    func test_run_saysTheNetworkLineWhenRequestsWereTriedAgain() async {
        let lines = await linesOfStep(with: NetworkStatistics(requests: 12, retries: 2, pauses: 1, downThreshold: 8))

        XCTAssertEqual(lines, ["network: 12 requests, 2 tried again, 1 pause asked by the server (Retry-After)"])
    }

    func test_run_saysHowLongRateHeldRequestsBack() async {
        let lines = await linesOfStep(with: NetworkStatistics(requests: 5, rate: 2, rateWait: 1.5, downThreshold: 8))

        XCTAssertEqual(lines, ["network: 5 requests, 0 tried again; --rate 2 held requests back 1.50 s"])
    }

    func test_run_saysNothingWhenEveryRequestWentThroughAtTheFirstTryWithoutRate() async {
        let lines = await linesOfStep(with: NetworkStatistics(requests: 40, downThreshold: 8))

        XCTAssertEqual(lines, [])
    }

    func test_run_warnsOfEachHostTakenAsDownWithTheRequestsItWasSpared() async {
        let down = [NetworkStatistics.HostDown(host: "images.example", notSent: 7)]

        let lines = await linesOfStep(with: NetworkStatistics(requests: 9, hostsDown: down, downThreshold: 5))

        XCTAssertEqual(
            lines,
            [
                "feedsite: warning: images.example failed 5 requests in a row and was taken as down; 7 more requests to it were not sent, and the caches stood in"
            ])
    }

    /// The lines the step says, given `statistics`.
    private func linesOfStep(with statistics: NetworkStatistics) async -> [String] {
        let console = LinesConsole()
        let step = NetworkStep(statistics: { statistics }, report: .keeping(in: console))
        _ = await step.run(StepProgress(report: step.report, label: step.name))
        return console.output + console.diagnostics
    }
}
