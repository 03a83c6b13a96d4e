/// Transforms every element with at most `limit` transforms running at once, keeping the
/// input order in the result. The first error cancels the rest and is rethrown. Once the
/// task is cancelled no further transform starts: the next one due throws
/// `CancellationError` instead, so a long fan-out stops within one element's time.
func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element],
    limit: Int,
    _ transform: @escaping @Sendable (Element) async throws -> Result
) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: elements.count)
        var next = 0
        func startNext() {
            guard next < elements.count else { return }
            let index = next
            let element = elements[index]
            next += 1
            group.addTask {
                try Task.checkCancellation()
                return (index, try await transform(element))
            }
        }
        for _ in 0..<min(max(1, limit), elements.count) {
            startNext()
        }
        while let (index, result) = try await group.next() {
            results[index] = result
            startNext()
        }
        return results.map { $0! }
    }
}
