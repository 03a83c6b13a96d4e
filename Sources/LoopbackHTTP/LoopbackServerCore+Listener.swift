import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls made on the listening socket, and the accept loop's pause, which a test may
/// replace to watch them.
extension LoopbackServerCore {
    /// Takes the next connection off the listening socket, as `accept(2)` does.
    typealias Accept = @Sendable (_ listener: Int32) -> Accepted

    enum Accepted: Sendable {
        case connection(Int32)
        case failed(errno: Int32)
    }

    /// What the accept loop and `stop()` do to the listening socket: accept on it, shut it
    /// down, close it; and how the loop pauses after a failed accept. The system's calls, or
    /// a test's that watches their order.
    struct ListenerCalls: Sendable {
        var accept: Accept
        var shutDown: @Sendable (_ listener: Int32) -> Void
        var close: @Sendable (_ listener: Int32) -> Void
        /// Waits `delay`, or less once `stopping` is signalled, which `stop()` does.
        var pause: @Sendable (_ delay: Duration, _ stopping: DispatchSemaphore) -> Void

        static let system = ListenerCalls(accept: systemAccept, shutDown: systemShutDown, close: systemClose, pause: systemPause)
    }

    static let systemAccept: Accept = { listener in
        #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
        #else
            let connection = Darwin.accept(listener, nil, nil)
        #endif
        return connection >= 0 ? .connection(connection) : .failed(errno: errno)
    }

    private static let systemShutDown: @Sendable (Int32) -> Void = { listener in
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private static let systemPause: @Sendable (Duration, DispatchSemaphore) -> Void = { delay, stopping in
        _ = stopping.wait(timeout: .now() + .nanoseconds(nanoseconds(delay)))
    }

    private static let systemClose: @Sendable (Int32) -> Void = { listener in
        #if canImport(Glibc)
            _ = Glibc.close(listener)
        #else
            _ = Darwin.close(listener)
        #endif
    }
}
