extension LoopbackHTTPServer {
    /// What clients can make the server hold: connections (each one a thread), request
    /// heads and bodies, and time. Whatever they send, it goes on accepting.
    public struct Limits: Sendable, Equatable {
        /// Connections held at once. One more is answered 503 and closed at once.
        public var maxConnections: Int
        /// How long a connection may take to send its next whole request, from when it was
        /// accepted or its last answer sent, and how long a client may leave an answer unread.
        /// Past it the connection is closed, with a 408 when part of a request had come.
        public var idleTimeout: Duration
        /// The largest request head (request line and headers) taken; a larger one is
        /// answered 400.
        public var maxHeaderBytes: Int
        /// The largest request body taken; a larger one is answered 413 before any of it
        /// is read. `GET` and `HEAD` take none.
        public var maxBodyBytes: Int
        /// How long the accept loop waits before trying again when accepting fails, as it
        /// does when the process has no file descriptor left.
        public var acceptRetryDelay: Duration

        public init(
            maxConnections: Int = 256, idleTimeout: Duration = .seconds(30), maxHeaderBytes: Int = 64 * 1024, maxBodyBytes: Int = 64 * 1024,
            acceptRetryDelay: Duration = .milliseconds(100)
        ) {
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.acceptRetryDelay = acceptRetryDelay
        }
    }
}
