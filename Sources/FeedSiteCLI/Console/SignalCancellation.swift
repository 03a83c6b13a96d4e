import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Ctrl-C and SIGTERM into task cancellation: the first signal cancels the operation,
/// which stops its in-flight requests, discards the half-built site (the previous one stays)
/// and returns `ExitCode.interrupted`. A second signal calls `onSecondSignal`, where the
/// executable ends the process at once; the caches are written atomically, so even then no
/// partial file is left in them.
///
/// SIGPIPE is ignored: libcurl runs with `CURLOPT_NOSIGNAL` (it is used from several
/// threads), so a write to a connection the server closed must fail with `EPIPE` rather
/// than end the process.
///
/// The operation starts only once both signal sources are registered: until libdispatch
/// has registered a source, the signal is still ignored and one sent then is lost (a
/// `feedsite serve` sent SIGTERM the moment it printed its address now and then went on
/// serving).
public enum SignalCancellation {
    public static func run(
        onSecondSignal: @escaping @Sendable () -> Void,
        _ operation: @escaping @Sendable () async -> ExitCode
    ) async -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let signals = [SIGINT, SIGTERM]
        let registered = DispatchGroup()
        for _ in signals { registered.enter() }
        let task = Task {
            await untilRegistered(registered)
            return await operation()
        }
        var sources: [DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setRegistrationHandler { registered.leave() }
            source.setEventHandler {
                if task.isCancelled {
                    onSecondSignal()
                }
                task.cancel()
            }
            source.resume()
            sources.append(source)
        }
        let code = await task.value
        for source in sources {
            source.cancel()
        }
        return code
    }

    /// Returns once every source has been registered, or after `timeout` (a second) if one
    /// never is (registering fails only when the process is out of descriptors or memory).
    /// Nothing blocks meanwhile: the group and the timer each offer to end the wait, and the
    /// first to come ends it.
    static func untilRegistered(_ registered: DispatchGroup, timeout: DispatchTimeInterval = .seconds(1)) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = Mutex<CheckedContinuation<Void, Never>?>(continuation)
            let end: @Sendable () -> Void = { waiting.withLock { $0.take() }?.resume() }
            registered.notify(queue: .global(), execute: end)
            if timeout != .never {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: end)
            }
        }
    }
}
