import Foundation
import LoopbackHTTP
import Synchronization

/// A server on 127.0.0.1 that takes every HTTP request and never completes one: each
/// request is counted as held, and so is each held connection the client closes. It shows a
/// test which requests a client gave up.
final class HoldingListener: Sendable {
    /// What a held request gets.
    enum Answer {
        /// Nothing at all.
        case none
        /// A PNG's head with an 8 MiB `Content-Length`, then 4 KiB of body every quarter of a
        /// second: fast enough for any low-speed limit and, at more than eight minutes, endless
        /// for any test; a transfer that only its timeout or its cancellation can end.
        case endlessImage
    }

    private let server: LoopbackHTTPServer
    private let counts: Counts

    init(answering answer: Answer) throws {
        let counts = Counts()
        let response = Self.response(answer)
        server = try LoopbackHTTPServer(
            onClientHangUp: { counts.update { $0.closedByClient += 1 } },
            handler: { _ in
                counts.update { $0.held += 1 }
                return response
            })
        self.counts = counts
    }

    var port: UInt16 { server.port }
    var held: Int { counts.now.held }
    var closedByClient: Int { counts.now.closedByClient }

    /// Blocks until `condition` holds for the counts, or a generous safety limit passes;
    /// true when it holds.
    func wait(until condition: (_ held: Int, _ closedByClient: Int) -> Bool) -> Bool {
        counts.wait { condition($0.held, $0.closedByClient) }
    }

    /// Closes the port and every connection still open; what closes afterwards is not
    /// counted as the client's doing.
    func stop() {
        server.stop()
    }

    private static func response(_ answer: Answer) -> HTTPResponse {
        switch answer {
        case .none:
            HTTPResponse(status: 200, delivery: .hang)
        case .endlessImage:
            HTTPResponse(
                status: 200, headers: ["Content-Type": "image/png"],
                body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 8 * 1024 * 1024),
                delivery: .trickle(bytes: 4096, every: .milliseconds(250)))
        }
    }

    private final class Counts: Sendable {
        struct Values {
            var held = 0
            var closedByClient = 0
        }

        private let values = Mutex(Values())
        private let changed = DispatchSemaphore(value: 0)

        var now: Values { values.withLock { $0 } }

        func update(_ change: (inout Values) -> Void) {
            values.withLock { change(&$0) }
            changed.signal()
        }

        func wait(until condition: (Values) -> Bool) -> Bool {
            let deadline = DispatchTime.now() + 60
            while !values.withLock({ condition($0) }) {
                guard changed.wait(timeout: deadline) == .success else { return false }
            }
            return true
        }
    }
}
