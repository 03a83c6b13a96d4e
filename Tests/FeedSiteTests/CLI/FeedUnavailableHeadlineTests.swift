import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The first line of a run that had no feed to publish, the app's connection error only when
/// the API could not be reached, and the advice its last line ends with.
final class FeedUnavailableHeadlineTests: XCTestCase {
    private let connectionError = "Couldn't connect to server"

    func test_headline_isTheLocalizedConnectionErrorWhenTheAPICouldNotBeReached() {
        let unavailable = FeedService.FeedUnavailable(remoteFailure: failure(.connectivity, "connection refused"), cacheFailure: nil)

        XCTAssertEqual(unavailable.headline(connectionError: connectionError), connectionError)
    }

    func test_headline_saysTheAnswerWasNotAValidFeedWhenTheAPIAnsweredInvalidData() {
        for cacheFailure in [nil, CacheError.cannot(.read, "the cached feed", reason: "damaged")] {
            let unavailable = FeedService.FeedUnavailable(remoteFailure: failure(.invalidData, "body is not JSON"), cacheFailure: cacheFailure)

            XCTAssertEqual(unavailable.headline(connectionError: connectionError), "the API's answer was not a valid feed")
        }
    }

    func test_headline_saysTheCacheHeldNoFeedOnAnOfflineRun() {
        let unavailable = FeedService.FeedUnavailable(remoteFailure: nil, cacheFailure: nil)

        XCTAssertEqual(unavailable.headline(connectionError: connectionError), "--offline, and the cache holds no usable feed")
    }

    func test_advice_pointsAtTheNetworkOnlyWhenAConnectionFailed() {
        XCTAssertEqual(
            FeedService.FeedUnavailable(remoteFailure: failure(.connectivity, "timed out"), cacheFailure: nil).advice,
            "Check --api and the network, then run again.")
        XCTAssertEqual(
            FeedService.FeedUnavailable(remoteFailure: failure(.invalidData, "status 404"), cacheFailure: nil).advice,
            "Check that --api names the API's root (its feed is ROOT/feed), then run again.")
        XCTAssertEqual(FeedService.FeedUnavailable(remoteFailure: nil, cacheFailure: nil).advice, "Run once without --offline to fill the cache.")
    }

    private func failure(_ kind: RemoteLoadError.Kind, _ reason: String) -> RemoteLoadError {
        RemoteLoadError(kind: kind, url: URL(string: "http://api.example/v1/feed?limit=10")!, reason: reason)
    }
}
