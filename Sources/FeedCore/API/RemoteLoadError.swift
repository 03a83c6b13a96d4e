import Foundation

/// A remote load that failed, with the URL and which of the API's two error kinds it was.
public struct RemoteLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case connectivity = "connectivity error"
        case invalidData = "invalid data"
    }

    public let kind: Kind
    public let url: URL
    public let reason: String

    public init(kind: Kind, url: URL, reason: String) {
        self.kind = kind
        self.url = url
        self.reason = reason
    }

    /// Invalid data: `answer` did not map; says how many tries it took when more than one.
    public init(_ error: MappingError, url: URL, answer: HTTPAnswer) {
        self.init(kind: .invalidData, url: url, reason: answer.tries > 1 ? "\(error.reason) (after \(answer.tries) tries)" : error.reason)
    }

    public var description: String { "\(kind.rawValue) from \(url.absoluteString): \(reason)" }
}

extension HTTPClient {
    /// GETs an API resource into memory and maps the answer, reporting failures as
    /// `RemoteLoadError`. Cancellation passes through as `CancellationError`: it is
    /// neither kind of error.
    public func load<T>(_ url: URL, headers: [String] = [], mapping map: (Data, HTTPAnswer) throws(MappingError) -> T) async throws -> T {
        let body = HTTPBodyBuffer()
        let answer = try await get(.api(url, headers: headers), into: body, reportingAs: url)
        do {
            return try map(body.data, answer)
        } catch {
            throw RemoteLoadError(error, url: url, answer: answer)
        }
    }

    /// `get`, with no answer turned into a `RemoteLoadError` naming `url`; what the sink
    /// threw passes on unchanged, and cancellation as `CancellationError`.
    public func get(_ request: HTTPGet, into body: HTTPBodySink, reportingAs url: URL) async throws -> HTTPAnswer {
        let answer: HTTPAnswer
        do {
            answer = try await get(request, into: body)
        } catch {
            switch error {
            case let .unanswered(error):
                throw RemoteLoadError(kind: error.kind == .connectivity ? .connectivity : .invalidData, url: url, reason: error.reason)
            case let .refusedBySink(error): throw error
            case .cancelled: throw CancellationError()
            }
        }
        try Task.checkCancellation()
        return answer
    }
}
