import FeedStorage

/// Groups a step's writes to the cache into one transaction, committed as the step ends.
protocol CacheBatches: Sendable {
    func batch<Value>(_ body: () async throws -> Value) async throws -> Value
}

extension CacheDatabase: CacheBatches {}
