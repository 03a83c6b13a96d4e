import Synchronization

/// Runs jobs on the engine's loop thread, between its turns: a task that prefers it
/// (`withTaskExecutorPreference`, `HTTPClient.executor`) hands its request to the loop and
/// hears the answer on the same thread, without a hand-off either way. It is for requests
/// made one after another, each waiting on the one before: the feed's pages, whose two
/// hand-offs a page kept the feed phase above curl's (BENCHMARKS.md, "What each trick buys",
/// row "the feed's pages asked from the engine's thread"). What such a task does between
/// its requests holds up every transfer, so it must be short.
///
/// Once the loop has ended, its jobs and every later one go to the global executor, so no
/// task waits on a thread that is gone.
final class LoopExecutor: TaskExecutor {
    private let waker: LoopWaker
    private let state = Mutex(State())
    /// Jobs the loop ran, for the tests.
    let jobsRun = Atomic(0)

    private struct State {
        var jobs: [UnownedJob] = []
        var loopEnded = false
    }

    init(waker: LoopWaker) {
        self.waker = waker
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            guard !state.loopEnded else { return false }
            state.jobs.append(job)
            return true
        }
        if queued {
            waker.wake()
        } else {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// Runs the jobs queued so far, on the loop's thread; says whether there were any.
    func runQueued() -> Bool {
        let jobs = takeQueued(endingTheLoop: false)
        for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        jobsRun.add(jobs.count, ordering: .relaxed)
        return !jobs.isEmpty
    }

    /// The loop has ended: what is queued, and what comes later, goes to the global executor.
    func loopEnded() {
        for job in takeQueued(endingTheLoop: true) { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// The jobs queued so far, taken off the queue; `endingTheLoop`, no more are queued.
    private func takeQueued(endingTheLoop: Bool) -> [UnownedJob] {
        state.withLock { state in
            if endingTheLoop { state.loopEnded = true }
            defer { state.jobs.removeAll() }
            return state.jobs
        }
    }
}
