/// How a step tells the live progress line how far it is.
struct StepProgress: Sendable {
    let report: RunReport
    let label: String

    func update(done: Int, total: Int?, failed: Int = 0) {
        report.progress(label, done: done, total: total, failed: failed)
    }
}
