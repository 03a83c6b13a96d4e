import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import HTTP

/// The engine's board of requests, without the engine: every moment a cancellation or a
/// stop can come, relative to the loop's turns, is one call here, in the order the test
/// chooses. Jobs and waiters are plain names.
final class TransferBoardTests: XCTestCase {
    private typealias Board = TransferBoard<String, String>

    func test_takeTurn_givesTheLoopTheRequestsHandedOverInOrder() {
        var sut = Board()
        let (first, second) = (sut.ticket(), sut.ticket())

        XCTAssertNil(sut.hand("first", ticket: first, waiter: "task 1"))
        XCTAssertNil(sut.hand("second", ticket: second, waiter: "task 2"))
        let turn = sut.takeTurn()

        XCTAssertEqual(turn.jobs.map(\.job), ["first", "second"])
        XCTAssertEqual(turn.jobs.map(\.ticket), [first, second])
        XCTAssertTrue(sut.takeTurn().jobs.isEmpty, "each request is taken once")
        XCTAssertEqual(sut.answer(first), "task 1")
        XCTAssertNil(sut.answer(first), "each request is answered once")
    }

    func test_cancel_beforeTheRequestIsHandedOverMakesHandingItOverRefuseIt() {
        var sut = Board()
        let ticket = sut.ticket()

        guard case .none = sut.cancel(ticket) else { return XCTFail("nothing to answer yet") }
        let refusal = sut.hand("job", ticket: ticket, waiter: "task")

        XCTAssertTrue(refusal is CancellationError, "got \(String(describing: refusal))")
        XCTAssertTrue(sut.takeTurn().jobs.isEmpty, "the loop never sees it")
    }

    func test_cancel_whileTheRequestWaitsForTheLoopAnswersItAtOnceAndTheLoopNeverSeesIt() {
        var sut = Board()
        let ticket = sut.ticket()
        _ = sut.hand("job", ticket: ticket, waiter: "task")

        let cancellation = sut.cancel(ticket)
        let turn = sut.takeTurn()

        guard case let .answer(waiter) = cancellation else { return XCTFail("got \(cancellation)") }
        XCTAssertEqual(waiter, "task")
        XCTAssertTrue(turn.jobs.isEmpty)
        XCTAssertTrue(turn.cancelled.isEmpty)
        XCTAssertNil(sut.answer(ticket), "answered once, by the cancellation")
    }

    func test_cancel_ofARequestTheLoopTookAsksTheLoopToEndItAtItsNextTurn() {
        var sut = Board()
        let ticket = sut.ticket()
        _ = sut.hand("job", ticket: ticket, waiter: "task")
        _ = sut.takeTurn()

        let cancellation = sut.cancel(ticket)
        let turn = sut.takeTurn()

        guard case .wakeTheLoop = cancellation else { return XCTFail("got \(cancellation)") }
        XCTAssertEqual(turn.cancelled, [ticket])
        XCTAssertEqual(sut.answer(ticket), "task", "the loop answers it once it has ended the transfer")
    }

    func test_cancel_afterTheAnswerChangesNothing() {
        var sut = Board()
        let ticket = sut.ticket()
        _ = sut.hand("job", ticket: ticket, waiter: "task")
        _ = sut.takeTurn()
        _ = sut.answer(ticket)

        guard case .none = sut.cancel(ticket) else { return XCTFail("nothing left to cancel") }
        sut.forget(ticket)

        XCTAssertTrue(sut.takeTurn().cancelled.isEmpty)
    }

    func test_requestStop_givesTheLoopTheStopInsteadOfNewRequests() {
        var sut = Board()
        _ = sut.hand("job", ticket: sut.ticket(), waiter: "task")

        XCTAssertTrue(sut.requestStop())
        XCTAssertFalse(sut.requestStop(), "asked once")
        let turn = sut.takeTurn()

        XCTAssertNotNil(turn.stop)
        XCTAssertTrue(turn.jobs.isEmpty)
    }

    func test_end_answersEveryWaitingRequestTakenOrNotAndRefusesLaterOnes() {
        var sut = Board()
        let (taken, waiting) = (sut.ticket(), sut.ticket())
        _ = sut.hand("taken", ticket: taken, waiter: "task 1")
        _ = sut.takeTurn()
        _ = sut.hand("waiting", ticket: waiting, waiter: "task 2")

        let (error, waiters) = sut.end(.broken(.connectivity("libcurl broke")))
        let later = sut.hand("later", ticket: sut.ticket(), waiter: "task 3")

        XCTAssertEqual(error as? HTTPClientError, .connectivity("libcurl broke"))
        XCTAssertEqual(waiters.sorted(), ["task 1", "task 2"])
        XCTAssertEqual(later as? HTTPClientError, .connectivity("libcurl broke"))
        XCTAssertNil(sut.answer(taken))
    }
}
