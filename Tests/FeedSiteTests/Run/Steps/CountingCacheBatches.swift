import Synchronization

@testable import FeedSiteCLI

/// Runs each batch's body with no transaction around it, and counts the batches.
final class CountingCacheBatches: CacheBatches {
    private let batches = Mutex(0)

    var count: Int { batches.withLock { $0 } }

    func batch<Value>(_ body: () async throws -> Value) async throws -> Value {
        batches.withLock { $0 += 1 }
        return try await body()
    }
}
