import Dispatch

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
public enum SignalCancellation {
    public static func run(
        onSecondSignal: @escaping @Sendable () -> Void,
        _ operation: @escaping @Sendable () async -> ExitCode
    ) async -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let task = Task { await operation() }
        let signals = [SIGINT, SIGTERM]
        var sources: [DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
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
}
