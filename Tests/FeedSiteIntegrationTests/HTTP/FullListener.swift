import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port that accepts no more connections: a listening socket with a backlog of one that
/// never accepts, already filled by a connection of its own, so a new connection attempt
/// waits unanswered, as one to a host that drops packets does.
final class FullListener {
    let port: UInt16
    private let listener: Int32
    private let filler: Int32

    init() throws {
        #if canImport(Glibc)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw NSError(domain: "FullListener", code: Int(errno))
        }
        let filler = socket(AF_INET, streamType, 0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        self.listener = listener
        self.filler = filler
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(filler)
        close(listener)
    }
}
