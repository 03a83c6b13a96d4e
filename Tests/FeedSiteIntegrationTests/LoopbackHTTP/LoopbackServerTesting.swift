import LoopbackHTTP
import XCTest

extension XCTestCase {
    /// A loopback server answering with `handler`, stopped when the test ends.
    func makeLoopbackServer(handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    /// Sends `request` on one connection to a server answering with `handler`, reads until
    /// the server closes it, and stops the server: what came back, and the body bytes the
    /// server counted.
    func exchangeOnce(_ request: String, answering handler: @escaping LoopbackHTTPServer.Handler) throws -> (received: String, bodyBytes: Int) {
        let server = try makeLoopbackServer(handler: handler)
        let client = try LoopbackSocketClient(port: server.port)
        client.send(request)
        let received = client.readUntilClosed()
        server.stop()
        return (received, server.bodyBytesSent)
    }
}
