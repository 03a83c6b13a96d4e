import Dispatch
import XCTest

@testable import FeedSiteCLI

/// Waiting for the signal sources to be registered holds no thread: the wait ends when the
/// last one is, or when the time allowed runs out.
final class SignalCancellationTests: XCTestCase {
    func test_untilRegistered_returnsOnceEverySourceIsRegistered() async {
        let registered = DispatchGroup()
        registered.enter()
        registered.enter()
        let waiting = Task { await SignalCancellation.untilRegistered(registered, timeout: .never) }

        registered.leave()
        registered.leave()

        await waiting.value
    }

    func test_untilRegistered_returnsAtOnceWhenEverySourceIsAlreadyRegistered() async {
        await SignalCancellation.untilRegistered(DispatchGroup(), timeout: .never)
    }

    func test_untilRegistered_givesUpWhenASourceIsNeverRegistered() async {
        let registered = DispatchGroup()
        registered.enter()

        await SignalCancellation.untilRegistered(registered, timeout: .nanoseconds(0))
    }

}
