import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fastest a URLSession client can fetch the images: a bare loop of `data(from:)` at the
/// same concurrency, in this process, with no deadline, no cache and no files. It shows how
/// much of feedsite's image phase is URLSession itself.
enum URLSessionFloor {
    static func fetch(items: Int, api: URL, concurrency: Int) async -> (seconds: Double, fetched: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = concurrency
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let root = api.deletingLastPathComponent().absoluteString
        let urls = (1...items).map { URL(string: "\(root)images/synthetic-\($0).png")! }
        let start = ContinuousClock.now
        let fetched = await withTaskGroup(of: Bool.self) { group in
            var next = 0
            var fetched = 0
            func startNext() {
                guard next < urls.count else { return }
                let url = urls[next]
                next += 1
                group.addTask { ((try? await session.data(from: url))?.0.isEmpty == false) }
            }
            for _ in 0..<concurrency { startNext() }
            while let ok = await group.next() {
                if ok { fetched += 1 }
                startNext()
            }
            return fetched
        }
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, fetched)
    }
}
