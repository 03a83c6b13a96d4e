import CCurl
import FeedCore

/// The engine's loop thread and everything only it touches: the multi handle, the transfers
/// in it, and the trusted certificates their handles point at. Made by the engine, then
/// handed to the thread (`Handoff`), which runs it and lets it go; no other thread can
/// reach it, so it needs no lock and is not `Sendable`. It reaches the requesting tasks
/// through the engine's `Core` alone.
final class CurlLoop {
    private let core: CurlEngine.Core
    private let multi: CurlMulti
    private let configuration: CurlEngine.Configuration
    private let certificates: CertificateBundle?
    /// The transfers in the multi handle, by easy handle.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Requests taken but not started while the recorder is behind, in the order taken.
    private var heldBack: [(ticket: Int, job: CurlEngine.Core.Job)] = []

    /// The longest the loop waits in `curl_multi_poll`; libcurl shortens it to its next
    /// timer, and a wake-up ends it.
    static let longestWait: Int32 = 1000
    /// How long the loop waits while it holds requests back for the recorder, before it asks
    /// again whether it caught up.
    static let heldBackWait: Int32 = 20

    init(core: CurlEngine.Core, multi: CurlMulti, configuration: CurlEngine.Configuration) {
        self.core = core
        self.multi = multi
        self.configuration = configuration
        self.certificates = configuration.certificateAuthorities.map(CertificateBundle.init)
    }

    /// The thread's body: turns until stopped or broken, then takes every transfer out of
    /// libcurl before any waiting task hears of it, and answers them all.
    func run() {
        let stop = turns()
        for transfer in running.values {
            transfer.endRecording(failure: CancellationError())
            remove(transfer)
        }
        running.removeAll()
        core.loopEnded(stop)
        core.executor.loopEnded()
    }

    /// Turns until a stop is asked for or libcurl fails; says which.
    private func turns() -> EngineStop {
        var active: Int32 = 0
        while true {
            let turn = core.takeTurn()
            if let stop = turn.stop { return stop }
            heldBack += turn.jobs
            heldBack.removeAll { held in
                guard turn.cancelled.contains(held.ticket) else { return false }
                core.answer(held.ticket, with: .failure(CancellationError()))
                return true
            }
            if !heldBack.isEmpty, configuration.recorder?.isBehind != true {
                for (ticket, job) in heldBack { start(job, ticket: ticket) }
                heldBack.removeAll()
            }
            for (easy, transfer) in running where turn.cancelled.contains(transfer.ticket) {
                running[easy] = nil
                end(transfer, with: .failure(CancellationError()))
            }
            // Fails only when libcurl runs out of memory or breaks down; the same would
            // most likely fail again at once, so the engine stops rather than spin.
            let performed = curl_multi_perform(multi.handle, &active)
            guard performed == FS_CURLM_OK else {
                return .broken(.connectivity("libcurl failed while running the transfers: \(CurlMulti.reason(performed))"))
            }
            endFinished()
            // The tasks that prefer this thread go on from the answers just given, and may
            // hand over their next requests, which the next turn takes at once.
            let ranJobs = core.executor.runQueued()
            // libcurl shortens the wait to its next timer (timeouts, retries of its own). It sets
            // none for an HTTP/2 stream that ended with its head (a 304): such a transfer is
            // finished only on libcurl's next turn, so take it at once rather than after a second
            // of silence (BENCHMARKS.md, "What each trick buys", row "one more turn after a
            // bodiless answer").
            let extraTurn = running.values.reduce(false) { $1.takeExtraTurn() || $0 }
            // A signal does not make it fail (libcurl takes EINTR as a wait that ended).
            let wait = extraTurn || ranJobs ? 0 : heldBack.isEmpty ? Self.longestWait : Self.heldBackWait
            let polled = multi.poll(alsoWatching: core.waker.readEnd, milliseconds: wait)
            core.waker.drain()
            guard polled == FS_CURLM_OK else {
                return .broken(.connectivity("libcurl failed while waiting for the network: \(CurlMulti.reason(polled))"))
            }
        }
    }

    /// Makes the request's transfer and puts it in the multi handle.
    private func start(_ job: CurlEngine.Core.Job, ticket: Int) {
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(ticket: ticket, job: job, configuration: configuration, certificates: certificates)
        } catch {
            core.answer(ticket, with: .failure(error))
            return
        }
        guard let easy = transfer.easy else {
            core.answer(ticket, with: .failure(HTTPClientError.connectivity("libcurl could not start the transfer: it has no handle")))
            return
        }
        let added = curl_multi_add_handle(multi.handle, easy)
        guard added == FS_CURLM_OK else {
            core.answer(ticket, with: .failure(HTTPClientError.connectivity("libcurl could not start the transfer: \(CurlMulti.reason(added))")))
            return
        }
        running[easy] = transfer
    }

    /// Ends every transfer libcurl reports finished.
    private func endFinished() {
        var easy: UnsafeMutableRawPointer?
        var code: CURLcode = 0
        while fs_multi_next_done(multi.handle, &easy, &code) == 1 {
            guard let handle = easy, let transfer = running.removeValue(forKey: handle) else { continue }
            end(transfer, with: transfer.outcome(code))
        }
    }

    /// Takes the transfer out of libcurl before its task hears of it, so no callback can
    /// touch its sink afterwards.
    private func end(_ transfer: CurlTransfer, with outcome: Result<HTTPAnswer, Error>) {
        if case let .failure(error) = outcome { transfer.endRecording(failure: error) } else { transfer.endRecording(failure: nil) }
        remove(transfer)
        core.answer(transfer.ticket, with: outcome)
    }

    private func remove(_ transfer: CurlTransfer) {
        core.receivedBytes.add(transfer.receivedBytes, ordering: .relaxed)
        if let easy = transfer.easy {
            // Fails only for a handle that is not in this multi handle, or when called
            // from within a callback: this runs on the loop's thread outside libcurl, for
            // handles `start` added. Freeing the easy handle would take it out anyway.
            _ = curl_multi_remove_handle(multi.handle, easy)
        }
        transfer.releaseHandle()
    }
}
