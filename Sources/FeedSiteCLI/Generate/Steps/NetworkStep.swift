import FeedCore

/// What the network cost, said once the last request of the run is done (with `--rate`, or
/// when requests were tried again or hosts were taken as down).
struct NetworkStep: RunStep {
    let statistics: @Sendable () async -> NetworkStatistics
    let report: RunReport

    var name: String { "network" }
    var phase: RunPhase { .comments }

    func run(_ progress: StepProgress) async -> StepDone {
        report.network(await statistics())
        return StepDone()
    }
}
