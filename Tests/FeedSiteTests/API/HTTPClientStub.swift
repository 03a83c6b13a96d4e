import FeedCore
import Foundation
import Synchronization

/// An `HTTPClient` that answers from a script, one answer per request in order, and
/// records every request it was asked for.
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
        var requests: [HTTPGet] = []
    }

    private let state: Mutex<State>

    init(answers: [Answer]) {
        state = Mutex(State(answers: answers))
    }

    var requestedURLs: [URL] { state.withLock { $0.requests.map(\.url) } }

    func get(_ request: HTTPGet, into body: HTTPBodySink) async throws(HTTPGetFailure) -> HTTPAnswer {
        do {
            return try answer(request, into: body)
        } catch {
            throw HTTPGetFailure(error)
        }
    }

    private func answer(_ request: HTTPGet, into body: HTTPBodySink) throws -> HTTPAnswer {
        let url = request.url
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case nil:
            throw UnscriptedRequest(url: url)
        case let .success(data, status):
            return try deliver(data, HTTPAnswer(status: status, url: url), into: body)
        case let .failure(error):
            throw error
        case let .cancelCallerThenSucceed(data, status):
            withUnsafeCurrentTask { $0?.cancel() }
            return try deliver(data, HTTPAnswer(status: status, url: url), into: body)
        }
    }
}

/// An `HTTPClient` that answers from a closure and records what was asked.
final class RoutedHTTPClient: HTTPClient {
    private let answer: @Sendable (URL) throws -> (Data, HTTPAnswer)
    private let requests = Mutex<[HTTPGet]>([])

    init(answer: @escaping @Sendable (URL) throws -> (Data, HTTPAnswer)) {
        self.answer = answer
    }

    var requestedURLs: [URL] { requests.withLock { $0.map(\.url) } }
    var receivedRequests: [HTTPGet] { requests.withLock { $0 } }

    func get(_ request: HTTPGet, into body: HTTPBodySink) async throws(HTTPGetFailure) -> HTTPAnswer {
        requests.withLock { $0.append(request) }
        do {
            let (data, answer) = try answer(request.url)
            return try deliver(data, answer, into: body)
        } catch {
            throw HTTPGetFailure(error)
        }
    }
}

/// Hands `data` to `sink` as a real client does for `answer`: only for a 2xx status, `begin`
/// and then the bytes; the answer comes back with its body count.
func deliver(_ data: Data, _ answer: HTTPAnswer, into sink: HTTPBodySink) throws -> HTTPAnswer {
    var answer = answer
    guard (200..<300).contains(answer.status) else { return answer }
    try sink.begin(answer)
    try data.withUnsafeBytes { try sink.write($0) }
    answer.bodyBytes = data.count
    return answer
}
