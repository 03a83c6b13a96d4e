/// Transforms every element with at most `limit` transforms running at once, keeping the
/// input order in the result. The first error cancels the rest and is rethrown. Once the
/// task is cancelled no further transform starts: the next one due throws
/// `CancellationError` instead, so a long fan-out stops within one element's time.
func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element],
    limit: Int,
    _ transform: @escaping @Sendable (Element) async throws -> Result
) async throws -> [Result] {
    let place: @Sendable (Int) async throws -> (index: Int, result: Result) = { index in (index, try await transform(elements[index])) }
    let results = try await concurrentReduce(
        Array(elements.indices), limit: limit, into: [Result?](repeating: nil, count: elements.count), { $0[$1.index] = $1.result }, place)
    return results.map { $0! }
}

/// Transforms every element as `concurrentMap` does, and folds each result into `total` by
/// `combine` as the transforms end, in whatever order they end, instead of keeping every
/// result to the end, where the map holds them twice: BENCHMARKS.md, "What each trick buys",
/// row "the comments' tallies summed as they end".
func concurrentReduce<Element: Sendable, Result: Sendable, Total>(
    _ elements: [Element],
    limit: Int,
    into total: Total,
    _ combine: (inout Total, Result) -> Void,
    _ transform: @escaping @Sendable (Element) async throws -> Result
) async throws -> Total {
    try await withThrowingTaskGroup(of: Result.self) { group in
        var total = total
        var next = 0
        func startNext() {
            guard next < elements.count else { return }
            let element = elements[next]
            next += 1
            group.addTask {
                try Task.checkCancellation()
                return try await transform(element)
            }
        }
        for _ in 0..<min(max(1, limit), elements.count) {
            startNext()
        }
        while let result = try await group.next() {
            combine(&total, result)
            startNext()
        }
        return total
    }
}
