import FeedCore
import TestSupport
import XCTest

/// How an error met while getting an answer is told apart: the client's, the sink's, or
/// cancellation, and back to the error itself (TestSupport's `error`, which the tests use).
final class HTTPGetFailureTests: XCTestCase {
    private struct SinkRefusal: Error, Equatable {}

    func test_init_tellsTheClientsErrorTheSinksAndCancellationApart() {
        let refused = HTTPClientError(.invalidAnswer, "answer larger than the limit")

        guard case let .unanswered(unanswered) = HTTPGetFailure(refused) else { return XCTFail("the client's error") }
        XCTAssertEqual(unanswered, refused)
        guard case .cancelled = HTTPGetFailure(CancellationError()) else { return XCTFail("cancellation") }
        guard case let .refusedBySink(error) = HTTPGetFailure(SinkRefusal()) else { return XCTFail("the sink's error") }
        XCTAssertEqual(error as? SinkRefusal, SinkRefusal())
        guard case .cancelled = HTTPGetFailure(HTTPGetFailure.cancelled) else { return XCTFail("a failure stays what it is") }
    }

    func test_error_isTheErrorItself() {
        let refused = HTTPClientError.connectivity("connection refused")

        XCTAssertEqual(HTTPGetFailure.unanswered(refused).error as? HTTPClientError, refused)
        XCTAssertEqual(HTTPGetFailure.refusedBySink(SinkRefusal()).error as? SinkRefusal, SinkRefusal())
        XCTAssertTrue(HTTPGetFailure.cancelled.error is CancellationError)
    }
}
