import FeedCore
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClient` that answers from a script, one answer per request in order, and
/// records every URL it was asked for.
final class HTTPClientStub: HTTPClient {
    enum Answer: Sendable {
        case success(Data, status: Int)
        case failure(any Error)
        /// Answers with data, but cancels the calling task first, as if the cancellation
        /// arrived just as the response did.
        case cancelCallerThenSucceed(Data, status: Int)
    }

    /// Thrown when a test asks for more requests than it scripted.
    struct UnscriptedRequest: Error, Equatable {
        let url: URL
    }

    private struct State {
        var answers: [Answer]
        var requestedURLs: [URL] = []
    }

    private let state: Mutex<State>

    init(answers: [Answer]) {
        state = Mutex(State(answers: answers))
    }

    var requestedURLs: [URL] { state.withLock { $0.requestedURLs } }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        let answer = state.withLock { state -> Answer? in
            state.requestedURLs.append(url)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case nil:
            throw UnscriptedRequest(url: url)
        case let .success(data, status):
            return (data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
        case let .failure(error):
            throw error
        case let .cancelCallerThenSucceed(data, status):
            withUnsafeCurrentTask { $0?.cancel() }
            return (data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
        }
    }
}
