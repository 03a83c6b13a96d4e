import FeedCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes the engine's loop from any thread: a byte written into a pipe whose other end the
/// loop hands to `curl_multi_poll` beside libcurl's sockets. The multi handle itself stays
/// the loop's alone; only these two file numbers are shared, and they are closed when the
/// last holder (the engine, a requesting task, or the loop) lets go.
final class LoopWaker: Sendable {
    /// The end the loop watches and empties.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(HTTPClientError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw HTTPClientError.connectivity("cannot create the transfer engine's wake-up pipe: \(String(cString: strerror(errno)))")
        }
        // Neither end may block: a full pipe already holds a pending wake-up, and the loop
        // empties it without waiting. Neither is inherited by a process feedsite starts.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the loop's wait under way, or its next one, return at once. A full pipe (a
    /// wake-up already pending) is as good as a written byte.
    func wake() {
        var byte: UInt8 = 1
        while write(writeEnd, &byte, 1) < 0, errno == EINTR {}
    }

    /// On the loop's thread, after a wait: empties the pipe, so the next wait sleeps again.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            if count > 0 { continue }
            if count < 0, errno == EINTR { continue }
            return
        }
    }
}
