import CCurl
import FeedCore
import Foundation
import HTTP
import Synchronization

/// The floor for our engine: `CurlEngine` fetching the same URLs at the same concurrency,
/// in this process, into a sink that only counts bytes: no files, no hashing, no retries.
/// The distance from here to feedsite's image phase is feedsite's own work; from here to
/// curl's time, the engine's.
enum LibcurlFloor {
    struct Result {
        let seconds: Double
        /// Answers with status 200.
        let fetched: Int
        let bytes: Int
    }

    /// `libcurl/7.88.1`: the library the engine runs on.
    static var version: String {
        String(cString: curl_version()).split(separator: " ").first.map(String.init) ?? "libcurl"
    }

    /// Fetches every URL, at most `concurrency` at once; `caFile` adds a private CA for https.
    static func fetch(_ urls: [URL], concurrency: Int, caFile: String? = nil) async throws -> Result {
        var configuration = CurlEngine.Configuration(userAgent: "feedsite-bench")
        configuration.maxConnections = concurrency
        if let caFile {
            configuration.certificateAuthorities = try CertificateAuthorities(adding: try Data(contentsOf: URL(fileURLWithPath: caFile)), from: caFile)
        }
        let engine = try CurlEngine(configuration)
        let sink = ByteCounter()
        let start = ContinuousClock.now
        // A failed request counts as not fetched, so nothing throws before the shutdown.
        let fetched = await withTaskGroup(of: Bool.self) { group in
            var next = urls.startIndex
            var fetched = 0
            func startNext() {
                guard next < urls.endIndex else { return }
                let request = HTTPGet.image(urls[next])
                next += 1
                group.addTask { (try? await engine.perform(request, into: sink))?.status == 200 }
            }
            for _ in 0..<concurrency { startNext() }
            while let ok = await group.next() {
                if ok { fetched += 1 }
                startNext()
            }
            return fetched
        }
        let seconds = (ContinuousClock.now - start).seconds
        await engine.shutdown()
        return Result(seconds: seconds, fetched: fetched, bytes: sink.bytes.load(ordering: .relaxed))
    }

    /// Counts body bytes; one for every request, as the engine calls it on its one thread.
    private final class ByteCounter: HTTPBodySink {
        let bytes = Atomic<Int>(0)

        func begin(_ answer: HTTPAnswer) {}

        func write(_ chunk: UnsafeRawBufferPointer) {
            bytes.add(chunk.count, ordering: .relaxed)
        }
    }
}
