/// The parts of a run whose times `--verbose` and the metrics file give, in order.
enum RunPhase: String, CaseIterable, Sendable {
    case feed, images, renditions, comments, render, publish, archive
}
