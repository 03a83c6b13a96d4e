extension SampleAPIServer {
    /// Runs `body`, then awaits the server's stop whether `body` returned or threw: async
    /// code never leaves the stop to the server's release, which would wait on a thread that
    /// runs tasks.
    public func serving<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await stop()
            throw error
        }
        await stop()
        return result
    }
}
