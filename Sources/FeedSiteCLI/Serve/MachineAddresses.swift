#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's own IPv4 addresses, as its network interfaces have them now.
enum MachineAddresses {
    static func ipv4() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let interface = next {
            next = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                withUnsafePointer(to: inet.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
            }
            if written != nil, let end = text.firstIndex(of: 0) {
                let address = String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
        }
        return addresses
    }
}
