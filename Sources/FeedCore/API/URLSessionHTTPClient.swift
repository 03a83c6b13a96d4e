import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPClient` over URLSession, with a whole-request deadline.
///
/// URLSession's `timeoutIntervalForRequest` is only an idle timeout and on Linux
/// `timeoutIntervalForResource` is ignored, so each request races a timer of `timeout`
/// seconds. Nothing is cached by URLSession: the tool keeps its own caches.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let timeout: Duration

    public init(timeout: Duration, maximumConnectionsPerHost: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Double(timeout.components.seconds) + 1
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await withDeadline { [session] in
            do {
                return try await session.data(from: url)
            } catch {
                throw Self.map(error)
            }
        }
        guard let http = response as? HTTPURLResponse else {
            throw HTTPClientError.connectivity(reason: "the server's answer was not HTTP")
        }
        return (data, http)
    }

    private func withDeadline<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let value = first else {
                throw HTTPClientError.connectivity(reason: "no complete answer within \(Self.describe(timeout))")
            }
            return value
        }
    }

    private static func map(_ error: Error) -> Error {
        if error is CancellationError || Task.isCancelled {
            return CancellationError()
        }
        guard let urlError = error as? URLError else {
            return HTTPClientError.connectivity(reason: "\(error)")
        }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .cannotConnectToHost:
            return HTTPClientError.connectivity(reason: "connection refused")
        case .timedOut:
            return HTTPClientError.connectivity(reason: "timed out")
        case .cannotFindHost, .dnsLookupFailed:
            return HTTPClientError.connectivity(reason: "host not found")
        case .notConnectedToInternet:
            return HTTPClientError.connectivity(reason: "no network connection")
        case .networkConnectionLost:
            return HTTPClientError.connectivity(reason: "connection lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return HTTPClientError.connectivity(reason: "TLS failure")
        default:
            return HTTPClientError.connectivity(reason: "network error \(urlError.code.rawValue)")
        }
    }

    private static func describe(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
